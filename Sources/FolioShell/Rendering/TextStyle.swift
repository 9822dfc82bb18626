import FolioCore
import FolioSession

/// Colours and emphasis for text output; with colour off every function returns its text.
struct TextStyle: Equatable {
  /// Whether ANSI colour sequences are written.
  var usesColor: Bool

  /// An error label, red.
  func error(_ text: String) -> String { wrap(text, .error) }
  /// A note label, cyan.
  func note(_ text: String) -> String { wrap(text, .note) }
  /// A heading, bold.
  func heading(_ text: String) -> String { wrap(text, .heading) }
  /// Secondary text, dim.
  func secondary(_ text: String) -> String { wrap(text, .secondary) }
  /// A destructive item, red.
  func destructive(_ text: String) -> String { wrap(text, .destructive) }

  /// The ANSI colour sequences a style writes: the only escape sequences the console lets
  /// through, and only while colour is on (`escapedForTerminal(keepingStyles:)`).
  static let sequences = Code.allCases.map(\.sequence)

  /// The SGR parameters of each colour, and of the reset that ends it.
  enum Code: String, CaseIterable {
    case error = "1;31"
    case note = "1;36"
    case heading = "1"
    case secondary = "2"
    case destructive = "31"
    case reset = "0"

    var sequence: String { "\u{1B}[\(rawValue)m" }
  }

  private func wrap(_ text: String, _ code: Code) -> String {
    usesColor && !text.isEmpty ? code.sequence + text + Code.reset.sequence : text
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
