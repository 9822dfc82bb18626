/// Colours and emphasis for text output; with colour off every function returns its text.
struct TextStyle: Equatable {
  /// Whether ANSI colour sequences are written.
  var usesColor: Bool

  /// An error label, red.
  func error(_ text: String) -> String { wrap(text, "1;31") }
  /// A note label, cyan.
  func note(_ text: String) -> String { wrap(text, "1;36") }
  /// A heading, bold.
  func heading(_ text: String) -> String { wrap(text, "1") }
  /// Secondary text, dim.
  func secondary(_ text: String) -> String { wrap(text, "2") }
  /// A destructive item, red.
  func destructive(_ text: String) -> String { wrap(text, "31") }

  private func wrap(_ text: String, _ code: String) -> String {
    usesColor && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}

extension String {
  /// The number of terminal columns the text takes: wide East Asian characters and emoji
  /// count two, combining marks and ANSI colour sequences none.
  var displayWidth: Int {
    var width = 0
    var inEscape = false
    for scalar in unicodeScalars {
      if inEscape {
        if scalar == "m" { inEscape = false }
        continue
      }
      if scalar == "\u{1B}" {
        inEscape = true
        continue
      }
      width += scalar.displayWidth
    }
    return width
  }

  /// The text padded with spaces to `width` columns.
  func padded(to width: Int) -> String {
    let missing = width - displayWidth
    return missing > 0 ? self + String(repeating: " ", count: missing) : self
  }
}

extension Unicode.Scalar {
  /// Terminal columns: 0 for combining and zero-width characters, 2 for wide ones.
  var displayWidth: Int {
    let value = value
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    let isWide =
      (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
      || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
      || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
      || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
      || (0x20000...0x3FFFD).contains(value)
    return isWide ? 2 : 1
  }
}
