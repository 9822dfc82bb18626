import FolioCore

extension EmbedServer {
  /// Whether a method's answer carries menus, toolbars or commands, which since 1.5 say
  /// their shortcuts and icons in a platform-neutral way too (`withNeutralFields(_:)`).
  static func carriesShortcutsOrIcons(_ handler: Handler) -> Bool {
    switch handler {
    case .own(.menuResolve), .own(.menuOpen), .own(.menuContext), .own(.menuChoose), .own(.toolbarLayout),
      .own(.commandsList), .own(.commandsExplain), .command("menu.list"), .command("menu.back"):
      true
    default: false
    }
  }

  /// `value` with, beside every `shortcut` string, its `keys` — `{"key", "modifiers"}`, the
  /// modifiers named `control`, `option`, `shift`, `command` in that order (`⇧⌘P` is
  /// `{"key": "P", "modifiers": ["shift", "command"]}`) — and beside every `icon` string
  /// without a `glyph`, the one-column `glyph` text shows for it (`•` for a name it has no
  /// glyph for), as row decorations already carry.
  static func withNeutralFields(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let values): return .array(values.map(withNeutralFields))
    case .object(let fields):
      var result: [(String, JSONValue)] = []
      result.reserveCapacity(fields.count + 2)
      let hasGlyph = fields.contains { $0.0 == "glyph" }
      for (key, member) in fields {
        result.append((key, withNeutralFields(member)))
        if key == "shortcut", case .string(let shortcut) = member, let keys = keys(of: shortcut) {
          result.append(("keys", keys))
        }
        if key == "icon", !hasGlyph, case .string(let icon) = member {
          result.append(("glyph", .string(SymbolGlyphs.glyph(for: icon))))
        }
      }
      return .object(result)
    default: return value
    }
  }

  /// Apple's modifier symbols and their platform-neutral names, in Apple's order.
  private static let modifiers: [(symbol: Character, name: String)] = [
    ("⌃", "control"), ("⌥", "option"), ("⇧", "shift"), ("⌘", "command"),
  ]

  /// A shortcut as `{"key", "modifiers"}`; nil for one with no key after its modifiers.
  static func keys(of shortcut: String) -> JSONValue? {
    var names: [String] = []
    var rest = Substring(shortcut)
    while let first = rest.first, let modifier = modifiers.first(where: { $0.symbol == first }) {
      names.append(modifier.name)
      rest = rest.dropFirst()
    }
    guard !rest.isEmpty else { return nil }
    let ordered = modifiers.map(\.name).filter(names.contains)
    return .object([("key", .string(String(rest))), ("modifiers", .array(ordered.map(JSONValue.string)))])
  }
}
