import FolioCore
import Foundation
import Testing

@testable import FolioSession
@testable import FolioShell

/// `recent open`, `recent clear` and File › Open Recent, against a real state store.
@Suite struct RecentDocumentCommandTests {
  /// A session over a state folder, with `a.txt` and `b.csv` opened and closed (b newest).
  private final class Fixture {
    let folder: TemporaryDirectory
    let shell: Shell

    init(withStore: Bool = true) throws {
      folder = try TemporaryDirectory()
      try folder.write("a.txt", "alpha\n")
      try folder.write("b.csv", "x,y\n1,2\n")
      let store = try withStore ? StateStore(directory: folder.path("state")) : nil
      shell = Shell(
        console: Console { _, _ in },
        workspace: Workspace(store: store, currentDirectory: folder.url.path, home: nil))
      guard withStore else { return }
      for name in ["a.txt", "b.csv"] {
        let (document, _) = try shell.session.workspace.open(name)
        shell.session.workspace.close(document)
      }
    }

    deinit { folder.remove() }

    /// Runs a command by name with its words, as typed.
    @discardableResult
    func run(_ name: String, _ words: String...) throws -> CommandOutput {
      let command = try #require(shell.session.registry.resolve(name))
      return try shell.session.registry.invoke(command, words: words.map { Word($0) })
    }

    var recentPaths: [String] {
      get throws { try shell.session.workspace.recentDocuments(limit: 50).map(\.path) }
    }

    var openPaths: [String?] { shell.session.workspace.documents.map(\.path) }
  }

  @Test("recent open takes a number, a file name, a title or a path; an open document is focused")
  func openEntries() throws {
    let fixture = try Fixture()
    let a = fixture.folder.path("a.txt")
    let b = fixture.folder.path("b.csv")
    #expect(try fixture.recentPaths == [b, a])
    try fixture.run("recent", "open", "2")
    #expect(fixture.openPaths == [a])
    // Opening moves it to the top, so the numbers follow the list as `recent` shows it now.
    #expect(try fixture.recentPaths == [a, b])
    try fixture.run("recent", "open", "b.csv")
    #expect(fixture.openPaths == [a, b] && fixture.shell.session.workspace.active?.path == b)
    try fixture.run("recent", "open", "A")
    #expect(fixture.openPaths == [a, b] && fixture.shell.session.workspace.active?.path == a)
    try fixture.run("document.recent.open", b)
    #expect(fixture.openPaths == [a, b] && fixture.shell.session.workspace.active?.path == b)
    try fixture.run("recent", "open", "./a.txt")
    #expect(fixture.openPaths == [a, b] && fixture.shell.session.workspace.active?.path == a)
    try fixture.run("recent", "open", "2")
    #expect(try fixture.recentPaths == [b, a])
  }

