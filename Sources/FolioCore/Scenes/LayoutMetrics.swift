/// The widths a front end draws with, in the units of the window's width (columns for a
/// terminal), which the core's layouts — tables, toolbars, the split view — fit into it.
///
/// The core knows no separator or rule: the front end that draws them says how wide they
/// are (the text renderers' are `TextRenderer.layoutMetrics`).
public struct LayoutMetrics: Sendable, Equatable {
  /// A table's frame.
  public var table: TableMetrics
  /// A toolbar's spacing, icons and overflow button.
  public var toolbar: ToolbarMetrics
  /// Between two columns of the split view.
  public var paneSeparatorWidth: Int

  /// Creates metrics from the widths a front end draws with.
  public init(table: TableMetrics, toolbar: ToolbarMetrics, paneSeparatorWidth: Int) {
    self.table = table
    self.toolbar = toolbar
    self.paneSeparatorWidth = paneSeparatorWidth
  }
}
