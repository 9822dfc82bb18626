import FolioTestSupport
import Foundation
import Testing

@testable import FolioCore

/// Column operations (`addColumn(_:at:filledWith:to:)`, `renameColumn`, `deleteColumn`,
/// `moveColumn`): one undo step each, the bytes of the cells they do not touch kept on save,
/// names checked against the real columns.
@Suite struct TableColumnsTests {
  /// A column operation made through the workspace.
  struct Operation: Sendable, CustomTestStringConvertible {
    var name: String
    /// The undo step's name.
    var step: String
    var apply: @Sendable (Workspace, Document) throws -> Void
    var testDescription: String { name }
  }

  /// Quoted without need, a doubled quote, a line break in a field, a CRLF file.
  private static let file = Array(
    "a,b,c\r\n\"x\",1,\"say \"\"hi\"\"\"\r\ny,\"2\",\"two\nlines\"\r\nz,3,\r\n".utf8)

  private static func open(_ bytes: [UInt8], name: String = "t.csv") throws -> (
    TemporaryFolder, Workspace, Document
  ) {
    let folder = try TemporaryFolder("folio-columns")
    try folder.write(name, bytes)
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    return (folder, workspace, try workspace.open(name).document)
  }

  @Test(
    "each operation keeps every other field's bytes, quoting and terminators as written",
    arguments: [
      (
        Operation(name: "add at the end", step: "Add Column") { try $0.addColumn("d", at: .last, to: $1) },
        "a,b,c,d\r\n\"x\",1,\"say \"\"hi\"\"\",\r\ny,\"2\",\"two\nlines\",\r\nz,3,,\r\n"
      ),
      (
        Operation(name: "add first with a value that needs quotes", step: "Add Column") {
          try $0.addColumn("new", at: .first, filledWith: "p, q", to: $1)
        },
        "new,a,b,c\r\n\"p, q\",\"x\",1,\"say \"\"hi\"\"\"\r\n\"p, q\",y,\"2\",\"two\nlines\"\r\n\"p, q\",z,3,\r\n"
      ),
      (
        Operation(name: "add after a", step: "Add Column") {
          try $0.addColumn("m", at: .after("a"), filledWith: "0", to: $1)
        },
        "a,m,b,c\r\n\"x\",0,1,\"say \"\"hi\"\"\"\r\ny,0,\"2\",\"two\nlines\"\r\nz,0,3,\r\n"
      ),
      (
        Operation(name: "rename", step: "Rename Column") {
          try $0.renameColumn("b", to: "count, total", in: $1)
        },
        "a,\"count, total\",c\r\n\"x\",1,\"say \"\"hi\"\"\"\r\ny,\"2\",\"two\nlines\"\r\nz,3,\r\n"
      ),
      (
        Operation(name: "delete", step: "Delete Column") { try $0.deleteColumn("b", from: $1) },
        "a,c\r\n\"x\",\"say \"\"hi\"\"\"\r\ny,\"two\nlines\"\r\nz,\r\n"
      ),
      (
        Operation(name: "move first", step: "Move Column") { try $0.moveColumn("c", to: .first, in: $1) },
        "c,a,b\r\n\"say \"\"hi\"\"\",\"x\",1\r\n\"two\nlines\",y,\"2\"\r\n,z,3\r\n"
      ),
      (
        Operation(name: "move after", step: "Move Column") {
          try $0.moveColumn("a", to: .after("b"), in: $1)
        },
        "b,a,c\r\n1,\"x\",\"say \"\"hi\"\"\"\r\n\"2\",y,\"two\nlines\"\r\n3,z,\r\n"
      ),
    ])
  func keepsBytes(_ operation: Operation, expected: String) throws {
    let (folder, workspace, document) = try Self.open(Self.file)
    try operation.apply(workspace, document)
    try workspace.save(document)
    #expect(try folder.bytes("t.csv") == Array(expected.utf8))
    // One undo step: undone, the table and its file are as they were.
    #expect(try workspace.undo(document) == operation.step)
    try workspace.save(document)
    #expect(try folder.bytes("t.csv") == Self.file)
    let reopened = try DelimitedFormat.decode(Self.file, delimiter: .comma)
    #expect(try document.readTable { $0.content } == reopened)
  }

  @Test("a column operation reads back as the cells moved: edited, added and deleted rows included")
  func cellsFollowTheirColumns() throws {
    let (folder, workspace, document) = try Self.open(Array("a,b\n1,2\n3,4\n5,6\n".utf8))
    try workspace.setCell(position: 1, columnNamed: "b", to: "20", in: document)
    _ = try workspace.deleteRows([2], from: document)
    try workspace.addRow([(column: "a", value: "7"), (column: "b", value: "8")], to: document)
    try workspace.moveColumn("b", to: .first, in: document)
    try workspace.addColumn("c", at: .after("b"), filledWith: "x", to: document)
    try workspace.deleteColumn("a", from: document)
    try workspace.save(document)
    #expect(try folder.bytes("t.csv") == Array("b,c\n20,x\n6,x\n8,x\n".utf8))
    // Every step back, then the deleted row back: the file is written as it was read.
    for _ in 0..<4 { _ = try workspace.undo(document) }
    _ = try workspace.undo(document)
    try workspace.setCell(position: 1, columnNamed: "b", to: "2", in: document)
    try workspace.save(document)
    #expect(try folder.bytes("t.csv") == Array("a,b\n1,2\n3,4\n5,6\n".utf8))
  }

