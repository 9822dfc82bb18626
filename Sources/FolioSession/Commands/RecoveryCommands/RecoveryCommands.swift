import FolioCore

/// The command that brings back unsaved changes a session that ended without saving left in
/// the recovery journal.
enum RecoveryCommands {
  /// Every recovery command.
  static var declarations: [any DeclaredCommand<CommandContext>.Type] { [Recover.self] }

  /// `recover [N-OR-PATH] [--discard]`; bare, it lists the journals.
  enum Recover: SessionAction {
    static let journal = ParameterKey.optionalArgument(
      "journal", summary: "a number from the list, or a path", valueName: "N-OR-PATH")
    static let discard = ParameterKey.flag("discard", summary: "drop the changes instead")

    static let configuration = CommandConfiguration(
      id: "document.recover", verb: "recover", title: "Recover Unsaved Changes…", icon: "lifepreserver",
      category: "Documents",
      summary: "list unsaved changes left by sessions that ended without saving, or recover one",
      details: """
        Without an argument, lists the recovery journal: documents with unsaved changes whose \
        Folio was killed or crashed, and safety copies of unfinished saves in place. 'recover N' \
        (or its path) opens that document with the changes as one undoable step; --discard \
        drops them instead.
        """,
      parameters: [journal, discard])

    static func run(_ arguments: Arguments, in context: CommandContext) throws -> CommandOutput {
      let workspace = context.workspace
      guard let text = arguments[Self.journal] else { return .recoveryList(workspace.recoveryListing()) }
      let journal = try JournalReference(parsing: text, journalCount: workspace.recoverableJournals().count)
      if arguments[Self.discard] {
        let entry = try workspace.discardJournal(journal)
        return .journalDiscarded(path: entry.path, title: entry.title)
      }
      let document = try workspace.recover(journal: journal)
      return context.report(document, .recovered(size: DocumentSize(document)))
    }
  }
}
