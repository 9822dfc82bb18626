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

/// A reordering of a run of rows: the row at `start + order[i]` moves to `start + i`. The
/// rows before `start` and after the run stay where they are.
struct RowReordering: Equatable {
  /// The position (0-based) of the run's first row.
  var start: Int
  /// For each position of the run, where its row was (relative to `start`).
  var order: [Int]

  /// The reordering that takes this one back.
  var inverse: RowReordering {
    RowReordering(start: start, order: TableModel.inverse(of: order))
  }
}
