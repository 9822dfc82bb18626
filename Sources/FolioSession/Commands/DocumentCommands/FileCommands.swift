import FolioCore

extension DocumentCommands {
  /// `open PATH-OR-URL [--sort KEYS]`.
  enum Open: SessionAction, ConfirmingCommand {
    static let path = ParameterKey.argument(
      "path", .path, summary: "a path (~ for home) or a file:// URL", valueName: "PATH-OR-URL")
    static let sort = ParameterKey.option(
      "sort", summary: "the table's initial sort order, kept as it is edited: name or name,noise:desc",
      valueName: "COLUMN[:desc],…")
    static let format = ParameterKey.option(
      "as", .choice(DocumentFormat.allCases.map(\.rawValue)),
      summary: "read it as this format rather than by its extension (needed for - but JSON)",
      valueName: "FORMAT")
    static let delimiter = ParameterKey.option(
      "delimiter",
      summary: "a CSV's field separator, rather than the one its first records show: , ; | or tab",
      valueName: "CHAR")
    static let encoding = ParameterKey.option(
      "encoding",
      summary: "the file's character encoding when not UTF-8: latin1, cp1252, utf-16, … (iconv's names)",
      valueName: "NAME")

    static let configuration = CommandConfiguration(
      id: "document.open", verb: "open", title: "Open…", icon: "folder", shortcut: "⌘O",
      category: "Documents",
      summary: "open a document in a new window: a path or a file:// URL",
      details: """
        Text files (.txt, .md, any UTF-8) open as lines; .csv, .tsv and .json (an array of \
        objects) open as tables. A file already open is focused instead. Binary or malformed \
        files are refused with the line and column of the problem. --sort gives a table the \
        sort order it starts with, as the seed's @State var sortOrder does: the window's \
        view order, not an edit, so the document opens clean with no undo step (a file \
        already open is sorted as sort does, one undoable step). The file is not changed \
        until a save. PATH - reads standard input to its end and opens it as an untitled \
        document; --as names its format (csv, tsv, json, text), which JSON may leave out. \
        Standard input must be free: 'folio -c' and 'folio run FILE' lend it, a script read \
        from it, the REPL and --embed do not. A file named - opens as ./-. A CSV's delimiter \
        (, ; tab or |) is told from its first records, or given with --delimiter, and kept \
        for saving. --encoding reads a file in another encoding than UTF-8 (glibc's iconv; a \
        UTF-16 byte order mark is honoured without it) and saves it back in the same one; a \
        byte not in the encoding is an error naming its line, and nothing opens.
        """,
      parameters: [path, format, delimiter, encoding, sort])

    static func run(_ arguments: Arguments, in context: CommandContext) throws -> CommandOutput {
      let keys = try sortKeys(arguments)
      let workspace = context.workspace
      let format = arguments[Self.format].flatMap(DocumentFormat.init(rawValue:))
      let options = ReadOptions(
        delimiter: try arguments[Self.delimiter].map(DelimitedDialect.Delimiter.init),
        encoding: try arguments[Self.encoding].flatMap { name throws in try TextEncoding(named: name) })
      let output = try workspace.open(sortedBy: keys, opened: openedDocument(in: workspace)) {
        if arguments[Self.path] == "-" {
          let document = try workspace.openStandardInput(as: format, options: options)
          return workspace.report(
            document, .opened(size: DocumentSize(document), warning: nil, discardedRecovery: false))
        }
        return try workspace.openOfferingRecovery(
          arguments[Self.path], as: format, options: options, responder: responder(for: arguments))
      }
      return current(output, in: workspace)
    }

    static func answer(_ buttonID: String, _ arguments: Arguments, in context: CommandContext) throws
      -> CommandOutput
    {
      let keys = try sortKeys(arguments)
      let workspace = context.workspace
      let output = try workspace.open(sortedBy: keys, opened: openedDocument(in: workspace)) {
        try workspace.answerRecoveryOffer(buttonID)
      }
      return current(output, in: workspace)
    }

    /// The report of an open with the document as the sort left it, so that what it says
    /// (`dirty`) is the document's state.
    private static func current(_ output: CommandOutput, in workspace: Workspace) -> CommandOutput {
      guard case .document(var report) = output, let document = workspace.active else { return output }
      report.document = DocumentSummary(document, in: workspace)
      return .document(report)
    }

