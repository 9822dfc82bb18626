import CSQLite
import Glibc

/// Folio's memory between runs — recent documents, settings, plugin values — kept in the
/// SQLite database `state.sqlite` in the state folder.
///
/// Several Folio processes may use one store at once. Each has its own connection; the
/// database runs in write-ahead-log mode so readers never wait, every write is a
/// transaction that takes the write lock at its start, and a writer waits up to five seconds
/// for another's write to finish.
///
/// A store that turns out to be damaged when opened is renamed, never emptied, and a fresh
/// one started; `warnings` says so. A store belongs to one thread at a time.
public final class StateStore {
  /// The name of the database file inside the state folder.
  public static let fileName = "state.sqlite"

  /// The state folder.
  public let directory: String
  /// The database file.
  public let path: String
  /// What happened while opening that people should hear about — a damaged store set aside,
  /// for instance; empty normally.
  public private(set) var warnings: [String] = []

  let connection: SQLiteConnection

  /// Opens the store in `directory`, creating the folder (mode 0700) and the database when
  /// missing and bringing the schema up to date.
  ///
  /// - Parameter directory: The state folder; missing parents are created too.
  /// - Throws: `FolioError.io` when the folder or file cannot be created, read or written
  ///   (permissions are reported, not worked around), or when the database or one of its
  ///   companion files is not a regular file (a FIFO, which would block the open, a folder,
  ///   a device: left as it is); `FolioError.conflict` when the store was written by a newer
  ///   Folio, whose data is left untouched.
  public convenience init(directory: String) throws(FolioError) {
    try self.init(directory: directory, migrations: Self.migrations, busyTimeoutMilliseconds: 5000)
  }

  /// Opens the store with a chosen schema and lock wait, for tests.
  init(directory: String, migrations: [StateMigration], busyTimeoutMilliseconds: Int32)
    throws(FolioError)
  {
    guard !directory.isEmpty else { throw .invalidArgument("the state folder must not be empty") }
    try StateFiles.makeFolder(directory)
    let folder = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    let path = folder + "/" + Self.fileName
    // Folio processes opening at once take turns until the store is known healthy and in
    // write-ahead-log mode: two connections switching a new database to that mode together
    // can deadlock, and SQLite then fails one at once instead of letting it wait.
    let (connection, warnings) = try StateFiles.withFolderLock(folder.isEmpty ? "/" : folder) {
      () throws(FolioError) in
      try Self.openHealthy(
        path, busyTimeoutMilliseconds: busyTimeoutMilliseconds, knownVersion: migrations.count)
    }
    try Self.migrate(connection, with: migrations)

    self.directory = directory
    self.path = path
    self.connection = connection
    self.warnings = warnings
  }

  /// Runs `body` as one atomic write: other Folio processes wait until it ends, and nothing
  /// it wrote is kept if it throws.
  ///
  /// The store's own methods may be called inside; they join the transaction.
  ///
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, or `FolioError.io` when the transaction cannot begin or
  ///   commit (another process kept the lock for more than five seconds, for instance).
  public func transaction<T>(_ body: () throws(FolioError) -> T) throws(FolioError) -> T {
    try connection.transaction(body, wrappingErrors: FolioError.init)
  }

  /// Runs SQL that writes, inside a transaction.
  func write<T>(_ body: (SQLiteConnection) throws(SQLiteError) -> T) throws(FolioError) -> T {
    do throws(SQLiteError) {
      return try connection.transaction { () throws(SQLiteError) -> T in try body(connection) }
    } catch {
      throw FolioError(error)
    }
  }

  /// Runs SQL that only reads.
  func read<T>(_ body: (SQLiteConnection) throws(SQLiteError) -> T) throws(FolioError) -> T {
    do throws(SQLiteError) {
      return try body(connection)
    } catch {
      throw FolioError(error)
    }
  }
}

extension StateStore {
  /// What opening found in the file.
  private enum Health {
    case healthy
    case damaged(reason: String)
  }

