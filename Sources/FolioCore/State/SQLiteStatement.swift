import CSQLite

/// A prepared statement, finalized when the last reference goes away.
///
/// Statements are created and used inside `SQLiteConnection.withStatement(_:_:)`, so none
/// outlives the call that prepared it.
final class SQLiteStatement {
  private let handle: OpaquePointer

  init(handle: OpaquePointer) {
    self.handle = handle
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds `values` to the parameters `?1`, `?2`, … in order.
  ///
  /// - Throws: `SQLiteError` when the number of values differs from the number of
  ///   parameters, or SQLite refuses a value.
  func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
    let expected = Int(sqlite3_bind_parameter_count(handle))
    guard values.count == expected else {
      throw SQLiteError(
        resultCode: SQLITE_RANGE,
        message: "the statement takes \(expected) values but \(values.count) were given")
    }
    for (offset, value) in values.enumerated() {
      let result = bind(value, at: Int32(offset + 1))
      guard result == SQLITE_OK else { throw failure(result) }
    }
  }

  private func bind(_ value: SQLiteValue, at index: Int32) -> Int32 {
    switch value {
    case .null:
      return sqlite3_bind_null(handle, index)
    case .int(let number):
      return sqlite3_bind_int64(handle, index, Int64(number))
    case .double(let number):
      return sqlite3_bind_double(handle, index, number)
    case .text(let text):
      var text = text
      return text.withUTF8 { bytes in
        // An empty buffer may have no address, and a null pointer would bind NULL.
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
          return sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
        }
        return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
          sqlite3_bind_text64(
            handle, index, $0, sqlite3_uint64(bytes.count), sqliteTransient, UInt8(SQLITE_UTF8))
        }
      }
    case .blob(let bytes):
      return bytes.withUnsafeBytes { raw in
        guard let base = raw.baseAddress, !raw.isEmpty else {
          return sqlite3_bind_zeroblob(handle, index, 0)
        }
        return sqlite3_bind_blob64(handle, index, base, sqlite3_uint64(raw.count), sqliteTransient)
      }
    }
  }

  /// Advances to the next row.
  ///
  /// - Returns: `true` when a row is ready to read, `false` when the statement has finished.
  func step() throws(SQLiteError) -> Bool {
    let result = sqlite3_step(handle)
    switch result {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw failure(result)
    }
  }

  /// The current row; valid until the next `step()`.
  var row: SQLiteRow { SQLiteRow(statement: handle) }

  private func failure(_ result: Int32) -> SQLiteError {
    SQLiteError(resultCode: result, connection: sqlite3_db_handle(handle))
  }
}

/// The columns of the row a statement stands on.
struct SQLiteRow {
  fileprivate let statement: OpaquePointer

  /// How many columns the row has.
  var count: Int { Int(sqlite3_column_count(statement)) }

  /// The column at `index` (from 0) as whatever type SQLite stored.
  func value(at index: Int) -> SQLiteValue {
    switch sqlite3_column_type(statement, Int32(index)) {
    case SQLITE_INTEGER: .int(Int(sqlite3_column_int64(statement, Int32(index))))
    case SQLITE_FLOAT: .double(sqlite3_column_double(statement, Int32(index)))
    case SQLITE_TEXT: text(at: index).map { .text($0) } ?? .null
    case SQLITE_BLOB: blob(at: index).map { .blob($0) } ?? .null
    default: .null
    }
  }

  /// The column as an integer; `NULL` reads as 0, as in SQLite.
  func int(at index: Int) -> Int {
    Int(sqlite3_column_int64(statement, Int32(index)))
  }

  /// The column as a floating-point number; `NULL` reads as 0.
  func double(at index: Int) -> Double {
    sqlite3_column_double(statement, Int32(index))
  }

  /// The column as text, or `nil` when it is `NULL`. Invalid UTF-8 is repaired, not refused.
  func text(at index: Int) -> String? {
    let column = Int32(index)
    guard let characters = sqlite3_column_text(statement, column) else { return nil }
    // The byte count (asked for after the text) keeps embedded NUL characters.
    let count = Int(sqlite3_column_bytes(statement, column))
    return String(decoding: UnsafeBufferPointer(start: characters, count: count), as: UTF8.self)
  }

  /// The column as bytes, or `nil` when it is `NULL`.
  func blob(at index: Int) -> [UInt8]? {
    let column = Int32(index)
    if sqlite3_column_type(statement, column) == SQLITE_NULL { return nil }
    guard let bytes = sqlite3_column_blob(statement, column) else { return [] }
    let count = Int(sqlite3_column_bytes(statement, column))
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }
}

/// SQLite's `SQLITE_TRANSIENT` (a macro Swift cannot import): copy the bytes before returning.
private var sqliteTransient: sqlite3_destructor_type {
  unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
