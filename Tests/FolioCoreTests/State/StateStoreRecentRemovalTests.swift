import Testing

@testable import FolioCore

@Suite struct StateStoreRecentRemovalTests {
  @Test("removing one recent document keeps the others in their order; an unknown path removes nothing")
  func remove() throws {
    let folder = try StateTestFolder()
    let store = try StateStore(directory: folder.path)
    for path in ["/a", "/b", "/c"] { try store.noteRecentDocument(path: path) }
    #expect(try store.removeRecentDocument(path: "/b"))
    #expect(try store.recentDocuments().map(\.path) == ["/c", "/a"])
    #expect(try !store.removeRecentDocument(path: "/b"))
    #expect(try !store.removeRecentDocument(path: "/A"))
    #expect(try store.recentDocuments().map(\.path) == ["/c", "/a"])
    try store.noteRecentDocument(path: "/b")
    #expect(try store.recentDocuments().map(\.path) == ["/b", "/c", "/a"])
  }

  @Test("clearing forgets every recent document and says how many; noting starts a new list")
  func clear() throws {
    let folder = try StateTestFolder()
    let store = try StateStore(directory: folder.path)
    #expect(try store.clearRecentDocuments() == 0)
    for index in 0..<7 { try store.noteRecentDocument(path: "/doc-\(index)") }
    #expect(try store.clearRecentDocuments() == 7)
    #expect(try store.recentDocuments().isEmpty)
    // Another connection, as another Folio process, sees the cleared list.
    #expect(try StateStore(directory: folder.path).recentDocuments().isEmpty)
    try store.noteRecentDocument(path: "/new")
    #expect(try store.recentDocuments().map(\.path) == ["/new"])
  }
}
