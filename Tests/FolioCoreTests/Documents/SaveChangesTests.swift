import FolioTestSupport
import Foundation
import Testing

@testable import FolioCore

/// A save changes only what was edited: rows not edited keep their bytes, an edit that
/// changes nothing is no edit, the Favorite toggle keeps the column's spelling, a rename is
/// no unsaved change, and column names are bytes.
@Suite struct SaveChangesTests {
  /// An edit made through the workspace.
  struct Edit: Sendable, CustomTestStringConvertible {
    var name: String
    var apply: @Sendable (Workspace, Document) throws -> Void
    var testDescription: String { name }
  }

  private static let quoted = Array("a,b\n\"x\",1\n\"y\",\"2\"\nz,3\n".utf8)

  @Test(
    "rows not edited keep their bytes, quoting and all, whatever is done to the others",
    arguments: [
      (
        Edit(name: "cell") { try $0.setCell(position: 3, columnNamed: "b", to: "4", in: $1) },
        "a,b\n\"x\",1\n\"y\",\"2\"\nz,4\n"
      ),
      (
        Edit(name: "cell in a quoted row") { try $0.setCell(position: 1, columnNamed: "b", to: "5", in: $1) },
        "a,b\nx,5\n\"y\",\"2\"\nz,3\n"
      ),
      (
        Edit(name: "sort") { try $0.sort($1, by: [TableSortKey(column: "b", order: .descending)]) },
        "a,b\nz,3\n\"y\",\"2\"\n\"x\",1\n"
      ),
      (Edit(name: "delete") { try $0.deleteRows([3], from: $1) }, "a,b\n\"x\",1\n\"y\",\"2\"\n"),
      (
        Edit(name: "a cell edited and edited back") {
          try $0.setCell(position: 2, columnNamed: "b", to: "9", in: $1)
          try $0.setCell(position: 2, columnNamed: "b", to: "2", in: $1)
        },
        "a,b\n\"x\",1\n\"y\",\"2\"\nz,3\n"
      ),
      (
        Edit(name: "rows deleted and put back by undo") {
          try $0.deleteRows([1, 2], from: $1)
          _ = try $0.undo($1)
          try $0.setCell(position: 3, columnNamed: "b", to: "4", in: $1)
        },
        "a,b\n\"x\",1\n\"y\",\"2\"\nz,4\n"
      ),
      (
        Edit(name: "add a row") { try $0.addRow([(column: "a", value: "w")], to: $1) },
        "a,b\n\"x\",1\n\"y\",\"2\"\nz,3\nw,\n"
      ),
    ])
  func untouchedRowsKeepBytes(edit: Edit, expected: String) throws {
    let folder = try TemporaryFolder("folio-save-changes")
    try folder.write("t.csv", Self.quoted)
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("t.csv").document
    try edit.apply(workspace, document)
    try workspace.save(document)
    #expect(try folder.bytes("t.csv") == Array(expected.utf8))
  }

  @Test("a cell set to the value it has is no edit; the same text in another normalisation is one")
  func sameValueIsNoEdit() throws {
    let folder = try TemporaryFolder("folio-save-changes")
    try folder.write("t.csv", Array("a,b\ncaf\u{E9},1\n".utf8))
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("t.csv").document
    try workspace.setCell(position: 1, columnNamed: "b", to: "1", in: document)
    try workspace.setCell(position: 1, columnNamed: "a", to: "caf\u{E9}", in: document)
    #expect(!document.isDirty)
    #expect(throws: FolioError.self) { try workspace.undo(document) }

    try workspace.setCell(position: 1, columnNamed: "a", to: "cafe\u{301}", in: document)
    #expect(document.isDirty)
    try workspace.save(document)
    #expect(try folder.bytes("t.csv") == Array("a,b\ncafe\u{301},1\n".utf8))
  }

