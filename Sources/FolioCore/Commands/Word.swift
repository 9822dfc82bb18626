/// One word of a command line, after quotes and escapes were removed.
///
/// The lexer remembers where quoting began so that `"--force"` stays a literal argument and
/// `name="a b"` is still a named argument: only the unquoted start of a word can make it an
/// option or a name.
public struct Word: Hashable, Sendable, CustomStringConvertible {
  /// The word's text with quotes and escapes resolved.
  public var text: String
  /// The UTF-8 offset in `text` where quoted or escaped characters begin; nil when the word
  /// was written without any.
  public var quotedFrom: Int?

  /// Creates a word; `quotedFrom` is where quoting began in `text`, if anywhere.
  public init(_ text: String, quotedFrom: Int? = nil) {
    self.text = text
    self.quotedFrom = quotedFrom
  }

  /// Whether the word was written without quotes or escapes.
  public var isPlain: Bool { quotedFrom == nil }

  /// Whether the first `count` UTF-8 bytes of the word were written unquoted.
  public func isPlain(through count: Int) -> Bool {
    quotedFrom.map { $0 >= count } ?? true
  }

  public var description: String { text }

  /// `text` written as one literal word of a command line: as it is when it holds only
  /// letters, digits and `/._,:+@%`; else in double quotes (`"Final Spots"`, `"Don't Save"`),
  /// a `"` or `\` inside escaped with a backslash and each control character or
  /// bidirectional control as an escape (`\n`, `\u{1B}`), so a recorded line stays one line
  /// and shows as it reads. It never reads as an option, a named argument, a comment or two
  /// words.
  public static func quoted(_ text: String) -> String {
    let isPlain =
      !text.isEmpty && !text.hasPrefix("-")
      && text.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            || "/._,:+@%-".unicodeScalars.contains(scalar))
      }
    if isPlain { return text }
    var quoted = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"", "\\": quoted += "\\" + String(scalar)
      case "\n": quoted += "\\n"
      case "\t": quoted += "\\t"
      case "\r": quoted += "\\r"
      case _ where isControl(scalar):
        quoted += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted + "\""
  }

  /// A scalar a line of text cannot hold as it is: C0, DEL, C1, a line or paragraph
  /// separator, or a bidirectional embedding, override or isolate (U+202A–U+202E,
  /// U+2066–U+2069), which would reorder the text around it on screen.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
      || scalar.value == 0x2029 || (0x202A...0x202E).contains(scalar.value)
      || (0x2066...0x2069).contains(scalar.value)
  }
}
