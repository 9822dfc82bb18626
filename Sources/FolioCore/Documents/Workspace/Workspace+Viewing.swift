extension Workspace {
  /// The result of a command that acted on `document`: the document as it is now, and
  /// `message`, a sentence saying what happened.
  public func report(_ document: Document, _ message: String) -> CommandOutput {
    .document(DocumentReport(document: DocumentSummary(document, in: self), message: message))
  }

  /// The document's title with its kind and size, as messages name it: "Notes (text, 12
  /// lines)".
  public static func describe(_ document: Document) -> String {
    switch document.content {
    case .text(let text):
      "\(document.title) (text, \(text.lines.count) line\(text.lines.count == 1 ? "" : "s"))"
    case .table(let table):
      "\(document.title) (table, \(table.rowCount) row\(table.rowCount == 1 ? "" : "s") × \(table.columns.count) column\(table.columns.count == 1 ? "" : "s"))"
    }
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
