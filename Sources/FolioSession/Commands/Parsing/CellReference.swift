import FolioCore

/// A cell as `cell` names it: the row by 1-based position or `id:N`, the column by name or
/// 1-based number (a name first, so a column named `2` is that column).
struct CellReference: Equatable {
  /// The row's id.
  var rowID: Int
  /// The column's index (0-based).
  var column: Int
}

extension CellReference {
  /// Reads a row and a column word against `table`.
  ///
  /// - Throws: `FolioError.invalidArgument` for a row or column the table has not, naming
  ///   the word.
  init(row: String, column: String, in table: TableModel) throws(FolioError) {
    rowID = table.id(ofRow: try Self.rowIndex(row, in: table))
    var index = table.columnIndex(column)
    if index == nil { index = try Self.columnIndex(number: column, in: table) }
    guard let index else {
      throw FolioError.invalidArgument(
        "no column '\(column)'; columns: \(table.columns.joined(separator: ", "))")
    }
    self.column = index
  }

  /// The position of a row written as a 1-based position or `id:N`.
  private static func rowIndex(_ text: String, in table: TableModel) throws(FolioError) -> Int {
    if text.hasPrefix("id:") {
      guard let id = Parameter.integer(text.dropFirst(3)), let index = table.rowIndex(id: id) else {
        throw .invalidArgument("no row with \(text)")
      }
      return index
    }
    return try Position.index(parsing: text, count: table.rowCount, kind: "row")
  }

  /// The index of the column a number names (`cell 1 3 x`), nil when the word is no number.
  ///
  /// - Throws: `FolioError.invalidArgument` for a number outside the columns.
  private static func columnIndex(number text: String, in table: TableModel) throws(FolioError) -> Int? {
    guard let number = Parameter.integer(text) else { return nil }
    return try Position.index(number, count: table.columns.count, kind: "column")
  }
}
