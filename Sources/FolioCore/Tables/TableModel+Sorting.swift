extension TableModel {
  /// The order of rows that sorting by `keys` gives: for each new position, the row's current
  /// position (0-based).
  ///
  /// The sort is stable: rows equal by every key keep their order. A column whose non-empty
  /// cells all read as numbers compares as numbers; other columns compare as text, ignoring
  /// case first. Empty cells go last in either direction.
  ///
  /// Text compares by `collation`: `standard` as people expect (base letters and numbers by
  /// value first, then accents, then case), `binary` by scalar after folding case.
  ///
  /// - Parameters:
  ///   - collation: how text compares.
  ///   - cancellation: checked while the keys are made and the rows sorted.
  ///   - progress: told every 4,096 rows how many rows have their keys made.
  /// - Throws: `FolioError.invalidArgument` for a key naming no column or a column another
  ///   key names; `FolioError.interrupted` once `cancellation` is cancelled.
  public func sortPermutation(
    by keys: [TableSortKey], collation: TableCollation = .standard, cancellation: CancellationToken? = nil,
    progress: ((Int) -> Void)? = nil
  ) throws(FolioError) -> [Int] {
    try sortOrder(by: keys, collation: collation, cancellation: cancellation, progress: progress).order
  }

  /// The order of rows that sorting by `keys` gives, as `sortPermutation` makes it, and what
  /// each key's column compared as: the kinds a `TableOrdering` keeps.
  func sortOrder(
    by keys: [TableSortKey], collation: TableCollation, cancellation: CancellationToken? = nil,
    progress: ((Int) -> Void)? = nil
  ) throws(FolioError) -> (order: [Int], kinds: [TableSortKeys.Kind]) {
    try cancellation?.check()
    guard rowCount <= ByteRunSorter.maximumRowCount else {
      throw .invalidArgument("cannot sort more than \(ByteRunSorter.maximumRowCount) rows")
    }
    let keyColumns = try Self.keyColumns(of: keys, in: self)
    // Columns are taken for numbers, then for ASCII text, until a cell says otherwise; the
    // kinds worked out for `show` rule numbers out at once.
    let text: TableSortKeys.Kind = collation == .standard ? .standardASCIIText : .asciiText
    var kinds = keyColumns.map { column -> TableSortKeys.Kind in
      switch declaredKind(ofColumn: column) {
      case .number: return .declaredNumber
      case .text, .bool: return text
      case nil:
        return valueKindCache.indices.contains(column) && valueKindCache[column]?.allNumbers == false
          ? text : .number
      }
    }
    while true {
      var runs = TableSortKeys(
        keys: keys.indices.map { (kinds[$0], keys[$0].order == .descending) }, rowCount: rowCount,
        estimatedSize: estimatedSortKeySize(keyCount: keys.count))
      var misfit: Int?
      var rowsRead = 0
      var isCancelled = false
      forEachRow(readingColumns: keyColumns) { texts in
        rowsRead += 1
        if rowsRead & 4095 == 0 {
          if cancellation?.isCancelled == true {
            isCancelled = true
            return false
          }
          progress?(rowsRead)
        }
        runs.beginRow()
        for key in keys.indices {
          var fits = true
          texts(key) { fits = runs.append($0, key: key) }
          guard fits else {
            misfit = key
            return false
          }
        }
        return true
      }
      if isCancelled { throw .interrupted }
      if let misfit {
        let wider = kinds[misfit].wider(collation)
        for key in keys.indices where keyColumns[key] == keyColumns[misfit] { kinds[key] = wider }
        continue
      }
      // The runs are freed before the order is taken out of the sorted rows.
      let sorted = runs.sortRows { cancellation?.isCancelled == true }
      guard let sorted else { throw .interrupted }
      return (sorted.order(), kinds)
    }
  }

  /// The column of each key, checked before anything is made for the sort: every key names
  /// a column, and no column twice, so a sort has at most as many keys as the table has
  /// columns and its keys take at most about three times the key columns' text and 9 bytes
  /// a cell (`estimatedSortKeySize`), however many keys are asked for.
  ///
  /// - Throws: `FolioError.invalidArgument` for a key naming no column, or naming a column
  ///   another key names, in either direction (the column's name as `column` in its values).
  static func keyColumns(of keys: [TableSortKey], in table: TableModel) throws(FolioError) -> [Int] {
    var keyColumns: [Int] = []
    keyColumns.reserveCapacity(min(keys.count, table.columns.count))
    var seen = Set<Int>()
    for key in keys {
      guard let column = table.columnIndex(key.column) else {
        throw .invalidArgument("no column '\(key.column)'; columns: \(table.columns.joined(separator: ", "))")
      }
      guard seen.insert(column).inserted else {
        throw FolioError(
          .invalidArgument, "the column '\(key.column)' is a sort key twice; each column can be one key",
          values: ["column": key.column])
      }
      keyColumns.append(column)
    }
    return keyColumns
  }

  /// Puts the rows in a new order: the row at position `permutation[i]` moves to position
  /// `i`. Only the row locations and ids move; no cell is read or copied.
  mutating func reorder(by permutation: [Int]) {
    precondition(permutation.count == rowCount, "a permutation must name every row once")
    makeIDsExplicit()
    let oldLocations = locations
    let oldIDs = ids?.order ?? []
    locations = permutation.map { oldLocations[$0] }
    ids?.replaceAll(with: permutation.map { oldIDs[$0] })
  }

  /// The permutation that takes back `reorder(by: permutation)`.
  static func inverse(of permutation: [Int]) -> [Int] {
    var inverse = [Int](repeating: 0, count: permutation.count)
    for (position, source) in permutation.enumerated() { inverse[source] = position }
    return inverse
  }

  /// About how many bytes the sort keys of all rows take: a text key holds its cell twice.
  private func estimatedSortKeySize(keyCount: Int) -> Int {
    min(2 * estimatedTextSize, rowCount * keyCount * 64) + rowCount * keyCount * 9
  }

  /// Calls `body` with each row in order, until it returns false; `body` gets a function
  /// that hands the UTF-8 text of one of `wanted` (by its index in `wanted`, a column index
  /// each) to the function it is given: empty for an empty or missing cell.
  private func forEachRow(
    readingColumns wanted: [Int],
    _ body: (_ texts: (_ index: Int, _ use: (UnsafeBufferPointer<UInt8>) -> Void) -> Void) -> Bool
  ) {
    guard let last = wanted.max() else {
      for _ in 0..<rowCount where !body({ _, _ in }) { return }
      return
    }
    // The slot each wanted column's text is kept in while a row is read: one per column.
    var slotOfColumn = [Int](repeating: -1, count: last + 1)
    var slotCount = 0
    for column in wanted where slotOfColumn[column] < 0 {
      slotOfColumn[column] = slotCount
      slotCount += 1
    }
    let slotOfWanted = wanted.map { slotOfColumn[$0] }
    var ranges = [Range<Int>](repeating: 0..<0, count: slotCount)
    // Fields with doubled quotes are unescaped into their slot's scratch buffer.
    var scratch = [[UInt8]](repeating: [], count: slotCount)
    var inScratch = [Bool](repeating: false, count: slotCount)
    let bytes = records?.bytes ?? []
    bytes.withUnsafeBufferPointer { buffer in
      for location in locations {
        let keepGoing: Bool
        if location < 0 {
          let cells = storedRows[~location]
          keepGoing = body { index, use in
            let column = wanted[index]
            var text = cells.indices.contains(column) ? cells[column].description : ""
            text.withUTF8 { use($0) }
          }
        } else if let records {
          for slot in 0..<slotCount {
            ranges[slot] = 0..<0
            inScratch[slot] = false
          }
          var column = 0
          DelimitedRecords.forEachField(
            ofRecordAt: location, in: buffer, delimiter: records.delimiter, start: records.start
          ) { field in
            let slot = slotOfColumn[column]
            if slot >= 0 {
              if field.hasDoubledQuotes {
                field.withText(in: buffer, scratch: &scratch[slot]) { _ in }
                inScratch[slot] = true
              } else {
                ranges[slot] = field.range
              }
            }
            column += 1
            return column <= last
          }
          keepGoing = body { index, use in
            let slot = slotOfWanted[index]
            if inScratch[slot] {
              scratch[slot].withUnsafeBufferPointer { use($0) }
            } else {
              use(UnsafeBufferPointer(rebasing: buffer[ranges[slot]]))
            }
          }
        } else {
          keepGoing = body { _, use in use(UnsafeBufferPointer(start: nil, count: 0)) }
        }
        if !keepGoing { return }
      }
    }
  }
}
