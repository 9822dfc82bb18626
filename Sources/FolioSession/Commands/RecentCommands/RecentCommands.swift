import FolioCore

/// `recent [N]`, `recent open N-OR-NAME` and `recent clear`, and the two subcommands as
/// commands of their own (File › Open Recent's items run `document.recent.open`).
enum RecentCommands {
  /// Every recent-document command, in the order help lists them.
  static var declarations: [any DeclaredCommand<CommandContext>.Type] {
    [Recent.self, OpenRecent.self, ClearRecent.self]
  }

  /// `recent [N|open|clear] [N-OR-NAME]`.
  enum Recent: SessionAction {
    static let what = ParameterKey.optionalArgument(
      "what", summary: "how many to list, or open or clear", valueName: "N|open|clear")
    static let entry = ParameterKey.optionalArgument(
      "entry", summary: "after open: a number in the list, a file name or a path", valueName: "N-OR-NAME")

    static let configuration = CommandConfiguration(
      id: "document.recent", verb: "recent", title: "Recent Documents", icon: "clock",
      category: "Documents",
      summary: "the documents opened most recently, numbered; 'recent open N' opens one",
      details: """
        'recent [N]' lists the N (default \(Workspace.recentDocumentsShown)) documents opened most \
        recently, newest first, kept in the state store. 'recent open N-OR-NAME' opens one by its \
        number, file name, title or path; a file that no longer exists is removed from the list. \
        'recent clear' forgets them all. File › Open Recent lists the same documents.
        """,
      parameters: [what, entry])

    static func run(_ arguments: Arguments, in context: CommandContext) throws -> CommandOutput {
      let what = arguments[Self.what]
      let entry = arguments[Self.entry]
      switch what?.lowercased() {
      case "open":
        guard let entry else { throw FolioError.invalidArgument("usage: recent open N-OR-NAME") }
        return try RecentEntry.open(entry, in: context.workspace)
      case "clear":
        guard entry == nil else { throw FolioError.invalidArgument("'recent clear' takes no arguments") }
        return try context.workspace.clearRecentDocuments()
      default:
        let count = try what.map(count) ?? Workspace.recentDocumentsShown
        guard entry == nil else {
          throw FolioError.invalidArgument("usage: recent [N], recent open N-OR-NAME or recent clear")
        }
        return .recentDocuments(try context.workspace.recentDocuments(limit: count))
      }
    }

    /// `recent N`'s count.
    private static func count(_ text: String) throws(FolioError) -> Int {
      if Parameter.isTooLargeInteger(text) {
        throw FolioError.invalidArgument("'recent N' lists 1–\(Int.max), got \(text)")
      }
      guard let count = Parameter.integer(text) else {
        throw FolioError.invalidArgument("'recent' expects a number, open or clear, got '\(text)'")
      }
      guard count > 0 else { throw FolioError.invalidArgument("'recent N' lists at least 1, got \(count)") }
      return count
    }
  }

  /// `document.recent.open N-OR-NAME` [File › Open Recent].
  enum OpenRecent: SessionAction {
    static let entry = ParameterKey.argument(
      "entry", summary: "a number in the list, a file name, a title or a path", valueName: "N-OR-NAME")

    static let configuration = CommandConfiguration(
      id: "document.recent.open", title: "Open Recent Document", icon: "clock", category: "Documents",
      summary: "open a recent document by its number in 'recent', file name, title or path",
      parameters: [entry])

    static func availability(in context: CommandContext) -> Availability {
      context.workspace.recentOpenAvailability()
    }

    static func run(_ arguments: Arguments, in context: CommandContext) throws -> CommandOutput {
      try RecentEntry.open(arguments[Self.entry], in: context.workspace)
    }
  }

  /// `document.recent.clear` [File › Open Recent › Clear Menu].
  enum ClearRecent: SessionAction {
    static let configuration = CommandConfiguration(
      id: "document.recent.clear", title: "Clear Recent Documents", icon: "clock", category: "Documents",
      summary: "forget every recent document (File › Open Recent › Clear Menu)")

    static func availability(in context: CommandContext) -> Availability {
      context.workspace.recentClearAvailability()
    }

    static func run(_ arguments: Arguments, in context: CommandContext) throws -> CommandOutput {
      try context.workspace.clearRecentDocuments()
    }
  }
}
