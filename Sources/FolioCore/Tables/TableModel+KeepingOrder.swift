extension TableModel {
  /// How many changed rows an edit may leave before they are put in place by a full sort
  /// rather than one binary search each.
  static let placedRowsLimit = 64

  /// Puts the rows an edit changed back in `ordering`, the rows it did not change being in
  /// that order still.
  ///
  /// Each changed row finds its place among the others by binary search on its sort key, so
  /// one edit of a million-row table reads about twenty rows rather than all of them. The
  /// result is the order a stable sort of the edited table gives: a changed row equal to
  /// others by every key stays on the side of them it was on. The rows are sorted whole
  /// instead when the edit changed more than `placedRowsLimit` rows, when its rows are not
  /// known, or when a key's column changes what it compares as — a number column given a
  /// word, or a text column whose last word went — which orders every row anew.
  ///
  /// - Parameters:
  ///   - ordering: the order the rows were in before the edit; the kinds of its keys are
  ///     brought up to date.
  ///   - changed: the positions (0-based) of the rows whose cells the edit changed; empty
  ///     when it only removed rows; nil when it did not say.
  /// - Returns: how the rows moved; nil when none did, or a key names no column.
  mutating func keepOrder(_ ordering: inout TableOrdering, changed: Range<Int>?) -> RowReordering? {
    var keyColumns: [Int] = []
    for key in ordering.keys {
      guard let column = columnIndex(key.column) else { return nil }
      keyColumns.append(column)
    }
    guard let changed = changed?.clamped(to: 0..<rowCount), changed.count <= Self.placedRowsLimit,
      updateKinds(&ordering, keyColumns: keyColumns, changed: changed)
    else { return sortWhole(&ordering) }
    guard !changed.isEmpty else { return nil }
    let place = OrderPlacement(table: self, ordering: ordering, keyColumns: keyColumns, changed: changed)
    guard let reordering = place.reordering() else { return nil }
    reorder(reordering)
    return reordering
  }

  /// Moves rows as `reordering` says, with their ids; no cell is read. Moves touch only the
  /// rows between the first and last place named.
  mutating func reorder(_ reordering: RowReordering) {
    guard case .moves(let moves) = reordering, let span = reordering.span else {
      if case .permutation(let order) = reordering { reorder(by: order) }
      return
    }
    makeIDsExplicit()
    Self.move(moves, within: span, of: &locations)
    ids?.rearrange(span) { Self.move(moves, within: span, of: &$0) }
  }

  /// Puts the element at each move's `from` at its `to`; the others in `span` keep their order
  /// in the places left.
  private static func move(_ moves: [RowReordering.Move], within span: Range<Int>, of values: inout [Int]) {
    if moves.count == 1, let move = moves.first {
      // One row, the usual edit: those between shift over by one place, a `memmove`
      // (`moveInitialize` allows the overlap; an `Int` needs no deinitializing).
      values.withUnsafeMutableBufferPointer { values in
        guard let base = values.baseAddress else { return }
        let moved = base[move.from]
        if move.from < move.to {
          (base + move.from).moveInitialize(from: base + move.from + 1, count: move.to - move.from)
        } else {
          (base + move.to + 1).moveInitialize(from: base + move.to, count: move.from - move.to)
        }
        base[move.to] = moved
      }
      return
    }
    let byDestination = moves.sorted { $0.to < $1.to }
    let sources = moves.map(\.from).sorted()
    let old = Array(values[span])
    values.withUnsafeMutableBufferPointer { values in
      var nextMove = 0
      var nextSource = 0
      var stayer = span.lowerBound  // the next element that does not move, by old position
      for position in span {
        let source: Int
        if nextMove < byDestination.count, byDestination[nextMove].to == position {
          source = byDestination[nextMove].from
          nextMove += 1
        } else {
          while nextSource < sources.count, sources[nextSource] <= stayer {
            if sources[nextSource] == stayer { stayer += 1 }
            nextSource += 1
          }
          source = stayer
          stayer += 1
        }
        values[position] = old[source - span.lowerBound]
      }
    }
  }

  /// The sort run of the row at `index` under `ordering`'s kinds, or nil when a cell does
  /// not fit its key's kind.
  func sortRun(ofRow index: Int, ordering: TableOrdering, keyColumns: [Int]) -> [UInt8]? {
    var runs = TableSortKeys(
      keys: ordering.keys.indices.map { (ordering.kinds[$0], ordering.keys[$0].order == .descending) },
      rowCount: 1, estimatedSize: 64)
    runs.beginRow()
    for (key, column) in keyColumns.enumerated() {
      var text = cell(row: index, column: column).description
      guard text.withUTF8({ runs.append($0, key: key) }) else { return nil }
    }
    return runs.runBytes
  }

  /// Brings the kinds of `ordering` up to date after an edit of the rows `changed`:
  /// an ASCII text column given other text widens to text (`standard` text to its longer
  /// form), which orders alike.
  ///
  /// - Returns: false when a column's kind changes the order of every row — a number column
  ///   with a cell that is not a number, a text column left with numbers only.
  private func updateKinds(_ ordering: inout TableOrdering, keyColumns: [Int], changed: Range<Int>) -> Bool {
    for key in ordering.keys.indices {
      let column = keyColumns[key]
      switch ordering.kinds[key] {
      case .number:
        for row in changed where !fits(row: row, column: column, kind: .number) { return false }
      case .declaredNumber:
        continue
      case .asciiText, .text, .standardASCIIText, .standardText:
        let kind = ordering.kinds[key]
        if kind == .asciiText || kind == .standardASCIIText,
          changed.contains(where: { !fits(row: $0, column: column, kind: kind) })
        {
          let wider = kind.wider(ordering.collation)
          for other in keyColumns.indices where keyColumns[other] == column { ordering.kinds[other] = wider }
        }
        // A column declared as text stays text, numbers or not.
        guard declaredKind(ofColumn: column) != nil || hasNonNumber(inColumn: column, lookingFirstAt: changed)
        else { return false }
      }
    }
    return true
  }

  /// Whether one cell fits a key kind.
  private func fits(row: Int, column: Int, kind: TableSortKeys.Kind) -> Bool {
    var runs = TableSortKeys(keys: [(kind, false)], rowCount: 1, estimatedSize: 16)
    runs.beginRow()
    var text = cell(row: row, column: column).description
    return text.withUTF8 { runs.append($0, key: 0) }
  }

  /// Whether a column has a non-empty cell that does not read as a finite number, so that
  /// sorting compares it as text; the rows `first` are looked at first, then all of them
  /// until one is found.
  private func hasNonNumber(inColumn column: Int, lookingFirstAt first: Range<Int>) -> Bool {
    let isText = { (row: Int) -> Bool in
      var text = self.cell(row: row, column: column).description
      return text.withUTF8 { !$0.isEmpty && TableSortKeys.number($0)?.isFinite != true }
    }
    return first.contains(where: isText) || (0..<rowCount).contains(where: isText)
  }

  /// Sorts every row by `ordering`'s keys again, as `sort` would, taking its kinds.
  private mutating func sortWhole(_ ordering: inout TableOrdering) -> RowReordering? {
    guard let sorted = try? sortOrder(by: ordering.keys, collation: ordering.collation) else { return nil }
    ordering.kinds = sorted.kinds
    guard !sorted.order.elementsEqual(sorted.order.indices) else { return nil }
    let reordering = RowReordering.permutation(sorted.order)
    reorder(reordering)
    return reordering
  }
}

