/// A table document's rows and columns, each row with a stable id.
///
/// A table read from CSV or TSV keeps the file's bytes (`DelimitedRecords`) and, for each
/// row, only where its record starts; its cells are parsed from the file when they are read.
/// Rows of JSON and new tables, added rows and rows with an edited cell are kept as cells
/// instead. Ids are kept only once they stop being the rows' 1-based positions, which they
/// are from decoding until a row is removed out of order. A table read from a 64 MB CSV file
/// of a million rows therefore holds the file and 8 MB, and an edit copies one row, not the
/// table.
public struct TableModel: Sendable {
  /// The column names, in order.
  public internal(set) var columns: [String]
  /// How the table is written: CSV or TSV with its details, or JSON with its layout.
  public var dialect: TableDialect
  /// The file the rows were read from, for a table read from CSV or TSV.
  var records: DelimitedRecords?
  /// Where each row's cells are, in row order: the offset of its record in `records`, or the
  /// bitwise complement of its slot in `storedRows` (`~slot`, which is negative).
  var locations: [Int]
  /// The cells of rows not read from `records`. The slot of a removed row is emptied, or
  /// dropped when it is the last one.
  var storedRows: [[TableCell]]
  /// For slots of `storedRows` whose cells were read from a record of `records` and then
  /// edited, where that record starts: a row edited back to its record's cells, or deleted
  /// and put back, is written as the record again, byte for byte.
  var storedOrigins: [Int: Int] = [:]
  /// Where the records of rows removed from the table start, by row id, so that a row put
  /// back goes back to its record.
  var removedOrigins: [Int: Int] = [:]
  /// Each row's id, in row order, and where each id is; nil while every row's id is its
  /// 1-based position.
  var ids: RowIDs?
  private var nextRowID: Int
  /// Each column's value kind as far as it was worked out, or nil where it is not known:
  /// filled by `valueKinds(ofColumns:)` on first use, refined by added rows and edited cells
  /// where the cells tell the new kind, and forgotten otherwise and when rows leave.
  var valueKindCache: [TableValueKindInference?] = []
  /// Each column's declared kind (`declaredKind(ofColumn:)`), nil where its cells decide;
  /// empty while no column has one.
  var declaredKinds: [TableValueKind?] = []

  /// Wraps decoded content, numbering its rows from 1.
  ///
  /// The rows are kept as they are, without copying them.
  public init(_ content: TableContent) {
    columns = content.columns
    dialect = content.dialect
    records = nil
    storedRows = content.rows
    locations = content.rows.indices.map { ~$0 }
    ids = nil
    nextRowID = content.rows.count + 1
  }

  /// A table whose rows are the records of a checked CSV or TSV file, numbered from 1.
  ///
  /// - Parameters:
  ///   - recordOffsets: Where each row's record starts in `records.bytes`, in order; every
  ///     record must have one field per column.
  init(columns: [String], dialect: TableDialect, records: DelimitedRecords, recordOffsets: [Int]) {
    self.columns = columns
    self.dialect = dialect
    self.records = records
    locations = recordOffsets
    storedRows = []
    ids = nil
    nextRowID = recordOffsets.count + 1
  }

  /// The number of rows.
  public var rowCount: Int { locations.count }

  /// The content to encode, with every row's cells made.
  public var content: TableContent {
    TableContent(columns: columns, rows: (0..<rowCount).map(cells(ofRow:)), dialect: dialect)
  }

  /// The position of a column by name, its bytes compared (`ColumnKey`).
  public func columnIndex(_ name: String) -> Int? { ColumnKey.index(of: name, in: columns) }

  /// The position of a row by id.
  public func rowIndex(id: Int) -> Int? {
    guard let ids else { return id >= 1 && id <= rowCount ? id - 1 : nil }
    return ids.position(of: id)
  }

  /// The position of a row by id, as `rowIndex(id:)`, first working out where every id is
  /// when that is not known yet (`RowIDs`): what an edit by id calls, so that the next one
  /// finds its row at once.
  public mutating func locateRow(id: Int) -> Int? {
    guard ids != nil else { return rowIndex(id: id) }
    return ids?.locate(id)
  }

  /// The id of the row at `index` (0-based).
  public func id(ofRow index: Int) -> Int { ids?[index] ?? index + 1 }

