import Testing

@testable import FolioCore
@testable import FolioSession

/// The words commands take are read once, at the edge, into the typed values the core
/// takes: sort keys, cells, windows, the columns `show` shows, pages.
@Suite struct CommandWordTests {
  private static func table(_ csv: String) throws -> TableModel {
    try DelimitedFormat.decodeTable(Array(csv.utf8), delimiter: .comma)
  }

  private static let places = try? table("name,city,comfort,noise\nA,Vienna,4,6\nB,Tokyo,5,3\n")

  @Test("sort keys: a column and a direction")
  func sortKeys() throws {
    #expect(try TableSortKey(parsing: "noise:desc") == TableSortKey(column: "noise", order: .descending))
    #expect(try TableSortKey(parsing: "name") == TableSortKey(column: "name"))
    #expect(throws: FolioError.self) { try TableSortKey(parsing: "name:up") }
    #expect(throws: FolioError.self) { try TableSortKey(parsing: ":desc") }
  }

  @Test("a position word is an integer in range, or an error naming it")
  func positions() throws {
    #expect(try Position.index(parsing: "3", count: 3, kind: "row") == 2)
    #expect(throws: FolioError.invalidArgument("'x' is not a row number; rows are 1–3")) {
      try Position.index(parsing: "x", count: 3, kind: "row")
    }
  }

  @Test("a cell: the row by position or id, the column by name first, else by number")
  func cells() throws {
    let table = try Self.table("a,2\nx,y\nz,w\n")
    #expect(try CellReference(row: "2", column: "a", in: table) == CellReference(rowID: 2, column: 0))
    #expect(try CellReference(row: "id:1", column: "2", in: table) == CellReference(rowID: 1, column: 1))
    #expect(try CellReference(row: "1", column: "1", in: table) == CellReference(rowID: 1, column: 0))
    #expect(throws: FolioError.invalidArgument("no column 'c'; columns: a, 2")) {
      try CellReference(row: "1", column: "c", in: table)
    }
    #expect(throws: FolioError.invalidArgument("no row with id:9")) {
      try CellReference(row: "id:9", column: "a", in: table)
    }
    for edge in [Int.min, Int.max] {
      #expect(throws: FolioError.self) { try CellReference(row: "1", column: String(edge), in: table) }
      #expect(throws: FolioError.self) { try CellReference(row: String(edge), column: "a", in: table) }
    }
  }

  @Test("a window by number or title; a title two windows share is an error naming both")
  func windows() throws {
    let workspace = Workspace(store: nil, currentDirectory: "/", home: nil)
    let first = try workspace.newDocument(kind: .text, columns: [])
    let second = try workspace.newDocument(kind: .text, columns: [])
    #expect(try WindowReference.windowID("2", in: workspace) == second.windowID)
    #expect(try WindowReference.windowID(first.title.uppercased(), in: workspace) == first.windowID)
    for edge in [Int.min, Int.max] {
      #expect(throws: FolioError.self) { try WindowReference.windowID(String(edge), in: workspace) }
    }
    second.title = first.title
    #expect(
      throws: FolioError(
        .invalidArgument, "'\(first.title)' matches windows 1, 2: focus one by number",
        values: ["title": first.title], remedies: [.run("document.list", effect: "lists them")])
    ) { try WindowReference.windowID(first.title, in: workspace) }
    #expect(try WindowReference.windowID("1", in: workspace) == first.windowID)
  }

  @Test("columns= picks and orders columns; name:N fixes a width")
  func columns() throws {
    let table = try #require(Self.places)
    #expect(
      try ColumnSelection.columns("noise,name:8", in: table)
        == [TableViewColumn(index: 3), TableViewColumn(index: 0, widthRule: .fixed(8))])
  }

  @Test("columns= errors name the columns there are")
  func columnErrors() throws {
    let table = try #require(Self.places)
    let cases: [(String, String)] = [
      ("rating", "no column 'rating'; columns: name, city, comfort, noise"),
      ("name,name", "column 'name' is named twice in columns=name,name"),
      ("name:0", "'name:0': a column's width is a number of columns in 1–10000 (name:12)"),
      ("name:wide", "'name:wide': a column's width is a number of columns in 1–10000 (name:12)"),
      ("", "columns= needs column names, such as columns=name,city"),
    ]
    for (text, message) in cases {
      #expect(throws: FolioError.invalidArgument(message)) { try ColumnSelection.columns(text, in: table) }
    }
  }

  @Test("a column named with a colon is found by its whole name before name:N is tried")
  func colonInName() throws {
    let table = try Self.table("a:1,b\nx,y\n")
    #expect(try ColumnSelection.columns("a:1", in: table) == [TableViewColumn(index: 0)])
  }

  @Test("a journal: digits are its number, anything else a path")
  func journals() throws {
    #expect(try JournalReference(parsing: "2", journalCount: 3) == .number(2))
    #expect(try JournalReference(parsing: "notes.txt", journalCount: 3) == .path("notes.txt"))
    #expect(throws: FolioError.self) {
      try JournalReference(parsing: "99999999999999999999", journalCount: 3)
    }
  }

  @Test("pages: one or a range, from 1")
  func pages() throws {
    #expect(try PageRange.parsing("3") == 3...3)
    #expect(try PageRange.parsing("2-5") == 2...5)
    #expect(throws: FolioError.self) { try PageRange.parsing("0") }
    #expect(throws: FolioError.self) { try PageRange.parsing("5-2") }
  }
}
