import FolioTestSupport
import Foundation
import Testing

@testable import FolioCore

/// Table documents opened from CSV files: edits, undo and save through the workspace.
@Suite struct TableDocumentTests {
  private static let file = "id,name\r\n1,\"Smith, J\"\r\n2,\"O\"\"Brien\"\r\n3,Lee\r\n"

  private static func table(_ document: Document) throws -> TableModel {
    try document.modifyTable { $0 }
  }

  @Test("cell edits by row id and column index, undo and redo, then save writes only that change")
  func editUndoSave() throws {
    let folder = try TemporaryFolder("folio-tables")
    try folder.write("people.csv", Self.file)
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("people.csv").document

    try workspace.setCell(rowID: 2, column: 1, to: "O'Neil", in: document)
    try workspace.setCell(rowID: 3, column: 1, to: "Lee, B", in: document)
    #expect(try Self.table(document).cells(ofRow: 1) == [.string("2"), .string("O'Neil")])
    #expect(try Self.table(document).cell(row: 2, column: 1) == .string("Lee, B"))
    #expect(try workspace.undo(document) == "Edit Cell")
    #expect(try Self.table(document).cell(row: 2, column: 1) == .string("Lee"))
    #expect(try workspace.redo(document) == "Edit Cell")
    #expect(try Self.table(document).rows.map(\.id) == [1, 2, 3])

    try workspace.save(document)
    #expect(try folder.read("people.csv") == "id,name\r\n1,\"Smith, J\"\r\n2,O'Neil\r\n3,\"Lee, B\"\r\n")
  }

  @Test("an added row is undone and redone with a new id, and show finds rows by position")
  func addRowUndo() throws {
    let folder = try TemporaryFolder("folio-tables")
    try folder.write("people.csv", Self.file)
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("people.csv").document

    #expect(try workspace.addRow([(column: "name", value: "Ng")], to: document) == 4)
    #expect(try workspace.undo(document) == "Add Row")
    #expect(try Self.table(document).rowCount == 3)
    #expect(try workspace.redo(document) == "Add Row")
    #expect(try Self.table(document).rows.map(\.id) == [1, 2, 3, 5])
    guard case .table(let view) = try workspace.view(of: document, positions: [4], metrics: .text) else {
      throw FolioError.invalidArgument("a table shows as a table")
    }
    #expect(view.title == "people")
    #expect(view.columns.map(\.title) == ["id", "name"])
    #expect(Array(view.rows) == [DocumentViewRow(position: 4, id: 5, cells: ["", "Ng"])])
    #expect(throws: FolioError.invalidArgument("row 5 is outside 1–4")) {
      try workspace.view(of: document, positions: [5], metrics: .text)
    }

    try workspace.save(document)
    #expect(try folder.read("people.csv") == Self.file + ",Ng\r\n")
  }

  @Test("an unedited table saved as TSV and JSON is written from the file's bytes")
  func saveAsOtherFormats() throws {
    let folder = try TemporaryFolder("folio-tables")
    try folder.write("people.csv", Self.file)
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("people.csv").document
    try workspace.save(document, as: "people.tsv")
    #expect(try folder.read("people.tsv") == "id\tname\r\n1\tSmith, J\r\n2\t\"O\"\"Brien\"\r\n3\tLee\r\n")
    try workspace.save(document, as: "people.json")
    #expect(
      try folder.read("people.json") == #"""
        [
          {
            "id": "1",
            "name": "Smith, J"
          },
          {
            "id": "2",
            "name": "O\"Brien"
          },
          {
            "id": "3",
            "name": "Lee"
          }
        ]

        """#)
  }
}
