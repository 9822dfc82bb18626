extension Workspace {
  /// Adds an empty column at the end of a table document, as one undoable step ("Add
  /// Column").
  ///
  /// The column is in the recovery journal when it returns: the journal holds the table
  /// whole, and a Ctrl-C while it is written takes the column back (`journaling`). Inside a
  /// group (a plugin's command) it joins the group and is journaled when the command ends.
  ///
  /// - Throws: `FolioError.invalidArgument` when the name is empty, holds a line break or
  ///   another control character, or is a column already; `FolioError` when the document is
  ///   not a table; `FolioError.interrupted` when a Ctrl-C stops its journal write, the
  ///   column not added.
  public func addColumn(_ name: String, to document: Document) throws {
    if name.isEmpty { throw FolioError.invalidArgument("a column name cannot be empty") }
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      throw FolioError.invalidArgument(
        "a column name cannot hold line breaks, tabs or other control characters")
    }
    let columns = try document.modifyTable { $0.columns }
    if ColumnKey.index(of: name, in: columns) != nil {
      throw FolioError.invalidArgument("there is a column '\(name)' already")
    }
    // An empty column is no key of the order yet: no row moves.
    try journaling(document, stepName: "Add Column") {
      try document.perform(
        "Add Column", keepingOrder: .none,
        apply: { document in try document.modifyTable { $0.appendColumn(name) } },
        revert: { document in try document.modifyTable { $0.removeLastColumn() } })
    }
  }
}
