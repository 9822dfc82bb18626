/// The widths a front end draws a table's frame with, in the units of the window's width
/// (columns for a terminal), which `TableView` fits the cells into.
///
/// The core knows no separator, rule or mark: the front end that draws them says how wide
/// they are (the text renderer's are `TextRenderer.tableMetrics`).
public struct TableMetrics: Sendable, Equatable {
  /// Between two neighbouring cells of a line.
  public var separatorWidth: Int
  /// What the widest line takes outside its first and last cell (a margin, a rule's ends).
  public var edgeWidth: Int
  /// The gutter cell that marks selected and favorite rows.
  public var gutterWidth: Int
  /// The selection cell each row has in edit mode (unselected or selected).
  public var selectionMarkWidth: Int
  /// The narrowest a fitted column is made when the window is too narrow; columns narrower
  /// by nature keep their width.
  public var minimumColumnWidth: Int

  /// Creates metrics from the widths a front end draws with.
  public init(
    separatorWidth: Int, edgeWidth: Int, gutterWidth: Int, minimumColumnWidth: Int,
    selectionMarkWidth: Int = 1
  ) {
    self.separatorWidth = separatorWidth
    self.edgeWidth = edgeWidth
    self.gutterWidth = gutterWidth
    self.selectionMarkWidth = selectionMarkWidth
    self.minimumColumnWidth = minimumColumnWidth
  }
}
