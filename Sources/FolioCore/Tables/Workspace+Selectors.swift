extension Workspace {
  /// Selects the rows of a table that `selector` names: positions `3`, ranges `2-5`, lists
  /// `1,4-6`, `id:7`, `all` or `none`.
  ///
  /// - Parameters:
  ///   - selector: the rows, as typed.
  ///   - mode: whether they replace, join or toggle the selection; `none` empties the
  ///     selection when replacing and changes nothing otherwise.
  ///   - environment: where the rule for several rows comes from (see `select(_:mode:in:environment:)`).
  /// - Throws: `FolioError.invalidArgument` for a text document or rows that do not exist;
  ///   `FolioError.disabled` when the rule refuses several rows.
  public func select(
    _ selector: String, mode: SelectionMode, in document: Document, environment: AppEnvironment
  ) throws {
    let ids = try document.modifyTable { table throws -> [Int] in
      switch selector.lowercased() {
      case "all": return (0..<table.rowCount).map(table.id(ofRow:))
      case "none": return []
      default: return try table.rowIDs(selector)
      }
    }
    if selector.lowercased() == "none", mode == .replace || mode == .add {
      if mode == .replace { document.selection = [] }
    } else {
      try select(ids, mode: mode, in: document, environment: environment)
    }
  }

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
      guard let permutation = try? table.sortPermutation(by: keys) else { return true }
      return !permutation.elementsEqual(permutation.indices)
    }
  }

  /// The 1-based line numbers of `text` that `selector` names: `3`, `2-5`, `1,4-6`.
  ///
  /// - Throws: `FolioError.invalidArgument` for a malformed selector or lines that do not
  ///   exist.
  public static func linePositions(_ selector: String, in text: TextContent) throws(FolioError) -> [Int] {
    try RowSelector.positions(selector, count: text.lines.count, kind: "line")
  }
}
