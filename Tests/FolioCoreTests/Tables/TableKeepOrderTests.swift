import Testing

@testable import FolioCore

/// A sorted table stays sorted: every edit puts the rows it changed back in order by binary
/// search (`TableModel.keepOrder`), in the edit's own undo step, with the order a stable sort
/// of the edited table gives; undo takes both back.
@Suite struct TableKeepOrderTests {
  private static func table(_ csv: String) throws -> TableModel {
    try DelimitedFormat.decodeTable(Array(csv.utf8), delimiter: .comma)
  }

  private static func document(_ csv: String) throws -> (Workspace, Document) {
    let workspace = Workspace(store: nil, currentDirectory: "/", home: nil)
    let document = try workspace.newDocument(kind: .table, columns: ["x"])
    document.content = .table(try table(csv))
    return (workspace, document)
  }

  private static func model(_ document: Document) throws -> TableModel {
    try document.modifyTable { $0 }
  }

  private static func ids(_ table: TableModel) -> [Int] { (0..<table.rowCount).map(table.id(ofRow:)) }

  private static func column(_ table: TableModel, _ column: Int) -> [String] {
    (0..<table.rowCount).map { table.cell(row: $0, column: column).description }
  }

  /// The ids in the order a stable sort of `table` by `keys` gives.
  private static func sortedIDs(_ table: TableModel, by keys: [TableSortKey], collation: TableCollation)
    throws
    -> [Int]
  {
    var copy = table
    copy.reorder(by: try table.sortPermutation(by: keys, collation: collation))
    return ids(copy)
  }

