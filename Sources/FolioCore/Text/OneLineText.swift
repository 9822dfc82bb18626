extension StringProtocol {
  /// The text as one line of a grid shows it: every line break (`\n`, `\r\n`, `\r`, a
  /// vertical tab, a form feed, U+0085, U+2028, U+2029) as `⏎`, a tab as `→`, and any other
  /// control character (C0, DEL, C1) and every bidirectional embedding, override or isolate
  /// (U+202A–U+202E, U+2066–U+2069) as the `\u{XX}` escape a quoted word takes, so no cell
  /// can end a line, move the cursor, send the terminal a command or reorder the text around
  /// it. Each replacement takes the cells `cells` counts for it.
  public var displayedOnOneLine: String {
    if isPrintableASCII { return String(self) }
    guard unicodeScalars.contains(where: \.isShownReplaced) else { return String(self) }
    var result = String.UnicodeScalarView()
    var afterCarriageReturn = false
    for scalar in unicodeScalars {
      defer { afterCarriageReturn = scalar == "\r" }
      switch scalar.value {
      case 0x0A where afterCarriageReturn: continue
      case 0x0A...0x0D, 0x85, 0x2028, 0x2029: result.append("⏎")
      case 0x09: result.append("→")
      case 0x00..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result.append(contentsOf: "\\u{\(hex.count < 2 ? "0" + hex : hex)}".unicodeScalars)
      default: result.append(scalar)
      }
    }
    return String(result)
  }
}

extension Unicode.Scalar {
  /// Whether `displayedOnOneLine` replaces the scalar: a control character, a line or
  /// paragraph separator, or a bidirectional control.
  fileprivate var isShownReplaced: Bool {
    value < 0x20 || (0x7F...0x9F).contains(value) || (0x2028...0x202E).contains(value)
      || (0x2066...0x2069).contains(value)
  }
}
