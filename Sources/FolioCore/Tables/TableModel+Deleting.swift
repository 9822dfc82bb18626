extension TableModel {
  /// The positions (0-based, ascending) of the rows whose ids are in `ids`, found in one pass.
  public func positions(ofIDs ids: Set<Int>) -> [Int] {
    guard !ids.isEmpty else { return [] }
    return (0..<rowCount).filter { ids.contains(id(ofRow: $0)) }
  }

  /// Removes the rows at `positions` (0-based, ascending, each once) in one pass over the
  /// table, and returns them in that order.
  mutating func removeRows(at positions: [Int]) -> [TableRow] {
    guard !positions.isEmpty else { return [] }
    let removed = positions.map { TableRow(id: id(ofRow: $0), cells: cells(ofRow: $0)) }
    forgetValueKinds()
    if positions.count == 1, let position = positions.first {
      removeRow(at: position)
      return removed
    }
    makeIDsExplicit()
    var isRemoved = [Bool](repeating: false, count: rowCount)
    for position in positions { isRemoved[position] = true }
    var keptLocations: [Int] = []
    var keptIDs: [Int] = []
    keptLocations.reserveCapacity(rowCount - positions.count)
    keptIDs.reserveCapacity(rowCount - positions.count)
    let oldIDs = ids?.order ?? []
    for index in 0..<rowCount {
      if isRemoved[index] {
        noteRemoved(at: index)
        if locations[index] < 0 { storedRows[~locations[index]] = [] }
      } else {
        keptLocations.append(locations[index])
        keptIDs.append(oldIDs[index])
      }
    }
    locations = keptLocations
    ids?.replaceAll(with: keptIDs)
    return removed
  }

  /// Puts removed rows back: each at the position (0-based) it had, positions ascending, as
  /// `removeRows(at:)` gave them.
  mutating func insertRows(_ rows: [TableRow], at positions: [Int]) {
    guard rows.count == positions.count, !rows.isEmpty else { return }
    for row in rows { noteAdded(row.cells) }
    if rows.count == 1, let row = rows.first, let position = positions.first {
      insert(row, at: position)
      return
    }
    makeIDsExplicit()
    let oldIDs = ids?.order ?? []
    let total = rowCount + rows.count
    var newLocations: [Int] = []
    var newIDs: [Int] = []
    newLocations.reserveCapacity(total)
    newIDs.reserveCapacity(total)
    var next = 0
    var old = 0
    for position in 0..<total {
      if next < positions.count, positions[next] == position {
        newLocations.append(restore(rows[next]))
        newIDs.append(rows[next].id)
        next += 1
      } else if old < oldIDs.count {
        newLocations.append(locations[old])
        newIDs.append(oldIDs[old])
        old += 1
      }
    }
    locations = newLocations
    ids?.replaceAll(with: newIDs)
  }
}