  @Test("a recent document whose file is gone is refused and removed from the list; nothing opens")
  func missingFile() throws {
    let fixture = try Fixture()
    let a = fixture.folder.path("a.txt")
    let b = fixture.folder.path("b.csv")
    try FileManager.default.removeItem(atPath: a)
    #expect(
      throws: FolioError.io(a, "the file no longer exists; removed it from the recent documents")
    ) { try fixture.run("recent", "open", "a") }
    #expect(try fixture.recentPaths == [b])
    #expect(fixture.openPaths.isEmpty)
    // Something still there that cannot be opened stays on the list: only a missing file goes.
    try FileManager.default.removeItem(atPath: b)
    try FileManager.default.createDirectory(atPath: b, withIntermediateDirectories: false)
    #expect(throws: FolioError.self) { try fixture.run("recent", "open", "1") }
    #expect(try fixture.recentPaths == [b])
    #expect(fixture.openPaths.isEmpty)
  }

  @Test("a document open in a window is focused from Recent even after its file was deleted")
  func openButDeleted() throws {
    let fixture = try Fixture()
    let a = fixture.folder.path("a.txt")
    try fixture.run("open", a)
    try fixture.run("new")
    try FileManager.default.removeItem(atPath: a)
    try fixture.run("recent", "open", "a.txt")
    #expect(fixture.shell.session.workspace.active?.path == a)
    #expect(try fixture.recentPaths.first == a)
  }

  @Test("unknown, out-of-range and ambiguous entries are refused, naming what is there")
  func refusals() throws {
    let fixture = try Fixture()
    try fixture.folder.write("sub/a.txt", "other\n")
    try fixture.run("open", "sub/a.txt")
    let ambiguous = try #require(throws: FolioError.self) { try fixture.run("recent", "open", "a.txt") }
    #expect(ambiguous.message == "'a.txt' matches recent documents 1, 3")
    #expect(
      ambiguous.remedies.map(\.invocation) == [
        CommandInvocation("document.recent.open", ["entry": .string("1")]),
        CommandInvocation("document.recent.open", ["entry": .string("3")]),
      ])
    let listing = Remedy.run("document.recent", effect: "lists them")
    #expect(
      throws: FolioError(
        .invalidArgument, "there is no recent document 4; they are 1–3", values: ["entry": "4"],
        remedies: [listing])
    ) { try fixture.run("recent", "open", "4") }
    #expect(
      throws: FolioError(
        .invalidArgument, "no recent document 'zzz'", values: ["entry": "zzz"], remedies: [listing])
    ) { try fixture.run("recent", "open", "zzz") }
    #expect(throws: FolioError.invalidArgument("usage: recent open N-OR-NAME")) {
      try fixture.run("recent", "open")
    }
    #expect(throws: FolioError.invalidArgument("'recent' expects a number, open or clear, got 'shut'")) {
      try fixture.run("recent", "shut")
    }
    #expect(throws: FolioError.invalidArgument("'recent clear' takes no arguments")) {
      try fixture.run("recent", "clear", "1")
    }
    #expect(fixture.openPaths == [fixture.folder.path("sub/a.txt")])
    #expect(try fixture.recentPaths.count == 3)
  }

  @Test("File › Open Recent lists the recent documents, opens the one chosen; Clear Menu empties it")
  func openRecentMenu() throws {
    let fixture = try Fixture()
    let a = fixture.folder.path("a.txt")
    try fixture.run("menu", "open", "File")
    try fixture.run("choose", "Open Recent")
    var session = try #require(fixture.shell.session.menuSession)
    #expect(session.path == ["File", "Open Recent"])
    #expect(session.items.map(\.node.title) == ["b.csv", "a.txt", "Clear Menu"])
    #expect(session.items[1].node.subtitle == fixture.folder.url.path)
    #expect(session.items[1].node.arguments == [a])
    try fixture.run("choose", "2")
    #expect(fixture.openPaths == [a])
    #expect(fixture.shell.session.menuSession?.isOpen != true)

    try fixture.run("menu", "open", "File")
    try fixture.run("choose", "Open Recent")
    try fixture.run("choose", "Clear Menu")
    #expect(try fixture.recentPaths.isEmpty)
    try fixture.run("menu", "open", "File")
    try fixture.run("choose", "Open Recent")
    session = try #require(fixture.shell.session.menuSession)
    #expect(session.items.map(\.node.title) == ["Clear Menu"])
    #expect(session.items[0].node.disabledReason == "there are no recent documents to clear")
    #expect(throws: FolioError(.disabled, "there are no recent documents to clear")) {
      try fixture.run("recent", "clear")
    }
  }

  @Test("without a state store Recent is empty and opening from it or clearing it says why")
  func withoutStore() throws {
    let fixture = try Fixture(withStore: false)
    let reason = "recent documents are not kept: the state store could not be opened"
    #expect(throws: FolioError(.disabled, reason)) { try fixture.run("recent", "open", "1") }
    #expect(throws: FolioError(.disabled, "'document.recent.open' is disabled: \(reason)")) {
      try fixture.run("document.recent.open", "1")
    }
    #expect(throws: FolioError(.disabled, reason)) { try fixture.run("recent", "clear") }
    try fixture.run("menu", "open", "File")
    try fixture.run("choose", "Open Recent")
    let session = try #require(fixture.shell.session.menuSession)
    #expect(session.items.map(\.node.title) == ["Clear Menu"])
    #expect(session.items[0].node.isEnabled == false)
  }

  @Test("Tab completes recent's subcommands")
  func completion() {
    let completer = Completer(registry: CapturedShell().shell.session.registry, home: nil)
    #expect(completer.candidates(for: "", after: "recent ") == ["clear", "open"])
    #expect(completer.candidates(for: "o", after: "recent ") == ["open"])
    #expect(completer.candidates(for: "", after: "recent open ") == [])
    #expect(completer.candidates(for: "c", after: "run document.recent ") == ["clear"])
  }
}
