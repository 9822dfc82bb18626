/// A table to print: its column names and its rows of cells as text, one cell for each
/// column of each row.
///
/// The cells are kept in one buffer, not as an array of strings per row, so that a table
/// of a million rows is made and given up quickly (see `PackedStrings`).
public struct PrintTable: Sendable, Equatable {
  /// The column names.
  public let columns: [String]
  /// The number of rows.
  public private(set) var rowCount = 0
  /// Every row's cells, row after row.
  private(set) var cells = PackedStrings()

  /// A table with no rows yet.
  ///
  /// - Parameter columns: The column names.
  public init(columns: [String]) {
    self.columns = columns
  }

  /// A table of the rows given.
  ///
  /// - Parameters:
  ///   - columns: The column names.
  ///   - rows: The rows' cells. A row with fewer cells than there are columns prints the
  ///     missing cells blank; cells beyond the last column are not printed.
  public init(columns: [String], rows: [[String]]) {
    self.columns = columns
    for row in rows { appendRow(row) }
  }

  /// The cell at a 0-based row and column.
  public subscript(row: Int, column: Int) -> String {
    cells[row * columns.count + column]
  }

  /// Appends a row.
  ///
  /// - Parameter row: The row's cells; missing cells are blank and cells beyond the last
  ///   column are dropped.
  public mutating func appendRow(_ row: some Sequence<String>) {
    var added = 0
    for cell in row where added < columns.count {
      cells.append(cell)
      added += 1
    }
    while added < columns.count {
      cells.append("")
      added += 1
    }
    rowCount += 1
  }

  /// Appends the row read into `row`, whose cells are the table's columns in order.
  mutating func appendRow(_ row: TableViewRowBytes) {
    row.bytes.withUnsafeBufferPointer { bytes in
      for column in columns.indices {
        cells.append(utf8: UnsafeBufferPointer(rebasing: bytes[row.range(ofCell: column)]))
      }
    }
    rowCount += 1
  }

  /// Sets aside room for `rows` more rows of `bytes` bytes of text in all.
  mutating func reserve(rows: Int, bytes: Int) {
    cells.reserve(strings: rows * columns.count, bytes: bytes)
  }
}
