import FolioCore
import FolioPresentation
import FolioSession

extension EmbedServer {
  /// Every notification the server sends, for `initialize`.
  static let notificationNames = [
    "document.opened", "document.changed", "document.saved", "document.renamed", "document.closed",
    "selection.changed", "menus.changed", "toolbar.changed", "dialog.presented", "dialog.dismissed",
    "plugin.loaded", "plugin.failed", "plugin.unloaded", "notify", "log",
  ]

  /// The notifications added in 1.5, sent to a 1.5 client (and known to it only).
  static let notificationNamesSince15 = ["environment.changed"]

  /// Notifications sent only to a client that names them in `initialize`.
  static let optInNotificationNames = ["$/progress"]

  /// How often `$/progress` may be sent for one request, after its first report.
  static let progressInterval = Duration.milliseconds(100)

  /// Sends a `$/progress` for the running request: its first report, then one every
  /// `progressInterval` at most.
  func reportProgress(_ progress: WorkProgress) {
    guard wantedNotifications.contains("$/progress"), let id = runningRequest else { return }
    let now = MonotonicInstant.now
    if let last = lastProgress, now - last < Self.progressInterval { return }
    lastProgress = now
    notify(
      "$/progress",
      [
        ("id", id.json), ("task", .string(progress.task.rawValue)), ("document", .string(progress.document)),
        ("done", .int(progress.done)), ("total", progress.total.map(JSONValue.int) ?? .null),
        ("unit", .string(progress.unit.rawValue)),
      ])
  }

  /// Brings the client up to date after a request: delivers the events it caused (each
  /// becomes a notification), and those its plugins' event handlers caused, keeps its changes in the recovery journal (a failure to is a
  /// `log` warning), and sends the toolbar when its layout changed.
  func catchUp() {
    hasSentMenusChanged = false
    // The environment a request changed (`environment.set`, a command such as `env`), once.
    if let told = lastEnvironment, session.appEnvironment != told {
      lastEnvironment = session.appEnvironment
      if case .object(let fields) = JSONRenderer.result(.environment(session.appEnvironment)) {
        notify("environment.changed", fields)
      }
    }
    // Most requests change nothing (the palette's search): with nothing to deliver, dismiss or
    // journal, and no window whose toolbar could differ from the none last told, every step
    // below does nothing.
    if session.isCaughtUp, !wantsToolbarChanged || (lastToolbar == nil && session.workspace.active == nil) {
      return
    }
    for warning in session.finishCommand() {
      notify("log", [("level", .string("warning")), ("message", .string(errorText.message(warning)))])
      log("folio: warning: \(errorText.text(warning))")
    }
    // A dialog dismissed because its row went away was told as `dialog.dismissed`, with why.
    _ = session.takeDialogDismissals()
    // What the plugins' event handlers did as those events were delivered (a `ctx:notify`,
    // an edit) was published during that delivery: it goes out now too, before the response.
    session.events.flush()
    guard wantsToolbarChanged else { return }
    let toolbar = currentToolbar()
    if toolbar != lastToolbar {
      lastToolbar = toolbar
      let told = speaks("1.5") ? toolbar.map(Self.withNeutralFields) : toolbar
      notify("toolbar.changed", [("toolbar", told ?? .null)])
    }
  }

  /// The active window's toolbar laid out at the environment's width; nil without a window.
  func currentToolbar() -> JSONValue? {
    guard session.workspace.active != nil,
      let layout = try? session.layOutToolbar(width: session.appEnvironment.width)
    else { return nil }
    return JSONRenderer.toolbar(layout)
  }

  /// The notification of one event of the session's bus.
  func forward(_ event: AppEvent) {
    switch event {
    case .documentOpened(let windowID):
      // Events arrive after the request: a change made since the opening is already in the
      // rows noted now, so a `document.changed` of the same request says `unknown`.
      _ = session.workspace.documents.first { $0.windowID == windowID }?.takeContentChange()
      rememberRowIDs(ofWindow: windowID)
      notify(event.name, documentFields(windowID))
    case .documentChanged(let windowID):
      let document = session.workspace.documents.first { $0.windowID == windowID }
      notify(
        event.name,
        documentFields(windowID) + [
          ("revision", document.map { .int($0.revision) } ?? .null),
          ("dirty", document.map { .bool($0.isDirty) } ?? .null),
          ("change", document.map(contentChange) ?? .null),
        ] + (speaks("1.5") ? document.map(historyFields) ?? [] : []))
    case .documentSaved(let windowID):
      let document = session.workspace.documents.first { $0.windowID == windowID }
      notify(event.name, documentFields(windowID) + [("url", .string(document?.url))])
    case .documentRenamed(let windowID, let from, let to):
      notify(event.name, [("document", .int(windowID)), ("from", .string(from)), ("to", .string(to))])
    case .documentClosed(let windowID):
      toldRowIDs[windowID] = nil
      notify(event.name, [("document", .int(windowID))])
    case .selectionChanged(let change):
      notify(
        event.name,
        [
          ("document", .int(change.windowID)), ("ids", .array(change.current.sorted().map(JSONValue.int))),
          ("previous", .array(change.previous.sorted().map(JSONValue.int))),
        ])
    case .menusChanged:
      // Once per request: a plugin's menus and contributions each say so.
      guard !hasSentMenusChanged else { return }
      hasSentMenusChanged = true
      notify(event.name, [])
    case .toolbarChanged:
      // Sent after the request, with the new layout, when the layout changed (`catchUp`).
      break
    case .dialogPresented(let title):
      presentedDialog = session.pendingDialog
      guard let dialog = session.pendingDialog, case .object(let fields) = JSONRenderer.dialog(dialog) else {
        notify(event.name, [("dialog", .object([("title", .string(title))]))])
        return
      }
      notify(event.name, fields)
    case .dialogDismissed(let title, let button, let reason):
      // The event names the button by its title; the client answers by id.
      let id = presentedDialog?.buttons.first { $0.title == button }?.id
      let presenting = presentedDialog?.presenting
      presentedDialog = nil
      notify(
        event.name,
        [
          ("title", .string(title)), ("button", .string(id ?? button)), ("buttonTitle", .string(button)),
          ("reason", .string(reason.map(JSONRenderer.dismissalReason) ?? "answered")),
          ("presenting", presenting.map(JSONRenderer.presentedRow) ?? .null),
        ])
    case .pluginLoaded(let name):
      notify(event.name, [("name", .string(name))])
    case .pluginFailed(let name, let reason):
      notify(event.name, [("name", .string(name)), ("reason", .string(reason))])
    case .pluginUnloaded(let name):
      notify(event.name, [("name", .string(name))])
    case .pluginNotified(let name, let message):
      notify(event.name, [("plugin", .string(name)), ("message", .string(message))])
    }
  }

