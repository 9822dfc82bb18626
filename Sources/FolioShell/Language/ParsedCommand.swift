import FolioCore
import FolioSession

/// One command of a line: its words and the text it was written as.
public struct ParsedCommand: Equatable, Sendable {
  /// The words, the command name first.
  public var words: [Word]
  /// The command as written, without comments, line continuations or surrounding blanks;
  /// replaying it runs the same command.
  public var text: String

  /// Creates a parsed command.
  public init(words: [Word], text: String) {
    self.words = words
    self.text = text
  }

  /// `word` written so that the lexer reads it back as that one literal word: as it is when
  /// it holds only letters, digits and `._/-+,:@%` and does not start with `-`; else in
  /// single quotes; or in double quotes with escapes when it holds a quote or a control
  /// character.
  public static func quoting(_ word: String) -> String {
    let plainCharacters = "._/-+,:@%".unicodeScalars
    let isPlain =
      !word.isEmpty && !word.hasPrefix("-")
      && word.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || $0.properties.numericType != nil || plainCharacters.contains($0)
      }
    if isPlain { return word }
    let needsEscapes = word.unicodeScalars.contains { $0 == "'" || $0.value < 0x20 || $0.value == 0x7F }
    if !needsEscapes { return "'" + word + "'" }
    var escaped = ""
    for scalar in word.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case "\n": escaped += "\\n"
      case "\t": escaped += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return "\"" + escaped + "\""
  }
}

/// What the lexer made of a line.
public enum LexResult: Equatable, Sendable {
  /// The commands of the line, in order; empty for a blank line or a comment.
  case complete([ParsedCommand])
  /// The line ends with a `\` that joins the next line: read it and lex both together.
  case incomplete
}