    /// The keys of `--sort`, checked before anything opens; empty without it.
    private static func sortKeys(_ arguments: Arguments) throws -> [TableSortKey] {
      guard let text = arguments[Self.sort] else { return [] }
      return try text.split(separator: ",", omittingEmptySubsequences: false).map { word throws in
        try TableSortKey(parsing: String(word))
      }
    }

    /// The document an open reporting `output` left active; nil when a dialog waits, which
    /// stays unsorted.
    private static func openedDocument(in workspace: Workspace) -> (CommandOutput) -> Document? {
      { output in
        guard case .document = output else { return nil }
        return workspace.active
      }
    }
  }

  /// `new [text|table] [columns=a,b,c]`.
  enum New: SessionAction {
    static let kind = ParameterKey<DocumentKind>.choice("kind", default: .text, summary: "text or table")
    static let columns = ParameterKey.optionalArgument(
      "columns", summary: "a table's column names, comma-separated", valueName: "columns=a,b,c")

    static let configuration = CommandConfiguration(
      id: "document.new", verb: "new", title: "New", icon: "doc.badge.plus", shortcut: "⌘N",
      category: "Documents",
      summary: "make an untitled document: text, or a table with columns=a,b,c",
      parameters: [kind, columns])

    static func run(_ arguments: Arguments, in context: CommandContext) throws -> CommandOutput {
      let columns =
        arguments[Self.columns].map {
          $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        ?? []
      let kind = arguments[Self.kind]
      let document = try context.workspace.newDocument(
        kind: kind == .text && !columns.isEmpty ? .table : kind, columns: columns)
      return context.report(document, .made)
    }
  }

  /// `rename [NEW-TITLE]`: without a title (Rename… in the title menu) the title becomes
  /// editable — a dialog with a text field holding the current title.
  enum Rename: DocumentConfirming {
    static let title = ParameterKey.optionalArgument(
      "title", summary: "the new title, without extension; without it a dialog asks", valueName: "NEW-TITLE")

    static let configuration = CommandConfiguration(
      id: "document.rename", verb: "rename", title: "Rename…", icon: "pencil", category: "Documents",
      summary: "change the title: renames the file in its folder, keeping its extension",
      details: """
        Never replaces another file. Refused: an empty title, '/' or NUL, '.' or '..', a file \
        name over 255 bytes, the same title. Unsaved edits are kept; 'undo' renames it back. An \
        untitled document only changes its title. Without NEW-TITLE the title becomes editable: \
        a dialog whose text field holds the current title; the next line answers with the new \
        title, 'cancel' keeps it.
        """,
      parameters: [title])

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let document = context.document
      guard let title = arguments[Self.title] else {
        return .dialog(
          Dialog(
            title: "Rename “\(document.title)”", buttons: [DialogButton("Rename")],
            target: context.workspace.dialogTarget(of: document), recordsAnswers: true,
            textField: DialogTextField(
              label: "Title", text: document.title, parameter: Self.title.parameter.name),
            responder: responder(for: arguments)))
      }
      let old = document.title
      try context.workspace.rename(document, to: title)
      return context.report(.renamed(from: old, to: document.title))
    }

    static func answer(_ buttonID: String, _ arguments: Arguments, in context: DocumentContext) throws
      -> CommandOutput
    {
      guard buttonID == "rename", let title = arguments[Self.title], title != context.document.title else {
        return context.report(.keptUnchanged)
      }
      return try run(arguments, in: context)
    }
  }

  /// `save [--as PATH] [--force]`.
  enum Save: DocumentAction {
    static let path = ParameterKey.option(
      "as", .path, summary: "save to this path instead", valueName: "PATH")
    static let force = ParameterKey.flag("force", summary: "overwrite a changed or existing file")

