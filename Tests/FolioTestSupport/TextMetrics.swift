import FolioCore

/// The widths the shell's text renderers draw tables, toolbars and split views with
/// (`TextRenderer.layoutMetrics`), which the core and session tests lay out for; the golden
/// transcripts check that the renderers' own values agree.
extension TableMetrics {
  public static let text = TableMetrics(
    separatorWidth: 3, edgeWidth: 2, gutterWidth: 2, minimumColumnWidth: 4)
}

extension ToolbarMetrics {
  public static let text = ToolbarMetrics(
    spacing: 2, iconBesideTitleWidth: 2, iconOnlyWidth: 3, memberSpacing: 1, menuIndicatorWidth: 2,
    overflowButtonWidth: 1, frameWidth: 2)
}

extension LayoutMetrics {
  public static let text = LayoutMetrics(
    table: .text, toolbar: .text, paneSeparatorWidth: 1, frameWidth: 2)
}
