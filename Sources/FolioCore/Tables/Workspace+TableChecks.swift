extension Workspace {
  /// Checks that `document` is a table.
  ///
  /// - Throws: `FolioError.invalidArgument` when it is a text document.
  public func requireTable(_ document: Document) throws {
    _ = try document.modifyTable { $0.rowCount }
  }

  /// Whether edits since the last sort (add, cell, paste…) left a table's rows out of the
  /// order it was sorted by; false when it was never sorted.
  ///
  /// - Throws: `FolioError.invalidArgument` when the document is not a table.
  public func isSortStale(_ document: Document) throws -> Bool {
    let keys = document.sortOrder
    return try document.modifyTable { table in
      guard !keys.isEmpty else { return false }
      guard let permutation = try? table.sortPermutation(by: keys, collation: sortCollation()) else {
        return true
      }
      return !permutation.elementsEqual(permutation.indices)
    }
  }
}
