import FolioCore

/// The typed column calls of a session: what `column add`, `rename`, `delete` and `move` do,
/// on the active table, with names and placements as values. Each is one undoable step, and
/// each is refused while a dialog waits, as commands are.
extension Session {
  /// Adds a column to the active table where `placement` says, every row holding `value`.
  ///
  /// - Returns: the column's position, 1-based.
  /// - Throws: what `Workspace.addColumn(_:at:filledWith:to:)` throws: a name that exists or
  ///   is not a name, a placement naming no column (the message lists them).
  @discardableResult
  public func addColumn(_ name: String, at placement: ColumnPlacement = .last, filledWith value: String = "")
    throws -> Int
  {
    try refuseWhileDialogWaits(.changes)
    return try workspace.addColumn(name, at: placement, filledWith: value, to: try activeDocument())
  }

  /// Renames a column of the active table.
  ///
  /// - Throws: what `Workspace.renameColumn(_:to:in:)` throws.
  public func renameColumn(_ old: String, to new: String) throws {
    try refuseWhileDialogWaits(.changes)
    try workspace.renameColumn(old, to: new, in: try activeDocument())
  }

  /// Deletes a column of the active table, with its cells, at once: an embedder that asks
  /// first asks before it calls (the `column.delete` command asks as `delete` does).
  ///
  /// - Throws: what `Workspace.deleteColumn(_:from:)` throws.
  public func deleteColumn(_ name: String) throws {
    try refuseWhileDialogWaits(.changes)
    try workspace.deleteColumn(name, from: try activeDocument())
  }

  /// Moves a column of the active table where `placement` says.
  ///
  /// - Returns: its new position, 1-based.
  /// - Throws: what `Workspace.moveColumn(_:to:in:)` throws.
  @discardableResult
  public func moveColumn(_ name: String, to placement: ColumnPlacement) throws -> Int {
    try refuseWhileDialogWaits(.changes)
    return try workspace.moveColumn(name, to: placement, in: try activeDocument())
  }

  /// Declares what a column of the active table holds (nil: its cells decide), kept for the
  /// file in the state store.
  ///
  /// - Throws: what `Workspace.setColumnKind(_:ofColumn:in:)` throws.
  public func setColumnKind(_ kind: TableValueKind?, ofColumn name: String) throws {
    try refuseWhileDialogWaits(.changes)
    try workspace.setColumnKind(kind, ofColumn: name, in: try activeDocument())
  }
}
