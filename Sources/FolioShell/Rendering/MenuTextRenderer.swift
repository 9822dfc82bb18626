import FolioCore
import FolioSession

/// Renders resolved menus as indented text: sections with their headers, dividers as
/// rules, ✓ for toggles that are on and for the selected option (as the seed's pickers show), steppers with their value,
/// destructive items marked in words (and red where colour is on), disabled items dimmed
/// with their reason, shortcuts right-aligned. An open menu numbers its choosable items.
struct MenuTextRenderer {
  var style: TextStyle

  /// Separates an item's text from its shortcut until the shortcuts are aligned.
  private static let shortcutMark = "\u{1F}"
  /// The mark's one UTF-8 byte.
  private static let shortcutByte: UInt8 = 0x1F

  /// A menu shown without opening it.
  func render(_ node: MenuNode) -> String {
    var text = MenuText(reserving: 64 * (node.children.count + 1))
    text.append(style.heading(node.title ?? ""))
    body(node, numbers: [:], path: [], into: &text)
    return Self.aligningShortcuts(text.string)
  }

  /// The menu's text with its shortcuts aligned (`aligningShortcuts(_:)` on its lines); the
  /// text itself when no line holds the mark, which is found in one pass over its bytes.
  private static func aligningShortcuts(_ text: String) -> String {
    guard holdsMark(text) else { return text }
    let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
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
    // The numbers by the path of the level holding the item, then by its index there (0 for
    // none): items are read in place, and a run of items of one level (usually all of them)
    // fills one array stored once, so no item's parent path is built or hashed.
    var numbers: [[Int]: [Int]] = [:]
    var runParent: ArraySlice<Int> = []
    var run: [Int] = []
    func store() {
      guard !run.isEmpty else { return }
      let parent = Array(runParent)
      guard var stored = numbers[parent] else {
        numbers[parent] = run
        return
      }
      if stored.count < run.count { stored += repeatElement(0, count: run.count - stored.count) }
      for (index, number) in run.enumerated() where number > 0 && stored[index] == 0 {
        stored[index] = number
      }
      numbers[parent] = stored
    }
    for position in menu.items.indices {
      let path = menu.items[position].path
      guard let index = path.last else { continue }
      if !path.dropLast().elementsEqual(runParent) {
        store()
        runParent = path.dropLast()
        run = []
      }
      if index >= run.count { run += repeatElement(0, count: index + 1 - run.count) }
      if run[index] == 0 { run[index] = menu.items[position].number }
    }
    store()
    // One byte buffer, sized once, every line appended to it: no array of lines to join.
    var lines = MenuText(reserving: 64 * (menu.items.count + 2))
    lines.append(style.heading(menu.path.joined(separator: " › ")))
    body(menu.node, numbers: numbers, path: menu.levelPath, into: &lines)
    var text = Self.aligningShortcuts(lines.string)
    text += "\n"
    text += style.secondary(
      "Choose with 'choose N' or 'choose TITLE'; 'back' leaves a submenu, 'menu close' closes.")
    return text
  }

  /// Appends the lines of `node`'s children to `lines`, each after a line break.
  private func body(
    _ node: MenuNode, numbers: [[Int]: [Int]], path: [Int], depth: Int = 1, into lines: inout MenuText
  ) {
    let indent = String(repeating: "  ", count: depth)
    func append(_ line: String) {
      lines.append(Self.newline)
      lines.append(line)
    }
    let level = numbers[path] ?? []
    // Each child is still copied out of the level here (about 450 instructions an item).
    for index in node.children.indices {
      let child = node.children[index]
      var childPath: [Int] { path + [index] }
      var number: String { Self.numbering(level, index) }
      switch child.kind {
      case .divider:
        append(indent + style.secondary(String(repeating: "─", count: 16)))
      case .section:
        if let title = child.title { append(indent + style.heading(title)) }
        body(
          child, numbers: numbers, path: childPath, depth: depth + (child.title == nil ? 0 : 1), into: &lines)
      case .controlGroup, .picker:
        if child.kind == .picker, child.pickerStyle == .menu {
          append(indent + number + line(for: child))
        } else if child.kind == .controlGroup || child.pickerStyle == .palette {
          let cells = child.children.enumerated().map { offset, item in
            Self.numbering(numbers[childPath] ?? [], offset)
              + (item.isEnabled ? label(item) : style.secondary(label(item) + " (disabled)"))
          }
          let heading = child.title.map { $0 + ": " } ?? ""
          append(indent + number + heading + cells.joined(separator: "   "))
        } else {
          if let title = child.title { append(indent + number + title) }
          body(child, numbers: numbers, path: childPath, depth: depth + 1, into: &lines)
        }
      default:
        lines.append(Self.newline)
        lines.append(indent)
        let numberWidth = lines.appendNumbering(level, index)
        lines.append(line(for: child))
        if let subtitle = child.subtitle {
          append(indent + String(repeating: " ", count: numberWidth + 2) + style.secondary(subtitle))
        }
      }
    }
  }

  /// A line break, appended before every line.
  private static let newline = "\n"

  /// The "N. " before the item at `index` of a level numbered `level`; empty for none.
  private static func numbering(_ level: [Int], _ index: Int) -> String {
    index < level.count && level[index] > 0 ? "\(level[index]). " : ""
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
    var marker = ""
    switch node.kind {
    case .toggle: marker = node.state == .toggle(true) ? "✓ " : "  "
    case .option: marker = node.isSelected ? "✓ " : "  "
    default: break
    }
    var text = marker
    let icon = node.showsIcon ? node.icon.map(SymbolGlyphs.glyph(for:)) : nil
    if let icon { text += icon }
    if node.showsTitle || icon == nil {
      if icon != nil { text += " " }
      text += node.title ?? node.command ?? ""
    }
    return text
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

  /// Writes the "N. " before the item at `index` of a level numbered `level` (nothing for
  /// none), its digits written directly; returns how many characters it wrote.
  mutating func appendNumbering(_ level: [Int], _ index: Int) -> Int {
    guard index < level.count, level[index] > 0 else { return 0 }
    let number = level[index]
    var place = 1
    var digits = 1
    while place <= number / 10 {
      place *= 10
      digits += 1
    }
    while place > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(number / place % 10))
      place /= 10
    }
    bytes.append(UInt8(ascii: "."))
    bytes.append(UInt8(ascii: " "))
    return digits + 2
  }
}
