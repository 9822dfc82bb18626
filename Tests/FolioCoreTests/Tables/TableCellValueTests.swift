import Testing

@testable import FolioCore

/// Typed cells: what a cell reads as, by its column's kind; writing back the value a cell
/// reads as is no edit; a value written to another row takes the column's own spelling; the
/// Favorite toggle takes away the column it added once it is empty again.
@Suite struct TableCellValueTests {
  /// The table of issue 33: a yes/no column, a number column, a column of codes.
  private static let places = "name,open,price,code\nA,Yes,1.50,007\nB,no,2.0,010\nC,Y,1e3,100\n"

  private static func document(_ csv: String = places) throws -> (Workspace, Document) {
    let workspace = Workspace(store: nil, currentDirectory: "/", home: nil)
    let document = try workspace.newDocument(kind: .table, columns: ["x"])
    document.content = .table(try DelimitedFormat.decodeTable(Array(csv.utf8), delimiter: .comma))
    document.markSaved()
    return (workspace, document)
  }

  private static func model(_ document: Document) throws -> TableModel {
    try document.modifyTable { $0 }
  }

  private static func csv(_ document: Document) throws -> String {
    String(decoding: DelimitedFormat.encode(try model(document)), as: UTF8.self)
  }

  /// Whether the document has nothing to undo.
  private static func hasNoUndo(_ workspace: Workspace, _ document: Document) -> Bool {
    do {
      _ = try workspace.undo(document)
      return false
    } catch {
      return error.code == .disabled
    }
  }

