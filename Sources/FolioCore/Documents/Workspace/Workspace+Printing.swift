extension Workspace {
  /// What printing produced: a sentence for people, and the pages as text when they went to
  /// standard output.
  public struct PrintResult: Sendable, Equatable {
    public var message: String
    public var text: String?
  }

  /// Prints a document: paginated with its title in the header and "page N of M" in the
  /// footer, as a PDF or as text.
  ///
  /// - Parameters:
  ///   - destination: `-` for standard output, a `.pdf` or `.txt` path, or nil for a PDF named
  ///     after the title beside the document (`Notes.pdf`, or `Notes 2.pdf` when that exists).
  ///   - pageSize: A4 or Letter: `print` passes `--page-size`, else the `pageSize` given to
  ///     `makeCommands` (the shell's `print.page-size` setting, by default the locale's paper).
  ///   - pages: the 1-based pages to output; nil for all.
  ///   - force: replace an existing file at an explicit destination.
  /// - Throws: `FolioError.invalidArgument` for pages outside the document or another file
  ///   type, `FolioError.conflict` when the destination exists, `FolioError.io` when writing
  ///   fails (nothing is left behind then).
  public func print(
    _ document: Document, to destination: String?, pageSize: PageSize, pages: ClosedRange<Int>?, force: Bool
  ) throws(FolioError) -> PrintResult {
    let body: PrintBody
    switch document.content {
    case .text(let text): body = .lines(text.lines)
    case .table(let table):
      body = .table(columns: table.columns, rows: table.rows.map { $0.cells.map(\.description) })
    }
    let printed = try Paginator.paginate(
      PrintJob(title: document.title, body: body, pageSize: pageSize, pageRange: pages))
    let count = printed.pages.count
    let amount = "\(count) page\(count == 1 ? "" : "s")"
    if destination == "-" {
      return PrintResult(message: "Printed \(amount).", text: TextPrinter.render(printed))
    }
    let path: String
    if let destination {
      path = try absolutePath(destination)
      try DocumentFile.checkReplaceable(path)
      if !force, DocumentFile.exists(path) {
        var again: [String: ArgumentValue] = ["to": .string(destination), "force": .bool(true)]
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
    switch Self.fileExtension(of: path).lowercased() {
    case ".pdf":
      let summary = try PDFPrinter.write(printed, to: path)
      var message = "Printed \(amount) to \(path)."
      if !summary.charactersWithoutGlyphs.isEmpty {
        let missing = summary.charactersWithoutGlyphs.prefix(10).map { String($0) }.joined(separator: " ")
        message += " The font has no glyph for: \(missing)."
      }
      return PrintResult(message: message, text: nil)
    case ".txt":
      try TextPrinter.write(printed, to: path)
      return PrintResult(message: "Printed \(amount) to \(path).", text: nil)
    default:
      throw FolioError.invalidArgument("print writes .pdf or .txt files, or '-' for standard output")
    }
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
