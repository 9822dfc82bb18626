import FolioCore
import FolioLua

/// A running Folio app: the command registry, the open documents and their windows, menus
/// and the open menu, the pending dialog, toolbars, scenes, settings, plugins and events,
/// behind a typed Swift API that every front end (the REPL, scripts, embedders) drives.
public final class Session {
  /// Every command of the session.
  public let registry = CommandRegistry()
  /// The open documents.
  public let workspace: Workspace

  /// Creates a session over `workspace`.
  public init(workspace: Workspace) {
    self.workspace = workspace
  }
}
