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

  /// `name` or `name:desc`, as `sort` takes it.
  public var description: String { order == .ascending ? column : column + ":desc" }
}
