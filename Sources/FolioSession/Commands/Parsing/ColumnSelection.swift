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
}
