import FolioCore
import FolioSession

#if canImport(Glibc)
  import Glibc
#endif

/// Renders resolved menus as indented text: sections with their headers, dividers as
/// rules, ✓ for toggles that are on and for the selected option (as the seed's pickers show), steppers with their value,
/// destructive items marked in words (and red where colour is on), disabled items dimmed
/// with their reason, shortcuts right-aligned. An open menu numbers its choosable items.
struct MenuTextRenderer {
  var style: TextStyle
  /// The window's width in columns, which a palette picker's row wraps at; nil for no limit.
  var width: Int? = nil

  /// Separates an item's text from its shortcut until the shortcuts are aligned.
  private static let shortcutMark = "\u{1F}"
  /// The mark's one UTF-8 byte.
  private static let shortcutByte: UInt8 = 0x1F

  /// A menu's heading: its icon (where it shows one) and title, then the command a menu with
  /// a primary action runs when it is run rather than opened [Menu(primaryAction:)].
  private func heading(_ node: MenuNode, title: String) -> String {
    let icon =
      node.kind == .menu && node.showsIcon ? node.icon.map { SymbolGlyphs.glyph(for: $0) + " " } ?? "" : ""
    var text = style.heading(icon + title)
    if node.kind == .menu, let primary = node.command {
      text += "\n" + style.secondary("  primary action: \(primary) (runs when the menu is run, not opened)")
    }
    return text
  }

  /// A menu shown without opening it.
  func render(_ node: MenuNode) -> String {
    var text = MenuText(reserving: 64 * (node.children.count + 1))
    text.append(heading(node, title: node.title ?? ""))
    var number = 0
    body(node, numbered: false, number: &number, into: &text)
    return Self.aligningShortcuts(text)
  }

