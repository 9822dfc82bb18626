/// Glyphs for the SF Symbols names menus and toolbars use; a name without one prints as
/// itself.
enum SymbolGlyphs {
  static func glyph(for name: String) -> String { glyphs[name] ?? name }

  private static let glyphs: [String: String] = [
    "doc.on.doc": "⧉", "pencil": "✎", "trash": "⌫", "suit.heart": "♡", "suit.heart.fill": "♥",
    "plus.magnifyingglass": "⊕", "minus.magnifyingglass": "⊖", "ellipsis.circle": "⋯", "ellipsis": "…",
    "square.grid.2x2": "▦", "list.bullet": "☰", "arrow.uturn.backward": "↶", "arrow.uturn.forward": "↷",
    "wand.and.stars": "✦", "star": "☆", "star.fill": "★", "checkmark": "✓", "checkmark.seal.fill": "✓",
    "book": "▤", "gear": "⚙", "gearshape": "⚙", "square.and.arrow.up": "⇪", "square.and.arrow.down": "⇩",
    "printer": "⎙", "folder": "▭", "doc.badge.plus": "+", "plus": "+", "minus": "−", "xmark": "✕",
    "xmark.circle": "⊗", "eye": "◉", "clock": "◷", "info.circle": "ⓘ", "questionmark.circle": "?",
    "power": "⏻", "play": "▶", "command": "⌘", "textformat": "Aa", "doc.text": "≡", "text.append": "↵",
    "paintpalette": "◐", "doc.plaintext": "≡", "forward": "»", "macwindow": "□", "record.circle": "◉",
    "tablecells": "▦", "text.insert": "↳", "pencil.line": "✎", "hand.point.up": "☝",
    "macwindow.on.rectangle": "❐", "filemenu.and.selection": "☰", "arrow.clockwise": "↻", "map": "⌖",
  ]
}
