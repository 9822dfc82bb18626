/// One-column glyphs for the SF Symbols names menus, toolbars, tabs and row decorations use;
/// a name without one prints as `fallback` everywhere (text, JSON's `glyph`, print), so
/// widths stay as the toolbar's width model counts.
public enum SymbolGlyphs {
  /// What a name without a glyph shows as, in menus, toolbars, tabs and rows alike.
  public static let fallback = "•"

  /// The one-column glyph for an SF Symbols name; `fallback` for a name without one.
  public static func glyph(for name: String) -> String { glyphs[name] ?? fallback }

  private static let glyphs: [String: String] = [
    "doc.on.doc": "⧉", "pencil": "✎", "trash": "⌫", "suit.heart": "♡", "suit.heart.fill": "♥",
    "plus.magnifyingglass": "⊕", "minus.magnifyingglass": "⊖", "ellipsis.circle": "⋯", "ellipsis": "…",
    "square.grid.2x2": "▦", "list.bullet": "☰", "arrow.uturn.backward": "↶", "arrow.uturn.forward": "↷",
    "wand.and.stars": "✦", "star": "☆", "star.fill": "★", "checkmark": "✓", "checkmark.seal.fill": "✓",
    "book": "▤", "gear": "⚙", "gearshape": "⚙", "square.and.arrow.up": "⇪", "square.and.arrow.down": "⇩",
    "printer": "⎙", "folder": "▭", "doc.badge.plus": "+", "plus": "+", "minus": "−", "xmark": "✕",
    "xmark.circle": "⊗", "eye": "◉", "clock": "◷", "info.circle": "ⓘ", "questionmark.circle": "?",
    "power": "⏻", "play": "▶", "command": "⌘", "textformat": "A", "doc.text": "≡", "text.append": "↵",
    "paintpalette": "◐", "doc.plaintext": "≡", "forward": "»", "macwindow": "□", "record.circle": "◉",
    "tablecells": "▦", "text.insert": "↳", "pencil.line": "✎", "hand.point.up": "☝",
    "macwindow.on.rectangle": "❐", "filemenu.and.selection": "☰", "arrow.clockwise": "↻", "map": "⌖",
    "crop": "⌗", "rotate.right": "↻", "sidebar.left": "◧",
  ]
}
