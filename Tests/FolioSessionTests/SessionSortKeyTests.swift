import FolioCore
import FolioTestSupport
import Testing

@testable import FolioSession

/// The typed sort call refuses a column named by two keys, so every front end (the shell's
/// `sort`, `open --sort`, the embed protocol's `table.sort`, plugins) gets the same error
/// before anything is made for the sort, and a sort has at most as many keys as columns.
@Suite struct SessionSortKeyTests {
  /// A session over a folder holding `t.csv`: columns `a` and `b`, rows 3, 1, 2 by `a`.
  private static func makeSession(in folder: TemporaryFolder) throws -> Session {
    try folder.write("t.csv", "a,b\n3,x\n1,y\n2,z\n")
    return Session(
      workspace: Workspace(store: nil, currentDirectory: folder.url.path, home: nil), metrics: .text)
  }

  /// Whether `error` is the repeated-key error for column `column`.
  private static func isRepeatedKey(_ error: any Error, column: String) -> Bool {
    guard let error = error as? FolioError else { return false }
    return error.code == .invalidArgument && error.values["column"] == column
      && error.message == "the column '\(column)' is a sort key twice; each column can be one key"
  }

  /// The active table's rows as their `a` cells, in order.
  private static func firstCells(of session: Session) throws -> [String] {
    guard case .table(let table) = try session.activeDocument().content else { return [] }
    return (0..<table.rowCount).map { table.cell(row: $0, column: 0).description }
  }

  @Test(
    "a column named twice, in either direction or among others, is refused; the table is untouched",
    arguments: [["a", "a"], ["a", "a:desc"], ["b", "a", "b:desc"], Array(repeating: "a", count: 10_000)])
  func repeatedKeys(_ words: [String]) throws {
    let folder = try TemporaryFolder()
    let session = try Self.makeSession(in: folder)
    let document = try session.open("t.csv")
    let keys = try words.map { try TableSortKey(parsing: $0) }
    let repeated = words.count == 3 ? "b" : "a"
    #expect {
      try session.sort(by: keys)
    } throws: {
      Self.isRepeatedKey($0, column: repeated)
    }
    #expect(try Self.firstCells(of: session) == ["3", "1", "2"])
    #expect(!document.isDirty)
    #expect(document.sortOrder.isEmpty)
    #expect(document.revision == 0)
  }

  @Test("every column once is a sort; open with a repeated --sort key opens nothing")
  func distinctKeysAndOpen() throws {
    let folder = try TemporaryFolder()
    let session = try Self.makeSession(in: folder)
    try session.open("t.csv")
    #expect(
      try session.sort(by: [TableSortKey(column: "a"), TableSortKey(column: "b", order: .descending)]) == 3)
    #expect(try Self.firstCells(of: session) == ["1", "2", "3"])

    let other = try TemporaryFolder()
    let fresh = try Self.makeSession(in: other)
    #expect {
      try fresh.open("t.csv", sortOrder: [TableSortKey(column: "a"), TableSortKey(column: "a")])
    } throws: {
      Self.isRepeatedKey($0, column: "a")
    }
    #expect(fresh.workspace.documents.isEmpty)
  }

  @Test("two thousand keys on a table of 100,000 rows are refused before any key is made")
  func manyKeysOnManyRows() throws {
    let folder = try TemporaryFolder()
    var text = "a,b\n"
    for row in 0..<100_000 { text += "\(row % 977),x\n" }
    try folder.write("big.csv", text)
    let session = Session(
      workspace: Workspace(store: nil, currentDirectory: folder.url.path, home: nil), metrics: .text)
    try session.open("big.csv")
    let keys = (0..<2_000).map { TableSortKey(column: $0.isMultiple(of: 2) ? "a" : "b") }
    #expect {
      try session.sort(by: keys)
    } throws: {
      Self.isRepeatedKey($0, column: "a")
    }
    #expect(try Self.firstCells(of: session).prefix(3) == ["0", "1", "2"])
  }
}
