extension StateStore {
  /// The value a plugin stored under `key`, or `nil` when there is none.
  ///
  /// This is what Lua plugins reach as `folio.state`; each plugin has its own keys.
  ///
  /// - Throws: `FolioError.invalidArgument` for an empty plugin name or key;
  ///   `FolioError.io` when the store cannot be read.
  public func pluginValue(plugin: String, key: String) throws(FolioError) -> String? {
    try Self.validate(plugin, named: "plugin")
    try Self.validate(key, named: "key")
    return try read { connection throws(SQLiteError) in
      try connection.rows(
        "SELECT value FROM plugin_values WHERE plugin = ?1 AND key = ?2", [.text(plugin), .text(key)]
      ) { $0.text(at: 0) }.first ?? nil
    }
  }

  /// Stores a plugin's value under `key`, or removes it when `value` is `nil`.
  ///
  /// - Throws: `FolioError.invalidArgument` for an empty plugin name or key;
  ///   `FolioError.io` when the store cannot be written.
  public func setPluginValue(_ value: String?, plugin: String, key: String) throws(FolioError) {
    try Self.validate(plugin, named: "plugin")
    try Self.validate(key, named: "key")
    try write { connection throws(SQLiteError) in
      if let value {
        try connection.execute(
          """
          INSERT INTO plugin_values (plugin, key, value) VALUES (?1, ?2, ?3)
          ON CONFLICT (plugin, key) DO UPDATE SET value = excluded.value
          """,
          [.text(plugin), .text(key), .text(value)])
      } else {
        try connection.execute(
          "DELETE FROM plugin_values WHERE plugin = ?1 AND key = ?2", [.text(plugin), .text(key)])
      }
    }
  }

  /// Every value a plugin stored, sorted by key (in Unicode code point order).
  ///
  /// - Throws: `FolioError.invalidArgument` for an empty plugin name; `FolioError.io` when
  ///   the store cannot be read.
  public func pluginValues(plugin: String) throws(FolioError) -> [(key: String, value: String)] {
    try Self.validate(plugin, named: "plugin")
    return try read { connection throws(SQLiteError) in
      try connection.rows(
        "SELECT key, value FROM plugin_values WHERE plugin = ?1 ORDER BY key", [.text(plugin)]
      ) { row in (key: row.text(at: 0) ?? "", value: row.text(at: 1) ?? "") }
    }
  }

  /// The bytes a plugin's values take: the UTF-8 bytes of every key and value it stored.
  ///
  /// - Throws: `FolioError.invalidArgument` for an empty plugin name; `FolioError.io` when
  ///   the store cannot be read.
  public func pluginValuesSize(plugin: String) throws(FolioError) -> Int {
    try Self.validate(plugin, named: "plugin")
    return try read { connection throws(SQLiteError) in
      try connection.rows(
        """
        SELECT COALESCE(SUM(length(CAST(key AS BLOB)) + length(CAST(value AS BLOB))), 0)
        FROM plugin_values WHERE plugin = ?1
        """, [.text(plugin)]
      ) { $0.int(at: 0) }.first ?? 0
    }
  }
}
