/// The widths a front end draws a toolbar with, in the units of the window's width (columns
/// for a terminal), which `ToolbarLayout.make` fits the items into.
///
/// The core knows no glyph, bracket or separator: the front end that draws them says how
/// wide they are (the text renderer's are `ToolbarTextRenderer.metrics`). Titles are measured
/// in display cells (`cells`: a wide East Asian character takes two).
///
/// The width a bar is laid out at is the window's; the front end's frame around the bar comes
/// off it first (`frameWidth`), so the items are fitted into the columns really drawn on: a
/// text picture's `│` edges take two, a GUI whose window is the frame takes none.
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
  /// The frame the front end draws around the bar, both edges together; 0 when it draws
  /// none.
  public var frameWidth: Int

  /// Creates metrics from the widths a front end draws with.
  public init(
    spacing: Int, iconBesideTitleWidth: Int, iconOnlyWidth: Int, memberSpacing: Int, menuIndicatorWidth: Int,
    overflowButtonWidth: Int, frameWidth: Int = 0
  ) {
    self.spacing = spacing
    self.iconBesideTitleWidth = iconBesideTitleWidth
    self.iconOnlyWidth = iconOnlyWidth
    self.memberSpacing = memberSpacing
    self.menuIndicatorWidth = menuIndicatorWidth
    self.overflowButtonWidth = overflowButtonWidth
    self.frameWidth = frameWidth
  }
}
