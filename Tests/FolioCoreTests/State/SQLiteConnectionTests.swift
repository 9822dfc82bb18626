import CSQLite
import Foundation
import Testing

@testable import FolioCore

@Suite struct SQLiteConnectionTests {
  private static func memory() throws -> SQLiteConnection {
    try SQLiteConnection(path: ":memory:")
  }

  @Test("every kind of value binds and reads back as itself, keeping its type")
  func roundTrip() throws {
    let connection = try Self.memory()
    try connection.execute("CREATE TABLE t (v)")
    let values: [SQLiteValue] = [
      .null, .int(0), .int(Int.min), .int(Int.max), .double(-2.5), .double(0.1),
      .text(""), .text("plain"), .text("é ★ 中文 🙂"), .text("nul \u{0} inside"),
      .blob([]), .blob([0, 1, 0, 255]), .blob(Array(repeating: 7, count: 10_000)),
    ]
    for value in values {
      try connection.execute("DELETE FROM t")
      try connection.execute("INSERT INTO t VALUES (?1)", [value])
      let read = try connection.rows("SELECT v FROM t") { $0.value(at: 0) }
      #expect(read == [value], "value \(value)")
    }
  }

  @Test("typed readers turn NULL into nil for text and blobs")
  func typedReaders() throws {
    let connection = try Self.memory()
    let row = try #require(
      try connection.rows("SELECT NULL, NULL, 42, 1.5, 'x', x'00ff'") { row in
        [
          "\(String(describing: row.text(at: 0)))", "\(String(describing: row.blob(at: 1)))",
          "\(row.int(at: 2))", "\(row.double(at: 3))", "\(row.text(at: 4) ?? "-")",
          "\(row.blob(at: 5) ?? [])", "\(row.count)",
        ]
      }.first)
    #expect(row == ["nil", "nil", "42", "1.5", "x", "[0, 255]", "6"])
  }

  @Test("a wrong number of values is refused before anything runs")
  func valueCount() throws {
    let connection = try Self.memory()
    try connection.execute("CREATE TABLE t (a, b)")
    #expect(throws: SQLiteError.self) { try connection.execute("INSERT INTO t VALUES (?1, ?2)", [.int(1)]) }
    #expect(try connection.rows("SELECT count(*) FROM t") { $0.int(at: 0) } == [0])
  }

  @Test("SQLite's message reaches people as a state store I/O error")
  func errorMessage() throws {
    let connection = try Self.memory()
    do {
      try connection.execute("SELECT * FROM nope")
      Issue.record("the query should have failed")
    } catch {
      #expect(error.primaryCode == SQLITE_ERROR)
      #expect(FolioError(error) == FolioError(.io, "state store: no such table: nope"))
    }
  }

  @Test("one statement at a time, unless run as a script")
  func statements() throws {
    let connection = try Self.memory()
    #expect(throws: SQLiteError.self) { try connection.execute("CREATE TABLE a (x); CREATE TABLE b (x)") }
    try connection.execute("SELECT 1;  \n")
    try connection.executeScript(
      """
      CREATE TABLE a (x);
      -- a comment between statements
      INSERT INTO a VALUES (1);
      INSERT INTO a VALUES (2);
      -- and one at the end
      """)
    #expect(try connection.rows("SELECT x FROM a ORDER BY x") { $0.int(at: 0) } == [1, 2])
    #expect(throws: SQLiteError.self) { try connection.executeScript("INSERT INTO a VALUES (3); BROKEN") }
    // A script is not a transaction by itself: what ran before the failure stays.
    #expect(try connection.rows("SELECT count(*) FROM a") { $0.int(at: 0) } == [3])
  }

  @Test("a transaction keeps everything or nothing; an inner one rolls back alone")
  func transactions() throws {
    let connection = try Self.memory()
    try connection.execute("CREATE TABLE t (x)")
    try connection.transaction { () throws(SQLiteError) in
      try connection.execute("INSERT INTO t VALUES (1)")
      #expect(connection.isInsideTransaction)
    }
    #expect(!connection.isInsideTransaction)
    #expect(throws: SQLiteError.self) {
      try connection.transaction { () throws(SQLiteError) in
        try connection.execute("INSERT INTO t VALUES (2)")
        try connection.execute("INSERT INTO missing VALUES (3)")
      }
    }
    try connection.transaction { () throws(SQLiteError) in
      try connection.execute("INSERT INTO t VALUES (4)")
      #expect(throws: SQLiteError.self) {
        try connection.transaction { () throws(SQLiteError) in
          try connection.execute("INSERT INTO t VALUES (5)")
          throw SQLiteError(resultCode: SQLITE_ABORT, message: "changed my mind")
        }
      }
      try connection.execute("INSERT INTO t VALUES (6)")
    }
    #expect(try connection.rows("SELECT x FROM t ORDER BY x") { $0.int(at: 0) } == [1, 4, 6])
    #expect(!connection.isInsideTransaction)
  }

  @Test("a closed connection refuses work instead of crashing, and closes only once")
  func closed() throws {
    let connection = try Self.memory()
    connection.close()
    connection.close()
    #expect(!connection.isOpen)
    #expect(throws: SQLiteError.self) { try connection.execute("SELECT 1") }
  }

  @Test("the schema version lives in the file header")
  func userVersion() throws {
    let folder = try StateTestFolder()
    do {
      let connection = try SQLiteConnection(path: folder.file("v.sqlite"))
      #expect(try connection.userVersion() == 0)
      try connection.setUserVersion(7)
    }
    #expect(try SQLiteConnection(path: folder.file("v.sqlite")).userVersion() == 7)
  }
}
