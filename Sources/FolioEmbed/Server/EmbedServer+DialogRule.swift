import FolioCore

extension EmbedServer.Handler {
  /// What the method does to the session, for the one rule while a dialog waits
  /// (`Session.refuseWhileDialogWaits(_:)`): the server asks the rule before it serves a
  /// method that reads its params itself. Nil for a method that runs commands the session
  /// checks by their own declaration (`.command`, `.plugin`, `commands.run`,
  /// `command.execute`) and for the life cycle (`initialize`, `shutdown`, which dismisses a
  /// waiting dialog).
  var access: CommandAccess? {
    guard case .own(let method) = self else { return nil }
    switch method {
    case .initialize, .shutdown, .commandsRun, .commandExecute: return nil
    case .tableRows, .cellGet, .menuResolve, .dialogGet, .toolbarLayout, .splitViewGet, .environmentGet,
      .settingsGet, .documentInfo, .commandsList, .commandsSearch, .commandsExplain:
      return .reads
    case .dialogAnswer, .dialogDismiss: return .answers
    default: return .changes
    }
  }
}
