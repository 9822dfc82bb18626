import FolioCore

extension TableSortKey {
  /// Parses `name`, `name:asc` or `name:desc` (also `ascending`, `descending`).
  ///
  /// - Throws: `FolioError.invalidArgument` for another direction or an empty name.
  public init(parsing text: String) throws(FolioError) {
    var name = Substring(text)
    var order = TableSortKey.Order.ascending
    if let colon = text.lastIndex(of: ":") {
      name = text[..<colon]
      switch text[text.index(after: colon)...].lowercased() {
      case "asc", "ascending": order = .ascending
      case "desc", "descending": order = .descending
      default:
        throw .invalidArgument("'\(text)': a sort direction is asc or desc (name:desc)")
      }
    }
    guard !name.isEmpty else { throw .invalidArgument("'\(text)' names no column") }
    self.init(column: String(name), order: order)
  }
}
