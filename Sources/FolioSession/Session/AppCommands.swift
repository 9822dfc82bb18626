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

extension Session {
  /// The commands declared by `declarations`, bound to this session, in their order.
  func makeCommands(_ declarations: [any DeclaredCommand<AppContext>.Type]) -> [Command] {
    declarations.map { $0.makeCommand(in: AppContext(session: self)) }
  }
}
