extension TableModel {
  /// The value kinds of some columns (0-based), in the order asked.
  ///
  /// A kind declared for a column (`declaredKind(ofColumn:)`) is taken as it is. Other kinds
  /// are worked out on first use, in one pass over the rows that reads only the
  /// columns not known yet and stops early once every one of them is text; they are kept
  /// until rows leave or a cell of the column changes in a way its two cells cannot tell
  /// (`noteReplaced(column:_:with:)`). Opening a table therefore costs
  /// nothing for them, and showing a few rows of a large table reads its rows once.
  public mutating func valueKinds(ofColumns wanted: [Int]) -> [TableValueKind] {
    if valueKindCache.count != columns.count {
      valueKindCache = Array(repeating: nil, count: columns.count)
    }
    // Each column not known yet, once, ascending: marked in one pass rather than hashed,
    // since `show` asks for every column of a table that may have 400,000.
    var isMissing = [Bool](repeating: false, count: valueKindCache.count)
    var missing: [Int] = []
    for column in wanted
    where valueKindCache.indices.contains(column) && !isMissing[column] && valueKindCache[column] == nil {
      isMissing[column] = true
      missing.append(column)
    }
    missing.sort()
    if !missing.isEmpty {
      for (column, inference) in zip(missing, inferValueKinds(ofColumns: missing)) {
        valueKindCache[column] = inference
      }
    }
    return wanted.map { column in
      declaredKind(ofColumn: column)
        ?? (valueKindCache.indices.contains(column) ? valueKindCache[column]?.kind ?? .text : .text)
    }
  }

  /// The kinds that read the text cells of some columns (0-based) as values
  /// (`TableCell.value(as:)`), in the order asked: for CSV and TSV the kinds worked out
  /// (`valueKinds(ofColumns:)`); text for JSON, whose cells carry their own types, so that
  /// its strings stay strings — unless a kind is declared for the column, which both take.
  public mutating func readingKinds(ofColumns wanted: [Int]) -> [TableValueKind] {
    if case .json = dialect { return wanted.map { declaredKind(ofColumn: $0) ?? .text } }
    return valueKinds(ofColumns: wanted)
  }

  /// Keeps the kind worked out for `column` true when `new` replaces `old` in it, as far as
  /// the two cells tell it (`TableValueKindInference.replacing(_:with:)`: a number written
  /// over a number, a word over a word, anything over a cell that made nothing), and forgets
  /// it otherwise, so that a plugin writing a column cell by cell does not read it again
  /// each time.
  mutating func noteReplaced(column: Int, _ old: TableCell, with new: TableCell) {
    guard valueKindCache.indices.contains(column), let known = valueKindCache[column] else { return }
    valueKindCache[column] = known.replacing(old, with: new)
  }

  /// Refines the kinds known so far with an added row's cells.
  mutating func noteAdded(_ cells: [TableCell]) {
    for column in valueKindCache.indices where valueKindCache[column] != nil {
      valueKindCache[column]?.add(cells.indices.contains(column) ? cells[column] : .absent)
    }
  }

  /// Forgets every kind worked out: a row left, which may narrow any column's kind.
  mutating func forgetValueKinds() {
    valueKindCache = []
  }

  /// Reads every row once for the columns `wanted` (0-based, ascending, each once).
  private func inferValueKinds(ofColumns wanted: [Int]) -> [TableValueKindInference] {
    var inferences = [TableValueKindInference](repeating: TableValueKindInference(), count: wanted.count)
    guard let last = wanted.last else { return inferences }
    // Which inference each column up to the last wanted feeds, or -1.
    var slots = [Int](repeating: -1, count: last + 1)
    for (slot, column) in wanted.enumerated() { slots[column] = slot }
    var unsettled = wanted.count
    let bytes = records?.bytes ?? []
    bytes.withUnsafeBufferPointer { buffer in
      var scratch: [UInt8] = []
      forEachLocationInFileOrder { location in
        if location < 0 {
          let cells = storedRows[~location]
          for (slot, column) in wanted.enumerated() where !inferences[slot].isSettled {
            inferences[slot].add(cells.indices.contains(column) ? cells[column] : .absent)
            if inferences[slot].isSettled { unsettled -= 1 }
          }
        } else if let records {
          var column = 0
          DelimitedRecords.forEachField(
            ofRecordAt: location, in: buffer, delimiter: records.delimiter, start: records.start
          ) { field in
            let slot = slots[column]
            if slot >= 0, !inferences[slot].isSettled {
              field.withText(in: buffer, scratch: &scratch) { inferences[slot].add(utf8: $0) }
              if inferences[slot].isSettled { unsettled -= 1 }
            }
            column += 1
            return column <= last
          }
        }
        return unsettled > 0
      }
    }
    return inferences
  }

  /// Calls `body` with every row's location, until it returns false: kept rows first, then
  /// those read from the file in the order of their records in it, so that the rows of a
  /// sorted table are read from the start of the file to its end rather than at random.
  private func forEachLocationInFileOrder(_ body: (Int) -> Bool) {
    var previous = -1
    let isInFileOrder = locations.allSatisfy { location in
      defer { previous = max(previous, location) }
      return location < 0 || location > previous
    }
    if isInFileOrder {
      for location in locations where !body(location) { return }
      return
    }
    for location in locations where location < 0 && !body(location) { return }
    // A bit for every byte of the file, set where a row's record starts.
    var starts = [UInt64](repeating: 0, count: (records?.bytes.count ?? 0) / 64 + 1)
    for location in locations where location >= 0 { starts[location >> 6] |= 1 << UInt64(location & 63) }
    for (index, word) in starts.enumerated() {
      var word = word
      while word != 0 {
        guard body(index << 6 | word.trailingZeroBitCount) else { return }
        word &= word - 1
      }
    }
  }
}