    static let configuration = CommandConfiguration(
      id: "document.save", verb: "save", title: "Save", icon: "square.and.arrow.down", shortcut: "⌘S",
      category: "Documents",
      summary: "save atomically; refuses a file changed on disk since it was read unless --force",
      details: """
        --as PATH saves to a new file (its extension picks the format: a table can become \
        .csv, .tsv or .json) and binds the window to it; an existing file there is kept unless \
        --force. The file's permissions and owner are kept, and a symbolic link stays a link; a \
        hard-linked file, or one in a read-only folder, is written in place after a safety copy. \
        A file deleted on disk is written again; one another Folio has locked needs --force. \
        --as - writes the document in its format to standard output and nothing else: no \
        status line, and the document keeps its file and its unsaved changes.
        """,
      parameters: [path, force])

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      if arguments[Self.path] == "-" {
        try context.workspace.writeToStandardOutput(context.document)
        return .none
      }
      let saved = try context.workspace.saveReporting(
        context.document, as: arguments[Self.path], force: arguments[Self.force])
      return context.report(.saved(path: saved.path, bytes: saved.bytes, notes: saved.notes))
    }
  }

  /// `revert [--yes]`: asks first, as `asksFirst` says, when there are unsaved changes.
  enum Revert: DocumentConfirming {
    static let configuration = CommandConfiguration(
      id: "document.revert", verb: "revert", title: "Revert to Saved", icon: "arrow.uturn.backward",
      category: "Documents",
      summary: "reload from disk, dropping unsaved changes (asks first in the REPL; undoable)",
      details: """
        With unsaved changes it asks first (Revert or Cancel) in the REPL, and everywhere when \
        chosen from a menu such as File; typed in a script it reverts at once; --yes never asks.
        """,
      parameters: [CommandContext.yes], confirmation: .asks)

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let document = context.document
      guard context.asksFirst(arguments), document.isDirty else {
        return try answer("revert", arguments, in: context)
      }
      return .dialog(
        Dialog(
          title: "Revert “\(document.title)” to the saved version?",
          message: "Your unsaved changes will be lost (Undo brings them back).",
          buttons: [
            DialogButton("Revert", role: .destructive, replay: [invocation(with: CommandContext.yes)]),
            DialogButton("Cancel", role: .cancel),
          ], target: context.workspace.dialogTarget(of: document), responder: responder(for: arguments)))
    }

    static func answer(_ buttonID: String, _ arguments: Arguments, in context: DocumentContext) throws
      -> CommandOutput
    {
      guard buttonID == "revert" else { return context.report(.keptUnchanged) }
      try context.workspace.revert(context.document)
      return context.report(.reverted)
    }
  }

  /// `close [--force]`: a document with unsaved changes asks Save, Don't Save or Cancel.
  enum Close: DocumentConfirming {
    static let force = ParameterKey.flag("force", summary: "close without saving or asking")

    static let configuration = CommandConfiguration(
      id: "document.close", verb: "close", title: "Close", icon: "xmark", shortcut: "⌘W",
      category: "Documents",
      summary: "close the window; a document with unsaved changes asks: Save, Don't Save or Cancel",
      parameters: [force], confirmation: .asks)

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let document = context.document
      guard document.isDirty, !arguments[Self.force] else {
        return context.workspace.close(document, reporting: .closed)
      }
      return .dialog(
        Dialog(
          title: "Save changes to “\(document.title)” before closing?",
          message: "Your changes will be lost if you don't save them.",
          buttons: [
            DialogButton(
              "Save", replay: [CommandInvocation(Save.configuration.id), CommandInvocation(configuration.id)]),
            DialogButton("Don't Save", role: .destructive, replay: [invocation(with: Self.force)]),
            DialogButton("Cancel", role: .cancel),
          ], target: context.workspace.dialogTarget(of: document), responder: responder(for: arguments)))
    }

    static func answer(_ buttonID: String, _ arguments: Arguments, in context: DocumentContext) throws
      -> CommandOutput
    {
      let workspace = context.workspace
      let document = context.document
      switch buttonID {
      case "dont-save":
        return workspace.close(document, reporting: .closedWithoutSaving)
      case "save":
        let path = try workspace.save(document)
        return workspace.close(document, reporting: .savedAndClosed(path: path))
      default:
        return context.report(.keptOpen)
      }
    }
  }
}

extension Workspace {
  /// Opens with `body` and gives the document it opened (`opened` finds it in what `body`
  /// returns) its initial sort order, kept as it is edited. A document that cannot take the
  /// order (a key naming no column, a text) is closed again when this opened it, so a failed
  /// open leaves nothing open.
  func open<Opened>(
    sortedBy keys: [TableSortKey], opened: (Opened) -> Document?, _ body: () throws -> Opened
  ) throws -> Opened {
    let windowsBefore = Set(documents.map(\.windowID))
    let result = try body()
    guard !keys.isEmpty, let document = opened(result) else { return result }
    do {
      try applyInitialSortOrder(keys, to: document, isNewWindow: !windowsBefore.contains(document.windowID))
    } catch {
      if !windowsBefore.contains(document.windowID) { close(document) }
      throw error
    }
    return result
  }
}
