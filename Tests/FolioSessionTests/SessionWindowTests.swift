import FolioCore
import Testing

@testable import FolioSession

/// Windows are focused by id through the typed session API: no number or title is parsed.
@Suite struct SessionWindowTests {
  @Test("focus(windowID:) makes that window active; an id no window has is an error that changes nothing")
  func focus() throws {
    let workspace = Workspace(store: nil, currentDirectory: "/", home: nil)
    let session = Session(workspace: workspace, metrics: .text)
    let first = try workspace.newDocument(kind: .text, columns: [])
    let second = try workspace.newDocument(kind: .table, columns: ["name"])
    #expect(try session.activeDocument() === second)
    #expect(try session.focus(windowID: first.windowID) === first)
    #expect(try session.activeDocument() === first)
    for id in [0, second.windowID + 1, Int.min, Int.max] {
      #expect(throws: FolioError.self) { try session.focus(windowID: id) }
    }
    #expect(try session.activeDocument() === first)
  }
}
