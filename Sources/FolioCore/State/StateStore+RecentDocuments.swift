extension StateStore {
  /// How many recent documents the store keeps; noting one more drops the oldest.
  public static let recentDocumentsKept = 50

  /// Records that the document at `path` was opened now, moving it to the top of the list.
  ///
  /// - Parameter path: The path as it should be shown and reopened, normally absolute.
  /// - Throws: `FolioError.invalidArgument` for an empty path; `FolioError.io` when the
  ///   store cannot be written.
  public func noteRecentDocument(path: String) throws(FolioError) {
    guard !path.isEmpty else { throw .invalidArgument("path: a recent document needs a path") }
    let now = StateFiles.now()
    try write { connection throws(SQLiteError) in
      // The sequence, not the clock, orders the list: clocks step back, and two notes may
      // share a time.
      try connection.execute(
        """
        INSERT INTO recent_documents (path, opened_at, sequence)
        VALUES (?1, ?2, (SELECT coalesce(max(sequence), 0) + 1 FROM recent_documents))
        ON CONFLICT (path) DO UPDATE SET opened_at = excluded.opened_at, sequence = excluded.sequence
        """,
        [.text(path), .double(now)])
      try connection.execute(
        """
        DELETE FROM recent_documents WHERE sequence NOT IN
          (SELECT sequence FROM recent_documents ORDER BY sequence DESC LIMIT ?1)
        """,
        [.int(Self.recentDocumentsKept)])
    }
  }

  /// The documents opened most recently, newest first.
  ///
  /// - Parameter limit: The most to return; 0 returns none.
  /// - Throws: `FolioError.invalidArgument` for a negative limit; `FolioError.io` when the
  ///   store cannot be read.
  public func recentDocuments(limit: Int = 20) throws(FolioError) -> [RecentDocument] {
    guard limit >= 0 else { throw .invalidArgument("limit: must be 0 or more, not \(limit)") }
    return try read { connection throws(SQLiteError) in
      try connection.rows(
        "SELECT path, opened_at FROM recent_documents ORDER BY sequence DESC LIMIT ?1", [.int(limit)]
      ) { row in
        RecentDocument(path: row.text(at: 0) ?? "", openedAt: row.double(at: 1))
      }
    }
  }

  /// Forgets one recent document, as noted.
  ///
  /// - Parameter path: The path exactly as `recentDocuments` returned it.
  /// - Returns: whether the list held it.
  /// - Throws: `FolioError.io` when the store cannot be written.
  @discardableResult
  public func removeRecentDocument(path: String) throws(FolioError) -> Bool {
    try write { connection throws(SQLiteError) in
      let held = try connection.rows("SELECT count(*) FROM recent_documents WHERE path = ?1", [.text(path)]) {
        $0.int(at: 0)
      }
      try connection.execute("DELETE FROM recent_documents WHERE path = ?1", [.text(path)])
      return held.first ?? 0 > 0
    }
  }

  /// Forgets every recent document [Clear Menu].
  ///
  /// - Returns: how many there were.
  /// - Throws: `FolioError.io` when the store cannot be written.
  @discardableResult
  public func clearRecentDocuments() throws(FolioError) -> Int {
    try write { connection throws(SQLiteError) in
      let count = try connection.rows("SELECT count(*) FROM recent_documents") { $0.int(at: 0) }
      try connection.execute("DELETE FROM recent_documents")
      return count.first ?? 0
    }
  }
}
