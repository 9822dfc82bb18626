/// One row of a `TableViewRows` as UTF-8 bytes: its marks and the text of each cell shown,
/// one after another in one buffer, read without making a `String` per cell.
///
/// A front end that writes many rows reads each into the same value
/// (`TableViewRows.read(_:into:)`), so a row costs no allocation once the buffers have
/// grown to the longest row.
public struct TableViewRowBytes: Sendable {
  /// The row's 1-based position.
  public private(set) var position = 0
  /// The row's id.
  public private(set) var id = 0
  /// Whether the row is selected.
  public private(set) var isSelected = false
  /// Whether the row is a favorite (★).
  public private(set) var isFavorite = false
  /// The row decorations the row shows.
  public private(set) var decorations: [RowDecoration] = []
  /// The text of the cells shown, in order, one after another.
  public private(set) var bytes: [UInt8] = []
  /// Where each cell's text ends in `bytes`; a cell starts where the one before ends.
  private var ends: [Int] = []
  /// Room for the fields of one record.
  private var fields: [DelimitedField] = []
  /// Where quotes are undoubled.
  private var scratch: [UInt8] = []

  /// An empty row, to read rows into.
  public init() {}

  /// The number of cells shown.
  public var cellCount: Int { ends.count }

  /// Where cell `index` (0-based among the cells shown) is in `bytes`.
  public func range(ofCell index: Int) -> Range<Int> {
    (index == 0 ? 0 : ends[index - 1])..<ends[index]
  }

  /// Starts the row over with its marks, keeping the buffers' capacity.
  mutating func reset(position: Int, id: Int, isSelected: Bool, isFavorite: Bool) {
    self.position = position
    self.id = id
    self.isSelected = isSelected
    self.isFavorite = isFavorite
    decorations.removeAll(keepingCapacity: true)
    bytes.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
  }

  /// Reads a row already made: its marks, decorations and displayed cells.
  mutating func read(_ made: DocumentViewRow) {
    reset(position: made.position, id: made.id, isSelected: made.isSelected, isFavorite: made.isFavorite)
    decorations.append(contentsOf: made.decorations)
    for cell in made.displayedCells { append(cell) }
  }

  /// Appends the text of a cell.
  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
    ends.append(bytes.count)
  }

  /// Appends the text of the cells of `columns` of the record at `offset` of `records`
  /// (the empty text for a column past the record's last field).
  mutating func appendCells(ofRecordAt offset: Int, in records: DelimitedRecords, columns: [Int]) {
    fields.removeAll(keepingCapacity: true)
    records.bytes.withUnsafeBufferPointer { buffer in
      DelimitedRecords.forEachField(
        ofRecordAt: offset, in: buffer, delimiter: records.delimiter, start: records.start
      ) { field in
        fields.append(field)
        return true
      }
      for column in columns {
        if fields.indices.contains(column) {
          fields[column].withText(in: buffer, scratch: &scratch) { bytes.append(contentsOf: $0) }
        }
        ends.append(bytes.count)
      }
    }
  }
}

extension TableViewRows {
  /// Reads the row at `index` (0-based among the rows shown) into `row`: the same marks and
  /// cell text as `self[index]` (its cells as displayed, with its decorations), as bytes.
  public func read(_ index: Int, into row: inout TableViewRowBytes) {
    switch source {
    case .made(let rows): row.read(rows[index])
    case .table(_, _, _, _, _, let plan) where !plan.isEmpty: row.read(self[index])
    case .table(let table, let positions, let columns, let selection, let favoriteColumn, _):
      let position = positions[index]
      let id = table.id(ofRow: position - 1)
      let isFavorite = favoriteColumn.map {
        Workspace.isFavoriteText(table.cell(row: position - 1, column: $0).description)
      }
      row.reset(
        position: position, id: id, isSelected: selection.contains(id), isFavorite: isFavorite ?? false)
      table.appendCells(ofRow: position - 1, columns: columns, to: &row)
    }
  }
}

extension TableModel {
  /// Appends the text of the cells of `columns` of the row at `index` (0-based) to `row`
  /// (the empty text for a column the row has no cell in): sliced from the file's bytes for
  /// a row read from the file, else each cell's `description`.
  func appendCells(ofRow index: Int, columns: [Int], to row: inout TableViewRowBytes) {
    let location = locations[index]
    if location >= 0, let records {
      row.appendCells(ofRecordAt: location, in: records, columns: columns)
    } else {
      let cells = cells(ofRow: index)
      for column in columns { row.append(cells.indices.contains(column) ? cells[column].description : "") }
    }
  }
}
