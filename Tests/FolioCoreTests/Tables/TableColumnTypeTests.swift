import FolioTestSupport
import Foundation
import Testing

@testable import FolioCore

/// `Workspace.setColumnKind(_:ofColumn:in:)`: a declared type overrides inference for
/// sorting, showing and reading cells, is one undo step that changes no byte, and is kept per
/// file in the state store.
@Suite struct TableColumnTypeTests {
  /// One `n/a` among numbers: inferred, the column is text.
  private static let file = "id,n\n1,10\n2,9\n3,n/a\n4,100\n5,\n"

  private static func ids(_ document: Document) throws -> [Int] {
    try document.readTable { table in (0..<table.rowCount).map(table.id(ofRow:)) }
  }

  @Test("a column declared as numbers sorts by value with the cells that are not numbers last")
  func sortsAsNumbers() throws {
    let folder = try TemporaryFolder("folio-column-type")
    try folder.write("t.csv", Self.file)
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("t.csv").document
    let descending = [TableSortKey(column: "n", order: .descending)]
    try workspace.sort(document, by: descending)
    // Inferred as text, n/a sorts first going down.
    #expect(try Self.ids(document) == [3, 4, 1, 2, 5])
    try workspace.setColumnKind(.number, ofColumn: "n", in: document)
    try workspace.sort(document, by: descending)
    #expect(try Self.ids(document) == [4, 1, 2, 3, 5])
    try workspace.sort(document, by: [TableSortKey(column: "n")])
    #expect(try Self.ids(document) == [2, 1, 4, 3, 5])
    #expect(try document.modifyTable { $0.valueKinds(ofColumns: [1]) } == [.number])
    // `auto` goes back to inference.
    try workspace.setColumnKind(nil, ofColumn: "n", in: document)
    #expect(try document.modifyTable { $0.valueKinds(ofColumns: [1]) } == [.text])
  }

  @Test("cells read by the declared kind, in CSV and in JSON")
  func readsByDeclaredKind() throws {
    let folder = try TemporaryFolder("folio-column-type")
    try folder.write("codes.csv", "code\n007\n12\n")
    try folder.write("t.json", #"[{"n":"9"},{"n":"x"}]"# + "\n")
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let codes = try workspace.open("codes.csv").document
    #expect(try codes.modifyTable { $0.readingKinds(ofColumns: [0]) } == [.text])
    try workspace.setColumnKind(.number, ofColumn: "code", in: codes)
    let kinds = try codes.modifyTable { $0.readingKinds(ofColumns: [0]) }
    #expect(kinds == [.number])
    #expect(try codes.readTable { $0.cell(row: 0, column: 0) }.value(as: kinds[0]) == .integer(7))
    let json = try workspace.open("t.json").document
    #expect(try json.modifyTable { $0.readingKinds(ofColumns: [0]) } == [.text])
    try workspace.setColumnKind(.number, ofColumn: "n", in: json)
    #expect(try json.modifyTable { $0.readingKinds(ofColumns: [0]) } == [.number])
  }

  @Test("one undo step that leaves the file and the document's cleanness as they were")
  func undoStep() throws {
    let folder = try TemporaryFolder("folio-column-type")
    try folder.write("t.csv", Self.file)
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("t.csv").document
    try workspace.setColumnKind(.number, ofColumn: "n", in: document)
    #expect(!document.isDirty)
    #expect(try workspace.undo(document) == "Set Column Type")
    #expect(try document.readTable { $0.declaredKind(ofColumn: 1) } == nil)
    #expect(!document.isDirty)
    #expect {
      try workspace.setColumnKind(.number, ofColumn: "nope", in: document)
    } throws: { ($0 as? FolioError)?.message == "no column 'nope'; columns: id, n" }
  }

  @Test("kept per file in the state store: the next session reads the column as declared; auto forgets it")
  func keptInTheStore() throws {
    let folder = try TemporaryFolder("folio-column-type")
    try folder.write("t.csv", Self.file)
    let state = folder.path("state")
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    do {
      let workspace = Workspace(
        store: try? StateStore(directory: state), currentDirectory: folder.url.path, home: nil)
      let document = try workspace.open("t.csv").document
      try workspace.setColumnKind(.number, ofColumn: "n", in: document)
      try workspace.renameColumn("id", to: "key", in: document)
      try workspace.setColumnKind(.text, ofColumn: "key", in: document)
    }
    do {
      let workspace = Workspace(
        store: try? StateStore(directory: state), currentDirectory: folder.url.path, home: nil)
      let document = try workspace.open("t.csv").document
      #expect(
        try document.readTable { [$0.declaredKind(ofColumn: 0), $0.declaredKind(ofColumn: 1)] } == [
          nil, .number,
        ])
      try workspace.setColumnKind(nil, ofColumn: "n", in: document)
    }
    let store = try StateStore(directory: state)
    #expect(store.columnKinds(path: folder.path("t.csv")).map(\.column) == ["key"])
  }
}