  /// What changed in a document since the last `document.changed`: a run — from `position`
  /// (1-based), `removed` rows or lines became `inserted` ones, and for a table the `ids` of
  /// those rows now and the `removedIds` that are gone — or `{"kind": "unknown"}` (a sort, a
  /// new column, a revert: reread it).
  private func contentChange(of document: Document) -> JSONValue {
    guard case .run(let start, let removed, let inserted)? = document.takeContentChange() else {
      rememberRowIDs(ofWindow: document.windowID)
      return .object([("kind", .string("unknown"))])
    }
    var fields: [(String, JSONValue)] = [
      ("kind", .string("run")), ("position", .int(start + 1)), ("removed", .int(removed)),
      ("inserted", .int(inserted)),
    ]
    if case .table(let table) = document.content {
      let positions = start..<min(table.rowCount, start + inserted)
      let ids = positions.map { table.id(ofRow: $0) }
      // Since 1.5 a run that only moved one row (an edit in a sorted table) is told as that
      // move and the row's cells: a client updates in O(1) rather than reading every id.
      if speaks("1.5"), removed == ids.count,
        let move = Self.move(in: ids, told: toldRowIDs[document.windowID], from: start)
      {
        toldRowIDs[document.windowID]?.replaceSubrange(start..<start + removed, with: ids)
        let row = move.to - 1
        let cells = table.columns.indices.map { column in
          (table.columns[column], JSONValue.string(table.cell(row: row, column: column).description))
        }
        return .object([
          ("kind", .string("move")), ("id", .int(move.id)), ("from", .int(move.from)), ("to", .int(move.to)),
          ("cells", .object(cells)),
        ])
      }
      fields.append(("ids", .array(ids.map(JSONValue.int))))
      // The ids the run held when the client was last told, less those it still holds.
      if var told = toldRowIDs[document.windowID], start + removed <= told.count {
        let kept = Set(ids)
        let gone = told[start..<start + removed].filter { !kept.contains($0) }
        fields.append(("removedIds", .array(gone.map(JSONValue.int))))
        told.replaceSubrange(start..<start + removed, with: ids)
        toldRowIDs[document.windowID] = told
      }
    }
    return .object(fields)
  }

  /// The one row a run of `ids` from position `start` (from 0) moved, when the run holds the
  /// same rows as the client was told but for that row, taken from one end of the run to the
  /// other: its id and its positions before and after, counted from 1. Nil for any other run,
  /// and for a run of fewer than two rows.
  static func move(in ids: [Int], told: [Int]?, from start: Int) -> (id: Int, from: Int, to: Int)? {
    guard ids.count >= 2, let told, start + ids.count <= told.count else { return nil }
    let before = told[start..<start + ids.count]
    // Moved down: the first row went to the end.
    if ids.last == before.first, ids.dropLast().elementsEqual(before.dropFirst()) {
      return (ids[ids.count - 1], start + 1, start + ids.count)
    }
    // Moved up: the last row went to the start.
    if ids.first == before.last, ids.dropFirst().elementsEqual(before.dropLast()) {
      return (ids[0], start + ids.count, start + 1)
    }
    return nil
  }

  /// Notes the row ids of a window's table as the client now knows them, so that the next run
  /// of changes can name the ids it removed; only for a client that wants `document.changed`.
  func rememberRowIDs(ofWindow windowID: Int) {
    guard wantedNotifications.contains("document.changed"),
      case .table(let table)? = session.workspace.documents.first(where: { $0.windowID == windowID })?.content
    else { return }
    toldRowIDs[windowID] = (0..<table.rowCount).map { table.id(ofRow: $0) }
  }

  /// A window's id and its document's title.
  private func documentFields(_ windowID: Int) -> [(String, JSONValue)] {
    let document = session.workspace.documents.first { $0.windowID == windowID }
    return [("document", .int(windowID)), ("title", .string(document?.title))]
  }
}
