import FolioCore

extension DocumentCommands {
  /// `print [--to FILE.pdf|FILE.txt|-] [--page-size a4|letter] [--orientation WAY] [--pages 2-5]
  /// [--force]`.
  enum Print: DocumentAction {
    static let destination = ParameterKey.option(
      "to", .path, summary: "FILE.pdf, FILE.txt or - for standard output", valueName: "FILE.pdf|FILE.txt|-")
    static let pageSize = ParameterKey.option(
      "page-size", choosing: PageSize.self,
      summary: "a4 or letter; the print.page-size setting when not given")
    static let orientation = ParameterKey.option(
      "orientation", choosing: PageOrientation.self,
      summary: "portrait, landscape, or auto (the default): landscape for a table too wide for portrait")
    static let pages = ParameterKey.option(
      "pages", summary: "a page or a range such as 2-5", valueName: "2-5")
    static let force = ParameterKey.flag("force", summary: "replace an existing file given with --to")

    static let configuration = CommandConfiguration(
      id: "document.print", verb: "print", title: "Print…", icon: "printer", shortcut: "⌘P",
      category: "Documents",
      summary: "paginate with the title in the header and page N of M in the footer, as PDF or text",
      details: """
        Without --to, a PDF named after the title is written beside the document (never \
        replacing a file: 'Notes 2.pdf'). --to FILE.pdf or FILE.txt writes there (an existing \
        file only with --force); --to - prints the pages as text. Tables print as aligned \
        columns with the header repeated on every page; long lines wrap, and so do cells too \
        wide for their column. A table too wide for a portrait page prints landscape unless \
        --orientation says otherwise. The page size is --page-size, else the print.page-size \
        setting (A4, or Letter in US and similar locales).
        """,
      parameters: [destination, pageSize, orientation, pages, force])

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let result = try context.workspace.print(
        context.document, to: arguments[Self.destination],
        pageSize: arguments[Self.pageSize] ?? context.pageSize(),
        orientation: arguments[Self.orientation] ?? .auto,
        pages: try arguments[Self.pages].map(PageRange.parsing), force: arguments[Self.force])
      guard let path = result.path else { return .documentText(result.text ?? "") }
      return context.report(.printed(path: path, pages: result.pages, missingGlyphs: result.missingGlyphs))
    }
  }

  /// `share [TARGET] [--as REPRESENTATION] [--to DEST]`.
  enum Share: DocumentConfirming {
    static let target = ParameterKey.optionalArgument(
      "target", summary: "file, stdout, mail, clipboard, or a plugin's target")
    static let representation = ParameterKey.option(
      "as", .choice(Representation.allCases.map(\.rawValue)), summary: "the representation to send",
      valueName: "REPRESENTATION")
    static let destination = ParameterKey.option(
      "to", .path, summary: "the destination folder", valueName: "DEST")

    static let configuration = CommandConfiguration(
      id: "document.share", verb: "share", title: "Share…", icon: "square.and.arrow.up",
      category: "Documents",
      summary: "list the share targets for the document, or share it through one",
      details: """
        Built-in targets: file (a copy into the folder --to names, never replacing a file: \
        'Places 2.csv'), stdout (the text on standard output), mail (an RFC 5322 draft .eml with \
        the document attached, in --to or beside the document), clipboard (its text, written to \
        the terminal as an OSC 52 sequence). A document offers file (as last saved), text, and for \
        tables csv and json; a target gets the best one it accepts, or the one --as names.
        """,
      parameters: [target, representation, destination])

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let workspace = context.workspace
      let document = context.document
      guard let target = arguments[Self.target] else {
        let targets = workspace.shareTargets(for: document)
        guard arguments.origin == .menu, !targets.isEmpty else {
          return .shareTargets(document: document.title, targets: targets)
        }
        // Chosen from a menu (Share…), it asks for the target as a list [ShareLink's sheet]:
        // a button a target, each sharing through it, and Cancel.
        return .dialog(
          Dialog(
            title: "Share “\(document.title)”",
            buttons: targets.map { target in
              var chosen = arguments.values
              chosen[Self.target.parameter.name] = .string(target.id)
              return DialogButton(
                target.title, id: Self.buttonPrefix + target.id,
                replay: [CommandInvocation(configuration.id, chosen)])
            },
            target: workspace.dialogTarget(of: document), responder: responder(for: arguments)))
      }
      return try share(target, arguments, in: context)
    }

    /// The prefix of the id of a target's button in the list Share… asks with.
    static let buttonPrefix = "target-"

    static func answer(_ buttonID: String, _ arguments: Arguments, in context: DocumentContext) throws
      -> CommandOutput
    {
      guard buttonID.hasPrefix(Self.buttonPrefix) else { return context.report(.keptUnchanged) }
      return try share(String(buttonID.dropFirst(Self.buttonPrefix.count)), arguments, in: context)
    }

    /// Shares the document through `target`.
    private static func share(_ target: String, _ arguments: Arguments, in context: DocumentContext) throws
      -> CommandOutput
    {
      let workspace = context.workspace
      let document = context.document
      let outcome = try workspace.share(
        document, with: target, as: arguments[Self.representation], to: arguments[Self.destination])
      return outcome.output.map(CommandOutput.documentText)
        ?? context.report(.shared(target: target, outcome: outcome))
    }
  }
}
