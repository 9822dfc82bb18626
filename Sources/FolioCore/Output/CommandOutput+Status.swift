extension CommandOutput {
  /// Whether the result only says that the command did what it was asked — a status line
  /// such as "Opened places.csv (4 rows × 4 columns)" or "Saved …" — rather than what was
  /// asked to be seen: a table, a document's text, a listing, help, a dialog's question.
  ///
  /// Quiet output (`folio -q`) leaves status results out, so standard output holds only what
  /// was asked for (`share stdout`, `show`, …). Status results are the reports of a change:
  /// a document's event (`open`, `save`, `close`, an edit, `undo`), a short message, a
  /// stateful command's new state, a sort that sorted or cleared (bare `sort`, which asks for
  /// the order, is not), `recent clear`, a journal discarded and a plugin loaded or unloaded.
  /// A menu choice is status when the command it ran reported only status; its open menu is
  /// not (`withoutStatus` keeps it).
  public var isStatus: Bool {
    switch self {
    case .document, .message, .stateChanged, .recentDocumentsCleared, .journalDiscarded, .pluginChanged:
      return true
    case .sortOrder(let report):
      return report.sortedRows != nil || report.wasCleared
    case .menuChoice(let output, let menu):
      return menu == nil && (output?.isStatus ?? true)
    default:
      return false
    }
  }

  /// The result with its status parts left out: `none` for a status result, a menu choice
  /// with only its open menu when the command it ran reported status, else the result itself.
  public var withoutStatus: CommandOutput {
    if isStatus { return .none }
    if case .menuChoice(let output, let menu) = self, let output, output.isStatus {
      return .menuChoice(output: nil, menu: menu)
    }
    return self
  }
}
