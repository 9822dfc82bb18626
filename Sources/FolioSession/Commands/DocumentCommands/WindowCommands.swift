import FolioCore

extension DocumentCommands {
  /// `docs`: the open documents.
  enum List: SessionAction {
    static let configuration = CommandConfiguration(
      id: "document.list", verb: "docs", title: "Windows", icon: "macwindow.on.rectangle",
      category: "Documents",
      summary: "the open documents, the active one marked", access: .reads)

    static func run(_ arguments: Arguments, in context: CommandContext) throws -> CommandOutput {
      let workspace = context.workspace
      return .documentList(workspace.documents.map { DocumentSummary(withFileStateOf: $0, in: workspace) })
    }
  }

  /// `focus N-OR-TITLE`: needs a document open, and reports on the one it focuses.
  enum Focus: SessionAction {
    static let window = ParameterKey.argument(
      "window", summary: "a number from 'docs' or a title", valueName: "N-OR-TITLE")

    static let configuration = CommandConfiguration(
      id: "document.focus", verb: "focus", title: "Focus Window", icon: "macwindow", category: "Documents",
      summary: "make another window active: its number in 'docs' or its title",
      parameters: [window])

    static func availability(in context: CommandContext) -> Availability {
      context.workspace.documentAvailability
    }

    static func run(_ arguments: Arguments, in context: CommandContext) throws -> CommandOutput {
      let workspace = context.workspace
      let document = try workspace.focus(
        windowID: try WindowReference.windowID(arguments[Self.window], in: workspace))
      return context.report(document, .focused)
    }
  }

  /// `title`: the active document's title and URL.
  enum Title: DocumentAction {
    static let configuration = CommandConfiguration(
      id: "document.title", verb: "title", title: "Title", icon: "textformat", category: "Documents",
      summary: "the active document's title and URL")

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      context.report(.title)
    }
  }

  /// `info`: the document header.
  enum Info: DocumentAction {
    static let configuration = CommandConfiguration(
      id: "document.info", verb: "info", title: "Document Info", icon: "info.circle", shortcut: "⌘I",
      category: "Documents",
      summary: "the document header: title, URL, kind, size, modified time, unsaved changes", access: .reads)

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      .documentInfo(DocumentInfo(context.document, in: context.workspace))
    }
  }
}
