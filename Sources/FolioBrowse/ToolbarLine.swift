import FolioCore

/// The toolbar as one screen line, laid out by the core's width model
/// (`Session.layOutToolbar(width:)`): leading items from the left, trailing ones flush right,
/// the center centred when that leaves room, and `»` when items overflowed.
///
/// The glyphs and spacing are the ones the session's `ToolbarMetrics` count (the text
/// renderers' — the browser shares the shell's session): two blanks between things, an icon
/// beside its title as `★ Title`, an icon alone as `[★]`, a group's members joined by `│`, a
/// collapsed group with ` ▾`. The frame's columns (`frameWidth`) are the line's margins.
enum ToolbarLine {
  /// The line's text, `layout.width` columns wide.
  static func text(_ layout: ToolbarLayout, metrics: ToolbarMetrics) -> String {
    let spacing = String(repeating: " ", count: metrics.spacing)
    var leading = layout.leading.map(label)
    var center = layout.center.map(label)
    var trailing = layout.trailing.map(label)
    let title = layout.title.displayedOnOneLine
    if !title.isEmpty {
      if layout.titlePlacement == .leading { leading.append(title) } else { center.insert(title, at: 0) }
    }
    if !layout.overflow.isEmpty { trailing.append("»") }
    let left = leading.joined(separator: spacing)
    let middle = center.joined(separator: spacing)
    let right = trailing.joined(separator: spacing)
    let width = layout.barWidth
    let gap = metrics.spacing
    let leftEnd = left.isEmpty ? 0 : left.cells + gap
    let rightRoom = right.isEmpty ? width : width - right.cells - (middle.isEmpty ? 0 : gap)
    let centerStart = max(leftEnd, min((width - middle.cells) / 2, rightRoom - middle.cells))
    let rightStart = max(width - right.cells, centerStart + middle.cells + (middle.isEmpty ? 0 : gap))
    var line = left
    line += String(repeating: " ", count: max(0, centerStart - line.cells)) + middle
    line += String(repeating: " ", count: max(0, rightStart - line.cells)) + right
    let margin = String(repeating: " ", count: max(0, metrics.frameWidth / 2))
    let bar = line.truncated(toCells: width)
    return margin + bar + String(repeating: " ", count: max(0, width - bar.cells)) + margin
  }

  /// An item as drawn on the bar.
  static func label(_ item: ToolbarLayoutItem) -> String {
    switch item.kind {
    case .controlGroup: return item.children.map(label).joined(separator: "│")
    case .menu: return plain(item) + " ▾"
    default: return plain(item)
    }
  }

  private static func plain(_ item: ToolbarLayoutItem) -> String {
    let title = (item.title ?? "").displayedOnOneLine
    guard let icon = item.icon.map(SymbolGlyphs.glyph(for:)) else { return title }
    return item.showsTitle ? icon + " " + title : "[" + icon + "]"
  }
}
