extension Workspace {
  /// What printing produced: how many pages, and where they went.
  public struct PrintResult: Sendable, Equatable {
    /// The number of pages printed.
    public var pages: Int
    /// The file written; nil when the pages went to standard output.
    public var path: String?
    /// The pages as text when they went to standard output; nil otherwise.
    public var text: String?
    /// The characters the PDF's font has no glyph for, in code point order; empty for text.
    public var missingGlyphs: [Unicode.Scalar]

    /// Creates a result.
    public init(pages: Int, path: String?, text: String? = nil, missingGlyphs: [Unicode.Scalar] = []) {
      self.pages = pages
      self.path = path
      self.text = text
      self.missingGlyphs = missingGlyphs
    }
  }

  /// Prints a document: paginated with its title in the header and "page N of M" in the
  /// footer, as a PDF or as text.
  ///
  /// - Parameters:
  ///   - destination: `-` for standard output, a `.pdf` or `.txt` path, or nil for a PDF named
  ///     after the title beside the document (`Notes.pdf`, or `Notes 2.pdf` when that exists).
  ///   - pageSize: A4 or Letter: `print` passes `--page-size`, else the `pageSize` given to
  ///     `makeCommands` (the shell's `print.page-size` setting, by default the locale's paper).
  ///   - orientation: portrait, landscape, or `auto` (landscape for a table too wide for
  ///     portrait).
  ///   - pages: the 1-based pages to output; nil for all.
  ///   - force: replace an existing file at an explicit destination.
  /// - Throws: `FolioError.invalidArgument` for pages outside the document or another file
  ///   type, `FolioError.conflict` when the destination exists, `FolioError.io` when writing
  ///   fails (nothing is left behind then).
  public func print(
    _ document: Document, to destination: String?, pageSize: PageSize, orientation: PageOrientation = .auto,
    pages: ClosedRange<Int>?, force: Bool
  ) throws(FolioError) -> PrintResult {
    let body: PrintBody
    switch document.content {
    case .text(let text): body = .lines(text.lines)
    case .table(let table): body = try printedTable(table, cancellation: cancellation)
    }
    try cancellation.check()
    let printed = try Paginator.paginate(
      PrintJob(
        title: document.title, body: body, pageSize: pageSize, orientation: orientation, pageRange: pages),
      cancellation: cancellation,
      progress: progress.map { report in
        { [title = document.title] rows, total in
          report(WorkProgress(task: .print, document: title, done: rows, total: total, unit: .rows))
        }
      })
    try cancellation.check()
    let count = printed.pages.count
    if destination == "-" {
      return PrintResult(pages: count, path: nil, text: TextPrinter.render(printed))
    }
    let path: String
    if let destination {
      path = try absolutePath(destination)
      try DocumentFile.checkReplaceable(path)
      if !force, DocumentFile.exists(path) {
        var again: [String: ArgumentValue] = ["to": .string(destination), "force": .bool(true)]
        if orientation != .auto { again["orientation"] = .string(orientation.rawValue) }
        if let pages {
          again["pages"] = .string(
            pages.count == 1 ? "\(pages.lowerBound)" : "\(pages.lowerBound)-\(pages.upperBound)")
        }
        throw FolioError(
          .conflict, "'\(DocumentFile.fileName(of: path))' already exists", values: ["path": path],
          remedies: [.run("document.print", again, effect: "replaces it")])
      }
    } else {
      let folder = document.path.map(DocumentFile.directoryPath) ?? currentDirectory
      path = Self.unusedPath(in: folder, name: document.title, extension: ".pdf")
    }
    try cancellation.check()
    switch Self.fileExtension(of: path).lowercased() {
    case ".pdf":
      let summary = try PDFPrinter.write(
        printed, to: path, cancellation: cancellation,
        progress: progress.map { report in
          { [title = document.title] pages, total in
            report(WorkProgress(task: .print, document: title, done: pages, total: total, unit: .pages))
          }
        })
      return PrintResult(pages: count, path: path, missingGlyphs: summary.charactersWithoutGlyphs)
    case ".txt":
      try TextPrinter.write(printed, to: path)
      return PrintResult(pages: count, path: path)
    default:
      throw FolioError.invalidArgument("print writes .pdf or .txt files, or '-' for standard output")
    }
  }

  /// A table's columns and cells as print shows them: the plugins' cell formats' displayed
  /// forms in place of the stored values, and, when a row decoration applies to the table,
  /// a first column without a name holding each row's decoration glyphs, each decoration in
  /// its place.
  private func printedTable(_ table: TableModel, cancellation: CancellationToken) throws(FolioError)
    -> PrintBody
  {
    let plan = tableDecorations.plan(columns: table.columns, shown: Array(table.columns.indices))
    guard !plan.isEmpty else {
      // Rows read from the file are copied from its bytes into one buffer, with no string
      // made per cell or array per row.
      var printed = PrintTable(columns: table.columns)
      printed.reserve(rows: table.rowCount, bytes: table.records?.bytes.count ?? 0)
      let columns = Array(table.columns.indices)
      var row = TableViewRowBytes()
      for index in 0..<table.rowCount {
        try cancellation.check()
        row.reset(position: index + 1, id: table.id(ofRow: index), isSelected: false, isFavorite: false)
        table.appendCells(ofRow: index, columns: columns, to: &row)
        printed.appendRow(row)
      }
      return .table(printed)
    }
    let decorated = !plan.decorations.isEmpty
    let all = plan.decorations.map(\.decoration)
    var printed = PrintTable(columns: (decorated ? [""] : []) + table.columns)
    for row in table.rows {
      try cancellation.check()
      let cells = row.cells.map(\.description)
      let formatted = plan.formatted(cells)
      let shown = formatted.isEmpty ? cells : zip(cells, formatted).map { $1 ?? $0 }
      func cell(_ column: Int) -> String { cells.indices.contains(column) ? cells[column] : "" }
      printed.appendRow(
        decorated ? [TableDecorationPlan.glyphs(of: all, met: plan.decorations(cell: cell))] + shown : shown)
    }
    return .table(printed)
  }

  /// `folder/name.ext`, or `name 2.ext`, `name 3.ext`, … — the first that does not exist.
  static func unusedPath(in folder: String, name: String, extension fileExtension: String) -> String {
    var candidate = folder + "/" + name + fileExtension
    var number = 2
    while DocumentFile.exists(candidate) {
      candidate = folder + "/" + name + " \(number)" + fileExtension
      number += 1
    }
    return candidate
  }
}
