import FolioCore
import Testing

@testable import FolioSession

/// The window's split view as session state: the columns it shows, the stack a compact window
/// collapses it into and `back` in that stack, and the toolbar items that go with them.
@Suite struct SessionSplitViewTests {
  private static func session(platform: MenuPlatform, width: Int = 100) -> Session {
    let session = Session(workspace: Workspace(store: nil, currentDirectory: "/", home: nil), metrics: .text)
    session.appEnvironment = AppEnvironment(platform: platform, width: width)
    return session
  }

  @Test("the sidebar toggle and a visibility change only the columns shown; screen draws the result")
  func visibility() throws {
    let session = Self.session(platform: .ipad)
    try session.workspace.newDocument(kind: .table, columns: ["name"])
    #expect(session.columnVisibility == .all)
    #expect(session.setColumnVisibility(nil).panes.map(\.column) == [.detail])
    #expect(session.columnVisibility == .detailOnly)
    guard case .split(let layout, _, _, _) = try session.makeScreen().body else {
      Issue.record("the Documents tab shows the split view")
      return
    }
    #expect(layout.visibility == .detailOnly && layout.panes.map(\.column) == [.detail])
    #expect(session.setColumnVisibility(nil).panes.map(\.column) == [.sidebar, .detail])
    #expect(session.setColumnVisibility(.doubleColumn).visibility == .doubleColumn)
    #expect(session.columnVisibility == .doubleColumn)
  }

  @Test("back goes from the detail to the sidebar of a collapsed split view until a document is chosen")
  func backInAStack() throws {
    let session = Self.session(platform: .iphone, width: 40)
    let first = try session.workspace.newDocument(kind: .table, columns: ["name"])
    #expect(session.splitViewLayout.panes.map(\.column) == [.detail])
    let back = try session.goBackInSplitView()
    #expect(back.isCollapsed && back.panes.map(\.column) == [.sidebar])
    #expect(session.splitViewLayout.panes.map(\.column) == [.sidebar])
    #expect(throws: FolioError.self) { try session.goBackInSplitView() }
    // Choosing the same document again shows its detail, as tapping its row would.
    try session.focus(windowID: first.windowID)
    #expect(session.splitViewLayout.panes.map(\.column) == [.detail])
    try session.goBackInSplitView()
    try session.workspace.newDocument(kind: .text, columns: [])
    #expect(session.splitViewLayout.panes.map(\.column) == [.detail])
  }

  @Test("back is refused where the split view shows its columns side by side, and changes nothing")
  func backInRegularWidth() throws {
    let session = Self.session(platform: .mac)
    try session.workspace.newDocument(kind: .table, columns: ["name"])
    let before = session.splitViewLayout
    #expect(throws: FolioError.self) { try session.goBackInSplitView() }
    #expect(session.splitViewLayout == before)
    #expect(!before.isCollapsed)
  }

  @Test("ipad's toolbar leads with the sidebar toggle and, for a table, Edit; mac has neither")
  func leadingItems() throws {
    for (platform, width, expected) in [
      (MenuPlatform.ipad, 100, ["scene.sidebar", "selection.edit-mode"]),
      (.ipad, 50, ["selection.edit-mode"]), (.iphone, 100, ["selection.edit-mode"]), (.mac, 100, []),
    ] {
      let session = Self.session(platform: platform, width: width)
      #expect(
        try !session.layOutToolbar(width: width).leading.contains { $0.id == EditButton.command },
        "no document: no Edit")
      try session.workspace.newDocument(kind: .table, columns: ["name"])
      let leading = try session.layOutToolbar(width: width).leading
      #expect(leading.map(\.id) == expected, "\(platform) at \(width)")
    }
    let session = Self.session(platform: .ipad)
    try session.workspace.newDocument(kind: .text, columns: [])
    #expect(try session.layOutToolbar(width: 100).leading.map(\.id) == ["scene.sidebar"])
  }
}
