import FolioCore

/// The columns `find --column a,b` searches: each part a column's name or 1-based number (a
/// name first, so a column named `2` is that column).
enum SearchColumns {
  /// Reads `text` against `table`; the columns come back in table order, each once.
  ///
  /// - Throws: `FolioError.invalidArgument` for a part that names no column (listing the
  ///   columns) or a number outside them.
  static func columns(_ text: String, in table: TableModel) throws(FolioError) -> [Int] {
    var result = Set<Int>()
    for part in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
      if let index = table.columnIndex(part) {
        result.insert(index)
      } else if let number = Parameter.integer(part) {
        result.insert(try Position.index(number, count: table.columns.count, kind: "column"))
      } else {
        throw FolioError(
          .invalidArgument, "no column '\(part)'; columns: \(table.columns.joined(separator: ", "))",
          values: ["column": part])
      }
    }
    return result.sorted()
  }
}
