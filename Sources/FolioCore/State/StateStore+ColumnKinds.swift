extension StateStore {
  /// The kinds declared for columns of the file at `path` (`column type`), by column name;
  /// empty when none is, or when they cannot be read (a store without the table yet).
  ///
  /// The table is made by the first `setColumnKind`, not by a schema step, so older Folio
  /// builds can still open the store.
  public func columnKinds(path: String) -> [(column: String, kind: TableValueKind)] {
    let rows = try? read { connection throws(SQLiteError) in
      try connection.rows(
        "SELECT column_name, kind FROM column_kinds WHERE path = ?1 ORDER BY column_name", [.text(path)]
      ) { row in (column: row.text(at: 0) ?? "", kind: row.text(at: 1) ?? "") }
    }
    return (rows ?? []).compactMap { row in TableValueKind(rawValue: row.kind).map { (row.column, $0) } }
  }

  /// Keeps the kind declared for a column of the file at `path`; with `kind` nil, forgets it.
  ///
  /// - Throws: `FolioError.invalidArgument` for an empty path; `FolioError.io` when the store
  ///   cannot be written.
  public func setColumnKind(_ kind: TableValueKind?, column: String, path: String) throws(FolioError) {
    try Self.validate(path, named: "path")
    try write { connection throws(SQLiteError) in
      try connection.execute(
        """
        CREATE TABLE IF NOT EXISTS column_kinds (
          path TEXT NOT NULL,
          column_name TEXT NOT NULL,
          kind TEXT NOT NULL,
          PRIMARY KEY (path, column_name)
        ) WITHOUT ROWID
        """)
      if let kind {
        try connection.execute(
          """
          INSERT INTO column_kinds (path, column_name, kind) VALUES (?1, ?2, ?3)
          ON CONFLICT (path, column_name) DO UPDATE SET kind = excluded.kind
          """,
          [.text(path), .text(column), .text(kind.rawValue)])
      } else {
        try connection.execute(
          "DELETE FROM column_kinds WHERE path = ?1 AND column_name = ?2", [.text(path), .text(column)])
      }
    }
  }
}
