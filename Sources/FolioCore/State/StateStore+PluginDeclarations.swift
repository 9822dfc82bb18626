extension StateStore {
  /// The declaration cache entry of a plugin, if any: the key it was stored under (what its
  /// files and Folio's version hashed to) and the bytes the plugin host made of what its
  /// `plugin.lua` declared. Nil too when the entry cannot be read: the cache only ever
  /// saves time, so an unreadable one counts as missing.
  ///
  /// The table is made by the first `setPluginDeclarations`, not by a schema step, so older
  /// Folio builds can still open the store.
  public func pluginDeclarations(plugin: String) -> (key: String, data: [UInt8])? {
    guard !plugin.isEmpty else { return nil }
    let rows = try? read { connection throws(SQLiteError) in
      try connection.rows(
        "SELECT key, data FROM plugin_declarations WHERE plugin = ?1", [.text(plugin)]
      ) { row in (key: row.text(at: 0) ?? "", data: row.blob(at: 1) ?? []) }
    }
    return rows?.first
  }

  /// Every plugin's declaration cache entry, by plugin, in one query (what a start that loads
  /// every plugin reads); empty when there is none or they cannot be read.
  public func allPluginDeclarations() -> [String: (key: String, data: [UInt8])] {
    let rows = try? read { connection throws(SQLiteError) in
      try connection.rows("SELECT plugin, key, data FROM plugin_declarations") { row in
        (plugin: row.text(at: 0) ?? "", key: row.text(at: 1) ?? "", data: row.blob(at: 2) ?? [])
      }
    }
    var entries: [String: (key: String, data: [UInt8])] = [:]
    for row in rows ?? [] { entries[row.plugin] = (row.key, row.data) }
    return entries
  }

  /// Stores a plugin's declaration cache entry under `key`, replacing any it had; with
  /// `data` nil, removes it.
  ///
  /// - Throws: `FolioError.invalidArgument` for an empty plugin name; `FolioError.io` when
  ///   the store cannot be written (a read-only one, for instance).
  public func setPluginDeclarations(_ data: [UInt8]?, key: String, plugin: String) throws(FolioError) {
    try Self.validate(plugin, named: "plugin")
    try write { connection throws(SQLiteError) in
      try connection.execute(
        """
        CREATE TABLE IF NOT EXISTS plugin_declarations (
          plugin TEXT PRIMARY KEY NOT NULL,
          key TEXT NOT NULL,
          data BLOB NOT NULL
        ) WITHOUT ROWID
        """)
      if let data {
        try connection.execute(
          """
          INSERT INTO plugin_declarations (plugin, key, data) VALUES (?1, ?2, ?3)
          ON CONFLICT (plugin) DO UPDATE SET key = excluded.key, data = excluded.data
          """,
          [.text(plugin), .text(key), .blob(data)])
      } else {
        try connection.execute("DELETE FROM plugin_declarations WHERE plugin = ?1", [.text(plugin)])
      }
    }
  }
}
