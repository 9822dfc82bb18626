import FolioCore

/// The word being typed at the end of a line, read with the command language's quoting, for
/// completion: where it starts, what it says, and the quote it is inside.
///
/// libedit splits words at blanks and quote characters whatever quotes are open, so the
/// completer reads the line itself: `open "my fi` is the word `my fi` inside double quotes,
/// `open my\ fi` the same word with its blank escaped.
struct TypedWord: Equatable {
  /// The quoting in force where the word ends, which the rest of a completion is written in.
  enum Quoting: Equatable {
    /// Outside quotes: blanks, quotes, backslashes, `;` and `#` take a backslash.
    case none
    /// Inside `"…"`: `"` and `\` take a backslash.
    case double
    /// Inside `'…'`: everything is literal; a `'` closes the quote, so it is written `'\''`.
    case single

    /// `text` written to continue a word in this quoting.
    func written(_ text: String) -> String {
      var result = ""
      for character in text {
        switch self {
        case .none:
          if " \t\"'\\;#".contains(character) { result.append("\\") }
        case .double:
          if character == "\"" || character == "\\" { result.append("\\") }
        case .single:
          if character == "'" {
            result += "'\\''"
            continue
          }
        }
        result.append(character)
      }
      return result
    }

    /// `text` written to continue a word in this quoting, so that it shows as it reads: a
    /// text holding a control character or a bidirectional control (a file named
    /// `a\u{1B}[2Jb.csv`) is written in double quotes with those escaped (`\u{1B}`), closing
    /// and reopening the quote it is in; any other text as `written` writes it.
    func writtenShowingControls(_ text: String) -> String {
      guard text.unicodeScalars.contains(where: Self.isEscaped) else { return written(text) }
      var escaped = ""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"", "\\": escaped += "\\" + String(scalar)
        case "\n": escaped += "\\n"
        case "\t": escaped += "\\t"
        case "\r": escaped += "\\r"
        case _ where Self.isEscaped(scalar):
          escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: escaped.unicodeScalars.append(scalar)
        }
      }
      switch self {
      case .none: return "\"" + escaped + "\""
      case .double: return escaped
      case .single: return "'\"" + escaped + "\"'"
      }
    }

    /// Whether a scalar is shown escaped on the terminal: a control character, a line or
    /// paragraph separator, or a bidirectional control.
    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
      String(scalar).displayedOnOneLine != String(scalar)
    }

    /// The quote that ends a word in this quoting.
    var closing: String {
      switch self {
      case .none: ""
      case .double: "\""
      case .single: "'"
      }
    }
  }

  /// The line before the word.
  let lineBefore: String
  /// The word as typed, quotes and backslashes included.
  let typed: String
  /// What the word says: its quotes and escapes taken away.
  let value: String
  /// The quote open at the end of the line.
  let quoting: Quoting

  /// Reads the word that ends `line`; an empty word when the line ends with a blank or `;`.
  ///
  /// Returns nil when the line ends in a comment or a lone backslash, or inside a double
  /// quote after an escape the language does not know: nothing there can be completed.
  init?(endingLine line: String) {
    let scalars = Array(line.unicodeScalars)
    var start: Int?
    var value = ""
    var quoting = Quoting.none
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      switch quoting {
      case .single:
        if scalar == "'" { quoting = .none } else { value.unicodeScalars.append(scalar) }
      case .double:
        if scalar == "\"" {
          quoting = .none
        } else if scalar == "\\" {
          guard index + 1 < scalars.count, let escaped = Self.escape(scalars[index + 1]) else { return nil }
          value.unicodeScalars.append(escaped)
          index += 1
        } else {
          value.unicodeScalars.append(scalar)
        }
      case .none:
        switch scalar {
        case " ", "\t", "\n", "\r", ";":
          start = nil
          value = ""
        case "#" where start == nil:
          return nil
        default:
          if start == nil { start = index }
          switch scalar {
          case "\\":
            guard index + 1 < scalars.count else { return nil }
            value.unicodeScalars.append(scalars[index + 1])
            index += 1
          case "\"": quoting = .double
          case "'": quoting = .single
          default: value.unicodeScalars.append(scalar)
          }
        }
      }
      index += 1
    }
    let wordStart = start ?? scalars.count
    lineBefore = String(String.UnicodeScalarView(scalars[..<wordStart]))
    typed = String(String.UnicodeScalarView(scalars[wordStart...]))
    self.value = value
    self.quoting = quoting
  }

  /// The character a backslash escape inside double quotes stands for, as the lexer reads
  /// it; nil for `\u` (never worth completing) and unknown escapes.
  private static func escape(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    switch scalar {
    case "\"", "\\", "'", "#", ";": scalar
    case "n": "\n"
    case "t": "\t"
    case "r": "\r"
    case "e": "\u{1B}"
    default: nil
    }
  }
}