  /// The menu's text with its shortcuts aligned (`aligningShortcuts(_:)` on its lines); the
  /// text itself when no line holds the mark, which is looked for among its bytes.
  private static func aligningShortcuts(_ text: MenuText) -> String {
    guard text.contains(shortcutByte) else { return text.string }
    let lines = text.string.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
      String(Substring($0))
    }
    return aligningShortcuts(lines).joined(separator: "\n")
  }

  /// Puts every shortcut (then any disabled reason) in one column, two spaces right of the
  /// longest item that has one.
  ///
  /// Only lines holding the mark are split, on its UTF-8 byte (which cannot occur inside
  /// another character's encoding); the others are kept as they are.
  private static func aligningShortcuts(_ lines: [String]) -> [String] {
    var marked: [(index: Int, parts: [Substring])] = []
    var itemWidth = 0
    var shortcutWidth = 0
    for (index, line) in lines.enumerated() where holdsMark(line) {
      let parts = line.utf8.split(separator: shortcutByte, omittingEmptySubsequences: false).map {
        Substring($0)
      }
      marked.append((index, parts))
      guard parts.count == 3 else { continue }
      itemWidth = max(itemWidth, String(parts[0]).displayWidth)
      shortcutWidth = max(shortcutWidth, String(parts[1]).displayWidth)
    }
    guard !marked.isEmpty else { return lines }
    var aligned = lines
    for (index, parts) in marked {
      guard parts.count == 3 else {
        aligned[index] = parts.joined()
        continue
      }
      aligned[index] =
        (String(parts[0]).padded(to: itemWidth) + "  " + String(parts[1]).padded(to: shortcutWidth) + "  "
        + parts[2]).trimmingTrailingSpaces
    }
    return aligned
  }

  /// Whether a line holds the shortcut mark, read from its contiguous UTF-8 where it has
  /// it (a quarter of the generic `contains`).
  private static func holdsMark(_ line: String) -> Bool {
    line.utf8.withContiguousStorageIfAvailable { $0.contains(shortcutByte) }
      ?? line.utf8.contains(shortcutByte)
  }

  /// An open menu: its path, then its items numbered for `choose`.
  func render(_ menu: OpenMenu) -> String {
    // One byte buffer, sized once, every line appended to it: no array of lines to join.
    var lines = MenuText(reserving: 64 * (menu.node.children.count + 2))
    lines.append(heading(menu.node, title: menu.path.joined(separator: " › ")))
    var number = 0
    body(menu.node, numbered: true, number: &number, into: &lines)
    var text = Self.aligningShortcuts(lines)
    text += "\n"
    text += style.secondary(
      "Choose with 'choose N' or 'choose TITLE'; 'back' leaves a submenu, 'menu close' closes.")
    return text
  }

  /// Appends the lines of `node`'s children to `lines`, each after a line break.
  ///
  /// When `numbered`, items are numbered as they are met, from `number` (the items numbered
  /// so far), which is the order and the rule by which `MenuSession` numbers them
  /// (`MenuSession.collect`): sections, control groups and pickers other than menu-style ones
  /// hold items, dividers are none, everything else is one. The children are read in place,
  /// through the array's buffer, and an item is passed on by its address: passed as a value,
  /// even from the buffer, it was copied (about 450 instructions an item).
  private func body(
    _ node: MenuNode, numbered: Bool, number: inout Int, depth: Int = 1, into lines: inout MenuText
  ) {
    let indent = String(repeating: "  ", count: depth)
    func append(_ line: String) {
      lines.appendLineBreak()
      lines.append(line)
    }
    /// Takes the next item's number; its "N. ", or "" for a menu not numbered.
    func next() -> String {
      number += 1
      return numbered ? "\(number). " : ""
    }
    node.children.withUnsafeBufferPointer { children in
      for index in children.indices {
        switch children[index].kind {
        case .divider:
          append(indent + style.secondary(String(repeating: "─", count: 16)))
        case .section:
          let child = children[index]
          if let title = child.title { append(indent + style.heading(title)) }
          body(
            child, numbered: numbered, number: &number, depth: depth + (child.title == nil ? 0 : 1),
            into: &lines)
        case .controlGroup, .picker:
          let child = children[index]
          if child.kind == .picker, child.pickerStyle == .menu {
            append(indent + next() + line(for: child))
          } else if child.kind == .controlGroup || child.pickerStyle == .palette {
            var cells: [String] = []
            for item in child.children {
              var numbering = ""
              switch item.kind {
              case .section, .controlGroup: number += Self.itemCount(in: item)
              case .picker where item.pickerStyle != .menu: number += Self.itemCount(in: item)
              case .divider: break
              default: numbering = next()
              }
              cells.append(
                numbering + (item.isEnabled ? label(item) : style.secondary(label(item) + " (disabled)")))
            }
            let heading = child.title.map { $0 + ": " } ?? ""
            if child.kind == .picker {
              // A palette wraps in rows at the window's width, its options in aligned columns.
              for row in Self.paletteRows(cells, after: indent + heading, width: width) { append(row) }
            } else {
              append(indent + heading + cells.joined(separator: "   "))
            }
          } else {
            if let title = child.title { append(indent + title) }
            body(child, numbered: numbered, number: &number, depth: depth + 1, into: &lines)
          }
        default:
          lines.appendLineBreak()
          lines.appendSpaces(2 * depth)
          number += 1
          let numberWidth = numbered ? lines.appendNumbering(number) : 0
          if let base = children.baseAddress { appendLine(for: base + index, into: &lines) }
          if let subtitle = children[index].subtitle {
            // Past the title, as for every item: a toggle's title starts after its mark.
            let marker = children[index].kind == .toggle || children[index].kind == .option ? 2 : 0
            append(
              indent + String(repeating: " ", count: numberWidth + 2 + marker) + style.secondary(subtitle))
          }
        }
      }
    }
  }

  /// A palette's options after `lead` (its indent and title) on one line, or, when that is
  /// wider than `width`, in rows of aligned columns, each row after the first indented to
  /// where the options start [Picker.pickerStyle(.palette) wraps its options].
  static func paletteRows(_ cells: [String], after lead: String, width: Int?) -> [String] {
    let oneLine = lead + cells.joined(separator: "   ")
    guard let width, oneLine.displayWidth > width, cells.count > 1 else { return [oneLine] }
    let column = (cells.map(\.displayWidth).max() ?? 0) + 3
    let room = max(column, width - lead.displayWidth + 3)
    let perRow = max(1, room / column)
    let padding = String(repeating: " ", count: lead.displayWidth)
    return stride(from: 0, to: cells.count, by: perRow).map { start in
      let row = cells[start..<min(start + perRow, cells.count)]
      let text = row.enumerated().map {
        $0.offset == row.count - 1 ? $0.element : $0.element.padded(to: column)
      }
      .joined()
      return (start == 0 ? lead : padding) + text
    }
  }

  /// How many items `MenuSession.collect` numbers under `node`.
  private static func itemCount(in node: MenuNode) -> Int {
    var count = 0
    for child in node.children {
      switch child.kind {
      case .section, .controlGroup: count += itemCount(in: child)
      case .picker where child.pickerStyle != .menu: count += itemCount(in: child)
      case .divider: continue
      default: count += 1
      }
    }
    return count
  }

  /// Appends one item's line (`line(for:)`): an enabled item with no role, shortcut or state
  /// shown after its title — nearly every item — is written piece by piece, without making
  /// its line as a `String`.
  private func appendLine(for node: UnsafePointer<MenuNode>, into lines: inout MenuText) {
    switch node.pointee.kind {
    case .submenu, .picker, .stepper, .slider: break
    default:
      if node.pointee.isEnabled, node.pointee.role != .destructive, node.pointee.shortcut == nil {
        appendLabel(node, into: &lines)
        return
      }
    }
    lines.append(line(for: node.pointee))
  }

  /// One item's line: marker, icon, title, state, role, shortcut, disabled reason.
  private func line(for node: MenuNode) -> String {
    var text = label(node)
    switch node.kind {
    case .submenu, .picker: text += " ▸"
    case .stepper, .slider:
      if let state = node.state { text += ": \(state)" }
      if node.kind == .stepper { text += "  [− +]" }
      if node.kind == .slider, let bounds = node.bounds, case .number(let value)? = node.state {
        text += "  " + Self.sliderTrack(value, in: bounds)
      }
    default: break
    }
    if node.role == .destructive { text = style.destructive(text) + " (destructive)" }
    if !node.isEnabled { text = style.secondary(text) }
    let reason =
      node.isEnabled ? "" : style.secondary(node.disabledReason.map { "disabled: \($0)" } ?? "disabled")
    guard node.shortcut != nil || !reason.isEmpty else { return text }
    return text + Self.shortcutMark + (node.shortcut.map(style.secondary) ?? "") + Self.shortcutMark + reason
  }

  /// How many cells a slider's track takes.
  private static let sliderCells = 10

  /// A slider's track with its knob where the value is, and its bounds:
  /// `[━━━━●─────] 0–100`.
  static func sliderTrack(_ value: Double, in bounds: ClosedRange<Double>) -> String {
    let span = bounds.upperBound - bounds.lowerBound
    let fraction = span > 0 ? (value - bounds.lowerBound) / span : 0
    let knob = Int((min(max(fraction, 0), 1) * Double(sliderCells)).rounded())
    let track =
      String(repeating: "━", count: knob) + "●" + String(repeating: "─", count: sliderCells - knob)
    return "[\(track)] \(StateValue.format(bounds.lowerBound))–\(StateValue.format(bounds.upperBound))"
  }

  /// The marker, icon and title of an item.
  private func label(_ node: MenuNode) -> String {
    var text = MenuText(reserving: 32)
    withUnsafePointer(to: node) { appendLabel($0, into: &text) }
    return text.string
  }

  /// Appends the marker, icon and title of an item, read in place.
  private func appendLabel(_ node: UnsafePointer<MenuNode>, into text: inout MenuText) {
    switch node.pointee.kind {
    case .toggle: text.append(node.pointee.state == .toggle(true) ? "✓ " : "  ")
    case .option: text.append(node.pointee.isSelected ? "✓ " : "  ")
    default: break
    }
    let icon = node.pointee.showsIcon ? node.pointee.icon.map(SymbolGlyphs.glyph(for:)) : nil
    if let icon { text.append(icon) }
    if node.pointee.showsTitle || icon == nil {
      if icon != nil { text.append(" ") }
      if let title = node.pointee.title {
        text.append(title)
      } else if let command = node.pointee.command {
        text.append(command)
      }
    }
  }
}

