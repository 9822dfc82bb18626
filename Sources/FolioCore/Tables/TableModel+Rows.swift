extension TableModel {
  /// The rows of a table in order, each made from the table's storage when it is read.
  public struct Rows: RandomAccessCollection, Sendable {
    fileprivate let table: TableModel

    /// The position of the first row: 0.
    public var startIndex: Int { 0 }
    /// One past the position of the last row: the number of rows.
    public var endIndex: Int { table.rowCount }

    /// The row at a 0-based position, with its id and cells.
    public subscript(position: Int) -> TableRow {
      TableRow(id: table.id(ofRow: position), cells: table.cells(ofRow: position))
    }
  }

  /// The rows in order.
  ///
  /// Each row is made when it is read, so going through the rows of a large table one at a
  /// time takes no more memory than one row; `rowCount`, `id(ofRow:)` and
  /// `cell(row:column:)` read less.
  public var rows: Rows { Rows(table: self) }
}
