import FolioCore
import FolioSession

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

  /// The lexer's state over one logical line; `LogicalLine` appends text to it and resumes it
  /// where it stopped, at a continuation.
  public struct Scanner {
    var scalars: [Unicode.Scalar]
    var index = 0
    /// Where the double quote being read opened, while the text ends inside it.
    var openQuote: Int?
    var commands: [ParsedCommand] = []
    var words: [Word] = []
    var word: String?
    var quotedFrom: Int?
    /// Where the current command's first word starts and its last finished word ends.
    var textStart: Int?
    var textEnd = 0
    /// Where each line continuation (`\` and a newline) of the current command starts.
    var continuations: [Int] = []

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    /// Forgets the text and everything lexed from it, keeping the room the text took.
    mutating func reset() {
      scalars.removeAll(keepingCapacity: true)
      index = 0
      openQuote = nil
      commands = []
      words = []
      word = nil
      quotedFrom = nil
      textStart = nil
      textEnd = 0
      continuations = []
    }

    /// Lexes from where the last run stopped to the end of the text.
    ///
    /// - Returns: the commands, or `.incomplete` with `index` on the continuation's `\`.
    mutating func run() throws(FolioError) -> LexResult {
      if openQuote != nil, try !doubleQuoted() { return .incomplete }
      while index < scalars.count {
        let scalar = scalars[index]
        switch scalar {
        case "\r" where index + 1 == scalars.count || scalars[index + 1] != "\n":
          // A carriage return that ends no line: a file whose lines end in CR alone would
          // otherwise run as one line.
          throw FolioError(
            .syntax,
            "a carriage return (CR) at column \(index + 1) ends no line: lines end with LF or CRLF; inside double quotes, '\\r' writes one"
          )
        case " ", "\t", "\n", "\r":
          finishWord()
          index += 1
        case ";":
          finishCommand()
          index += 1
        case "#" where word == nil:
          finishCommand()
          return .complete(commands)
        case "\\":
          guard index + 1 < scalars.count else { return .incomplete }
          if scalars[index + 1] == "\n" {
            continuations.append(index)
            index += 2
            continue
          }
          markQuoted()
          word!.unicodeScalars.append(scalars[index + 1])
          index += 2
        case "\"":
          markQuoted()
          openQuote = index
          index += 1
          if try !doubleQuoted() { return .incomplete }
        case "'":
          markQuoted()
          try singleQuoted()
        default:
          startWord()
          appendPlainRun()
        }
      }
      finishCommand()
      return .complete(commands)
    }

    /// Starts a word at `index` if none is open.
    mutating func startWord() {
      guard word == nil else { return }
      word = ""
      if textStart == nil { textStart = index }
    }

    /// Appends to the open word the scalars from `index` up to the next blank, `;`,
    /// backslash or quote, all at once: a run of ASCII (nearly every word) is copied as
    /// UTF-8 in one go rather than scalar by scalar.
    mutating func appendPlainRun() {
      let start = index
      var isASCII = true
      scan: while index < scalars.count {
        let scalar = scalars[index]
        switch scalar {
        case " ", "\t", "\n", "\r", ";", "\\", "\"", "'": break scan
        default:
          isASCII = isASCII && scalar.isASCII
          index += 1
        }
      }
      let run = scalars[start..<index]
      guard isASCII else {
        word!.unicodeScalars.append(contentsOf: run)
        return
      }
      let text = String(unsafeUninitializedCapacity: run.count) { buffer in
        for (offset, scalar) in run.enumerated() { buffer[offset] = UInt8(truncatingIfNeeded: scalar.value) }
        return run.count
      }
      if word!.isEmpty { word = text } else { word! += text }
    }

    /// Starts a word if none is open and remembers where its quoted part begins.
    mutating func markQuoted() {
      startWord()
      if quotedFrom == nil { quotedFrom = word!.utf8.count }
    }

    /// Reads the rest of the `"…"` opened at `openQuote`; returns false when the text ends in
    /// a continuation inside the quotes.
    mutating func doubleQuoted() throws(FolioError) -> Bool {
      while index < scalars.count {
        let scalar = scalars[index]
        switch scalar {
        case "\"":
          index += 1
          openQuote = nil
          return true
        case "\\":
          guard index + 1 < scalars.count else { return false }
          let escaped = scalars[index + 1]
          index += 2
          switch escaped {
          case "\n": continuations.append(index - 2)
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
      throw FolioError(.syntax, "unterminated double quote opened at column \((openQuote ?? 0) + 1)")
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
      guard index < scalars.count, (1...6).contains(digits.count), let value = UInt32(digits, radix: 16)
      else { throw invalid }
      guard let scalar = Unicode.Scalar(value), value != 0 else {
        let what =
          value == 0
          ? "NUL, which no word may hold"
          : value > 0x10FFFF ? "beyond U+10FFFF" : "a surrogate, not a character"
        throw FolioError(.syntax, "invalid escape at column \(start + 1): \\u{\(digits)} is \(what)")
      }
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
      // Room for a few words at the first: grown from empty, a two-word command's words were
      // allocated twice.
      if words.isEmpty { words.reserveCapacity(4) }
      words.append(Word(text, quotedFrom: quotedFrom))
      word = nil
      quotedFrom = nil
      textEnd = index
    }

    mutating func finishCommand() {
      finishWord()
      defer {
        textStart = nil
        continuations = []
      }
      guard !words.isEmpty, let textStart else { return }
      let text = Self.commandText(scalars[textStart..<textEnd], skipping: continuations)
      commands.append(ParsedCommand(words: words, text: text))
      words = []
    }

    /// A command's own text: its words as written, from the first one's first character to the
    /// last one's last (so an escaped blank or a quote at either end stays), without the line
    /// continuations in it. Plain ASCII without continuations (nearly every line) is copied
    /// once; the rest goes through `Unicode.Scalar`s.
    static func commandText(_ slice: ArraySlice<Unicode.Scalar>, skipping continuations: [Int]) -> String {
      let inside = continuations.filter(slice.indices.contains)
      guard inside.isEmpty, slice.allSatisfy(\.isASCII) else {
        // Scalar by scalar into reserved room: appending a run at a time copied the text built
        // so far for every run, quadratic in the continuations.
        var text = ""
        text.reserveCapacity(slice.count)
        var continuations = inside[...]
        var index = slice.startIndex
        while index < slice.endIndex {
          if continuations.first == index {
            continuations.removeFirst()
            index += 2
            continue
          }
          text.unicodeScalars.append(slice[index])
          index += 1
        }
        return text
      }
      return String(unsafeUninitializedCapacity: slice.count) { buffer in
        for (offset, scalar) in slice.enumerated() {
          buffer[offset] = UInt8(truncatingIfNeeded: scalar.value)
        }
        return slice.count
      }
    }
  }
}
