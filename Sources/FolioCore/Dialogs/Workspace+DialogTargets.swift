extension Workspace {
  /// The target of a dialog about `document` as a whole (close, revert, rename).
  public func dialogTarget(of document: Document) -> DialogTarget {
    DialogTarget(windowID: document.windowID, document: document.title)
  }

  /// The target of a dialog about rows of `document`'s table: their ids in the table's order,
  /// the first named as a dialog presenting one names it.
  ///
  /// - Throws: `FolioError.invalidArgument` when the document is not a table or no row has
  ///   one of the ids.
  public func dialogTarget(rows ids: Set<Int>, of document: Document) throws -> DialogTarget {
    // One pass over the rows, in their order: looking each id up would scan the table's ids
    // once per row, quadratic in a large selection of a sorted table.
    let ordered = try document.readTable { table throws(FolioError) -> [Int] in
      var ordered: [Int] = []
      ordered.reserveCapacity(ids.count)
      for index in 0..<table.rowCount where ids.contains(table.id(ofRow: index)) {
        ordered.append(table.id(ofRow: index))
      }
      guard ordered.count == ids.count else {
        let missing = ids.subtracting(ordered).min() ?? 0
        throw FolioError(
          .invalidArgument, "no row of '\(document.title)' has the id \(missing)",
          values: ["id": "\(missing)"])
      }
      return ordered
    }
    let titles = try ordered.prefix(DialogTarget.namedRowLimit).map { id in
      try presentedRow(id: id, in: document).title
    }
    return DialogTarget(
      windowID: document.windowID, document: document.title, rowIDs: ordered, rowTitles: titles)
  }

  /// The target of a dialog about lines of a text document, 1-based.
  public func dialogTarget(lines: [Int], of document: Document) -> DialogTarget {
    DialogTarget(windowID: document.windowID, document: document.title, lines: Array(Set(lines)).sorted())
  }
}