  /// Opens the database — first setting it aside when it is damaged — and configures the
  /// connection; the caller holds the folder lock.
  ///
  /// - Returns: The connection and the warnings for people.
  /// - Throws: `FolioError.conflict` when a newer Folio wrote the store; `FolioError.io`
  ///   when it cannot be opened or set aside.
  private static func openHealthy(_ path: String, busyTimeoutMilliseconds: Int32, knownVersion: Int)
    throws(FolioError) -> (SQLiteConnection, [String])
  {
    var warnings: [String] = []
    try StateFiles.checkRegularFiles(path)
    // A file another process replaced in the meantime is not set aside: it is not the one
    // found damaged.
    if let damaged = StateFiles.identity(path), let reason = StateFiles.headerProblem(path),
      let warning = try setAside(path, damaged, reason: reason)
    {
      warnings.append(warning)
    }
    let identity = StateFiles.identity(path)
    var connection = try open(path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    if case .damaged(let reason) = try inspect(connection, path) {
      connection.close()
      if let identity, let warning = try setAside(path, identity, reason: reason) {
        warnings.append(warning)
      }
      connection = try open(path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
      if case .damaged(let reason) = try inspect(connection, path) {
        throw FolioError(.io, "state store: a fresh \(path) is unusable too: \(reason)")
      }
    }

    let version = try schemaVersion(of: connection, path)
    if version > knownVersion {
      // Checked before anything is written: a newer schema may mean something this build
      // cannot know, so its file stays exactly as it is.
      throw FolioError(
        .conflict,
        "state store: \(path) was written by a newer Folio (schema version \(version); this build "
          + "knows up to \(knownVersion)); it was left untouched: update Folio or use another "
          + "state folder")
    }
    if let warning = try configure(connection, path) { warnings.append(warning) }
    return (connection, warnings)
  }

  /// Renames the damaged store out of the way, unless another process already did.
  ///
  /// - Returns: The warning that tells people where it went, or `nil` when it was gone.
  private static func setAside(_ path: String, _ identity: StateFiles.Identity, reason: String)
    throws(FolioError) -> String?
  {
    guard let aside = try StateFiles.setAside(path, at: time(nil), expecting: identity) else {
      return nil
    }
    return "the state store was damaged (\(reason)) and set aside as \(aside); a fresh store was started"
  }

  private static func schemaVersion(of connection: SQLiteConnection, _ path: String) throws(FolioError)
    -> Int
  {
    do throws(SQLiteError) {
      return try connection.userVersion()
    } catch {
      throw FolioError(
        .io, "state store: cannot read \(path)", values: ["path": path], cause: FolioError(.io, error.message)
      )
    }
  }

  private static func open(_ path: String, busyTimeoutMilliseconds: Int32) throws(FolioError)
    -> SQLiteConnection
  {
    let connection: SQLiteConnection
    do throws(SQLiteError) {
      connection = try SQLiteConnection(path: path)
      try connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    } catch {
      if let problem = StateFiles.permissionProblem(path) { throw FolioError(.io, "state store: \(problem)") }
      throw FolioError(
        .io, "state store: cannot open \(path)", values: ["path": path], cause: FolioError(.io, error.message)
      )
    }
    // SQLite quietly opens a write-protected file read-only; every later write would fail.
    guard !connection.isReadOnly else {
      let problem = StateFiles.permissionProblem(path) ?? "cannot write \(path): the file is read-only"
      throw FolioError(.io, "state store: \(problem)")
    }
    return connection
  }

  /// Reads the file header and runs SQLite's quick integrity check.
  ///
  /// - Throws: `FolioError.io` for failures that say nothing about the file's health —
  ///   locked, unreadable, out of memory — so that a good store is never set aside.
  private static func inspect(_ connection: SQLiteConnection, _ path: String) throws(FolioError)
    -> Health
  {
    do throws(SQLiteError) {
      // Reading the header is what reveals a file that is not a database at all.
      _ = try connection.userVersion()
      let problems = try connection.rows("PRAGMA quick_check") { $0.text(at: 0) ?? "" }
      guard problems == ["ok"] else {
        let findings = problems.flatMap { $0.split(separator: "\n") }
          .filter { !$0.hasPrefix("*** in database") }
        return .damaged(reason: findings.prefix(3).joined(separator: "; "))
      }
      return .healthy
    } catch  where error.isDamage {
      return .damaged(reason: error.message)
    } catch {
      if let problem = StateFiles.permissionProblem(path) { throw FolioError(.io, "state store: \(problem)") }
      throw FolioError(
        .io, "state store: cannot read \(path)", values: ["path": path], cause: FolioError(.io, error.message)
      )
    }
  }

  /// Turns on write-ahead logging and foreign keys.
  ///
  /// - Returns: A warning when the file system does not allow write-ahead logging.
  private static func configure(_ connection: SQLiteConnection, _ path: String) throws(FolioError)
    -> String?
  {
    do throws(SQLiteError) {
      // The mode is stored in the file, so this only writes the first time.
      let mode = try connection.rows("PRAGMA journal_mode = WAL") { $0.text(at: 0) ?? "" }.first
      try connection.execute("PRAGMA foreign_keys = ON")
      guard mode?.lowercased() == "wal" else {
        return "the state store cannot use write-ahead logging here (journal mode "
          + "\(mode ?? "unknown")); other Folio processes may wait longer for it"
      }
      return nil
    } catch {
      if let problem = StateFiles.permissionProblem(path) { throw FolioError(.io, "state store: \(problem)") }
      throw FolioError(error)
    }
  }
}
