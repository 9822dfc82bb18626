import FolioCore

/// Renders resolved menus as indented text: sections with their headers, dividers as
/// rules, ✓ for toggles that are on, ● for the selected option, steppers with their value,
/// destructive items marked in words (and red where colour is on), disabled items dimmed
/// with their reason, shortcuts right-aligned. An open menu numbers its choosable items.
struct MenuTextRenderer {
  var style: TextStyle

  /// Separates an item's text from its shortcut until the shortcuts are aligned.
  private static let shortcutMark = "\u{1F}"

  /// A menu shown without opening it.
  func render(_ node: MenuNode) -> String {
    var lines = [style.heading(node.title ?? "")]
    lines += body(node, numbers: [:], path: [])
    return Self.aligningShortcuts(lines).joined(separator: "\n")
  }

  /// Puts every shortcut (then any disabled reason) in one column, two spaces right of the
  /// longest item that has one.
  private static func aligningShortcuts(_ lines: [String]) -> [String] {
    let rows = lines.map {
      $0.split(separator: shortcutMark, omittingEmptySubsequences: false).map(String.init)
    }
    let marked = rows.filter { $0.count == 3 }
    let itemWidth = marked.map { $0[0].displayWidth }.max() ?? 0
    let shortcutWidth = marked.map { $0[1].displayWidth }.max() ?? 0
    return rows.map { row in
      guard row.count == 3 else { return row.joined() }
      return (row[0].padded(to: itemWidth) + "  " + row[1].padded(to: shortcutWidth) + "  " + row[2])
        .trimmingTrailingSpaces
    }
  }

  /// An open menu: its path, then its items numbered for `choose`.
  func render(_ menu: OpenMenu) -> String {
    let numbers = Dictionary(menu.items.map { ($0.path, $0.number) }, uniquingKeysWith: { first, _ in first })
    var lines = [style.heading(menu.path.joined(separator: " › "))]
    lines += body(menu.node, numbers: numbers, path: menu.levelPath)
    lines = Self.aligningShortcuts(lines)
    lines.append(
      style.secondary(
        "Choose with 'choose N' or 'choose TITLE'; 'back' leaves a submenu, 'menu close' closes."))
    return lines.joined(separator: "\n")
  }

  private func body(_ node: MenuNode, numbers: [[Int]: Int], path: [Int], depth: Int = 1) -> [String] {
    var lines: [String] = []
    let indent = String(repeating: "  ", count: depth)
    for (index, child) in node.children.enumerated() {
      let childPath = path + [index]
      let number = numbers[childPath].map { "\($0). " } ?? ""
      switch child.kind {
      case .divider:
        lines.append(indent + style.secondary(String(repeating: "─", count: 16)))
      case .section:
        if let title = child.title { lines.append(indent + style.heading(title)) }
        lines += body(child, numbers: numbers, path: childPath, depth: depth + (child.title == nil ? 0 : 1))
      case .controlGroup, .picker:
        if child.kind == .picker, child.pickerStyle == .menu {
          lines.append(indent + number + line(for: child))
        } else if child.kind == .controlGroup || child.pickerStyle == .palette {
          let cells = child.children.enumerated().map { offset, item in
            (numbers[childPath + [offset]].map { "\($0). " } ?? "")
              + (item.isEnabled ? label(item) : style.secondary(label(item) + " (disabled)"))
          }
          let heading = child.title.map { $0 + ": " } ?? ""
          lines.append(indent + number + heading + cells.joined(separator: "   "))
        } else {
          if let title = child.title { lines.append(indent + number + title) }
          lines += body(child, numbers: numbers, path: childPath, depth: depth + 1)
        }
      default:
        lines.append(indent + number + line(for: child))
        if let subtitle = child.subtitle {
          lines.append(indent + String(repeating: " ", count: number.count + 2) + style.secondary(subtitle))
        }
      }
    }
    return lines
  }

  /// One item's line: marker, icon, title, state, role, shortcut, disabled reason.
  private func line(for node: MenuNode) -> String {
    var text = label(node)
    switch node.kind {
    case .submenu, .picker: text += " ▸"
    case .stepper, .slider:
      if let state = node.state { text += ": \(state)" }
      if node.kind == .stepper { text += "  [− +]" }
    default: break
    }
    if node.role == .destructive { text = style.destructive(text) + " (destructive)" }
    if !node.isEnabled { text = style.secondary(text) }
    let reason =
      node.isEnabled ? "" : style.secondary(node.disabledReason.map { "disabled: \($0)" } ?? "disabled")
    guard node.shortcut != nil || !reason.isEmpty else { return text }
    return text + Self.shortcutMark + (node.shortcut.map(style.secondary) ?? "") + Self.shortcutMark + reason
  }

  /// The marker, icon and title of an item.
  private func label(_ node: MenuNode) -> String {
    var marker = ""
    switch node.kind {
    case .toggle: marker = node.state == .toggle(true) ? "✓ " : "  "
    case .option: marker = node.isSelected ? "● " : "○ "
    default: break
    }
    var parts: [String] = []
    if node.showsIcon, let icon = node.icon { parts.append(SymbolGlyphs.glyph(for: icon)) }
    if node.showsTitle || parts.isEmpty { parts.append(node.title ?? node.command ?? "") }
    return marker + parts.joined(separator: " ")
  }
}
