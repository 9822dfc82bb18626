/// What running a command does to the session, which decides whether it runs while a dialog
/// waits for an answer.
///
/// While a dialog waits, every front end follows one rule: a command that answers it runs, one
/// that only reads runs, and one that changes the session is refused with the error naming the
/// waiting dialog (`Session.refuseWhileDialogWaits(_:)`). So nothing moves under a dialog:
/// its answer acts on what it asked about.
public enum CommandAccess: String, Sendable, Equatable, CaseIterable {
  /// It only reads (`show`, `info`, `document.list`, `selection.show`, `help`): it runs while
  /// a dialog waits.
  case reads
  /// It changes the session — documents, the selection, focus, windows, menus, settings,
  /// plugins: refused while a dialog waits. What a command is unless it says otherwise.
  case changes
  /// It answers the waiting dialog (`choose`, `cancel`).
  case answers
}
