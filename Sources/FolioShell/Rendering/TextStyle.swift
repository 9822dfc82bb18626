import FolioCore

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
  /// count two, combining marks and ANSI colour sequences none (see `Unicode.Scalar.cells`).
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
      width += scalar.cells
    }
    return width
  }

  /// The text padded with spaces to `width` columns.
  func padded(to width: Int) -> String {
    let missing = width - displayWidth
    return missing > 0 ? self + String(repeating: " ", count: missing) : self
  }
}