  private struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state ^ (state >> 29)
    }
  }

  /// Values that keep a column numeric, make it text, tie, or are empty.
  private static let values = [
    "1", "2", "10", "-3", "", "b", "B", "a", "Évora", "item 9", "item 10", "2", "x",
  ]

  @Test(
    "after each random edit, add or delete the rows are where a stable sort of the edited table puts them",
    arguments: [TableCollation.standard, .binary])
  func randomEdits(collation: TableCollation) throws {
    var random = Generator(state: collation == .standard ? 7 : 11)
    for round in 0..<12 {
      var csv = "k,n,t\n"
      for row in 0..<(5 + round * 3) {
        csv +=
          "\(Self.values[row % 4]),\(row % 5),\(Self.values[Int.random(in: 0..<Self.values.count, using: &random)])\n"
      }
      let (workspace, document) = try Self.document(csv)
      workspace.sortCollation = { collation }
      let keys = [
        [TableSortKey(column: "k")],
        [TableSortKey(column: "n", order: .descending), TableSortKey(column: "t")],
        [TableSortKey(column: "t"), TableSortKey(column: "k", order: .descending)],
      ][round % 3]
      try workspace.sort(document, by: keys)
      for _ in 0..<25 {
        let before = try Self.model(document)
        var expected = before
        let value = Self.values[Int.random(in: 0..<Self.values.count, using: &random)]
        switch Int.random(in: 0..<6, using: &random) {
        case 0 where before.rowCount > 1:
          let id = before.id(ofRow: Int.random(in: 0..<before.rowCount, using: &random))
          try workspace.deleteRows([id], from: document)
          expected.removeRow(at: expected.rowIndex(id: id) ?? 0)
        case 1:
          try workspace.addRow([0: value, 2: value], to: document)
          expected.appendRow([.string(value), .string(""), .string(value)])
        default:
          let index = Int.random(in: 0..<before.rowCount, using: &random)
          let column = Int.random(in: 0..<3, using: &random)
          let changed = try workspace.setCell(
            rowID: before.id(ofRow: index), column: column, to: value, in: document)
          if changed { expected.setCell(row: index, column: column, to: .string(value)) }
        }
        let after = try Self.model(document)
        #expect(Self.ids(after) == (try Self.sortedIDs(expected, by: keys, collation: collation)))
        #expect(document.sortOrder == keys)
      }
    }
  }

  @Test("one undo takes back the edit and the move it caused; redo makes both again")
  func undoTakesBoth() throws {
    let (workspace, document) = try Self.document("name,n\nAda,1\nBob,2\nCy,3\nDee,4\n")
    try workspace.sort(document, by: [TableSortKey(column: "name")])
    document.selection = [2]
    let sorted = try Self.model(document)
    try workspace.setCell(rowID: 2, column: 0, to: "Zed", in: document)
    #expect(Self.column(try Self.model(document), 0) == ["Ada", "Cy", "Dee", "Zed"])
    #expect(document.selection == [2], "the selection stays with the row's id")
    #expect(try Self.model(document).id(ofRow: 3) == 2)
    #expect(try workspace.undo(document) == "Edit Cell")
    #expect(try Self.model(document) == sorted)
    #expect(document.sortOrder == [TableSortKey(column: "name")])
    #expect(try workspace.redo(document) == "Edit Cell")
    #expect(Self.column(try Self.model(document), 0) == ["Ada", "Cy", "Dee", "Zed"])
    #expect(try workspace.undo(document) == "Edit Cell")
    #expect(try workspace.undo(document) == "Sort")
    #expect(document.sortOrder.isEmpty)
  }

  @Test("an added row goes to its place; a descending key puts it first")
  func addedRow() throws {
    let (workspace, document) = try Self.document("name,n\nAda,1\nBob,2\nCy,3\n")
    try workspace.sort(document, by: [TableSortKey(column: "n", order: .descending)])
    let id = try workspace.addRow([1: "9"], to: document)
    let table = try Self.model(document)
    #expect(table.id(ofRow: 0) == id)
    #expect(Self.column(table, 1) == ["9", "3", "2", "1"])
  }

  @Test("a number column given a word sorts as text; losing its last word, as numbers again")
  func kindChanges() throws {
    let (workspace, document) = try Self.document("v\n10\n9\n100\n")
    workspace.sortCollation = { .binary }
    try workspace.sort(document, by: [TableSortKey(column: "v")])
    #expect(Self.column(try Self.model(document), 0) == ["9", "10", "100"])
    try workspace.setCell(rowID: 3, column: 0, to: "x", in: document)
    #expect(Self.column(try Self.model(document), 0) == ["10", "9", "x"], "as text, by code point")
    try workspace.setCell(rowID: 1, column: 0, to: "70", in: document)
    #expect(Self.column(try Self.model(document), 0) == ["70", "9", "x"])
    try workspace.deleteRows([3], from: document)
    #expect(Self.column(try Self.model(document), 0) == ["9", "70"], "numbers again once x is gone")
    _ = try workspace.undo(document)
    #expect(Self.column(try Self.model(document), 0) == ["70", "9", "x"])
  }

  @Test("an ASCII column given accented text keeps its order under binary collation")
  func asciiWidens() throws {
    let (workspace, document) = try Self.document("name\nb\na\nC\n")
    workspace.sortCollation = { .binary }
    try workspace.sort(document, by: [TableSortKey(column: "name")])
    try workspace.setCell(rowID: 1, column: 0, to: "é", in: document)
    try workspace.addRow([0: "A"], to: document)
    #expect(Self.column(try Self.model(document), 0) == ["A", "a", "C", "é"])
  }

  @Test("clearing the order leaves the rows, and edits no longer move them; undo gives it back")
  func clear() throws {
    let (workspace, document) = try Self.document("name\nb\na\nc\n")
    try workspace.sort(document, by: [TableSortKey(column: "name")])
    let wasDirty = document.isDirty
    try workspace.clearSortOrder(of: document)
    #expect(document.sortOrder.isEmpty)
    #expect(document.isDirty == wasDirty, "the order is not in the file")
    try workspace.setCell(rowID: 1, column: 0, to: "z", in: document)
    #expect(Self.column(try Self.model(document), 0) == ["a", "z", "c"])
    _ = try workspace.undo(document)
    #expect(try workspace.undo(document) == "Clear Sort Order")
    #expect(document.sortOrder == [TableSortKey(column: "name")])
    #expect(throws: FolioError.self) {
      try workspace.clearSortOrder(of: try Self.document("name\na\n").1)
    }
  }

  @Test("an initial order on rows already in it changes nothing; a new window's is its view order")
  func initialOrder() throws {
    let (workspace, sorted) = try Self.document("name\na\nb\n")
    #expect(
      try workspace.applyInitialSortOrder([TableSortKey(column: "name")], to: sorted, isNewWindow: true)
        == false)
    #expect(!sorted.isDirty)
    #expect(sorted.sortOrder == [TableSortKey(column: "name")])
    #expect(throws: FolioError.self) { try workspace.undo(sorted) }
    // A clean document in a window just opened: the rows move, but nothing was edited.
    let (_, opened) = try Self.document("name\nb\na\n")
    #expect(
      try workspace.applyInitialSortOrder([TableSortKey(column: "name")], to: opened, isNewWindow: true)
        == true)
    #expect(Self.column(try Self.model(opened), 0) == ["a", "b"])
    #expect(!opened.isDirty, "the view order is no unsaved change")
    #expect(opened.sortOrder == [TableSortKey(column: "name")])
    #expect { try workspace.undo(opened) } throws: { ($0 as? FolioError)?.code == .disabled }
    // A window already open: the rows are sorted as `sort` does, one undoable step.
    let (_, focused) = try Self.document("name\nb\na\n")
    #expect(
      try workspace.applyInitialSortOrder([TableSortKey(column: "name")], to: focused, isNewWindow: false)
        == true)
    #expect(focused.isDirty)
    #expect(try workspace.undo(focused) == "Sort")
    #expect(Self.column(try Self.model(focused), 0) == ["b", "a"])
  }

  @Test("a plugin's edits, grouped, are one undo step with their moves; a rollback restores all")
  func grouped() throws {
    let (workspace, document) = try Self.document("name\nb\nd\nf\n")
    try workspace.sort(document, by: [TableSortKey(column: "name")])
    let sorted = try Self.model(document)
    document.beginGroup()
    try workspace.setCell(rowID: 1, column: 0, to: "z", in: document)
    try workspace.addRow([0: "a"], to: document)
    document.commitGroup(name: "Plugin")
    #expect(Self.column(try Self.model(document), 0) == ["a", "d", "f", "z"])
    #expect(try workspace.undo(document) == "Plugin")
    #expect(Self.ids(try Self.model(document)) == Self.ids(sorted))
    #expect(Self.column(try Self.model(document), 0) == ["b", "d", "f"])
    document.beginGroup()
    try workspace.setCell(rowID: 3, column: 0, to: "a", in: document)
    document.rollbackGroup()
    #expect(Self.ids(try Self.model(document)) == Self.ids(sorted))
    #expect(Self.column(try Self.model(document), 0) == ["b", "d", "f"])
    #expect(document.sortOrder == [TableSortKey(column: "name")])
  }

  @Test("a move is described as one run, from the row's old place to its new one")
  func describedRun() throws {
    let (workspace, document) = try Self.document("name\na\nb\nc\nd\ne\n")
    try workspace.sort(document, by: [TableSortKey(column: "name")])
    _ = document.takeContentChange()
    try workspace.setCell(rowID: 4, column: 0, to: "aa", in: document)
    #expect(document.takeContentChange() == .run(start: 1, removed: 3, inserted: 3))
    #expect(Self.column(try Self.model(document), 0) == ["a", "aa", "b", "c", "e"])
  }

  @Test(
    "moving one row or several puts each at its place and the others in order in the places left; position(after:) says where each went"
  )
  func movesAgree() throws {
    var random = Generator(state: 3)
    for _ in 0..<300 {
      let count = Int.random(in: 1...40, using: &random)
      let moved = Array(
        (0..<count).shuffled(using: &random).prefix(Int.random(in: 1...min(count, 5), using: &random)))
      let places = Array((0..<count).shuffled(using: &random).prefix(moved.count))
      let moves = zip(moved, places).map { RowReordering.Move(from: $0, to: $1) }
      // The definition: each moved row at its place, the others in order in the places left.
      var expected = [Int?](repeating: nil, count: count)
      for move in moves { expected[move.to] = move.from + 1 }
      var stayers = (0..<count).filter { !moved.contains($0) }.map { $0 + 1 }.makeIterator()
      for place in expected.indices where expected[place] == nil { expected[place] = stayers.next() }
      var table = try Self.table("x\n" + (0..<count).map { "\($0)\n" }.joined())
      let reordering = RowReordering.moves(moves)
      table.reorder(reordering)
      #expect(Self.ids(table) == expected.map { $0 ?? 0 }, "\(moves)")
      #expect((0..<count).allSatisfy { expected[reordering.position(after: $0)] == $0 + 1 }, "\(moves)")
    }
  }
}
