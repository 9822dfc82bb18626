import FolioCore
import FolioSession

/// The command palette's data, the same for every front end: the commands a registry holds
/// (or those a fuzzy filter matches, best first), and one command's page.
public enum Palette {
  /// The palette: every registered command in the registry's order, or with `filter` the
  /// commands whose id, name or title hold its characters in order, best matches first.
  public static func commands(in registry: CommandRegistry, matching filter: String = "") -> CommandOutput {
    .commandList(registry.search(filter).map(CommandSummary.init))
  }

  /// One command's page, by name or id.
  ///
  /// - Throws: the session's `unknownCommand(named:)` error for a name no command has.
  public static func help(for name: String, in session: Session) throws(FolioError) -> CommandOutput {
    guard let command = session.registry.resolve(name) else { throw session.unknownCommand(named: name) }
    return .commandHelp(CommandSummary(command))
  }
}
