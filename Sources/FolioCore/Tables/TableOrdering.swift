/// The order a sorted table's rows are kept in [KeyPathComparator, `.onChange(of: sortOrder)`]:
/// the keys, the collation text compared by when they were applied, and the kind each key's
/// column compared as then.
///
/// The rows are in this order for as long as the document has it: every edit puts the rows it
/// changed back in place (`TableModel.keepOrder(_:changed:)`) in the same undo step.
struct TableOrdering: Equatable {
  /// The keys, first key first.
  var keys: [TableSortKey]
  /// How text compares.
  var collation: TableCollation
  /// What each key's column compares as: numbers, or text; one per key.
  var kinds: [TableSortKeys.Kind]
}

/// How rows moved to keep a table in order: a few rows each to a new place, the rows between
/// shifting over and every other row staying where it was; or, after a full sort, a new order
/// of every row.
enum RowReordering: Equatable {
  /// Each row at `from` moved to `to` (0-based positions before and after); the rows not
  /// named keep their order.
  case moves([Move])
  /// The row at `order[i]` moved to `i`, for every row.
  case permutation([Int])

  /// One row's move.
  struct Move: Equatable {
    /// Its position before.
    var from: Int
    /// Its position after.
    var to: Int
  }

  /// The reordering that takes this one back.
  var inverse: RowReordering {
    switch self {
    case .moves(let moves): .moves(moves.map { Move(from: $0.to, to: $0.from) })
    case .permutation(let order): .permutation(TableModel.inverse(of: order))
    }
  }

  /// The run of positions the moves change, from the first row moved (from or to) to the
  /// last; nil for a permutation of every row.
  var span: Range<Int>? {
    guard case .moves(let moves) = self, let first = moves.first else { return nil }
    var lower = min(first.from, first.to)
    var upper = max(first.from, first.to)
    for move in moves {
      lower = min(lower, move.from, move.to)
      upper = max(upper, move.from, move.to)
    }
    return lower..<(upper + 1)
  }

  /// Where the row at `position` (0-based) is after this reordering.
  func position(after position: Int) -> Int {
    switch self {
    case .permutation(let order):
      return order.firstIndex(of: position) ?? position
    case .moves(let moves):
      if let move = moves.first(where: { $0.from == position }) { return move.to }
      // A row that stays keeps its place among those that stay: the `k`th of them takes the
      // `k`th place no moved row took.
      var place = position - moves.count(where: { $0.from < position })
      for destination in moves.map(\.to).sorted() where destination <= place { place += 1 }
      return place
    }
  }
}
