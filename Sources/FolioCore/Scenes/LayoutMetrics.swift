/// The widths a front end draws with, in the units of the window's width (columns for a
/// terminal), which the core's layouts — tables, toolbars, the split view — fit into it.
///
/// The core knows no separator or rule: the front end that draws them says how wide they
/// are (the text renderers' are `TextRenderer.layoutMetrics`). The window's width
/// (`AppEnvironment.width`) is the whole window; what the front end's frame takes comes off it
/// before anything is fitted (`frameWidth`, `ToolbarMetrics.frameWidth`).
public struct LayoutMetrics: Sendable, Equatable {
  /// A table's frame.
  public var table: TableMetrics
  /// A toolbar's spacing, icons and overflow button.
  public var toolbar: ToolbarMetrics
  /// Between two columns of the split view.
  public var paneSeparatorWidth: Int
  /// The frame the front end draws around the window's panes, both edges together; 0 when
  /// it draws none (a GUI, whose window is the frame).
  public var frameWidth: Int

  /// The columns inside the frame of a window `width` columns wide, which the split view
  /// shares out; never below 0.
  public func innerWidth(_ width: Int) -> Int { max(0, width - frameWidth) }

  /// Creates metrics from the widths a front end draws with.
  public init(table: TableMetrics, toolbar: ToolbarMetrics, paneSeparatorWidth: Int, frameWidth: Int = 0) {
    self.table = table
    self.toolbar = toolbar
    self.paneSeparatorWidth = paneSeparatorWidth
    self.frameWidth = frameWidth
  }
}