  /// The cells of the row at `index` (0-based).
  public func cells(ofRow index: Int) -> [TableCell] {
    let location = locations[index]
    if location < 0 { return storedRows[~location] }
    return records?.cells(ofRecordAt: location) ?? []
  }

  /// One cell: the row at `index` (0-based), column `column` (0-based); `.absent` when the
  /// row has no cell there.
  public func cell(row index: Int, column: Int) -> TableCell {
    let location = locations[index]
    if location < 0 {
      let cells = storedRows[~location]
      return cells.indices.contains(column) ? cells[column] : .absent
    }
    return records?.cell(ofRecordAt: location, column: column) ?? .absent
  }

  /// Appends a row (missing cells empty) and returns its id.
  @discardableResult
  public mutating func appendRow(_ cells: [TableCell]) -> Int {
    let id = nextRowID
    nextRowID += 1
    var cells = cells
    while cells.count < columns.count { cells.append(.string("")) }
    if ids == nil, id != rowCount + 1 { makeIDsExplicit() }
    ids?.append(id)
    locations.append(store(cells))
    noteAdded(cells)
    return id
  }

  /// Puts a removed row back where it was.
  mutating func insert(_ row: TableRow, at index: Int) {
    let index = min(index, rowCount)
    if ids == nil, index != rowCount || row.id != rowCount + 1 { makeIDsExplicit() }
    ids?.insert(row.id, at: index)
    locations.insert(restore(row), at: index)
    noteAdded(row.cells)
  }

  /// The location of a removed row put back: its record when its cells are still the
  /// record's, else a new slot for its cells.
  mutating func restore(_ row: TableRow) -> Int {
    guard let origin = removedOrigins.removeValue(forKey: row.id) else { return store(row.cells) }
    if isRecord(at: origin, holding: row.cells) { return origin }
    let location = store(row.cells)
    storedOrigins[~location] = origin
    return location
  }

  /// Notes where the record of a row about to be removed starts, for `restore(_:)`.
  mutating func noteRemoved(at index: Int) {
    let location = locations[index]
    if let origin = location >= 0 ? location : storedOrigins.removeValue(forKey: ~location) {
      removedOrigins[id(ofRow: index)] = origin
    }
  }

  /// The record a row can be written from, byte for byte: where it starts in `records` for a
  /// row read from the file, or for an edited one whose cells are the record's again, to the
  /// byte; nil otherwise.
  func recordOffset(ofRow index: Int) -> Int? {
    let location = locations[index]
    if location >= 0 { return location }
    guard let origin = storedOrigins[~location], isRecord(at: origin, holding: storedRows[~location]) else {
      return nil
    }
    return origin
  }

  /// Whether the row at `index` (0-based) is still read from the file: none of its cells
  /// was changed (or it was put back as its record).
  func isReadFromFile(row index: Int) -> Bool { locations[index] >= 0 }

  /// The cell at `column` of the file's record of the row at `index` (0-based): the cell it
  /// had when read, for a row read from the file and edited since; nil for a row with no
  /// record (added, or from JSON).
  func recordCell(row index: Int, column: Int) -> TableCell? {
    let location = locations[index]
    guard let origin = location >= 0 ? location : storedOrigins[~location], let records else { return nil }
    return records.cell(ofRecordAt: origin, column: column) ?? .absent
  }

  /// Whether the record at `offset` holds exactly `cells`, compared as bytes.
  private func isRecord(at offset: Int, holding cells: [TableCell]) -> Bool {
    guard let original = records?.cells(ofRecordAt: offset), original.count == cells.count else {
      return false
    }
    return zip(original, cells).allSatisfy { $0.isIdentical(to: $1) }
  }

  /// Removes a row by position.
  @discardableResult
  mutating func removeRow(at index: Int) -> TableRow {
    let row = TableRow(id: id(ofRow: index), cells: cells(ofRow: index))
    forgetValueKinds()
    noteRemoved(at: index)
    if ids == nil, index != rowCount - 1 { makeIDsExplicit() }
    ids?.remove(at: index)
    let location = locations.remove(at: index)
    if location < 0 {
      let slot = ~location
      if slot == storedRows.count - 1 {
        storedRows.removeLast()
      } else {
        storedRows[slot] = []
      }
    }
    return row
  }