/// Where the rows an edit changed go among the rows it left in order.
private struct OrderPlacement {
  let table: TableModel
  let ordering: TableOrdering
  let keyColumns: [Int]
  /// The rows changed, by position; every other row is in order.
  let changed: Range<Int>

  /// The number of rows in order.
  private var otherCount: Int { table.rowCount - changed.count }

  /// The position of the `index`th row in order (0-based).
  private func position(ofOther index: Int) -> Int {
    index < changed.lowerBound ? index : index + changed.count
  }

  /// A row's sort run; an empty run for one that fits no kind, which `updateKinds` rules out.
  private func run(_ row: Int) -> [UInt8] {
    table.sortRun(ofRow: row, ordering: ordering, keyColumns: keyColumns) ?? []
  }

  /// Whether the row with run `left` at `leftRow` goes before the one with `right` at
  /// `rightRow`: by run, then by position, as a stable sort keeps equal rows.
  private static func precedes(_ left: [UInt8], _ leftRow: Int, _ right: [UInt8], _ rightRow: Int) -> Bool {
    if left.elementsEqual(right) { return leftRow < rightRow }
    return left.lexicographicallyPrecedes(right)
  }

  /// How the rows move; nil when every changed row is in place already.
  func reordering() -> RowReordering? {
    // Each changed row's run and how many rows in order go before it.
    var placed: [(row: Int, run: [UInt8], before: Int)] = changed.map { row in
      let key = run(row)
      var low = 0
      var high = otherCount
      while low < high {
        let middle = (low + high) / 2
        let other = position(ofOther: middle)
        if Self.precedes(run(other), other, key, row) { low = middle + 1 } else { high = middle }
      }
      return (row, key, low)
    }
    placed.sort { left, right in
      left.before != right.before
        ? left.before < right.before : Self.precedes(left.run, left.row, right.run, right.row)
    }
    // The `k`th changed row in the new order has `before` rows in order and `k` changed rows
    // before it.
    let moves = placed.enumerated().map { RowReordering.Move(from: $1.row, to: $1.before + $0) }
    guard moves.contains(where: { $0.from != $0.to }) else { return nil }
    return .moves(moves)
  }
}
