extension TableModel {
  /// The ids of the rows a selector names, in the order it names them: 1-based positions
  /// `3`, ranges `2-5`, ids `id:7`, or a comma-separated list of them `1,4-6,id:9`.
  ///
  /// - Throws: `FolioError.invalidArgument` for a part that is none of these, or names no row.
  public func rowIDs(_ selector: String) throws(FolioError) -> [Int] {
    var result: [Int] = []
    for part in selector.split(separator: ",", omittingEmptySubsequences: false) {
      if part.hasPrefix("id:") {
        guard let id = Int(part.dropFirst(3)), rowIndex(id: id) != nil else {
          throw .invalidArgument("no row with \(part)")
        }
        result.append(id)
        continue
      }
      for position in try RowSelection.positions(String(part), count: rowCount, kind: "row") {
        result.append(id(ofRow: position - 1))
      }
    }
    return result
  }
}