  @Test(
    "favorite on then off, or off then on, gives back the file byte for byte",
    arguments: [
      ("f.csv", "name,favorite\nA,no\n", 1, true),
      ("f.csv", "name,favorite\nA,No\nB,yes\n", 1, true),
      ("f.csv", "name,favorite\nA,yes\nB,\n", 1, false),
      ("f.csv", "name,favorite\nA,\nB,yes\nC,no\n", 1, true),
      ("f.csv", "name,favorite\nA,TRUE\n", 1, false),
      ("f.json", #"[{"name":"A"},{"name":"B","favorite":"no"}]"# + "\n", 1, true),
      ("f.json", #"[{"name":"A","favorite":"no"}]"# + "\n", 1, true),
      ("f.json", #"[{"name":"A","favorite":0}]"# + "\n", 1, true),
    ])
  func favoriteRoundTrip(name: String, file: String, row: Int, first: Bool) throws {
    let folder = try TemporaryFolder("folio-save-changes")
    try folder.write(name, Array(file.utf8))
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open(name).document
    try workspace.select([row], mode: .replace, in: document, environment: AppEnvironment(platform: .mac))
    try workspace.setFavorite(first, in: document)
    #expect(workspace.isFavorite(document) == first)
    try workspace.setFavorite(!first, in: document)
    try workspace.save(document)
    #expect(try folder.bytes(name) == Array(file.utf8))
  }

  @Test("marking a favorite that is one already, or unmarking one that is not, is no edit")
  func favoriteUnchangedIsNoEdit() throws {
    let folder = try TemporaryFolder("folio-save-changes")
    try folder.write("f.csv", Array("name,favorite\nA,yes\nB,no\n".utf8))
    try folder.write("g.csv", Array("name\nA\n".utf8))
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let environment = AppEnvironment(platform: .mac)
    let document = try workspace.open("f.csv").document
    try workspace.select([1], mode: .replace, in: document, environment: environment)
    try workspace.setFavorite(true, in: document)
    try workspace.select([2], mode: .replace, in: document, environment: environment)
    try workspace.setFavorite(false, in: document)
    #expect(!document.isDirty)
    // No column is added to unmark a row of a table without one.
    let other = try workspace.open("g.csv").document
    try workspace.select([1], mode: .replace, in: other, environment: environment)
    try workspace.setFavorite(false, in: other)
    #expect(!other.isDirty)
    #expect(try other.modifyTable { $0.columns } == ["name"])
  }

  @Test("a rename leaves a clean document clean, through undo and redo, and a dirty one dirty")
  func renameIsNoUnsavedChange() throws {
    let folder = try TemporaryFolder("folio-save-changes")
    try folder.write("a.csv", Array("x\n1\n".utf8))
    try folder.write("b.csv", Array("x\n1\n".utf8))
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let clean = try workspace.open("a.csv").document
    try workspace.rename(clean, to: "renamed")
    #expect(!clean.isDirty)
    #expect(try workspace.undo(clean) == "Rename")
    #expect(!clean.isDirty)
    #expect(try workspace.redo(clean) == "Rename")
    #expect(!clean.isDirty)

    let dirty = try workspace.open("b.csv").document
    try workspace.setCell(position: 1, columnNamed: "x", to: "2", in: dirty)
    try workspace.rename(dirty, to: "edited")
    #expect(dirty.isDirty)
    _ = try workspace.undo(dirty)
    _ = try workspace.undo(dirty)
    #expect(!dirty.isDirty)
  }

  @Test("JSON keys in two normalisations are two columns, each written back as its bytes")
  func jsonKeysAreBytes() throws {
    let folder = try TemporaryFolder("folio-save-changes")
    let file = Array(#"[{"\#u{E9}":1},{"e\#u{301}":2}]"#.utf8) + [0x0A]
    try folder.write("k.json", file)
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("k.json").document
    let columns = try document.modifyTable { $0.columns }
    #expect(columns.map { Array($0.utf8) } == [Array("\u{E9}".utf8), Array("e\u{301}".utf8)])
    try workspace.setCell(position: 2, columnNamed: "e\u{301}", to: "3", in: document)
    try workspace.save(document)
    #expect(try folder.bytes("k.json") == Array(#"[{"\#u{E9}":1},{"e\#u{301}":3}]"#.utf8) + [0x0A])
  }

  @Test(
    "an edited JSON table keeps its byte order mark, CRLF line breaks and missing final newline, as CSV does",
    arguments: [
      "\u{FEFF}[\r\n  {\r\n    \"a\": 1,\r\n    \"b\": \"x\"\r\n  },\r\n  {\r\n    \"a\": 2\r\n  }\r\n]",
      "\u{FEFF}[{\"a\":1,\"b\":\"x\"},{\"a\":2}]",
      "[\r\n  {\r\n    \"a\": 1,\r\n    \"b\": \"x\"\r\n  },\r\n  {\r\n    \"a\": 2\r\n  }\r\n]\r\n",
      "[{\"a\":1,\"b\":\"x\"},{\"a\":2}]\r\n",
    ])
  func jsonKeepsItsEnds(file: String) throws {
    let folder = try TemporaryFolder("folio-save-changes")
    try folder.write("t.json", file)
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("t.json").document
    try workspace.setCell(position: 2, columnNamed: "a", to: "3", in: document)
    try workspace.save(document)
    let expected = file.replacingOccurrences(of: "\"a\": 2", with: "\"a\": 3")
      .replacingOccurrences(of: "\"a\":2", with: "\"a\":3")
    #expect(try folder.read("t.json") == expected)
    // Saved under another name, the new file keeps them too.
    try workspace.save(document, as: "u.json")
    #expect(try folder.read("u.json") == expected)
  }

  @Test("CSV headers in two normalisations are two columns, not a duplicate; names are found by bytes")
  func csvHeadersAreBytes() throws {
    let folder = try TemporaryFolder("folio-save-changes")
    try folder.write("h.csv", Array("caf\u{E9},cafe\u{301}\n1,2\n".utf8))
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("h.csv").document
    try workspace.setCell(position: 1, columnNamed: "cafe\u{301}", to: "3", in: document)
    try workspace.addColumn("e\u{301}", to: document)
    #expect(throws: FolioError.self) { try workspace.addColumn("caf\u{E9}", to: document) }
    try workspace.save(document)
    #expect(try folder.bytes("h.csv") == Array("caf\u{E9},cafe\u{301},e\u{301}\n1,3,\n".utf8))
    #expect(
      throws: FolioError.self,
      performing: { try DelimitedFormat.decode(Array("caf\u{E9},caf\u{E9}\n".utf8), delimiter: .comma) })
  }
}
