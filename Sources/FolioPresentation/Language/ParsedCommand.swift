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
}

/// What the lexer made of a line.
public enum LexResult: Equatable, Sendable {
  /// The commands of the line, in order; empty for a blank line or a comment.
  case complete([ParsedCommand])
  /// The line ends with a `\` that joins the next line: read it and lex both together.
  case incomplete
}
