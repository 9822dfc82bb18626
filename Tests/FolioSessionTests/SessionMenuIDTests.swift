import FolioCore
import FolioTestSupport
import Testing

@testable import FolioSession

/// Built-in menu ids are reserved: a plugin (or an embedder) cannot replace the title menu,
/// the app menus or the toolbar's overflow menu, whether or not that menu exists now.
@Suite struct SessionMenuIDTests {
  @Test(
    "a built-in menu's id is refused while that menu is absent",
    arguments: ["title", "Title", "toolbar.overflow", "app", "file"])
  func builtInIDsAreReserved(id: String) throws {
    let folder = try TemporaryFolder()
    let session = Session(
      workspace: Workspace(store: nil, currentDirectory: folder.url.path, home: nil), metrics: .text)
    #expect(session.workspace.active == nil)
    #expect(
      throws: FolioError(
        .duplicateCommand, "menu '\(id)' is a built-in menu's id, reserved; refused from plugin title")
    ) {
      try session.addMenu(Menu("Mine", id: id, owner: "plugin title") { Button(command: "document.new") })
    }
    #expect(!session.menus.contains { $0.owner == "plugin title" })
  }
}
