import FolioTestSupport
import Foundation
import Testing

@testable import FolioCore

@Suite struct WorkspaceTests {
  private final class Folder {
    let url: URL
    init() throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "folio-workspace-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func write(_ name: String, _ text: String) throws {
      try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    func read(_ name: String) throws -> String {
      try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
    }
    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
  }

  /// A workspace in `folder`, and a function that delivers its events and returns every
  /// event delivered so far.
  private static func workspace(in folder: Folder) -> (Workspace, () -> [AppEvent]) {
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let box = EventBox()
    box.subscription = workspace.events.subscribe { [box] in box.events.append($0) }
    return (
      workspace,
      {
        workspace.events.flush()
        return box.events
      }
    )
  }

  private final class EventBox {
    var events: [AppEvent] = []
    var subscription: Subscription?
  }

  @Test("open, rename, edit, save and close publish their events in order")
  func events() throws {
    let folder = try Folder()
    try folder.write("notes.txt", "one\n")
    let (workspace, events) = Self.workspace(in: folder)
    let document = try workspace.open("notes.txt").document
    try workspace.rename(document, to: "ideas")
    try workspace.appendLine("two", to: document)
    try workspace.appendLine("three", to: document)
    _ = try workspace.undo(document)
    try workspace.save(document)
    workspace.close(document)
    let id = document.windowID
    #expect(
      events() == [
        .documentOpened(windowID: id), .documentRenamed(windowID: id, from: "notes", to: "ideas"),
        .documentChanged(windowID: id), .documentSaved(windowID: id), .documentClosed(windowID: id),
      ])
    #expect(folder.names == ["ideas.txt"])
    #expect(try folder.read("ideas.txt") == "one\ntwo\n")
  }

  @Test("dirty follows the saved revision through edits, undo and redo")
  func dirtyTracking() throws {
    let folder = try Folder()
    try folder.write("notes.txt", "one\n")
    let (workspace, _) = Self.workspace(in: folder)
    let document = try workspace.open("notes.txt").document
    #expect(!document.isDirty)
    try workspace.appendLine("two", to: document)
    #expect(document.isDirty)
    #expect(try workspace.undo(document) == "Append")
    #expect(!document.isDirty)
    #expect(try workspace.redo(document) == "Append")
    try workspace.save(document)
    #expect(!document.isDirty)
    _ = try workspace.undo(document)
    #expect(document.isDirty, "undoing past the save makes the document differ from its file")
  }

  @Test("a rename is undone by renaming the file back, keeping unsaved edits")
  func renameUndo() throws {
    let folder = try Folder()
    try folder.write("places.csv", "name\nAda\n")
    let (workspace, _) = Self.workspace(in: folder)
    let document = try workspace.open("places.csv").document
    try workspace.setCell(position: 1, columnNamed: "name", to: "Grace", in: document)
    try workspace.rename(document, to: "people")
    #expect(folder.names == ["people.csv"])
    #expect(document.isDirty)
    _ = try workspace.undo(document)  // the rename
    #expect(folder.names == ["places.csv"])
    #expect(document.title == "places")
    #expect(document.isDirty)
    _ = try workspace.undo(document)  // the cell
    #expect(!document.isDirty)
  }

  @Test(
    "every bad title is refused with its own message and nothing changes",
    arguments: [
      ("", "a title cannot be empty"),
      ("a/b", "a title cannot contain '/'"),
      ("a\u{0}b", "a title cannot contain a NUL character"),
      (".", "'.' cannot be a title"),
      ("..", "'..' cannot be a title"),
      (String(repeating: "x", count: 252), "the file name would be 256 bytes long; the most is 255"),
      ("notes", "the title is already 'notes'"),
    ])
  func badTitles(title: String, message: String) throws {
    let folder = try Folder()
    try folder.write("notes.txt", "one\n")
    let (workspace, events) = Self.workspace(in: folder)
    let document = try workspace.open("notes.txt").document
    #expect(throws: FolioError.invalidArgument(message)) { try workspace.rename(document, to: title) }
    #expect(folder.names == ["notes.txt"])
    #expect(document.title == "notes")
    #expect(events().count == 1)
  }

  @Test("a title of exactly 255 bytes with its extension is accepted")
  func longestTitle() throws {
    let folder = try Folder()
    try folder.write("notes.txt", "one\n")
    let (workspace, _) = Self.workspace(in: folder)
    let document = try workspace.open("notes.txt").document
    let title = String(repeating: "é", count: 125) + "x"  // 251 bytes + ".txt"
    try workspace.rename(document, to: title)
    #expect(folder.names == [title + ".txt"])
  }

  @Test("untitled documents are numbered by the smallest free number")
  func untitledNumbering() throws {
    let folder = try Folder()
    let (workspace, _) = Self.workspace(in: folder)
    let first = try workspace.newDocument(kind: .text, columns: [])
    let second = try workspace.newDocument(kind: .table, columns: ["a"])
    #expect([first.title, second.title] == ["Untitled", "Untitled 2"])
    workspace.close(first)
    #expect(try workspace.newDocument(kind: .text, columns: []).title == "Untitled")
    try workspace.rename(second, to: "Renamed")
    #expect(folder.names.isEmpty, "renaming an untitled document touches no file")
  }

  @Test("file URLs and ~ resolve to paths")
  func urls() throws {
    #expect(FileURL.string(fromPath: "/tmp/My Notes ★.txt") == "file:///tmp/My%20Notes%20%E2%98%85.txt")
    #expect(try FileURL.path(fromURL: "file:///tmp/My%20Notes%20%E2%98%85.txt") == "/tmp/My Notes ★.txt")
    #expect(try FileURL.path(fromURL: "file://localhost/etc/hosts") == "/etc/hosts")
    #expect(try FileURL.path(fromURL: "notes.txt") == nil)
    #expect(throws: FolioError.self) { try FileURL.path(fromURL: "file://example.com/x") }
    #expect(throws: FolioError.self) { try FileURL.path(fromURL: "file:///a%2") }
    #expect(throws: FolioError.self) { try FileURL.path(fromURL: "file:///a%00b") }
  }
}
