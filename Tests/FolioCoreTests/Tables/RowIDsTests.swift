import FolioTestSupport
import Testing

@testable import FolioCore

/// Where each row id is (`RowIDs`), once built by an edit by id, agrees with a search of the
/// rows after every change that moves, adds or removes rows.
@Suite struct RowIDsTests {
  /// The position of `id` found by looking at every row.
  private static func searched(_ id: Int, in table: TableModel) -> Int? {
    (0..<table.rowCount).first { table.id(ofRow: $0) == id }
  }

  @Test(
    "after random moves, adds, removals, sorts and replacements, every id is found where a search finds it")
  func randomChanges() throws {
    for seed: UInt64 in [1, 2, 3] {
      var random = SeededGenerator(seed: seed)
      var table = try DelimitedFormat.decodeTable(
        Array(("k\n" + (0..<30).map { "\(($0 * 7) % 11)\n" }.joined()).utf8), delimiter: .comma)
      for step in 0..<150 {
        let count = table.rowCount
        switch Int.random(in: 0..<7, using: &random) {
        case 0: table.appendRow([.string("\(step)")])
        case 1 where count > 1:
          let removed = table.removeRow(at: Int.random(in: 0..<count, using: &random))
          table.insert(removed, at: Int.random(in: 0..<table.rowCount, using: &random))
        case 2 where count > 0: table.removeRow(at: Int.random(in: 0..<count, using: &random))
        case 3 where count > 2:
          let from = Int.random(in: 0..<count, using: &random)
          let to = Int.random(in: 0..<count, using: &random)
          table.reorder(.moves([RowReordering.Move(from: from, to: to)]))
        case 4:
          table.reorder(by: try table.sortPermutation(by: [TableSortKey(column: "k")], collation: .standard))
        case 5 where count > 3:
          let start = Int.random(in: 0..<(count - 2), using: &random)
          table.replaceRows(start..<(start + 2), with: [[.string("r")]])
        case 6 where count > 3:
          let positions = Array((0..<count).shuffled(using: &random).prefix(3)).sorted()
          let removed = table.removeRows(at: positions)
          if Bool.random(using: &random) { table.insertRows(removed, at: positions) }
        default: break
        }
        // An edit by id builds the positions, which later changes keep.
        if let first = (0..<table.rowCount).first { _ = table.locateRow(id: table.id(ofRow: first)) }
        for id in 0...(table.rowCount + step + 40) {
          #expect(
            table.rowIndex(id: id) == Self.searched(id, in: table), "seed \(seed), step \(step), id \(id)")
        }
      }
    }
  }
}
