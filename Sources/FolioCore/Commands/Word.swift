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
  /// letters, digits and `/._,:+@%`, else in single quotes (a quote inside as `'\''`), so
  /// it never reads as an option, a named argument, a comment or two words.
  public static func quoted(_ text: String) -> String {
    let isPlain =
      !text.isEmpty && !text.hasPrefix("-")
      && text.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            || "/._,:+@%-".unicodeScalars.contains(scalar))
      }
    return isPlain ? text : "'" + text.replacing("'", with: "'\\''") + "'"
  }
}
