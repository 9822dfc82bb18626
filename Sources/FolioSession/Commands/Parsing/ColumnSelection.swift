import FolioCore

/// The columns `show columns=a,b` names, in order; `name:N` fixes a column's width at N.
enum ColumnSelection {
  /// Reads `text` against `table`: each part a column's name, or a name and a width unless
  /// the whole part is a column's name.
  ///
  /// - Throws: `FolioError.invalidArgument` for a column the table has not (naming the
  ///   columns it has), a width outside `AppEnvironment.widths`, or a column named twice.
  static func columns(_ text: String, in table: TableModel) throws(FolioError) -> [TableViewColumn] {
    var result: [TableViewColumn] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
      var name = part
      var rule = TableColumnWidth.standard
      // "name:12" fixes the width, unless the whole part is a column's name.
      if table.columnIndex(part) == nil, let colon = part.lastIndex(of: ":") {
        let digits = part[part.index(after: colon)...]
        guard let width = Parameter.integer(digits), AppEnvironment.widths.contains(width) else {
          let widths = AppEnvironment.widths
          throw .invalidArgument(
            "'\(part)': a column's width is a number of columns in \(widths.lowerBound)–\(widths.upperBound) (name:12)"
          )
        }
        name = String(part[..<colon])
        rule = .fixed(width)
      }
      guard let index = table.columnIndex(name) else {
        throw .invalidArgument(
          name.isEmpty
            ? "columns= needs column names, such as columns=\(table.columns.prefix(2).joined(separator: ","))"
            : "no column '\(name)'; columns: \(table.columns.joined(separator: ", "))")
      }
      guard !result.contains(where: { $0.index == index }) else {
        throw .invalidArgument("column '\(name)' is named twice in columns=\(text)")
      }
      result.append(TableViewColumn(index: index, widthRule: rule))
    }
    return result
  }

  /// The columns `--from-column C` leaves: those of `columns` (every column of `table` when
  /// nil) from `text` on, `text` being a column's name or its 1-based number in the table.
  ///
  /// - Throws: `FolioError.invalidArgument` for a column the table has not (naming the
  ///   columns it has), or one `columns=` did not pick.
  static func columns(
    from text: String, of columns: [TableViewColumn]?, in table: TableModel
  ) throws(FolioError) -> [TableViewColumn] {
    let chosen = columns ?? table.columns.indices.map { TableViewColumn(index: $0) }
    let index: Int
    if let found = table.columnIndex(text) {
      index = found
    } else if let number = Parameter.integer(text), (1...table.columns.count).contains(number) {
      index = number - 1
    } else {
      throw .invalidArgument("no column '\(text)'; columns: \(table.columns.joined(separator: ", "))")
    }
    guard let start = chosen.firstIndex(where: { $0.index == index }) else {
      throw .invalidArgument("column '\(table.columns[index])' is not among columns=")
    }
    return Array(chosen[start...])
  }
}
