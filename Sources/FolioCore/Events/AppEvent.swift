/// Something that happened in a running Folio, for the subscribers of its `EventBus`: plugins
/// (`folio.on`) and front ends.
///
/// Windows are named by their `Document.windowID`, which stays the same for a window's whole
/// life, so a subscriber can look the document up when the event reaches it.
public enum AppEvent: Equatable, Sendable {
  /// A file was opened in a new window (a file already open that is focused is not opened
  /// again).
  case documentOpened(windowID: Int)
  /// A document's content changed: an edit, an undo or a redo. Published at most once per
  /// window between two deliveries.
  case documentChanged(windowID: Int)
  /// A document was written to its file, or to a new one that it now is.
  case documentSaved(windowID: Int)
  /// A document got a new title (and its file a new name, when it has one).
  case documentRenamed(windowID: Int, from: String, to: String)
  /// A window was closed.
  case documentClosed(windowID: Int)
  /// A window's selection of rows changed; see `SelectionChange` for how changes merge.
  case selectionChanged(SelectionChange)
  /// The menus that exist changed: one was added, removed or contributed to.
  case menusChanged
  /// The toolbar's items or their arrangement changed.
  case toolbarChanged
  /// A dialog is waiting for an answer.
  case dialogPresented(title: String)
  /// The waiting dialog was answered with the button titled `button` (its cancel button when
  /// it was cancelled); `reason` says why the session dismissed it on its own, nil when it
  /// was answered.
  case dialogDismissed(title: String, button: String, reason: DialogDismissalReason? = nil)
  /// A plugin was loaded (or reloaded).
  case pluginLoaded(name: String)
  /// A plugin failed to load, or was quarantined, for `reason`.
  case pluginFailed(name: String, reason: String)
  /// A plugin was unloaded (`plugin unload`, or before a reload).
  case pluginUnloaded(name: String)
  /// The plugin `name` said `message` (its `ctx:notify`), which is also part of its
  /// command's result.
  case pluginNotified(name: String, message: String)

  /// The event's name as plugins (`folio.on`) and the embedding protocol know it:
  /// `document.opened`, `selection.changed`, ….
  public var name: String {
    switch self {
    case .documentOpened: "document.opened"
    case .documentChanged: "document.changed"
    case .documentSaved: "document.saved"
    case .documentRenamed: "document.renamed"
    case .documentClosed: "document.closed"
    case .selectionChanged: "selection.changed"
    case .menusChanged: "menus.changed"
    case .toolbarChanged: "toolbar.changed"
    case .dialogPresented: "dialog.presented"
    case .dialogDismissed: "dialog.dismissed"
    case .pluginLoaded: "plugin.loaded"
    case .pluginFailed: "plugin.failed"
    case .pluginUnloaded: "plugin.unloaded"
    case .pluginNotified: "notify"
    }
  }
}
