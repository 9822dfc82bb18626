import FolioCore

/// The widths the shell's text renderer draws tables and toolbars with
/// (`TextRenderer.tableMetrics`, `ToolbarTextRenderer.metrics`), which the core's layout
/// tests lay out for; the golden transcripts check that the renderer's own values agree.
extension TableMetrics {
  static let text = TableMetrics(separatorWidth: 3, edgeWidth: 2, gutterWidth: 2, minimumColumnWidth: 4)
}

extension ToolbarMetrics {
  static let text = ToolbarMetrics(
    spacing: 2, iconBesideTitleWidth: 2, iconOnlyWidth: 3, memberSpacing: 1, menuIndicatorWidth: 2,
    overflowButtonWidth: 1)
}
