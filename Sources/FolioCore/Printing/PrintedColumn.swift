/// Where a table's column sits on the print grid, for a printer that draws each cell by
/// itself.
public struct PrintedColumn: Sendable, Equatable {
  /// The 0-based cell the column starts at.
  public var start: Int
  /// The cells the column takes.
  public var width: Int
  /// Whether the column's cells are aligned right (a column of numbers).
  public var isAlignedRight: Bool

  /// Creates a column.
  public init(start: Int, width: Int, isAlignedRight: Bool) {
    self.start = start
    self.width = width
    self.isAlignedRight = isAlignedRight
  }
}
