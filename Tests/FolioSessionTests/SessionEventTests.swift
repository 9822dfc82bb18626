import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioSession

/// The session's one event stream, as a front end subscribed to it hears it.
@Suite struct SessionEventTests {
  /// A session over `folder` whose events are collected in order.
  private final class Listener {
    let session: Session
    var heard: [AppEvent] = []
    private var subscription: Subscription?

    init(_ folder: TemporaryFolder) {
      session = Session(
        workspace: Workspace(store: nil, currentDirectory: folder.url.path, home: nil), metrics: .text)
      subscription = session.events.subscribe { [unowned self] in heard.append($0) }
    }

    /// What the session delivered at the end of the front end's last command.
    func finish() -> [AppEvent] {
      _ = session.finishCommand()
      defer { heard = [] }
      return heard
    }
  }

  @Test("documents, selections, dialogs and their answers arrive once the command is over, in order")
  func documentAndDialogEvents() throws {
    let folder = try TemporaryFolder()
    try folder.write("places.csv", "name,city\nA,X\nB,Y\n")
    let listener = Listener(folder)
    let session = listener.session
    let document = try session.open("places.csv")
    #expect(listener.heard.isEmpty)
    #expect(listener.finish() == [.documentOpened(windowID: document.windowID)])

    try session.select(rowIDs: [1])
    try session.openContextMenu()
    try session.chooseMenuItem(path: ["Delete"])
    let dialog = try #require(session.pendingDialog)
    let events = listener.finish()
    #expect(events.count == 2)
    guard case .selectionChanged(let change) = events.first else {
      Issue.record("expected the selection first, got \(events)")
      return
    }
    #expect(change.windowID == document.windowID && change.current == [1])
    #expect(events.last == .dialogPresented(title: dialog.title))

    try session.answerDialog(buttonID: dialog.cancelButton.id)
    #expect(listener.finish() == [.dialogDismissed(title: dialog.title, button: "Cancel")])
  }

  @Test("a menu or toolbar item added, and a toolbar customised, say the menus or toolbar changed")
  func menuAndToolbarEvents() throws {
    let folder = try TemporaryFolder()
    let listener = Listener(folder)
    let session = listener.session
    try session.addMenu(Menu("Tools", id: "tools") { Button(command: "document.new") })
    #expect(listener.finish() == [.menusChanged])
    try session.addToolbarItem(
      ToolbarItem(id: "extra", placement: .primaryAction) { Button(command: "document.new") })
    #expect(listener.finish() == [.toolbarChanged])
    _ = try session.run(CommandInvocation("toolbar.remove", ["id": .string("extra")]))
    #expect(listener.finish() == [.toolbarChanged])
    session.removeMenus(ownedBy: "built-in")
    #expect(listener.finish() == [.menusChanged])
  }

  @Test("plugins that load and fail to load are heard of")
  func pluginEvents() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.path("plugins/good"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: folder.path("plugins/broken"), withIntermediateDirectories: true)
    try folder.write("plugins/good/plugin.lua", "-- nothing to do\n")
    try folder.write("plugins/broken/plugin.lua", "error('no')\n")
    let listener = Listener(folder)
    let failed = listener.session.loadPlugins(extraFolders: [folder.path("plugins")], shippedFolder: nil)
    #expect(failed.map(\.name) == ["broken"])
    let events = listener.finish()
    #expect(events.contains(.pluginLoaded(name: "good")))
    #expect(
      events.contains {
        if case .pluginFailed(let name, let reason) = $0 {
          name == "broken" && reason.contains("no")
        } else {
          false
        }
      })
  }

  @Test("a session is caught up only when finishing a command would do nothing")
  func caughtUp() throws {
    let folder = try TemporaryFolder()
    try folder.write("places.csv", "name,city\nA,X\nB,Y\n")
    let workspace = Workspace(
      store: nil, currentDirectory: folder.url.path, home: nil,
      stateDirectory: folder.url.appendingPathComponent("state").path)
    let session = Session(workspace: workspace, metrics: .text)
    #expect(session.isCaughtUp && !workspace.mayHaveJournalChanges)
    session.events.publish(.menusChanged)
    #expect(!session.isCaughtUp)
    _ = session.finishCommand()
    #expect(session.isCaughtUp)
    // An open document may have changes to journal, events delivered or not.
    _ = try session.open("places.csv")
    _ = session.finishCommand()
    #expect(!session.isCaughtUp && workspace.mayHaveJournalChanges)
  }
}
