import FolioCore
import FolioPresentation
import Testing

@testable import FolioShell

@Suite struct LexerTests {
  private static func commands(_ line: String) throws -> [ParsedCommand] {
    guard case .complete(let commands) = try Lexer.lex(line) else {
      Issue.record("expected a complete line: \(line)")
      return []
    }
    return commands
  }

  private static func words(_ line: String) throws -> [String] {
    try commands(line).flatMap(\.words).map(\.text)
  }

  @Test("blanks separate words; quotes group them")
  func words() throws {
    #expect(try Self.words("echo  a\tb") == ["echo", "a", "b"])
    #expect(try Self.words(#"echo "a b" 'c d' e"f g"h"#) == ["echo", "a b", "c d", "ef gh"])
    #expect(try Self.words(#"echo "" ''"#) == ["echo", "", ""])
  }

  @Test("quoting writes a word the lexer reads back as that one literal word")
  func quoting() throws {
    let words = [
      "places.csv", "my places.csv", "it's.csv", "--force", "a=b", "#tag", "semi;colon", "",
      "tab\there", "line\nbreak", "bell\u{7}", "back\\slash \"quoted\"", "~/x", "Ōhori 東京.csv",
    ]
    for word in words {
      let text = "open " + Word.quoted(word)
      let command = try #require(try Self.commands(text).first, "\(text)")
      #expect(command.words.map(\.text) == ["open", word], "\(text)")
      #expect(command.words.count == 2 && (command.words[1].quotedFrom != nil || !word.hasPrefix("-")))
    }
    #expect(Word.quoted("places.csv") == "places.csv")
    #expect(Word.quoted("my places.csv") == #""my places.csv""#)
    #expect(Word.quoted("Don't Save") == #""Don't Save""#)
  }

  @Test("double quotes take backslash escapes; single quotes take none")
  func escapes() throws {
    #expect(try Self.words(#"echo "a\"b\\c\nd\te\u{2605}""#) == ["echo", "a\"b\\c\nd\te★"])
    #expect(try Self.words(#"echo 'a\nb'"#) == ["echo", #"a\nb"#])
    #expect(try Self.words(#"echo a\ b\;c"#) == ["echo", "a b;c"])
  }

  @Test("';' separates commands outside quotes and each keeps its own text")
  func semicolons() throws {
    let commands = try Self.commands(#"echo a; echo "b;c" ;; echo d"#)
    #expect(commands.map(\.text) == ["echo a", #"echo "b;c""#, "echo d"])
    #expect(commands.map { $0.words.map(\.text) } == [["echo", "a"], ["echo", "b;c"], ["echo", "d"]])
  }

  @Test("plain runs, non-ASCII runs, quotes and escapes join into one word, quoting remembered")
  func mixedRuns() throws {
    let word = try #require(try Self.commands(#"open ab"c d"é\ x東京#y"#).first?.words.last)
    #expect(word.text == "abc dé x東京#y")
    #expect(word.quotedFrom == 2)
    let named = try #require(try Self.commands("set name=Ōhori;").first?.words.last)
    #expect(named.text == "name=Ōhori" && named.quotedFrom == nil)
  }

  @Test("'#' starts a comment only where a word could start")
  func comments() throws {
    #expect(try Self.commands("# only a comment").isEmpty)
    #expect(try Self.commands("   ").isEmpty)
    #expect(try Self.words("echo a#b # comment; echo no") == ["echo", "a#b"])
    #expect(try Self.words(##"echo "#" '#'"##) == ["echo", "#", "#"])
  }

  @Test("a trailing backslash asks for the next line, and the joined text lexes as one")
  func continuation() throws {
    #expect(try Lexer.lex(#"echo a \"#) == .incomplete)
    #expect(try Lexer.lex(#"echo "a \"#) == .incomplete)
    let commands = try Self.commands("echo a \\\nb")
    #expect(commands.map(\.text) == ["echo a b"])
    #expect(commands.first?.words.map(\.text) == ["echo", "a", "b"])
  }

  @Test("quoting is remembered so quoted options and names stay literal")
  func quotedFrom() throws {
    let words = try Self.commands(#"cmd --force "--force" name="a b" 'x'=1 a\=b"#).first?.words ?? []
    #expect(words.map(\.quotedFrom) == [nil, nil, 0, 5, 0, 1])
  }

  @Test("syntax errors name the problem and the column")
  func errors() {
    let cases = [
      (#"echo "abc"#, "unterminated double quote opened at column 6"),
      ("echo 'abc", "unterminated single quote opened at column 6"),
      (#"echo "\q""#, #"unknown escape '\q' in double quotes at column 7"#),
      (#"echo "\u{110000}""#, #"invalid escape at column 7: \u{110000} is beyond U+10FFFF"#),
    ]
    for (line, message) in cases {
      #expect(throws: FolioError(.syntax, message), "\(line)") { try Lexer.lex(line) }
    }
  }

  @Test("long lines and many words lex completely")
  func large() throws {
    let long = String(repeating: "x", count: 1 << 20)
    #expect(try Self.words("echo " + long) == ["echo", long])
    let many = Array(repeating: "w", count: 10_000)
    #expect(try Self.words("echo " + many.joined(separator: " ")).count == 10_001)
  }

  @Test("an escape of NUL, a surrogate or past U+10FFFF says which it is, not how many digits")
  func impossibleEscapes() throws {
    for (text, what) in [
      (#"\u{0}"#, "NUL, which no word may hold"), (#"\u{000000}"#, "NUL, which no word may hold"),
      (#"\u{D800}"#, "a surrogate, not a character"), (#"\u{110000}"#, "beyond U+10FFFF"),
    ] {
      let error = try #require(throws: FolioError.self) { try Lexer.lex("echo \"" + text + "\"") }
      let digits = text.dropFirst(3).dropLast()
      #expect(error.code == .syntax)
      #expect(error.message == "invalid escape at column 7: \\u{\(digits)} is \(what)", "\(text)")
    }
    let error = try #require(throws: FolioError.self) { try Lexer.lex(#"echo "\u{1234567}""#) }
    #expect(error.message == "invalid escape at column 7: write \\u{XXXX} with 1 to 6 hex digits")
  }

  @Test("a carriage return that ends no line is an error naming it; CRLF and a quoted CR are kept")
  func loneCarriageReturn() throws {
    let error = try #require(throws: FolioError.self) { try Lexer.lex("echo a\recho b\r") }
    #expect(error.code == .syntax)
    #expect(
      error.message
        == "a carriage return (CR) at column 7 ends no line: lines end with LF or CRLF; inside double quotes, '\\r' writes one"
    )
    #expect(try Self.words("echo a\r\n") == ["echo", "a"])
    #expect(try Self.words("echo \"a\rb\" 'c\rd'") == ["echo", "a\rb", "c\rd"])
    let script = CapturedShell().run("echo one\recho two\r")
    #expect(script.output.isEmpty)
    #expect(
      script.errors.hasPrefix("<command-line>:1: error: a carriage return (CR) at column 9 ends no line"))
  }
}