  /// Replaces the rows at `range` with rows of `cells`, the rest of the table untouched:
  /// rows read from the file outside the range are still written from its bytes. Each new
  /// row takes the place of the old one at its position as an edit of it would: it is
  /// written from that row's record while its cells are the record's, to the byte. New rows
  /// get new ids.
  mutating func replaceRows(_ range: Range<Int>, with rows: [[TableCell]]) {
    forgetValueKinds()
    var replacement: [Int] = []
    replacement.reserveCapacity(rows.count)
    for (offset, cells) in rows.enumerated() {
      let index = range.lowerBound + offset
      // The record of the row replaced, as `setCell` keeps it for an edited row.
      let location = index < range.upperBound ? locations[index] : nil
      let origin = location.flatMap { $0 >= 0 ? $0 : storedOrigins[~$0] }
      if let origin, isRecord(at: origin, holding: cells) {
        replacement.append(origin)
      } else {
        replacement.append(store(cells))
        if let origin { storedOrigins[storedRows.count - 1] = origin }
      }
    }
    for location in locations[range] where location < 0 {
      storedRows[~location] = []
      storedOrigins[~location] = nil
    }
    // Rows added at the end are numbered on from the last; otherwise ids stop being positions.
    if !range.isEmpty || range.lowerBound != rowCount || nextRowID != rowCount + 1 { makeIDsExplicit() }
    ids?.replaceSubrange(range, with: nextRowID..<(nextRowID + rows.count))
    nextRowID += rows.count
    locations.replaceSubrange(range, with: replacement)
  }

  /// Sets one cell, keeping the row's other cells; the rest of the table is not copied.
  mutating func setCell(row index: Int, column: Int, to value: TableCell) {
    if valueKindCache.indices.contains(column), valueKindCache[column] != nil {
      noteReplaced(column: column, cell(row: index, column: column), with: value)
    }
    var slot = ~locations[index]
    if slot < 0 {
      // A row read from the file is parsed into cells the first time one of them changes.
      storedRows.append(records?.cells(ofRecordAt: locations[index]) ?? [])
      slot = storedRows.count - 1
      storedOrigins[slot] = locations[index]
      locations[index] = ~slot
    }
    if column >= storedRows[slot].count {
      storedRows[slot].append(contentsOf: repeatElement(.absent, count: column + 1 - storedRows[slot].count))
    }
    storedRows[slot][column] = value
  }

  /// Adds an empty column at the end; rows read from the file then have no cell there, which
  /// reads and is written as empty.
  mutating func appendColumn(_ name: String) {
    columns.append(name)
    if !valueKindCache.isEmpty { valueKindCache.append(nil) }
  }

  /// Removes the last column, and the cells kept for it.
  mutating func removeLastColumn() {
    guard !columns.isEmpty else { return }
    columns.removeLast()
    if valueKindCache.count > columns.count {
      valueKindCache.removeLast(valueKindCache.count - columns.count)
    }
    if declaredKinds.count > columns.count { declaredKinds.removeLast(declaredKinds.count - columns.count) }
    for slot in storedRows.indices where storedRows[slot].count > columns.count {
      storedRows[slot].removeLast(storedRows[slot].count - columns.count)
    }
  }

  /// A rough size in bytes, for undo budgets.
  var estimatedSize: Int {
    let stored = storedRows.reduce(0) { $0 + $1.count * 24 + 16 }
    return (records?.bytes.count ?? 0) + 8 * (locations.count + (ids?.count ?? 0)) + stored
  }

  /// Keeps cells in a new slot and returns the row location that refers to it.
  mutating func store(_ cells: [TableCell]) -> Int {
    storedRows.append(cells)
    return ~(storedRows.count - 1)
  }

  /// Records every row's id, once they can no longer be told from positions.
  mutating func makeIDsExplicit() {
    if ids == nil { ids = RowIDs(Array(1..<rowCount + 1)) }
  }
}

extension TableModel: Equatable {
  /// Whether two tables have the same columns, dialect, rows with the same ids and cells, and
  /// would give the same id to the next row, however their rows are stored.
  public static func == (lhs: TableModel, rhs: TableModel) -> Bool {
    guard lhs.columns == rhs.columns, lhs.dialect == rhs.dialect, lhs.nextRowID == rhs.nextRowID,
      lhs.rowCount == rhs.rowCount
    else { return false }
    return (0..<lhs.rowCount).allSatisfy { index in
      lhs.id(ofRow: index) == rhs.id(ofRow: index) && lhs.cells(ofRow: index) == rhs.cells(ofRow: index)
    }
  }
}
