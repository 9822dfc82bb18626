import FolioCore
import FolioPresentation
import Testing

@testable import FolioShell

/// Lines fuzz-lexer (in `Fuzz/`) found wrong: the text the lexer gives a command, which `record`
/// writes and JSON echoes, must lex again to the same command.
@Suite struct LexerFuzzRegressionTests {
  /// Lexes `line`, expecting one command, and checks that its text lexes to itself.
  private static func replay(_ line: String) throws -> ParsedCommand? {
    guard case .complete(let commands) = try Lexer.lex(line), commands.count == 1 else {
      Issue.record("expected one command: \(line.debugDescription)")
      return nil
    }
    let command = commands[0]
    #expect(try Lexer.lex(command.text) == .complete([command]), "\(command.text.debugDescription)")
    return command
  }

  @Test("a backslash and newline that is not a continuation stays in the text")
  func quotedBackslashNewline() throws {
    // Found by fuzz-lexer: "\\" then a newline inside double quotes lost both characters.
    let double = try Self.replay("echo \"one \\\\\n two\"")
    #expect(double?.words.map(\.text) == ["echo", "one \\\n two"])
    #expect(double?.text == "echo \"one \\\\\n two\"")
    let single = try Self.replay("echo 'a\\\nb'")
    #expect(single?.words.map(\.text) == ["echo", "a\\\nb"])
    #expect(single?.text == "echo 'a\\\nb'")
  }

  @Test("continuations are still left out of the text")
  func continuations() throws {
    let command = try Self.replay("echo a\\\nb \\\n \"c\\\nd\"")
    #expect(command?.words.map(\.text) == ["echo", "ab", "cd"])
    #expect(command?.text == "echo ab  \"cd\"")
  }

  @Test("escaped or quoted blanks at the end of a command stay in the text")
  func trailingBlanks() throws {
    let escaped = try Self.replay("echo a\\  # comment")
    #expect(escaped?.words.map(\.text) == ["echo", "a "])
    #expect(escaped?.text == "echo a\\ ")
    let wide = try Self.replay("echo a\u{3000}")
    #expect(wide?.words.map(\.text) == ["echo", "a\u{3000}"])
    let quoted = try Self.replay("  echo ' '  # comment")
    #expect(quoted?.text == "echo ' '")
  }
}
