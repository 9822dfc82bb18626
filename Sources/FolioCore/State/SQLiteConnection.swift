import CSQLite

/// One connection to an SQLite database file, closed when the last reference goes away.
///
/// A connection belongs to one thread at a time. Several connections — in this process or
/// in others — may use the same file; SQLite's file locks keep their writes apart.
final class SQLiteConnection {
  private var handle: OpaquePointer?
  /// How many `begin()` calls have not yet been committed or rolled back; kept by
  /// `SQLiteConnection+Transactions.swift`.
  var transactionDepth = 0

  /// Opens (and with `SQLITE_OPEN_CREATE`, creates) the database at `path`.
  ///
  /// - Parameters:
  ///   - path: The database file.
  ///   - flags: `SQLITE_OPEN_*` flags; read-write and create by default.
  /// - Throws: `SQLiteError` when the file cannot be opened.
  init(path: String, flags: Int32 = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) throws(SQLiteError) {
    var opened: OpaquePointer?
    let result = sqlite3_open_v2(path, &opened, flags, nil)
    guard result == SQLITE_OK, let opened else {
      let error = SQLiteError(resultCode: result, connection: opened)
      // SQLite hands back a connection even when opening fails; it still has to be closed.
      sqlite3_close_v2(opened)
      throw error
    }
    sqlite3_extended_result_codes(opened, 1)
    handle = opened
  }

  deinit {
    close()
  }

  /// Closes the connection; later calls fail with `SQLITE_MISUSE`. Closing twice is harmless.
  func close() {
    guard let handle else { return }
    // close_v2 waits for any statement still alive instead of failing with SQLITE_BUSY.
    sqlite3_close_v2(handle)
    self.handle = nil
    transactionDepth = 0
  }

  /// Whether the connection is still open.
  var isOpen: Bool { handle != nil }

  /// Whether SQLite opened the main database read-only, as it does silently for a
  /// write-protected file.
  var isReadOnly: Bool {
    guard let handle else { return true }
    return sqlite3_db_readonly(handle, "main") == 1
  }

  /// Whether a transaction is open, from SQLite's point of view.
  var isInsideTransaction: Bool {
    guard let handle else { return false }
    return sqlite3_get_autocommit(handle) == 0
  }

  /// Makes a writer wait up to `milliseconds` for another connection's lock before failing
  /// with `SQLITE_BUSY`.
  func setBusyTimeout(milliseconds: Int32) throws(SQLiteError) {
    let connection = try openHandle()
    let result = sqlite3_busy_timeout(connection, milliseconds)
    guard result == SQLITE_OK else { throw SQLiteError(resultCode: result, connection: connection) }
  }

  /// Prepares one statement, passes it to `body`, and finalizes it afterwards.
  ///
  /// - Throws: `SQLiteError` when `sql` does not compile or holds more than one statement,
  ///   or whatever `body` throws.
  func withStatement<T>(
    _ sql: String, _ body: (SQLiteStatement) throws(SQLiteError) -> T
  ) throws(SQLiteError) -> T {
    let connection = try openHandle()
    var prepared: OpaquePointer?
    var trailingText = false
    let result = sql.withCString { text in
      var tail: UnsafePointer<CChar>?
      let result = sqlite3_prepare_v2(connection, text, -1, &prepared, &tail)
      trailingText = tail.map { Self.hasStatementText($0) } ?? false
      return result
    }
    guard result == SQLITE_OK else { throw SQLiteError(resultCode: result, connection: connection) }
    guard let prepared else {
      throw SQLiteError(resultCode: SQLITE_MISUSE, message: "no SQL statement in '\(sql)'")
    }
    let statement = SQLiteStatement(handle: prepared)
    guard !trailingText else {
      throw SQLiteError(resultCode: SQLITE_MISUSE, message: "more than one SQL statement in '\(sql)'")
    }
    return try body(statement)
  }

  /// Runs one statement to completion, ignoring any rows it returns.
  func execute(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
    try withStatement(sql) { statement throws(SQLiteError) in
      try statement.bind(values)
      while try statement.step() {}
    }
  }

  /// Runs one query and reads every row it returns with `read`.
  func rows<T>(
    _ sql: String, _ values: [SQLiteValue] = [], _ read: (SQLiteRow) throws(SQLiteError) -> T
  ) throws(SQLiteError) -> [T] {
    try withStatement(sql) { statement throws(SQLiteError) in
      try statement.bind(values)
      var rows: [T] = []
      while try statement.step() { rows.append(try read(statement.row)) }
      return rows
    }
  }

  /// Runs several statements separated by semicolons, such as a migration; no parameters.
  func executeScript(_ sql: String) throws(SQLiteError) {
    let connection = try openHandle()
    let failure: SQLiteError? = sql.withCString { text in
      var cursor: UnsafePointer<CChar>? = text
      while let current = cursor, current.pointee != 0 {
        var prepared: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        var result = sqlite3_prepare_v2(connection, current, -1, &prepared, &tail)
        guard result == SQLITE_OK else { return SQLiteError(resultCode: result, connection: connection) }
        // Only white space or comments were left.
        guard let prepared else { return nil }
        repeat { result = sqlite3_step(prepared) } while result == SQLITE_ROW
        sqlite3_finalize(prepared)
        guard result == SQLITE_DONE else { return SQLiteError(resultCode: result, connection: connection) }
        cursor = tail
      }
      return nil
    }
    if let failure { throw failure }
  }

  /// The schema version the application stored in the file header (`PRAGMA user_version`).
  func userVersion() throws(SQLiteError) -> Int {
    try rows("PRAGMA user_version") { $0.int(at: 0) }.first ?? 0
  }

  /// Stores the application's schema version in the file header.
  func setUserVersion(_ version: Int) throws(SQLiteError) {
    // PRAGMA arguments cannot be bound; an Int prints as digits only.
    try execute("PRAGMA user_version = \(version)")
  }

  private func openHandle() throws(SQLiteError) -> OpaquePointer {
    guard let handle else {
      throw SQLiteError(resultCode: SQLITE_MISUSE, message: "the database connection is closed")
    }
    return handle
  }

  /// Whether `text` holds anything but white space.
  private static func hasStatementText(_ text: UnsafePointer<CChar>) -> Bool {
    var cursor = text
    while cursor.pointee != 0 {
      switch UInt8(bitPattern: cursor.pointee) {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): cursor += 1
      default: return true
      }
    }
    return false
  }
}
