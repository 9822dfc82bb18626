import FolioCore
import FolioSession

/// Draws a laid-out toolbar and the customisation palette as text: a picture of the bar in
/// its frame, as wide as the window (`ToolbarLayout.width`), then each region with the items'
/// ids, every line wrapped to the window's width so a terminal never breaks one.
struct ToolbarTextRenderer {
  var style: TextStyle
  /// The window's width in columns (`env width`) that the customisation palette wraps to;
  /// nil for no wrapping. A laid-out toolbar wraps to its own width.
  var width: Int? = nil

  /// The edges drawn at either end of the bar's line.
  static let frameEdge = "│"
  /// The columns the frame takes off the window's width: an edge at either end.
  static let frameWidth = 2 * frameEdge.count

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
    menuIndicatorWidth: menuIndicator.count, overflowButtonWidth: overflowButton.count, frameWidth: frameWidth
  )

  func render(_ layout: ToolbarLayout) -> String {
    let width = layout.width
    var lines = Self.wrap(
      [
        "toolbar \(layout.toolbarID) ·", "role \(layout.role.rawValue) ·",
        "\(layout.platform.rawValue) \(layout.sizeClass.rawValue) ·",
        "\(layout.width) columns, \(layout.usedWidth) of \(layout.barWidth) used",
      ], width: width)
    lines.append(Self.frameEdge + bar(layout) + Self.frameEdge)
    if !layout.bottom.isEmpty {
      lines.append(Self.frameEdge + bottomBar(layout) + Self.frameEdge)
    }
    lines += Self.wrap(
      ["title".padding(10) + layout.title, "(\(layout.titlePlacement.rawValue))"], width: width, indent: 10)
    let regions = [
      ("leading", layout.leading), ("center", layout.center), ("trailing", layout.trailing),
      ("bottom", layout.bottom), ("overflow", layout.overflow),
    ]
    for (name, items) in regions where name != "bottom" || !items.isEmpty {
      let described = items.isEmpty ? ["—"] : items.map(describe)
      let pieces = described.indices.map { described[$0] + ($0 < described.count - 1 ? "," : "") }
      lines += Self.wrap([name.padding(10) + pieces[0]] + pieces.dropFirst(), width: width, indent: 10)
    }
    return lines.joined(separator: "\n")
  }

  /// The bottom bar drawn in the bars' width, its items from the left.
  func bottomBar(_ layout: ToolbarLayout) -> String {
    Self.fill(layout.bottom.map(label).joined(separator: Self.spacing), layout.barWidth)
  }

  /// The bar drawn in the bars' width (`ToolbarLayout.barWidth`): leading things from the
  /// left, trailing ones flush right, the center centered when that leaves room on both
  /// sides, else pushed as near the middle as the others let it.
  func bar(_ layout: ToolbarLayout) -> String {
    var leading = layout.leading.map(label)
    var center = layout.center.map(label)
    var trailing = layout.trailing.map(label)
    // A title cut to nothing (a bar of a few columns) takes no place and no spacing.
    if !layout.title.isEmpty {
      if layout.titlePlacement == .leading {
        leading.append(layout.title)
      } else {
        center.insert(layout.title, at: 0)
      }
    }
    if !layout.overflow.isEmpty { trailing.append(Self.overflowButton) }
    let left = leading.joined(separator: Self.spacing)
    let middle = center.joined(separator: Self.spacing)
    let right = trailing.joined(separator: Self.spacing)
    let width = layout.barWidth
    let gap = Self.spacing.count
    let leftEnd = left.isEmpty ? 0 : left.displayWidth + gap
    let rightRoom = right.isEmpty ? width : width - right.displayWidth - (middle.isEmpty ? 0 : gap)
    let centerStart = max(leftEnd, min((width - middle.displayWidth) / 2, rightRoom - middle.displayWidth))
    let rightStart = max(
      width - right.displayWidth, centerStart + middle.displayWidth + (middle.isEmpty ? 0 : gap))
    var line = left
    line += String(repeating: " ", count: max(0, centerStart - line.displayWidth)) + middle
    line += String(repeating: " ", count: max(0, rightStart - line.displayWidth)) + right
    return Self.fill(line, width)
  }

  /// Text cut or padded to exactly `width` columns. The layout fits the bar into its width,
  /// so only a bar of a few columns, where even a title cut to nothing and » do not fit, is
  /// cut here.
  static func fill(_ text: String, _ width: Int) -> String {
    text.truncated(toCells: width).padded(to: width)
  }

  /// The narrowest width `wrap` breaks lines at: narrower, a line would become a column of
  /// single letters, harder to read than the terminal's own wrapping.
  static let narrowestWrap = 20

  /// `pieces` joined by blanks into lines at most `width` columns wide (`narrowestWrap` at
  /// least), broken between pieces, the lines after the first led by `indent` blanks; a
  /// piece wider than a line goes on where the line is, broken at its blanks, a word after its
  /// last `.`, `-` or `/` that fits (never mid-word), or cut where it has none of them.
  static func wrap(_ pieces: [String], width: Int, indent: Int = 2) -> [String] {
    let width = max(width, narrowestWrap)
    let margin = String(repeating: " ", count: max(0, min(indent, width - 1)))
    var lines: [String] = []
    var line = ""
    for piece in pieces {
      let joined = line.isEmpty ? piece : line + " " + piece
      if line.isEmpty || joined.displayWidth <= width || (margin + piece).displayWidth > width {
        line = joined
      } else {
        lines.append(line)
        line = margin + piece
      }
      while line.displayWidth > width {
        let (head, tail) = Self.split(line, atColumn: width, keeping: margin.count)
        lines.append(head)
        line = margin + tail
      }
    }
    lines.append(line)
    return lines.map(\.trimmingTrailingSpaces)
  }

  /// A line of prose as it is when it fits in `width` columns, else wrapped (`wrap`) between
  /// its parts joined by ` · ` (each keeping its `·`) and at blanks within a part, the lines
  /// after the first led by `indent` blanks; as it is when `width` is nil.
  static func wrapLine(_ line: String, width: Int?, indent: Int = 2) -> [String] {
    guard let width, line.displayWidth > max(width, narrowestWrap) else { return [line] }
    let parts = line.pieces(separatedBy: " · ").map(String.init)
    return wrap(
      parts.indices.map { parts[$0] + ($0 < parts.count - 1 ? " ·" : "") }, width: width, indent: indent)
  }

  /// A line wider than `width` broken in two: at its last blank within `width` columns after
  /// its first `keeping` characters (a label or margin), else cut at `width` columns — with
  /// one character after those at least, so the rest always gets shorter.
  private static func split(_ line: String, atColumn width: Int, keeping: Int) -> (String, String) {
    var used = 0
    var end = line.startIndex
    var lastBlank: String.Index?
    var lastMark: String.Index?
    for (offset, index) in line.indices.enumerated() {
      let cells = line[index].cells
      if used + cells > width, offset > keeping { break }
      if line[index] == " ", offset > keeping { lastBlank = index }
      if ".-/".contains(line[index]), offset > keeping, line.index(after: index) < line.endIndex,
        used + cells <= width
      {
        lastMark = index
      }
      used += cells
      end = line.index(after: index)
    }
    if end == line.endIndex { return (line, "") }
    if let blank = lastBlank {
      return (String(line[..<blank]), String(line[line.index(after: blank)...]))
    }
    // No blank within the width: an id breaks after its last `.`, `-` or `/` that fits
    // (`document.` / `favorite`), never inside a word; a word wider than a line is cut.
    if let mark = lastMark { return (String(line[...mark]), String(line[line.index(after: mark)...])) }
    return (String(line[..<end]), String(line[end...].drop { $0 == " " }))
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

  /// The customisation palette: the items on the bar, available and fixed, each line
  /// wrapped to `width` (an item's facts indented past its id).
  func render(_ palette: ToolbarPalette) -> String {
    var lines: [String] = []
    func append(_ line: String) { lines += Self.wrapLine(line, width: width) }
    if let message = palette.message { append(message) }
    let state =
      if let version = palette.ignoredVersion {
        " (defaults: a layout saved by a newer Folio, version \(version), is ignored; 'toolbar reset' "
          + "discards it)"
      } else {
        palette.isCustomized ? " (customised)" : " (defaults)"
      }
    append("toolbar \(palette.toolbarID)" + state)
    // The numbers and ids, then the titles, in columns as wide as the widest of them in every
    // section, so that titles and facts start in one column on every line.
    let entries = palette.onBar + palette.available + palette.notCustomizable
    let idWidth = 4 + max(12, (entries.map { $0.id.displayWidth }.max() ?? 0) + 1)
    let titleWidth = max(14, (entries.map { $0.title.displayWidth }.max() ?? 0) + 1)
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
        case .notSecondaryAction:
          facts.append("only secondary actions are customisable on \(palette.platform.rawValue)")
        case nil: break
        }
        let number = numbered ? "\(index + 1).".padding(4) : ""
        let line =
          "  " + (number + entry.id).padded(to: idWidth) + entry.title.padded(to: titleWidth)
          + facts.joined(separator: " · ")
        if let width, line.displayWidth > max(width, Self.narrowestWrap) {
          // Too wide for the columns: the facts wrap, indented past the item's id.
          let pieces = facts.indices.map { facts[$0] + ($0 < facts.count - 1 ? " ·" : "") }
          // The id and title stay in their columns while they fit the width.
          let columns = "  " + (number + entry.id).padded(to: idWidth) + entry.title
          let lead =
            columns.displayWidth + 1 + (pieces.first?.displayWidth ?? 0) <= max(width, Self.narrowestWrap)
            ? [columns.padded(to: 2 + idWidth + titleWidth - 1)] : ["  " + number + entry.id, entry.title]
          lines += Self.wrap(lead + pieces, width: width, indent: 4 + number.count)
        } else {
          lines.append(line)
        }
      }
    }
    section("on the bar", palette.onBar, numbered: true)
    section("available", palette.available, numbered: false)
    section("not customisable", palette.notCustomizable, numbered: false)
    if !palette.missing.isEmpty {
      append("kept, not present now: " + palette.missing.joined(separator: ", "))
    }
    if !palette.new.isEmpty {
      append("new since the layout was saved: " + palette.new.joined(separator: ", "))
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
