import CSQLite
import Glibc

/// A failure reported by SQLite, keeping its result code so callers can tell a damaged file
/// from a busy or unreadable one.
struct SQLiteError: Error, Equatable {
  /// The extended result code, e.g. `SQLITE_BUSY` or `SQLITE_CANTOPEN_ISDIR`.
  var resultCode: Int32
  /// SQLite's own message, e.g. "database is locked".
  var message: String

  init(resultCode: Int32, message: String) {
    self.resultCode = resultCode
    self.message = message
  }

  /// Reads the message of the connection's latest failure, or the generic text for `resultCode`.
  init(resultCode: Int32, connection: OpaquePointer?) {
    var message =
      connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
      ?? String(cString: sqlite3_errstr(resultCode))
    // "unable to open database file" alone does not say whether the folder is missing or
    // unreadable; the operating system's reason does.
    let primary = resultCode & 0xFF
    if primary == SQLITE_CANTOPEN || primary == SQLITE_IOERR, let connection {
      let systemError = sqlite3_system_errno(connection)
      if systemError != 0 { message += " (\(String(cString: strerror(systemError))))" }
    }
    self.init(resultCode: resultCode, message: message)
  }

  /// The primary result code, without the extended detail.
  var primaryCode: Int32 { resultCode & 0xFF }

  /// Whether the file itself is damaged — not a database, or corrupt — as opposed to locked,
  /// unreadable or full.
  var isDamage: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }
}

extension FolioError {
  /// The error people see for a failure inside the state store.
  init(_ error: SQLiteError) {
    self.init(.io, "state store: \(error.message)")
  }
}
