extension TableModel {
  /// The 1-based positions of the rows a selector names (see `RowSelector`), in its order.
  ///
  /// - Throws: `FolioError.invalidArgument` for a malformed part, or one that names no row.
  public func rowPositions(_ selector: String) throws(FolioError) -> [Int] {
    try RowSelector(parsing: selector, kind: "row").positions(count: rowCount, kind: "row") {
      rowIndex(id: $0).map { $0 + 1 }
    }
  }

  /// The ids of the rows a selector names, in the order it names them.
  ///
  /// - Throws: `FolioError.invalidArgument` for a malformed part, or one that names no row.
  public func rowIDs(_ selector: String) throws(FolioError) -> [Int] {
    try rowPositions(selector).map { id(ofRow: $0 - 1) }
  }
}
