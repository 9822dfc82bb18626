extension Workspace {
  /// The result of a command that acted on `document`: the document as it is now, and
  /// what happened.
  public func report(_ document: Document, _ event: DocumentReport.Event) -> CommandOutput {
    .document(DocumentReport(document: DocumentSummary(document, in: self), event: event))
  }

  /// Closes `document`'s window and reports it: the document as it was just before (its
  /// `number` the window's), no longer active.
  public func close(_ document: Document, reporting event: DocumentReport.Event) -> CommandOutput {
    var summary = DocumentSummary(document, in: self)
    close(document)
    summary.isActive = false
    return .document(DocumentReport(document: summary, event: event))
  }

  /// The lines or rows `show` displays; `compact` keeps only a table's first column.
  ///
  /// - Parameters:
  ///   - document: the document to show.
  ///   - positions: the lines or rows to show, by 1-based position, in order; all when nil.
  ///   - columns: a table's columns to show, in order; all when nil.
  ///   - compact: whether to keep only a table's first column (the compact size class).
  ///   - width: the window's width in columns, which fits the table's column widths.
  ///   - metrics: the widths the front end draws a table's frame with.
  /// - Throws: `FolioError.invalidArgument` for positions or columns outside the document,
  ///   or columns of a text document.
  public func view(
    of document: Document, positions: [Int]?, columns: [TableViewColumn]? = nil, compact: Bool = false,
    width: Int? = nil, metrics: TableMetrics
  ) throws -> DocumentView {
    switch document.content {
    case .text(let text):
      guard columns == nil else {
        throw FolioError.invalidArgument("'\(document.title)' is a text document: it has no columns")
      }
      let positions = try Self.checked(positions, count: text.lines.count, kind: "line")
      return .lines(title: document.title, lines: positions.map { ($0, text.lines[$0 - 1]) })
    case .table:
      return .table(
        try tableView(
          of: document, positions: positions, columns: columns, compact: compact, width: width,
          metrics: metrics))
    }
  }
}
