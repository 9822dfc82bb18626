import Testing

@testable import FolioCore
@testable import FolioSession

/// Row and line selectors are read strictly: a malformed one is an error, never other rows.
@Suite struct RowSelectorTests {
  private static func table(rows: Int) throws -> TableModel {
    let csv = "name\n" + (1...rows).map { "r\($0)\n" }.joined()
    return try DelimitedFormat.decodeTable(Array(csv.utf8), delimiter: .comma)
  }

  @Test(
    "a malformed selector is an error naming it",
    arguments: [
      ("-1", "'-1' is not a row number or range such as 2-5"),
      ("-3", "'-3' is not a row number or range such as 2-5"),
      ("2--", "'2--' is not a row number or range such as 2-5"),
      ("-", "'-' is not a row number or range such as 2-5"),
      ("+2", "'+2' is not a row number or range such as 2-5"),
      (" 2", "' 2' is not a row number or range such as 2-5"),
      ("1--2", "'1--2' is not a row number or range such as 2-5"),
      ("1-2-3", "'1-2-3' is not a row number or range such as 2-5"),
      (",", "',' has an empty part; rows are numbers or ranges such as 1,4-6"),
      ("1,", "'1,' has an empty part; rows are numbers or ranges such as 1,4-6"),
      ("", "'' has an empty part; rows are numbers or ranges such as 1,4-6"),
      ("3-1", "rows 3-1 end before they start"),
      ("id:", "'id:' is not a row id such as id:7"),
      ("id:-2", "'id:-2' is not a row id such as id:7"),
      ("id:99999999999999999999", "no row has id:99999999999999999999: row ids are at most \(Int.max)"),
    ])
  func malformed(_ selector: String, _ message: String) {
    #expect(throws: FolioError.invalidArgument(message)) { try RowSelector(parsing: selector, kind: "row") }
  }

  @Test("positions, ranges and ids in the order written, checked against the table")
  func positions() throws {
    let table = try Self.table(rows: 5)
    #expect(try table.rowPositions("3,1-2,id:5") == [3, 1, 2, 5])
    #expect(try table.rowIDs("2-3") == [2, 3])
    #expect(try table.rowPositions("4-") == [4, 5])
    #expect(try table.rowPositions("5-,1") == [5, 1])
    #expect(throws: FolioError.invalidArgument("row 6 is outside 1–5")) { try table.rowPositions("6-") }
    #expect(throws: FolioError.invalidArgument("row 6 is outside 1–5")) { try table.rowPositions("6") }
    #expect(throws: FolioError.invalidArgument("row 0 is outside 1–5")) { try table.rowPositions("0") }
    #expect(throws: FolioError.invalidArgument("rows 4-9 are outside 1–5")) { try table.rowPositions("4-9") }
    #expect(throws: FolioError.invalidArgument("no row with id:9")) { try table.rowPositions("id:9") }
  }

  @Test("integers at the edges are errors, never a trap or a huge list")
  func edges() throws {
    let table = try Self.table(rows: 2)
    let max = String(Int.max)
    #expect(throws: FolioError.invalidArgument("rows 1-\(max) are outside 1–2")) {
      try table.rowPositions("1-\(max)")
    }
    #expect(throws: FolioError.invalidArgument("row \(max) is outside 1–2")) { try table.rowPositions(max) }
    #expect(throws: FolioError.invalidArgument("no row with id:\(max)")) {
      try table.rowPositions("id:\(max)")
    }
    #expect(throws: FolioError.self) { try table.rowPositions(String(Int.min)) }
    #expect(throws: FolioError.invalidArgument("rows 0-\(max) are outside 1–2")) {
      try table.rowPositions("0-\(max)")
    }
    // More digits than an integer holds: outside the table too, named as written.
    let huge = "99999999999999999999"
    #expect(throws: FolioError.invalidArgument("row \(huge) is outside 1–2")) { try table.rowPositions(huge) }
    #expect(throws: FolioError.invalidArgument("rows 1-\(huge) are outside 1–2")) {
      try table.rowPositions("1-\(huge)")
    }
  }

  @Test("a position named twice is an error, so a selector never lists more rows than there are")
  func namedTwice() throws {
    let table = try Self.table(rows: 3)
    #expect(throws: FolioError.invalidArgument("row 2 is named twice")) { try table.rowPositions("1-3,2") }
    #expect(throws: FolioError.invalidArgument("row 1 is named twice")) { try table.rowPositions("1,id:1") }
    let many = Array(repeating: "1-3", count: 10_000).joined(separator: ",")
    #expect(throws: FolioError.invalidArgument("row 1 is named twice")) { try table.rowPositions(many) }
    #expect(try table.rowPositions("3,1,2") == [3, 1, 2])
  }

  @Test("lines have no ids, and an empty document has no lines")
  func lines() throws {
    #expect(try RowSelector.positions("2,1", count: 3, kind: "line") == [2, 1])
    #expect(throws: FolioError.invalidArgument("lines have no ids; use numbers such as 2-5")) {
      try RowSelector.positions("id:1", count: 3, kind: "line")
    }
    #expect(throws: FolioError.invalidArgument("the document has no lines")) {
      try RowSelector.positions("1", count: 0, kind: "line")
    }
  }
}
