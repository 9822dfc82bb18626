/// Where a command was invoked from: typed as a command, or chosen as a menu item.
///
/// A destructive command reads it to decide whether to confirm first. Typed, it asks only
/// when a person answers dialogs (the REPL), so a script's `delete 2` deletes at once; chosen
/// from a menu — an app menu, the title menu, a context menu, the toolbar's overflow menu —
/// it shows its dialog everywhere, scripts included, the way the seed's context-menu Delete
/// shows a `.confirmationDialog`. `--yes` skips the dialog either way.
public enum InvocationOrigin: String, Sendable, Equatable {
  /// Typed at the prompt or in a script, or run with `run ID`.
  case typed
  /// Chosen as an item of an open menu (`MenuSession.choose`).
  case menu
}
