/// One key of a table's sort order [KeyPathComparator]: a column and a direction.
public struct TableSortKey: Sendable, Equatable {
  /// The direction rows are ordered in [SortOrder].
  public enum Order: String, Sendable, Equatable, CaseIterable {
    /// Smallest first: numbers by value, text A to Z.
    case ascending
    /// Largest first.
    case descending
  }

  /// The column's name.
  public var column: String
  /// The direction.
  public var order: Order

  /// Creates a key.
  public init(column: String, order: Order = .ascending) {
    self.column = column
    self.order = order
  }

  /// Parses `name`, `name:asc` or `name:desc` (also `ascending`, `descending`).
  ///
  /// - Throws: `FolioError.invalidArgument` for another direction or an empty name.
  public init(parsing text: String) throws(FolioError) {
    var name = Substring(text)
    var order = Order.ascending
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

  /// `name` or `name:desc`, as `sort` takes it.
  public var description: String { order == .ascending ? column : column + ":desc" }
}
