extension Workspace {
  /// The document commands, bound to this workspace.
  ///
  /// - Parameters:
  ///   - isInteractive: whether a person answers dialogs now (the REPL); a typed `revert`
  ///     or `delete` asks first only then, one chosen from a menu always does, and `close` of
  ///     a dirty document always asks.
  ///   - environment: the environment now: `show` shows one column in the compact size
  ///     class, and `select` applies the rule for several rows.
  ///   - pageSize: the page size `print` uses without `--page-size` (the shell's
  ///     `print.page-size` setting).
  ///   - tableMetrics: the widths the front end draws a table's frame with, which `show` fits
  ///     the columns around.
  public func makeCommands(
    isInteractive: @escaping () -> Bool, environment: @escaping () -> AppEnvironment = { AppEnvironment() },
    pageSize: @escaping () -> PageSize = { .a4 }, tableMetrics: TableMetrics
  ) -> [Command] {
    let needsDocument: () -> Availability = { [unowned self] in
      active == nil ? .disabled(reason: "no document is open; 'open PATH' or 'new' makes one") : .enabled
    }
    func report(_ document: Document, _ message: String) -> CommandOutput {
      .document(DocumentReport(document: DocumentSummary(document, in: self), message: message))
    }
    return [
      Command(
        id: "document.open", verb: "open", title: "Open…", icon: "folder", shortcut: "⌘O",
        category: "Documents",
        summary: "open a document in a new window: a path or a file:// URL",
        details: "Text files (.txt, .md, any UTF-8) open as lines; .csv, .tsv and .json (an array of "
          + "objects) open as tables. A file already open is focused instead. Binary or malformed "
          + "files are refused with the line and column of the problem.",
        parameters: [
          Parameter("path", .path, summary: "a path (~ for home) or a file:// URL", valueName: "PATH-OR-URL")
        ],
        behavior: .action { [unowned self] arguments in
          try openOfferingRecovery(arguments.string("path") ?? "")
        }),
      Command(
        id: "document.new", verb: "new", title: "New", icon: "doc.badge.plus", shortcut: "⌘N",
        category: "Documents",
        summary: "make an untitled document: text, or a table with columns=a,b,c",
        parameters: [
          Parameter(
            "kind", .choice(["text", "table"]), defaultValue: .string("text"), summary: "text or table"),
          Parameter(
            "columns", isOptional: true, summary: "a table's column names, comma-separated",
            valueName: "columns=a,b,c"),
        ],
        behavior: .action { [unowned self] arguments in
          let kind = DocumentKind(rawValue: arguments.string("kind") ?? "text") ?? .text
          let columns =
            arguments.string("columns").map {
              $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            } ?? []
          let document = try newDocument(
            kind: kind == .text && !columns.isEmpty ? .table : kind, columns: columns)
          return report(document, "Made \(document.title) (\(document.kind.rawValue)).")
        }),
      Command(
        id: "document.list", verb: "docs", title: "Windows", icon: "macwindow.on.rectangle",
        category: "Documents",
        summary: "the open documents, the active one marked",
        behavior: .action { [unowned self] _ in
          .documentList(documents.map { DocumentSummary(withFileStateOf: $0, in: self) })
        }),
      Command(
        id: "document.focus", verb: "focus", title: "Focus Window", icon: "macwindow", category: "Documents",
        summary: "make another window active: its number in 'docs' or its title",
        parameters: [
          Parameter("window", summary: "a number from 'docs' or a title", valueName: "N-OR-TITLE")
        ],
        availability: needsDocument,
        behavior: .action { [unowned self] arguments in
          let document = try focus(arguments.string("window") ?? "")
          return report(document, "\(document.title) is active.")
        }),
      Command(
        id: "document.title", verb: "title", title: "Title", icon: "textformat", category: "Documents",
        summary: "the active document's title and URL",
        availability: needsDocument,
        behavior: .action { [unowned self] _ in
          let document = try requireActive()
          return report(document, document.title + (document.url.map { " — " + $0 } ?? " — not saved yet"))
        }),
      Command(
        id: "document.info", verb: "info", title: "Document Info", icon: "info.circle", shortcut: "⌘I",
        category: "Documents",
        summary: "the document header: title, URL, kind, size, modified time, unsaved changes",
        availability: needsDocument,
        behavior: .action { [unowned self] _ in .documentInfo(DocumentInfo(try requireActive(), in: self)) }),
      Command(
        id: "document.rename", verb: "rename", title: "Rename…", icon: "pencil", category: "Documents",
        summary: "change the title: renames the file in its folder, keeping its extension",
        details: "Never replaces another file. Refused: an empty title, '/' or NUL, '.' or '..', a file "
          + "name over 255 bytes, the same title. Unsaved edits are kept; 'undo' renames it back. An "
          + "untitled document only changes its title.",
        parameters: [Parameter("title", summary: "the new title, without extension", valueName: "NEW-TITLE")],
        availability: needsDocument,
        behavior: .action { [unowned self] arguments in
          let document = try requireActive()
          let old = document.title
          try rename(document, to: arguments.string("title") ?? "")
          return report(document, "Renamed \(old) to \(document.title).")
        }),
      Command(
        id: "document.save", verb: "save", title: "Save", icon: "square.and.arrow.down", shortcut: "⌘S",
        category: "Documents",
        summary: "save atomically; refuses a file changed on disk since it was read unless --force",
        details: "--as PATH saves to a new file (its extension picks the format: a table can become "
          + ".csv, .tsv or .json) and binds the window to it; an existing file there is kept unless "
          + "--force. The file's permissions and owner are kept, and a symbolic link stays a link; a "
          + "hard-linked file, or one in a read-only folder, is written in place after a safety copy. "
          + "A file deleted on disk is written again; one another Folio has locked needs --force.",
        parameters: [
          Parameter("as", .path, style: .option, summary: "save to this path instead", valueName: "PATH"),
          Parameter("force", .bool, style: .option, summary: "overwrite a changed or existing file"),
        ],
        availability: needsDocument,
        behavior: .action { [unowned self] arguments in
          let document = try requireActive()
          let saved = try saveReporting(document, as: arguments.string("as"), force: arguments.flag("force"))
          let notes = saved.notes.map { " \($0)." }.joined()
          return report(document, "Saved \(document.title) to \(saved.path).\(notes)")
        }),
      Command(
        id: "document.revert", verb: "revert", title: "Revert to Saved", icon: "arrow.uturn.backward",
        category: "Documents",
        summary: "reload from disk, dropping unsaved changes (asks first in the REPL; undoable)",
        details: "With unsaved changes it asks first (Revert or Cancel) in the REPL, and everywhere when "
          + "chosen from a menu such as File; typed in a script it reverts at once; --yes never asks.",
        parameters: [Parameter("yes", .bool, style: .option, summary: "do not ask")],
        availability: needsDocument,
        behavior: .action { [unowned self] arguments in
          let document = try requireActive()
          let revertNow = { [unowned self] () throws -> CommandOutput in
            try revert(document)
            return report(document, "Reverted \(document.title) to the saved version.")
          }
          let asks = isInteractive() || arguments.origin == .menu
          guard asks, document.isDirty, !arguments.flag("yes") else { return try revertNow() }
          return .dialog(
            Dialog(
              title: "Revert “\(document.title)” to the saved version?",
              message: "Your unsaved changes will be lost ('undo' brings them back).",
              buttons: [
                DialogButton("Revert", role: .destructive, replay: "revert --yes"),
                DialogButton("Cancel", role: .cancel),
              ]
            ) { button in
              button.role == .cancel ? .message("Kept \(document.title) as it is.") : try revertNow()
            })
        }),
      Command(
        id: "document.close", verb: "close", title: "Close", icon: "xmark", shortcut: "⌘W",
        category: "Documents",
        summary: "close the window; a document with unsaved changes asks: Save, Don't Save or Cancel",
        parameters: [Parameter("force", .bool, style: .option, summary: "close without saving or asking")],
        availability: needsDocument,
        behavior: .action { [unowned self] arguments in
          let document = try requireActive()
          guard document.isDirty, !arguments.flag("force") else {
            close(document)
            return .message("Closed \(document.title).")
          }
          return .dialog(
            Dialog(
              title: "Save changes to “\(document.title)” before closing?",
              message: "Your changes will be lost if you don't save them.",
              buttons: [
                DialogButton("Save", replay: "save; close"),
                DialogButton("Don't Save", role: .destructive, replay: "close --force"),
                DialogButton("Cancel", role: .cancel),
              ]
            ) { [unowned self] button in
              switch button.role {
              case .cancel: return .message("Kept \(document.title) open.")
              case .destructive:
                close(document)
                return .message("Closed \(document.title) without saving.")
              case .default:
                let path = try save(document)
                close(document)
                return .message("Saved \(document.title) to \(path) and closed it.")
              }
            })
        }),
      Command(
        id: "document.print", verb: "print", title: "Print…", icon: "printer", shortcut: "⌘P",
        category: "Documents",
        summary: "paginate with the title in the header and page N of M in the footer, as PDF or text",
        details: "Without --to, a PDF named after the title is written beside the document (never "
          + "replacing a file: 'Notes 2.pdf'). --to FILE.pdf or FILE.txt writes there (an existing "
          + "file only with --force); --to - prints the pages as text. Tables print as aligned "
          + "columns with the header repeated on every page; long lines wrap. The page size is "
          + "--page-size, else the print.page-size setting (A4, or Letter in US and similar locales).",
        parameters: [
          Parameter(
            "to", .path, style: .option, summary: "FILE.pdf, FILE.txt or - for standard output",
            valueName: "FILE.pdf|FILE.txt|-"),
          Parameter(
            "page-size", .choice(PageSize.allCases.map(\.rawValue)), style: .option,
            summary: "a4 or letter; the print.page-size setting when not given"),
          Parameter("pages", style: .option, summary: "a page or a range such as 2-5", valueName: "2-5"),
          Parameter("force", .bool, style: .option, summary: "replace an existing file given with --to"),
        ],
        availability: needsDocument,
        behavior: .action { [unowned self] arguments in
          let document = try requireActive()
          let result = try print(
            document, to: arguments.string("to"),
            pageSize: arguments.string("page-size").flatMap(PageSize.init(rawValue:)) ?? pageSize(),
            pages: try arguments.string("pages").map(Self.pageRange), force: arguments.flag("force"))
          return result.text.map(CommandOutput.documentText) ?? .message(result.message)
        }),
      Command(
        id: "document.share", verb: "share", title: "Share…", icon: "square.and.arrow.up",
        category: "Documents",
        summary: "list the share targets for the document, or share it through one",
        details: "Built-in targets: file (a copy into the folder --to names, never replacing a file: "
          + "'Places 2.csv'), stdout (the text on standard output), mail (an RFC 5322 draft .eml with "
          + "the document attached, in --to or beside the document). A document offers file (as last "
          + "saved), text, and for tables csv and json; a target gets the best one it accepts, or the "
          + "one --as names.",
        parameters: [
          Parameter("target", isOptional: true, summary: "file, stdout, mail, or a plugin's target"),
          Parameter(
            "as", .choice(Representation.allCases.map(\.rawValue)), style: .option,
            summary: "the representation to send", valueName: "REPRESENTATION"),
          Parameter("to", .path, style: .option, summary: "the destination folder", valueName: "DEST"),
        ],
        availability: needsDocument,
        behavior: .action { [unowned self] arguments in
          let document = try requireActive()
          guard let target = arguments.string("target") else {
            return .shareTargets(document: document.title, targets: shareTargets(for: document))
          }
          let outcome = try share(
            document, with: target, as: arguments.string("as"), to: arguments.string("to"))
          return outcome.output.map(CommandOutput.documentText) ?? .message(outcome.message)
        }),
      Command(
        id: "edit.undo", verb: "undo", title: "Undo", icon: "arrow.uturn.backward", shortcut: "⌘Z",
        category: "Editing",
        summary: "take back the active document's last change",
        availability: needsDocument,
        behavior: .action { [unowned self] _ in
          let document = try requireActive()
          return report(document, "Undid \(try undo(document)).")
        }),
      Command(
        id: "edit.redo", verb: "redo", title: "Redo", icon: "arrow.uturn.forward", shortcut: "⇧⌘Z",
        category: "Editing",
        summary: "make the last undone change again",
        availability: needsDocument,
        behavior: .action { [unowned self] _ in
          let document = try requireActive()
          return report(document, "Redid \(try redo(document)).")
        }),
      Command(
        id: "view.show", verb: "show", title: "Show", icon: "eye", category: "Editing",
        summary: "show lines of a text document or rows of a table: all, or ROWS such as 2-5,9",
        parameters: [
          Parameter("rows", isOptional: true, summary: "positions and ranges: 3, 2-5, 1,4-6, id:7"),
          Parameter(
            "columns", isOptional: true, summary: "the columns to show, in order; name:N fixes a width",
            valueName: "columns=a,b"),
        ],
        availability: needsDocument,
        behavior: .action { [unowned self] arguments in
          let window = environment()
          return .documentView(
            try view(
              of: try requireActive(), rows: arguments.string("rows"), columns: arguments.string("columns"),
              compact: window.sizeClass == .compact, width: window.width, metrics: tableMetrics))
        }),
      Command(
        id: "edit.append", verb: "append", title: "Append Line", icon: "text.append", category: "Editing",
        summary: "add a line at the end of a text document",
        parameters: [Parameter("text", style: .rest, isOptional: true, summary: "the line")],
        availability: needsDocument,
        behavior: .action { [unowned self] arguments in
          let document = try requireActive()
          try appendLine(arguments.words("text").map(\.text).joined(separator: " "), to: document)
          return report(document, "Appended line \(try document.modifyText { $0.lines.count }).")
        }),
      Command(
        id: "edit.insert", verb: "insert", title: "Insert Line", icon: "text.insert", category: "Editing",
        summary: "insert a line before line LINE of a text document",
        parameters: [
          Parameter("line", .int, summary: "the line number it takes"),
          Parameter("text", style: .rest, isOptional: true, summary: "the line"),
        ],
        availability: needsDocument,
        behavior: .action { [unowned self] arguments in
          let document = try requireActive()
          let line = arguments.int("line") ?? 0
          try insertLine(arguments.words("text").map(\.text).joined(separator: " "), at: line, in: document)
          return report(document, "Inserted line \(line).")
        }),
      Command(
        id: "edit.replace", verb: "replace", title: "Replace Line", icon: "pencil.line", category: "Editing",
        summary: "replace line LINE of a text document",
        parameters: [
          Parameter("line", .int, summary: "the line number"),
          Parameter("text", style: .rest, isOptional: true, summary: "the new text"),
        ],
        availability: needsDocument,
        behavior: .action { [unowned self] arguments in
          let document = try requireActive()
          let line = arguments.int("line") ?? 0
          try replaceLine(
            line, with: arguments.words("text").map(\.text).joined(separator: " "), in: document)
          return report(document, "Replaced line \(line).")
        }),
      Command(
        id: "edit.add", verb: "add", title: "Add Row", icon: "plus", category: "Editing",
        summary: "add a row to a table: column=value for each cell to fill",
        parameters: [
          Parameter("cells", style: .rest, isOptional: true, summary: "column=value words", valueName: "k=v")
        ],
        availability: needsDocument,
        behavior: .action { [unowned self] arguments in
          let document = try requireActive()
          let values = try arguments.words("cells").map { word throws -> (column: String, value: String) in
            guard let equals = word.text.firstIndex(of: "=") else {
              throw FolioError.invalidArgument("'add' takes column=value words, got '\(word.text)'")
            }
            return (String(word.text[..<equals]), String(word.text[word.text.index(after: equals)...]))
          }
          let id = try addRow(values, to: document)
          return report(document, "Added row id:\(id).")
        }),
      Command(
        id: "edit.cell", verb: "cell", title: "Edit Cell", icon: "tablecells", category: "Editing",
        summary: "set one cell: ROW (position or id:N), COLUMN (name or number), VALUE",
        parameters: [
          Parameter("row", summary: "a position or id:N"), Parameter("column", summary: "a name or number"),
          Parameter("value", summary: "the new text"),
        ],
        availability: needsDocument,
        behavior: .action { [unowned self] arguments in
          let document = try requireActive()
          let row = arguments.string("row") ?? ""
          let column = arguments.string("column") ?? ""
          let changed = try setCell(
            row: row, column: column, to: arguments.string("value") ?? "", in: document)
          return report(
            document,
            changed
              ? "Set \(column) of row \(row)."
              : "\(column) of row \(row) holds that value already; nothing changed.")
        }),
    ] + makeTableCommands(isInteractive: isInteractive, environment: environment) + makeRecoveryCommands()
  }

  /// "Notes (text, 12 lines)".
  static func describe(_ document: Document) -> String {
    switch document.content {
    case .text(let text):
      "\(document.title) (text, \(text.lines.count) line\(text.lines.count == 1 ? "" : "s"))"
    case .table(let table):
      "\(document.title) (table, \(table.rowCount) row\(table.rowCount == 1 ? "" : "s") × \(table.columns.count) column\(table.columns.count == 1 ? "" : "s"))"
    }
  }

  /// The lines or rows `show` displays; `compact` keeps only a table's first column.
  func view(
    of document: Document, rows selector: String?, columns: String? = nil, compact: Bool = false,
    width: Int? = nil, metrics: TableMetrics
  ) throws -> DocumentView {
    switch document.content {
    case .text(let text):
      guard columns == nil else {
        throw FolioError.invalidArgument("'\(document.title)' is a text document: columns= is for tables")
      }
      let positions = try RowSelector.positions(selector, count: text.lines.count, kind: "line")
      return .lines(title: document.title, lines: positions.map { ($0, text.lines[$0 - 1]) })
    case .table:
      return .table(
        try tableView(
          of: document, rows: selector, columns: columns, compact: compact, width: width, metrics: metrics))
    }
  }
}