/// A menu's text as it is written: UTF-8 bytes in one buffer reserved once, each piece
/// copied onto its end, made a `String` once at the end (appending to a `String` costs a
/// few hundred instructions a piece, five pieces an item).
struct MenuText {
  private var bytes: [UInt8] = []

  /// An empty text with room for `capacity` bytes.
  init(reserving capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  /// The text written so far.
  var string: String { String(decoding: bytes, as: UTF8.self) }

  /// Copies `text`'s UTF-8 onto the end (one copy of its contiguous bytes where it has them).
  mutating func append(_ text: String) {
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
    if copied == nil { bytes.append(contentsOf: text.utf8) }
  }

  /// Appends a line break.
  mutating func appendLineBreak() {
    bytes.append(UInt8(ascii: "\n"))
  }

  /// Appends `count` spaces.
  mutating func appendSpaces(_ count: Int) {
    for _ in 0..<count { bytes.append(UInt8(ascii: " ")) }
  }

  /// Whether the text holds `byte`.
  func contains(_ byte: UInt8) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return false }
      return memchr(base, Int32(byte), buffer.count) != nil
    }
  }

  /// Writes "N. " for item `number`, its digits written directly into a buffer on the stack
  /// and appended at once (a byte appended at a time cost about 170 instructions an item);
  /// returns how many characters it wrote.
  mutating func appendNumbering(_ number: Int) -> Int {
    // The digits of Int.max and ". ".
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
      var start = buffer.count - 2
      buffer[start] = UInt8(ascii: ".")
      buffer[start + 1] = UInt8(ascii: " ")
      var rest = number.magnitude
      repeat {
        start -= 1
        buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      } while rest > 0
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
      return buffer.count - start
    }
  }
}
