extension TableModel {
  /// The order of rows that sorting by `keys` gives: for each new position, the row's current
  /// position (0-based).
  ///
  /// The sort is stable: rows equal by every key keep their order. A column whose non-empty
  /// cells all read as numbers compares as numbers; other columns compare as text, ignoring
  /// case first. Empty cells go last in either direction.
  ///
  /// - Throws: `FolioError.invalidArgument` for a key naming no column.
  public func sortPermutation(by keys: [TableSortKey]) throws(FolioError) -> [Int] {
    var columnsKeys: [(values: [SortValue], isDescending: Bool)] = []
    for key in keys {
      guard let column = columnIndex(key.column) else {
        throw .invalidArgument("no column '\(key.column)'; columns: \(columns.joined(separator: ", "))")
      }
      columnsKeys.append((sortValues(ofColumn: column), key.order == .descending))
    }
    var permutation = Array(0..<rowCount)
    permutation.sort { left, right in
      for (values, isDescending) in columnsKeys {
        switch SortValue.compare(values[left], values[right], isDescending: isDescending) {
        case .some(true): return true
        case .some(false): return false
        case nil: continue
        }
      }
      return left < right
    }
    return permutation
  }

  /// Puts the rows in a new order: the row at position `permutation[i]` moves to position
  /// `i`. Only the row locations and ids move; no cell is read or copied.
  mutating func reorder(by permutation: [Int]) {
    precondition(permutation.count == rowCount, "a permutation must name every row once")
    makeIDsExplicit()
    let oldLocations = locations
    let oldIDs = ids ?? []
    locations = permutation.map { oldLocations[$0] }
    ids = permutation.map { oldIDs[$0] }
  }

  /// The permutation that takes back `reorder(by: permutation)`.
  static func inverse(of permutation: [Int]) -> [Int] {
    var inverse = [Int](repeating: 0, count: permutation.count)
    for (position, source) in permutation.enumerated() { inverse[source] = position }
    return inverse
  }

  /// The values a column sorts by: numbers when every non-empty cell reads as one.
  private func sortValues(ofColumn column: Int) -> [SortValue] {
    var texts: [String] = []
    texts.reserveCapacity(rowCount)
    var isNumeric = true
    for index in 0..<rowCount {
      let text = cell(row: index, column: column).description
      if isNumeric, !text.isEmpty, Double(text)?.isFinite != true { isNumeric = false }
      texts.append(text)
    }
    return texts.map { text in
      if text.isEmpty { return .empty }
      if isNumeric, let number = Double(text) { return .number(number) }
      return .text(folded: text.lowercased(), text)
    }
  }
}

/// A cell as sorting compares it.
private enum SortValue {
  case empty
  case number(Double)
  case text(folded: String, String)

  /// Whether `left` goes before `right` (true), after it (false), or they are equal (nil).
  /// Empty values go last whatever the direction.
  static func compare(_ left: SortValue, _ right: SortValue, isDescending: Bool) -> Bool? {
    switch (left, right) {
    case (.empty, .empty): return nil
    case (.empty, _): return false
    case (_, .empty): return true
    case (.number(let a), .number(let b)):
      return a == b ? nil : (a < b) != isDescending
    case (.text(let a, let rawA), .text(let b, let rawB)):
      if a != b { return (a < b) != isDescending }
      return rawA == rawB ? nil : (rawA < rawB) != isDescending
    case (.number, .text): return !isDescending
    case (.text, .number): return isDescending
    }
  }
}
