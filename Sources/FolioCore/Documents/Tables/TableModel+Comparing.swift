extension TableModel {
  /// Whether the two tables have the same columns and dialect and read their rows from the
  /// same file bytes, so that rows can be compared by where they are kept.
  func hasSameShape(as other: TableModel) -> Bool {
    guard columns == other.columns, dialect == other.dialect else { return false }
    switch (records, other.records) {
    case (nil, nil): return true
    case (let mine?, let theirs?):
      return mine.bytes.withUnsafeBufferPointer { mine in
        theirs.bytes.withUnsafeBufferPointer { mine.baseAddress == $0.baseAddress && mine.count == $0.count }
      }
    default: return false
    }
  }

  /// Whether row `index` holds the same cells as row `otherIndex` of a table of the same
  /// shape, told without parsing them: the same record of the file, or stored cells that
  /// are equal (at once when they share their storage).
  func isSameRow(_ index: Int, as other: TableModel, row otherIndex: Int) -> Bool {
    let location = locations[index]
    guard location == other.locations[otherIndex] else { return false }
    return location >= 0 || storedRows[~location] == other.storedRows[~location]
  }
}