  @Test("cells read by their column's kind: yes/no, numbers, and codes with leading zeros as text")
  func reading() throws {
    let (workspace, document) = try Self.document()
    let kinds = try workspace.readingKinds(of: document)
    #expect(kinds == [.text, .bool, .number, .text])
    let table = try Self.model(document)
    let values = (0..<table.rowCount).map { row in
      (0..<4).map { table.cell(row: row, column: $0).value(as: kinds[$0]) }
    }
    #expect(
      values == [
        [.text("A"), .bool(true), .number(1.5), .text("007")],
        [.text("B"), .bool(false), .number(2), .text("010")],
        [.text("C"), .bool(true), .integer(1000), .text("100")],
      ])
  }

  @Test("writing back the value every cell reads as leaves every byte: no undo step, not dirty")
  func writingBack() throws {
    for csv in [
      Self.places, "zip,n\n01234,1\n02134,-0.5\n", "flag,x\nON,0x1F\noff,+7\n", "a,b\n,\nx,\n",
    ] {
      let (workspace, document) = try Self.document(csv)
      let kinds = try workspace.readingKinds(of: document)
      let table = try Self.model(document)
      for row in 0..<table.rowCount {
        for column in table.columns.indices {
          let value = table.cell(row: row, column: column).value(as: kinds[column])
          let changed = try workspace.setCell(
            rowID: table.id(ofRow: row), column: column, to: value, in: document)
          #expect(!changed, "row \(row + 1), column \(column + 1) of \(csv)")
        }
      }
      #expect(try Self.csv(document) == csv)
      #expect(!document.isDirty)
      #expect(Self.hasNoUndo(workspace, document))
    }
  }

  @Test("a JSON table's typed cells written back are no edit either")
  func writingBackJSON() throws {
    let workspace = Workspace(store: nil, currentDirectory: "/", home: nil)
    let document = try workspace.newDocument(kind: .table, columns: ["x"])
    document.content = .table(
      try JSONTableFormat.decodeTable(Array(#"[{"n":1.50,"b":true,"s":"0042","o":{"k":[1]},"z":null}]"#.utf8))
    )
    document.markSaved()
    let kinds = try workspace.readingKinds(of: document)
    let table = try Self.model(document)
    #expect(table.cell(row: 0, column: 2).value(as: kinds[2]) == .text("0042"))
    for column in table.columns.indices {
      let value = table.cell(row: 0, column: column).value(as: kinds[column])
      #expect(try !workspace.setCell(rowID: 1, column: column, to: value, in: document), "column \(column)")
    }
    #expect(try Self.model(document) == table)
    #expect(!document.isDirty)
  }

  @Test("a yes/no or number value written to another row takes the column's own spelling")
  func spelling() throws {
    let (workspace, document) = try Self.document()
    // Row 3's open (true, written `Y`) to row 2: the first cell that reads as true is `Yes`.
    #expect(try workspace.setCell(rowID: 2, column: 1, to: CellValue.bool(true), in: document))
    // False where no cell reads as false any more: the other word of `Yes`, in its case.
    #expect(try workspace.setCell(rowID: 1, column: 1, to: CellValue.bool(false), in: document))
    // 1.5 in a column that spells it `1.50`; 2 where `2.0` is.
    #expect(try workspace.setCell(rowID: 3, column: 2, to: CellValue.number(1.5), in: document))
    #expect(try workspace.setCell(rowID: 1, column: 2, to: CellValue.integer(2), in: document))
    // A number no cell holds is written afresh; text as it is.
    #expect(try workspace.setCell(rowID: 2, column: 2, to: CellValue.number(0.25), in: document))
    #expect(try workspace.setCell(rowID: 1, column: 3, to: CellValue.integer(7), in: document))
    try workspace.addRow(cells: [0: .text("D"), 1: .bool(true), 2: .number(1.5)], to: document)
    #expect(
      try Self.csv(document)
        == "name,open,price,code\nA,No,2.0,7\nB,Yes,0.25,010\nC,Y,1.50,100\nD,Yes,1.50,\n")
  }

  @Test("text is compared and written as bytes, whatever the column's kind")
  func text() throws {
    let (workspace, document) = try Self.document()
    #expect(try !workspace.setCell(rowID: 1, column: 2, to: "1.50", in: document))
    #expect(try !workspace.setCell(rowID: 1, column: 1, to: CellValue.text("Yes"), in: document))
    #expect(!document.isDirty)
    #expect(try workspace.setCell(rowID: 1, column: 2, to: "1.5", in: document))
    #expect(try Self.model(document).cell(row: 0, column: 2) == .string("1.5"))
  }

  @Test("the kind kept for a column survives a write whose two cells tell the new kind, and only that")
  func keptKinds() throws {
    var table = try DelimitedFormat.decodeTable(Array(Self.places.utf8), delimiter: .comma)
    #expect(table.valueKinds(ofColumns: [1, 2, 3]) == [.bool, .number, .text])
    table.setCell(row: 0, column: 2, to: .string("4"))
    table.setCell(row: 0, column: 1, to: .string("off"))
    table.setCell(row: 0, column: 3, to: .string("N1"))
    #expect(
      table.valueKindCache[1] != nil && table.valueKindCache[2] != nil && table.valueKindCache[3] != nil)
    // A word over a number makes the column text, whatever the other cells.
    table.setCell(row: 1, column: 2, to: .string("x"))
    #expect(table.valueKindCache[2]?.kind == .text)
    // A number over a number leaves the word that makes the column text.
    table.setCell(row: 0, column: 2, to: .string("5"))
    #expect(table.valueKindCache[2]?.kind == .text)
    // A number over that word may make it numbers again: read again.
    table.setCell(row: 1, column: 2, to: .string("2"))
    #expect(table.valueKindCache[2] == nil)
    #expect(table.valueKinds(ofColumns: [2]) == [.number])
  }

  private struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state ^ (state >> 29)
    }
  }

  @Test("after each random write the kind kept for a column is the kind its cells make")
  func keptKindsAgree() throws {
    let seed: UInt64 = 33
    print("keptKindsAgree seed \(seed)")
    var random = Generator(state: seed)
    let pool = ["", "1", "2.5", "007", "yes", "No", "x", "0", "on"]
    for round in 0..<40 {
      var csv = "a\n"
      for _ in 0..<(1 + round % 6) { csv += "\(pool.randomElement(using: &random) ?? "")\n" }
      var table = try DelimitedFormat.decodeTable(Array(csv.utf8), delimiter: .comma)
      _ = table.valueKinds(ofColumns: [0])
      for _ in 0..<12 {
        let row = Int.random(in: 0..<table.rowCount, using: &random)
        table.setCell(row: row, column: 0, to: .string(pool.randomElement(using: &random) ?? ""))
        let kept = table.valueKinds(ofColumns: [0])
        let cells = (0..<table.rowCount).map { table.cell(row: $0, column: 0).description }
        #expect(kept == [TableValueKind.infer(cells)], "seed \(seed), round \(round): \(cells)")
      }
    }
  }

  @Test("favorite on then off on a table without the column takes the column away: the same bytes")
  func favoriteColumnGoes() throws {
    let (workspace, document) = try Self.document()
    try workspace.setFavorite(true, rowID: 2, in: document)
    #expect(try Self.model(document).columns.last == "favorite")
    try workspace.setFavorite(true, rowID: 3, in: document)
    try workspace.setFavorite(false, rowID: 2, in: document)
    #expect(try Self.model(document).columns.last == "favorite", "row 3 still fills it")
    try workspace.setFavorite(false, rowID: 3, in: document)
    #expect(try Self.model(document).columns == ["name", "open", "price", "code"])
    #expect(try Self.csv(document) == Self.places)
    // Undo puts the column back with row 3 marked; redo takes it away again.
    #expect(try workspace.undo(document) == "Unfavorite")
    #expect(workspace.isFavorite(rowID: 3, in: document))
    #expect(try Self.model(document).columns.last == "favorite")
    #expect(try workspace.redo(document) == "Unfavorite")
    #expect(try Self.csv(document) == Self.places)
  }

  @Test("a favorite column the file has stays, empty or not")
  func favoriteColumnStays() throws {
    let csv = "name,favorite\nA,\nB,\n"
    let (workspace, document) = try Self.document(csv)
    try workspace.setFavorite(true, rowID: 1, in: document)
    try workspace.setFavorite(false, rowID: 1, in: document)
    #expect(try Self.csv(document) == csv)
    #expect(try Self.model(document).columns == ["name", "favorite"])
  }
}
