import FolioCore

/// The events plugins react to after a command: `document.changed` (with what changed),
/// `document.closed` and `dialog.answered`; and the failures of handlers, which the front end
/// shows.
extension PluginHost {
  /// The most ids or line numbers each list of a `document.changed` change holds; a change
  /// with more says `truncated = true`.
  public static let changeListLimit = 10_000

  /// The most handler failures kept for the front end between two `takeHandlerFailures`.
  static let handlerFailureLimit = 20

  /// Runs the handlers of the events `deliver` does not: a document's change (once per
  /// document per command, as the bus delivers it), a window closed, a dialog answered.
  func deliverReaction(to event: AppEvent) {
    switch event {
    case .documentChanged(let windowID):
      guard let document = surface.workspace.documents.first(where: { $0.windowID == windowID }),
        let change = document.takeChangeDetails(limit: Self.changeListLimit)
      else { return }
      // What handlers edit joins the step that changed the document and is no change of its
      // own: no handler hears of it, so a handler's edit never calls a handler again.
      let pending = Set(surface.workspace.documents.filter(\.hasChangeDetails).map(\.windowID))
      dispatch(event.name, details: Self.changeDetails(change), document: document, joining: document)
      for other in surface.workspace.documents
      where other.hasChangeDetails && !pending.contains(other.windowID) {
        other.discardChangeDetails()
      }
    case .documentClosed(let windowID):
      dispatch(
        event.name, details: ["name": .string(event.name), "document": .integer(windowID)], document: nil)
    case .dialogDismissed(let title, let button, let reason) where reason == nil:
      dispatch(
        "dialog.answered",
        details: ["name": .string("dialog.answered"), "title": .string(title), "button": .string(button)],
        document: nil)
    default:
      return
    }
  }

  /// The `change` table a `document.changed` handler gets.
  static func changeDetails(_ change: DocumentChangeDetails) -> [String: LuaData] {
    func list(_ values: [Int]) -> LuaData { .table(LuaTable(array: values.map { .integer($0) })) }
    var fields: [String: LuaData] = [
      "name": .string("document.changed"), "kind": .string(change.kind.rawValue),
      "changed": list(change.changed), "added": list(change.added), "removed": list(change.removed),
      "reordered": .boolean(change.isReordered), "truncated": .boolean(change.isTruncated),
    ]
    if change.kind == .columns {
      fields["columns"] = .table(
        LuaTable(fields: [
          "added": .table(LuaTable(array: change.addedColumns.map(LuaData.string))),
          "removed": .table(LuaTable(array: change.removedColumns.map(LuaData.string))),
        ]))
    }
    return fields
  }

  /// Keeps a handler's failure for the front end, saying which event's handler failed.
  func noteHandlerFailure(_ error: FolioError, event: String) {
    guard handlerFailures.count < Self.handlerFailureLimit else { return }
    handlerFailures.append(
      FolioError(error.code, "\(error.message) (in a \(event) handler)", values: error.values))
  }

  /// The failures of `folio.on` handlers since the last call, oldest first, for the front end
  /// to show as warnings: the commands that caused them succeeded.
  public func takeHandlerFailures() -> [FolioError] {
    guard !handlerFailures.isEmpty else { return [] }
    defer { handlerFailures = [] }
    return handlerFailures
  }

  /// Asks documents to keep what each change touched while a loaded plugin handles
  /// `document.changed`, and not otherwise.
  func updateChangeRecording() {
    events?.recordsChangeDetails = plugins.contains {
      $0.status == .loaded && $0.contributions.eventHandlers.contains("document.changed")
    }
  }
}
