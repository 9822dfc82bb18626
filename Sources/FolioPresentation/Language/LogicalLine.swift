import FolioCore
import FolioSession

/// A logical line read one physical line at a time: a line that ends with a `\` joins the
/// next (see `Lexer`).
///
/// Each appended line is lexed once, the lexer resuming where it stopped at the continuation,
/// so joining n lines takes time linear in their length rather than lexing the growing text
/// again for every line.
public struct LogicalLine {
  private var scanner = Lexer.Scanner([])
  /// The joined text so far: the lines with a newline between each two.
  public private(set) var text = ""
  private var isEmpty = true

  /// Creates an empty logical line.
  public init() {}

  /// Empties the line for the next one, keeping the room its text took: a script's lines
  /// reuse one `LogicalLine` rather than making and tearing down one each.
  public mutating func reset() {
    scanner.reset()
    text.removeAll(keepingCapacity: true)
    isEmpty = true
  }

  /// Adds the next physical line and lexes it.
  ///
  /// - Returns: the commands of the whole logical line, or `.incomplete` when it continues on
  ///   the next line.
  /// - Throws: `FolioError.syntax` as `Lexer.lex` does, its columns counted in the joined text.
  public mutating func append(_ line: String) throws(FolioError) -> LexResult {
    if !isEmpty {
      text += "\n"
      scanner.scalars.append("\n")
    }
    isEmpty = false
    text += line
    // One scalar at a time: `append(contentsOf:)` walked the text twice, counting its
    // scalars first.
    for scalar in line.unicodeScalars { scanner.scalars.append(scalar) }
    return try scanner.run()
  }

  /// Ends a logical line the input ended inside: the `\` on its last line joins nothing.
  ///
  /// - Returns: its commands.
  /// - Throws: `FolioError.syntax` for a double quote left open.
  public mutating func finish() throws(FolioError) -> LexResult {
    if text.unicodeScalars.last == "\\" {
      text.unicodeScalars.removeLast()
      scanner.scalars.removeLast()
    }
    return try scanner.run()
  }
}
