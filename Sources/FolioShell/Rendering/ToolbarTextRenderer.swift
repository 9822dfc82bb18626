import FolioCore
import FolioSession

/// Draws a laid-out toolbar and the customisation palette as text: a picture of the bar as
/// wide as the layout, then each region with the items' ids.
struct ToolbarTextRenderer {
  var style: TextStyle

  /// Between two neighbouring things on a bar.
  private static let spacing = "  "
  /// Between the members of a control group shown as a row.
  private static let memberSeparator = "│"
  /// After the label of a control group collapsed into a menu.
  private static let menuIndicator = " ▾"
  /// The overflow button.
  private static let overflowButton = "»"

  /// The widths of what this renderer draws, which the core lays toolbars out with: every
  /// glyph one column (`glyph(_:)`), an icon beside its title as `★ Title`, an icon alone as
  /// `[★]`.
  static let metrics = ToolbarMetrics(
    spacing: spacing.count, iconBesideTitleWidth: 2, iconOnlyWidth: 3, memberSpacing: memberSeparator.count,
    menuIndicatorWidth: menuIndicator.count, overflowButtonWidth: overflowButton.count)

  func render(_ layout: ToolbarLayout) -> String {
    var lines = [
      "toolbar \(layout.toolbarID) · role \(layout.role.rawValue) · \(layout.platform.rawValue) "
        + "\(layout.sizeClass.rawValue) · \(layout.width) columns, \(layout.usedWidth) used"
    ]
    lines.append("│" + bar(layout) + "│")
    if !layout.bottom.isEmpty {
      lines.append(
        "│" + Self.fill(layout.bottom.map(label).joined(separator: Self.spacing), layout.width) + "│")
    }
    lines.append("title     \(layout.title) (\(layout.titlePlacement.rawValue))")
    let regions = [
      ("leading", layout.leading), ("center", layout.center), ("trailing", layout.trailing),
      ("bottom", layout.bottom), ("overflow", layout.overflow),
    ]
    for (name, items) in regions where name != "bottom" || !items.isEmpty {
      let text = items.isEmpty ? "—" : items.map(describe).joined(separator: ", ")
      lines.append(name.padding(10) + text)
    }
    return lines.joined(separator: "\n")
  }

  /// The bar drawn in its width: leading things from the left, trailing ones flush right,
  /// the center centered when it fits between them.
  func bar(_ layout: ToolbarLayout) -> String {
    var leading = layout.leading.map(label)
    var center = layout.center.map(label)
    var trailing = layout.trailing.map(label)
    if layout.titlePlacement == .leading {
      leading.append(layout.title)
    } else {
      center.insert(layout.title, at: 0)
    }
    if !layout.overflow.isEmpty { trailing.append(Self.overflowButton) }
    let left = leading.joined(separator: Self.spacing)
    let middle = center.joined(separator: Self.spacing)
    let right = trailing.joined(separator: Self.spacing)
    let width = layout.width
    let gap = Self.spacing.count
    let centerStart = max((width - middle.count) / 2, left.isEmpty ? 0 : left.count + gap)
    let rightStart = max(width - right.count, centerStart + middle.count + (middle.isEmpty ? 0 : gap))
    var line = left
    line += String(repeating: " ", count: max(0, centerStart - line.count)) + middle
    line += String(repeating: " ", count: max(0, rightStart - line.count)) + right
    return Self.fill(line, width)
  }

  static func fill(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  /// An item as drawn on the bar: icon and title on mac, `[icon]` elsewhere; a group's
  /// members joined by `│`; a collapsed group with `▾`.
  func label(_ item: ToolbarLayoutItem) -> String {
    switch item.kind {
    case .controlGroup: return item.children.map(label).joined(separator: Self.memberSeparator)
    case .menu: return plain(item) + Self.menuIndicator
    default: return plain(item)
    }
  }

  private func plain(_ item: ToolbarLayoutItem) -> String {
    let title = item.title ?? ""
    guard let icon = item.icon.map(Self.glyph) else { return title }
    return item.showsTitle ? icon + " " + title : "[" + icon + "]"
  }

  /// One column per glyph, as the width model counts it.
  private static func glyph(_ name: String) -> String { SymbolGlyphs.glyph(for: name) }

  /// An item in a region list: `id Title`, a group with its members.
  private func describe(_ item: ToolbarLayoutItem) -> String {
    let state = item.isOn.map { $0 ? " ✓" : "" } ?? ""
    let text = "\(item.id) \(item.title ?? "")\(state)".trimmingSpaces()
    switch item.kind {
    case .controlGroup, .menu:
      let mark = item.kind == .menu ? " ▾" : ""
      return text + mark + " [" + item.children.map { $0.title ?? $0.id }.joined(separator: " | ") + "]"
    default:
      return item.isEnabled ? text : text + " (disabled)"
    }
  }

  func render(_ palette: ToolbarPalette) -> String {
    var lines: [String] = []
    if let message = palette.message { lines.append(message) }
    lines.append("toolbar \(palette.toolbarID)" + (palette.isCustomized ? " (customised)" : " (defaults)"))
    func section(_ title: String, _ entries: [ToolbarPalette.Entry], numbered: Bool) {
      lines.append(title)
      if entries.isEmpty { lines.append("  —") }
      for (index, entry) in entries.enumerated() {
        var facts = [entry.placement.rawValue]
        if entry.priority != .standard { facts.append("priority \(entry.priority.rawValue)") }
        if let condition = entry.condition { facts.append("while \(condition)") }
        if entry.owner != "built-in" { facts.append(entry.owner) }
        switch entry.fixedReason {
        case .itemGroup: facts.append("in an item group")
        case .primaryAction: facts.append("primary actions are fixed on \(palette.platform.rawValue)")
        case nil: break
        }
        let number = numbered ? "\(index + 1).".padding(4) : ""
        lines.append(
          "  " + number + entry.id.padding(12) + entry.title.padding(14) + facts.joined(separator: " · "))
      }
    }
    section("on the bar", palette.onBar, numbered: true)
    section("available", palette.available, numbered: false)
    section("not customisable", palette.notCustomizable, numbered: false)
    if !palette.missing.isEmpty {
      lines.append("kept, not present now: " + palette.missing.joined(separator: ", "))
    }
    if !palette.new.isEmpty {
      lines.append("new since the layout was saved: " + palette.new.joined(separator: ", "))
    }
    return lines.joined(separator: "\n")
  }
}

extension String {
  /// The text padded with spaces to `width` characters, with at least one space after.
  fileprivate func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: Swift.max(1, width - count))
  }

  fileprivate func trimmingSpaces() -> String {
    var text = Substring(self)
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}
