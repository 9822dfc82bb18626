import FolioCore
import Testing

@testable import FolioSession
@testable import FolioShell

@Suite struct SceneCommandTests {
  private static func shell(stateFolder: String?) throws -> Shell {
    let store = try stateFolder.map { try StateStore(directory: $0) }
    return Shell(
      console: Console { _, _ in }, workspace: Workspace(store: store, currentDirectory: "/", home: nil))
  }

  @Test("settings set keeps a persisted setting in the state store, seen by a second session")
  func persistedAcrossSessions() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let first = try Self.shell(stateFolder: folder.url.path)
    _ = try first.session.changeSetting("split.style", to: "PROMINENTDETAIL")
    _ = try first.session.changeSetting("split.columns", to: "3")
    let second = try Self.shell(stateFolder: folder.url.path)
    #expect(second.session.splitView == NavigationSplitView(columnCount: .three, style: .prominentDetail))
    // Setting the default removes the stored value.
    _ = try second.session.changeSetting("split.columns", to: "2")
    #expect(try second.session.workspace.stateStore?.setting("split.columns") == nil)
    #expect(try second.session.workspace.stateStore?.setting("split.style") == "prominentDetail")
  }

  @Test("settings set refuses unknown keys and values and changes nothing")
  func validation() throws {
    let shell = try Self.shell(stateFolder: nil)
    #expect(throws: FolioError.self) { try shell.session.changeSetting("nope", to: "1") }
    #expect(throws: FolioError.self) { try shell.session.changeSetting("split.style", to: "wide") }
    #expect(throws: FolioError.self) { try shell.session.changeSetting("screen.rows", to: "51") }
    #expect(shell.session.unsavedSettings.isEmpty)
    _ = try shell.session.changeSetting("screen.rows", to: "7")
    #expect(shell.session.unsavedSettings == ["screen.rows": "7"])
  }

  @Test("screen: the placeholder with nothing open; the active document marked and shown")
  func screen() throws {
    let shell = try Self.shell(stateFolder: nil)
    guard case .split(_, let sidebar, nil, .placeholder(let text)) = try shell.session.makeScreen().body
    else {
      Issue.record("expected the split view with a placeholder")
      return
    }
    #expect(sidebar.isEmpty && text == "Select a document")
    try shell.session.workspace.newDocument(kind: .text, columns: [])
    try shell.session.workspace.newDocument(kind: .table, columns: ["a"])
    let screen = try shell.session.makeScreen()
    #expect(screen.title == "Untitled 2" && screen.hasTitleMenu && screen.toolbar.title == "Untitled 2 ▾")
    guard case .split(_, let entries, nil, .document(.table, 0)) = screen.body else {
      Issue.record("expected the table in the detail")
      return
    }
    #expect(entries.map(\.isSelected) == [false, true])
  }

  @Test("the Settings tab exists only on iphone; a platform without it falls back to the first tab")
  func settingsTab() throws {
    let shell = try Self.shell(stateFolder: nil)
    shell.session.appEnvironment = AppEnvironment(platform: .iphone, width: 40)
    shell.session.selectedTabName = "Settings"
    #expect(shell.session.selectedTab?.content == .settings)
    #expect(shell.session.settingsReport().isTab)
    shell.session.appEnvironment = AppEnvironment(platform: .mac, width: 100)
    #expect(shell.session.selectedTab?.name == "Documents")
    #expect(!shell.session.settingsReport().isTab)
  }
}
