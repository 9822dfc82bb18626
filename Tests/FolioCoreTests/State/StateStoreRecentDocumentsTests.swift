import Foundation
import Testing

@testable import FolioCore

@Suite struct StateStoreRecentDocumentsTests {
  @Test("newest first, each with the time it was noted")
  func order() throws {
    let folder = try StateTestFolder()
    let store = try StateStore(directory: folder.path)
    #expect(try store.recentDocuments().isEmpty)
    let before = Date().timeIntervalSince1970
    for name in ["a", "b", "c"] { try store.noteRecentDocument(path: "/docs/\(name).txt") }
    let after = Date().timeIntervalSince1970
    let recent = try store.recentDocuments()
    #expect(recent.map(\.path) == ["/docs/c.txt", "/docs/b.txt", "/docs/a.txt"])
    for document in recent {
      #expect(document.openedAt >= before - 1 && document.openedAt <= after + 1, "\(document)")
    }
    #expect(recent[0].openedAt >= recent[2].openedAt)
  }

  @Test("noting a document again moves it to the top, once, with the new time")
  func upsert() throws {
    let folder = try StateTestFolder()
    let store = try StateStore(directory: folder.path)
    for path in ["/a", "/b", "/c"] { try store.noteRecentDocument(path: path) }
    let first = try #require(try store.recentDocuments().last)
    try store.noteRecentDocument(path: "/a")
    let recent = try store.recentDocuments()
    #expect(recent.map(\.path) == ["/a", "/c", "/b"])
    #expect(recent[0].openedAt >= first.openedAt)
    try store.noteRecentDocument(path: "/a")
    #expect(try store.recentDocuments().map(\.path) == ["/a", "/c", "/b"])
  }

  @Test(
    "only the newest 50 are kept; the oldest are dropped",
    arguments: [1, 49, 50, 51, 75])
  func keepsFifty(count: Int) throws {
    let folder = try StateTestFolder()
    let store = try StateStore(directory: folder.path)
    try store.transaction { () throws(FolioError) in
      for index in 0..<count { try store.noteRecentDocument(path: "/doc-\(index)") }
    }
    let kept = min(count, StateStore.recentDocumentsKept)
    let expected = (count - kept..<count).reversed().map { "/doc-\($0)" }
    #expect(try store.recentDocuments(limit: 1_000).map(\.path) == expected)
    #expect(try store.connection.rows("SELECT count(*) FROM recent_documents") { $0.int(at: 0) } == [kept])
    #expect(StateStore.recentDocumentsKept == 50)
  }

  @Test("the limit caps the list, 20 by default; 0 gives none; a negative one is refused")
  func limit() throws {
    let folder = try StateTestFolder()
    let store = try StateStore(directory: folder.path)
    for index in 0..<30 { try store.noteRecentDocument(path: "/doc-\(index)") }
    #expect(try store.recentDocuments().count == 20)
    #expect(try store.recentDocuments(limit: 3).map(\.path) == ["/doc-29", "/doc-28", "/doc-27"])
    #expect(try store.recentDocuments(limit: 0).isEmpty)
    #expect(throws: FolioError.invalidArgument("limit: must be 0 or more, not -1")) {
      try store.recentDocuments(limit: -1)
    }
  }

  @Test("paths are kept exactly: spaces, Unicode, quotes; an empty path is refused")
  func paths() throws {
    let folder = try StateTestFolder()
    let store = try StateStore(directory: folder.path)
    let paths = ["/home/zoë/Notes ★.txt", "relative/it's \"quoted\".csv", "/tmp/中文/文件.md"]
    for path in paths { try store.noteRecentDocument(path: path) }
    #expect(try store.recentDocuments().map(\.path) == paths.reversed())
    #expect(throws: FolioError.invalidArgument("path: a recent document needs a path")) {
      try store.noteRecentDocument(path: "")
    }
  }
}
