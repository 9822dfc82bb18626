/// The widths a front end draws a toolbar with, in the units of the window's width (columns
/// for a terminal), which `ToolbarLayout.make` fits the items into.
///
/// The core knows no glyph, bracket or separator: the front end that draws them says how
/// wide they are (the text renderer's are `ToolbarTextRenderer.metrics`). Titles are measured
/// in characters.
public struct ToolbarMetrics: Sendable, Equatable {
  /// Between two neighbouring things on a bar: items, the title, the overflow button.
  public var spacing: Int
  /// An item's icon beside its title, the gap between them included.
  public var iconBesideTitleWidth: Int
  /// An item shown as its icon alone.
  public var iconOnlyWidth: Int
  /// Between two members of a control group shown as a row.
  public var memberSpacing: Int
  /// What a labelled control group collapsed into a menu adds to its label.
  public var menuIndicatorWidth: Int
  /// The overflow button.
  public var overflowButtonWidth: Int

  /// Creates metrics from the widths a front end draws with.
  public init(
    spacing: Int, iconBesideTitleWidth: Int, iconOnlyWidth: Int, memberSpacing: Int, menuIndicatorWidth: Int,
    overflowButtonWidth: Int
  ) {
    self.spacing = spacing
    self.iconBesideTitleWidth = iconBesideTitleWidth
    self.iconOnlyWidth = iconOnlyWidth
    self.memberSpacing = memberSpacing
    self.menuIndicatorWidth = menuIndicatorWidth
    self.overflowButtonWidth = overflowButtonWidth
  }
}
