extension StateStore {
  /// The customised layout stored for a toolbar, or `nil` when it has none.
  ///
  /// - Throws: `FolioError.invalidArgument` for an empty toolbar id; `FolioError.io` when the
  ///   store cannot be read.
  public func toolbarCustomization(for toolbar: String) throws(FolioError) -> ToolbarCustomization? {
    try Self.validate(toolbar, named: "toolbar")
    return try read { connection throws(SQLiteError) in
      try connection.rows(
        "SELECT version, items, known_items FROM toolbar_layouts WHERE toolbar = ?1", [.text(toolbar)]
      ) { row in
        ToolbarCustomization(
          version: row.int(at: 0), items: Self.ids(row.text(at: 1)), knownItems: Self.ids(row.text(at: 2)))
      }.first
    }
  }

  /// Stores a toolbar's customised layout, or removes it when `customization` is `nil`.
  ///
  /// - Throws: `FolioError.invalidArgument` for an empty toolbar id or an item id holding a
  ///   line break; `FolioError.io` when the store cannot be written.
  public func setToolbarCustomization(_ customization: ToolbarCustomization?, for toolbar: String)
    throws(FolioError)
  {
    try Self.validate(toolbar, named: "toolbar")
    guard let customization else {
      try write { connection throws(SQLiteError) in
        try connection.execute("DELETE FROM toolbar_layouts WHERE toolbar = ?1", [.text(toolbar)])
      }
      return
    }
    for id in customization.items + customization.knownItems where id.isEmpty || id.contains("\n") {
      throw .invalidArgument("toolbar item ids must be non-empty and on one line, got '\(id)'")
    }
    try write { connection throws(SQLiteError) in
      try connection.execute(
        """
        INSERT INTO toolbar_layouts (toolbar, version, items, known_items) VALUES (?1, ?2, ?3, ?4)
        ON CONFLICT (toolbar) DO UPDATE SET
          version = excluded.version, items = excluded.items, known_items = excluded.known_items
        """,
        [
          .text(toolbar), .int(customization.version), .text(customization.items.joined(separator: "\n")),
          .text(customization.knownItems.joined(separator: "\n")),
        ])
    }
  }

  /// Ids stored one per line.
  private static func ids(_ text: String?) -> [String] {
    (text ?? "").split(separator: "\n").map(String.init)
  }
}
