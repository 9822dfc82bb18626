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
    let ordered = try document.readTable { table throws(FolioError) -> [Int] in
      var positions: [(index: Int, id: Int)] = []
      positions.reserveCapacity(ids.count)
      for id in ids {
        guard let index = table.rowIndex(id: id) else {
          throw FolioError(
            .invalidArgument, "no row of '\(document.title)' has the id \(id)", values: ["id": "\(id)"])
        }
        positions.append((index, id))
      }
      return positions.sorted { $0.index < $1.index }.map(\.id)
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
