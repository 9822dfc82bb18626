import FolioCore
import Testing

@testable import FolioSession

@Suite struct SessionTests {
  @Test("a new session has no open document")
  func startsEmpty() {
    let session = Session(workspace: Workspace(store: nil, currentDirectory: "/", home: nil))
    #expect(session.workspace.active == nil)
  }
}
