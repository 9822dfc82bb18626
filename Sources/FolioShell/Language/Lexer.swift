import FolioCore

/// Splits the text of a line into commands and words, following the command language:
/// blanks separate words; `;` separates commands; `"…"` quotes with backslash escapes and
/// `'…'` quotes literally; a backslash outside quotes escapes the next character; `#` starts
/// a comment where a word could start; a `\` at the end of a line joins the next line (the
/// joined text holds `\` followed by a newline).
public enum Lexer {
  /// Lexes one logical line.
  ///
  /// - Returns: the commands, or `.incomplete` when the text ends with a continuation.
  /// - Throws: `FolioError.syntax` for a quote left open or an unknown escape, naming the
  ///   column (counted in characters from 1).
  public static func lex(_ line: String) throws(FolioError) -> LexResult {
    var scanner = Scanner(Array(line.unicodeScalars))
    return try scanner.run()
  }

  private struct Scanner {
    let scalars: [Unicode.Scalar]
    var index = 0
    var commands: [ParsedCommand] = []
    var words: [Word] = []
    var word: String?
    var quotedFrom: Int?
    var commandStart = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func run() throws(FolioError) -> LexResult {
      while index < scalars.count {
        let scalar = scalars[index]
        switch scalar {
        case " ", "\t", "\n", "\r":
          finishWord()
          index += 1
        case ";":
          finishCommand(end: index)
          index += 1
          commandStart = index
        case "#" where word == nil:
          finishCommand(end: index)
          return .complete(commands)
        case "\\":
          guard index + 1 < scalars.count else { return .incomplete }
          if scalars[index + 1] == "\n" {
            index += 2
            continue
          }
          markQuoted()
          word!.unicodeScalars.append(scalars[index + 1])
          index += 2
        case "\"":
          markQuoted()
          if try !doubleQuoted() { return .incomplete }
        case "'":
          markQuoted()
          try singleQuoted()
        default:
          if word == nil { word = "" }
          word!.unicodeScalars.append(scalar)
          index += 1
        }
      }
      finishCommand(end: scalars.count)
      return .complete(commands)
    }

    /// Starts a word if none is open and remembers where its quoted part begins.
    mutating func markQuoted() {
      if word == nil { word = "" }
      if quotedFrom == nil { quotedFrom = word!.utf8.count }
    }

    /// Reads `"…"`; returns false when the text ends in a continuation inside the quotes.
    mutating func doubleQuoted() throws(FolioError) -> Bool {
      let opening = index
      index += 1
      while index < scalars.count {
        let scalar = scalars[index]
        switch scalar {
        case "\"":
          index += 1
          return true
        case "\\":
          guard index + 1 < scalars.count else { return false }
          let escaped = scalars[index + 1]
          index += 2
          switch escaped {
          case "\n": break
          case "\"", "\\", "'", "#", ";": word!.unicodeScalars.append(escaped)
          case "n": word! += "\n"
          case "t": word! += "\t"
          case "r": word! += "\r"
          case "e": word! += "\u{1B}"
          case "u": word!.unicodeScalars.append(try unicodeEscape(at: index - 2))
          default:
            throw FolioError(
              .syntax, "unknown escape '\\\(escaped)' in double quotes at column \(index - 1)")
          }
        default:
          word!.unicodeScalars.append(scalar)
          index += 1
        }
      }
      throw FolioError(.syntax, "unterminated double quote opened at column \(opening + 1)")
    }

    /// Reads the `{XXXX}` of a `\u{XXXX}` escape that starts at `start`.
    mutating func unicodeEscape(at start: Int) throws(FolioError) -> Unicode.Scalar {
      let invalid = FolioError(
        .syntax, "invalid escape at column \(start + 1): write \\u{XXXX} with 1 to 6 hex digits")
      guard index < scalars.count, scalars[index] == "{" else { throw invalid }
      var digits = ""
      index += 1
      while index < scalars.count, scalars[index] != "}" {
        digits.unicodeScalars.append(scalars[index])
        index += 1
      }
      guard index < scalars.count, (1...6).contains(digits.count),
        let value = UInt32(digits, radix: 16), value != 0, let scalar = Unicode.Scalar(value)
      else { throw invalid }
      index += 1
      return scalar
    }

    mutating func singleQuoted() throws(FolioError) {
      let opening = index
      index += 1
      while index < scalars.count {
        if scalars[index] == "'" {
          index += 1
          return
        }
        word!.unicodeScalars.append(scalars[index])
        index += 1
      }
      throw FolioError(.syntax, "unterminated single quote opened at column \(opening + 1)")
    }

    mutating func finishWord() {
      guard let text = word else { return }
      words.append(Word(text, quotedFrom: quotedFrom))
      word = nil
      quotedFrom = nil
    }

    mutating func finishCommand(end: Int) {
      finishWord()
      guard !words.isEmpty else { return }
      var text = String(String.UnicodeScalarView(scalars[commandStart..<end]))
      text = text.replacing("\\\n", with: "")
      text = String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0.isWhitespace }.reversed())
      commands.append(ParsedCommand(words: words, text: text))
      words = []
    }
  }
}
