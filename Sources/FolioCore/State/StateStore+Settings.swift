extension StateStore {
  /// The value stored for a setting, or `nil` when it has none.
  ///
  /// - Throws: `FolioError.invalidArgument` for an empty key; `FolioError.io` when the store
  ///   cannot be read.
  public func setting(_ key: String) throws(FolioError) -> String? {
    try Self.validate(key, named: "key")
    return try read { connection throws(SQLiteError) in
      try connection.rows("SELECT value FROM settings WHERE key = ?1", [.text(key)]) {
        $0.text(at: 0)
      }.first ?? nil
    }
  }

  /// Every stored setting, by key, read in one query (a start reads several).
  ///
  /// - Throws: `FolioError.io` when the store cannot be read.
  public func settings() throws(FolioError) -> [String: String] {
    try read { connection throws(SQLiteError) in
      var values: [String: String] = [:]
      _ = try connection.rows("SELECT key, value FROM settings") { row in
        if let key = row.text(at: 0), let value = row.text(at: 1) { values[key] = value }
      }
      return values
    }
  }

  /// Stores a setting, or removes it when `value` is `nil`.
  ///
  /// - Throws: `FolioError.invalidArgument` for an empty key; `FolioError.io` when the store
  ///   cannot be written.
  public func setSetting(_ key: String, to value: String?) throws(FolioError) {
    try Self.validate(key, named: "key")
    try write { connection throws(SQLiteError) in
      if let value {
        try connection.execute(
          """
          INSERT INTO settings (key, value) VALUES (?1, ?2)
          ON CONFLICT (key) DO UPDATE SET value = excluded.value
          """,
          [.text(key), .text(value)])
      } else {
        try connection.execute("DELETE FROM settings WHERE key = ?1", [.text(key)])
      }
    }
  }

  /// Refuses an empty name, naming the parameter.
  static func validate(_ name: String, named parameter: String) throws(FolioError) {
    guard !name.isEmpty else { throw .invalidArgument("\(parameter): must not be empty") }
  }
}
