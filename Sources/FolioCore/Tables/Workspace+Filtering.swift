extension Workspace {
  /// The ids of the rows of a table that `predicate` holds for, in table order; changes
  /// nothing but the column kinds the table keeps once worked out.
  ///
  /// - Throws: `FolioError.invalidArgument` for a text document; `FolioError.interrupted`
  ///   when the cancellation token stops it (every 4,096 rows), before anything changed.
  public func rowIDs(matching predicate: RowPredicate, in document: Document) throws -> [Int] {
    try document.modifyTable { table throws(FolioError) in
      var ids: [Int] = []
      try table.forEachRow(matching: predicate, cancellation: cancellation) { ids.append($1) }
      return ids
    }
  }

  /// How many rows of a table `predicate` holds for; every row when it is nil.
  ///
  /// - Parameter expression: the expression as the front end writes it, for the report.
  /// - Throws: as `rowIDs(matching:in:)` does.
  public func countRows(matching predicate: RowPredicate?, expression: String?, in document: Document) throws
    -> RowCountReport
  {
    try document.modifyTable { table throws(FolioError) in
      var count = table.rowCount
      if let predicate {
        count = 0
        try table.forEachRow(matching: predicate, cancellation: cancellation) { _, _ in count += 1 }
      }
      return RowCountReport(
        document: document.title, count: count, total: table.rowCount,
        expression: predicate == nil ? nil : expression)
    }
  }
}
