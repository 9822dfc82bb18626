import FolioCore

/// What the commands on the app's own state run against — menus, toolbars, scenes, the
/// environment and plugins: the session. The session holds these commands in its registry,
/// so they hold it unowned.
struct AppContext {
  /// The session the commands act on.
  unowned let session: Session
}

/// A declared action on the app's own state.
protocol AppAction: ActionCommand where Context == AppContext {}

/// A declared toggle of the app's own state.
protocol AppToggle: ToggleCommand where Context == AppContext {}

/// The app's own commands, in the order help lists them: the dialogs' (`quit`, `choose`,
/// `cancel`), the document commands, then those on menus, the environment, the context menu,
/// toolbars, scenes and plugins.
enum AppCommands {
  /// The namespaces of the commands' ids (`document.save`, `view.sort`): a plugin command in
  /// another is registered without making them.
  static let namespaces = [
    "column", "document", "edit", "image", "map", "menu", "plugin", "row", "scene", "selection", "shell",
    "toolbar",
    "view",
  ]

  /// The commands on the app's own state listed after the document commands.
  static var afterDocuments: [any DeclaredCommand<AppContext>.Type] {
    [ColumnCommands.Column.self] + MenuCommands.declarations + [
      EnvironmentCommand.self, ContextMenuCommand.self,
    ]
      + ToolbarCommands.declarations
      + SceneCommands.declarations + PluginCommands.declarations
  }

  /// Every one of them, bound to `app` and (the document commands) `documents`.
  ///
  /// Made from these values alone, never from the session itself, which they hold unowned:
  /// a registry can outlive its session (a test listing the commands of a shell it let go).
  static func make(app: AppContext, documents: CommandContext) -> [Command] {
    DialogCommands.declarations.map { $0.makeCommand(in: app) } + SessionCommands.make(in: documents)
      + afterDocuments.map { $0.makeCommand(in: app) }
  }
}
