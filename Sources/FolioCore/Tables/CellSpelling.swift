/// How a typed value is written into a cell: in the column's own spelling where it has one,
/// so that a yes/no or number value copied between rows keeps the column's style (`Yes` and
/// `no`, not `true` and `false`; `1.50`, not `1.5`).
enum CellSpelling {
  /// How many rows, from the first, are searched for the column's spelling of a value: enough
  /// for any column that has a style, and a bound on what a write costs in a large table.
  static let searchedRows = 100

  /// The kind to read column `column`'s cells by when `value` is written there: the
  /// column's (`TableModel.readingKinds(ofColumns:)`) for a yes/no or number value; text for
  /// text and empty, which compare with a cell as its bytes whatever the kind, so that adding
  /// or setting text never works out a kind.
  static func kind(reading value: CellValue, column: Int, in table: inout TableModel) -> TableValueKind {
    switch value {
    case .empty, .text: .text
    case .bool, .integer, .number: table.readingKinds(ofColumns: [column]).first ?? .text
    }
  }

  /// The cell that holds `value` in place of `old`, in column `column` (0-based) read as
  /// `kind`.
  ///
  /// Text is written as it is and empty as the empty string (a JSON number or boolean keeps
  /// its type when the text fits, `TableCell(typing:like:)`). A JSON boolean stays a boolean.
  /// A yes/no or number value takes, in order: the first cell of the column's first
  /// `searchedRows` rows that reads as the same value (its bytes, its JSON type); for yes/no,
  /// the word that means it in the pair of the first cell that reads as the other value
  /// (`No` beside `Yes`); else the value written afresh (`CellValue.description`).
  static func cell(
    for value: CellValue, replacing old: TableCell, column: Int, kind: TableValueKind, in table: TableModel
  ) -> TableCell {
    switch value {
    case .empty, .text: return TableCell(typing: value.description, like: old)
    case .bool(let flag):
      if case .bool = old { return .bool(flag) }
    case .integer, .number: break
    }
    var opposite: TableCell?
    if column < table.columns.count {
      for row in 0..<min(table.rowCount, searchedRows) {
        let cell = table.cell(row: row, column: column)
        let read = cell.value(as: kind)
        if read == value { return cell }
        if opposite == nil, case .bool(let flag) = value, read == .bool(!flag) { opposite = cell }
      }
    }
    if case .bool(let flag) = value, case .bool = opposite { return .bool(flag) }
    if case .bool(let flag) = value, let opposite,
      let word = FavoriteSpelling.word(meaning: flag, pairedWith: opposite.description)
    {
      return TableCell(typing: word, like: old)
    }
    return TableCell(typing: value.description, like: old)
  }
}
