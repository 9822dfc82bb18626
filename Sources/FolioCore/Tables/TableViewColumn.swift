/// A column `show` is asked for: where it is in the table and how wide it is shown.
public struct TableViewColumn: Sendable, Equatable {
  /// Where the column is in the table (0-based).
  public var index: Int
  /// How its width is decided.
  public var widthRule: TableColumnWidth

  /// Creates a choice of the column at `index`.
  public init(index: Int, widthRule: TableColumnWidth = .standard) {
    self.index = index
    self.widthRule = widthRule
  }
}