  @Test("an unknown column is refused with the real ones listed, and nothing changes")
  func unknownColumn() throws {
    let (_, workspace, document) = try Self.open(Self.file)
    let calls: [() throws -> Void] = [
      { try workspace.renameColumn("nope", to: "x", in: document) },
      { try workspace.deleteColumn("nope", from: document) },
      { try workspace.moveColumn("nope", to: .first, in: document) },
      { try workspace.moveColumn("a", to: .after("nope"), in: document) },
      { try workspace.addColumn("d", at: .after("nope"), to: document) },
    ]
    for call in calls {
      #expect {
        try call()
      } throws: { error in
        let error = error as? FolioError
        return error?.code == .invalidArgument && error?.message == "no column 'nope'; columns: a, b, c"
      }
    }
    #expect(!document.isDirty)
    #expect(try document.readTable { $0.columns } == ["a", "b", "c"])
  }

  @Test("a name that exists is refused; the only column cannot be deleted")
  func namesThatExist() throws {
    let (_, workspace, document) = try Self.open(Self.file)
    #expect {
      try workspace.addColumn("b", at: .first, to: document)
    } throws: { ($0 as? FolioError)?.message == "there is a column 'b' already" }
    #expect {
      try workspace.renameColumn("a", to: "c", in: document)
    } throws: { ($0 as? FolioError)?.message == "there is a column 'c' already" }
    #expect {
      try workspace.moveColumn("a", to: .after("a"), in: document)
    } throws: { ($0 as? FolioError)?.message == "a column cannot move after itself" }
    let (_, lone, single) = try Self.open(Array("only\n1\n".utf8))
    #expect {
      try lone.deleteColumn("only", from: single)
    } throws: { ($0 as? FolioError)?.message == "'only' is the table's only column" }
    #expect(!document.isDirty && !single.isDirty)
  }

  @Test("one column left: an empty field is written quoted, so that the row is not lost")
  func loneEmptyField() throws {
    let (folder, workspace, document) = try Self.open(Array("a,b\n,1\nx,2\n".utf8))
    try workspace.deleteColumn("b", from: document)
    try workspace.save(document)
    #expect(try folder.bytes("t.csv") == Array("a\n\"\"\nx\n".utf8))
    #expect(try DelimitedFormat.decode(try folder.bytes("t.csv"), delimiter: .comma).rows.count == 2)
  }

  @Test("a JSON table: columns added, moved and deleted are the objects' keys, in order")
  func jsonTable() throws {
    let (folder, workspace, document) = try Self.open(
      Array(#"[{"name":"A","n":1},{"name":"B"}]"#.utf8) + [0x0A], name: "t.json")
    try workspace.addColumn("note", at: .first, filledWith: "hi", to: document)
    try workspace.moveColumn("name", to: .after("n"), in: document)
    try workspace.save(document)
    #expect(
      try folder.bytes("t.json")
        == Array(#"[{"note":"hi","n":1,"name":"A"},{"note":"hi","name":"B"}]"#.utf8) + [0x0A])
    try workspace.deleteColumn("note", from: document)
    try workspace.renameColumn("n", to: "count", in: document)
    try workspace.save(document)
    #expect(try folder.bytes("t.json") == Array(#"[{"count":1,"name":"A"},{"name":"B"}]"#.utf8) + [0x0A])
  }

  @Test("a sort key follows its column's new name, and goes with the column deleted (undo gives it back)")
  func sortOrder() throws {
    let (_, workspace, document) = try Self.open(Array("a,b\n2,x\n1,y\n".utf8))
    try workspace.sort(document, by: [TableSortKey(column: "a")])
    try workspace.renameColumn("a", to: "n", in: document)
    #expect(document.sortOrder == [TableSortKey(column: "n")])
    try workspace.addRow([(column: "n", value: "0"), (column: "b", value: "z")], to: document)
    #expect(try document.readTable { $0.cells(ofRow: 0) } == [.string("0"), .string("z")])
    try workspace.deleteColumn("n", from: document)
    #expect(document.sortOrder.isEmpty)
    _ = try workspace.undo(document)
    #expect(document.sortOrder == [TableSortKey(column: "n")])
    _ = try workspace.undo(document)
    _ = try workspace.undo(document)
    #expect(document.sortOrder == [TableSortKey(column: "a")])
  }
}
