/// One step of the state database's schema, applied once and never edited after release.
///
/// Step *n* (counting from 1) brings the database from schema version *n − 1* to *n*; the
/// version is kept in `PRAGMA user_version`. Later features add their tables by appending a
/// step to `StateStore.migrations`.
struct StateMigration: Sendable {
  /// What the step adds, for people reading the code and error messages.
  var summary: String
  /// The statements, separated by semicolons; they run inside one transaction.
  var sql: String
}

extension StateStore {
  /// Every schema step this build knows, oldest first.
  static let migrations: [StateMigration] = [
    StateMigration(
      summary: "recent documents, settings and plugin values",
      sql: """
        CREATE TABLE recent_documents (
          path TEXT PRIMARY KEY NOT NULL,
          opened_at REAL NOT NULL,
          sequence INTEGER NOT NULL UNIQUE
        );
        CREATE TABLE settings (
          key TEXT PRIMARY KEY NOT NULL,
          value TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE plugin_values (
          plugin TEXT NOT NULL,
          key TEXT NOT NULL,
          value TEXT NOT NULL,
          PRIMARY KEY (plugin, key)
        ) WITHOUT ROWID;
        """),
    StateMigration(
      summary: "toolbar customisations",
      sql: """
        CREATE TABLE toolbar_layouts (
          toolbar TEXT PRIMARY KEY NOT NULL,
          version INTEGER NOT NULL,
          items TEXT NOT NULL,
          known_items TEXT NOT NULL
        ) WITHOUT ROWID;
        """),
  ]

  /// The schema version a store opened by this build ends up with.
  public static var schemaVersion: Int { migrations.count }

  /// Applies the steps the database has not seen yet, each in its own transaction.
  ///
  /// Another process may be migrating the same file at the same moment, so the version is
  /// read again once the write lock is held, and a step already applied is skipped.
  static func migrate(_ connection: SQLiteConnection, with migrations: [StateMigration])
    throws(FolioError)
  {
    for (index, migration) in migrations.enumerated() {
      let version = index + 1
      do throws(SQLiteError) {
        guard try connection.userVersion() < version else { continue }
        try connection.transaction { () throws(SQLiteError) in
          guard try connection.userVersion() < version else { return }
          try connection.executeScript(migration.sql)
          try connection.setUserVersion(version)
        }
      } catch {
        throw FolioError(
          .io, "state store: cannot upgrade the schema to version \(version) (\(migration.summary))",
          cause: FolioError(.io, error.message))
      }
    }
  }
}
