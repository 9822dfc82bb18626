import FolioCore

extension Workspace {
  /// Sets the cell of the row at 1-based `position` in the column named `column`: the
  /// typed `setCell(rowID:column:to:in:)` with the row and column looked up, for tests that
  /// edit a table they just made.
  ///
  /// - Returns: whether the cell changed.
  @discardableResult
  public func setCell(position: Int, columnNamed column: String, to value: String, in document: Document)
    throws
    -> Bool
  {
    let (rowID, index) = try document.readTable { table in
      guard let index = table.columnIndex(column), position >= 1, position <= table.rowCount else {
        throw FolioError.invalidArgument("no cell at row \(position), column '\(column)'")
      }
      return (table.id(ofRow: position - 1), index)
    }
    return try setCell(rowID: rowID, column: index, to: value, in: document)
  }
}
