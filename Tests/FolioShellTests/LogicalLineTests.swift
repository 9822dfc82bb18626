import FolioCore
import FolioPresentation
import Foundation
import Testing

@testable import FolioShell

/// A logical line joined from physical lines lexes as the joined text would, and each line is
/// lexed once: joining is linear in the input.
@Suite struct LogicalLineTests {
  /// Appends the lines one by one until the logical line is complete, finishing it when the
  /// input ends inside a continuation.
  private static func lex(_ lines: [String]) throws -> LexResult {
    var line = LogicalLine()
    for text in lines {
      let result = try line.append(text)
      if result != .incomplete { return result }
    }
    return try line.finish()
  }

  /// What the script reader did before: lex the whole joined text again after every line.
  private static func relex(_ lines: [String]) throws -> LexResult {
    var text = lines[0]
    var rest = lines.dropFirst()
    var result = try Lexer.lex(text)
    while result == .incomplete {
      guard let next = rest.popFirst() else {
        text.removeLast()
        return try Lexer.lex(text)
      }
      text += "\n" + next
      result = try Lexer.lex(text)
    }
    return result
  }

  @Test(
    "resuming at each continuation gives what lexing the joined text again gives",
    arguments: [
      ["echo a \\", "b"],
      ["echo \"a \\", "b\" c"],
      ["echo a; echo b \\", "c; echo d"],
      ["echo 'x' \\", "\\", "y"],
      ["echo \\\\", "echo next"],
      ["# comment \\", "echo not joined"],
      ["echo a \\"],
      ["echo \"tab\\t \\", "é \\u{41}\""],
    ])
  func sameAsJoined(_ lines: [String]) throws {
    #expect(try Self.lex(lines) == Self.relex(lines))
  }

  @Test(
    "errors are those of the joined text, with its columns",
    arguments: [["echo \"a \\"], ["echo \"a \\", "\\q\""], ["echo 'a \\", "b"]])
  func errors(_ lines: [String]) throws {
    let expected = try #require(throws: FolioError.self) { try Self.relex(lines) }
    #expect(throws: expected) { try Self.lex(lines) }
  }

  // 8,000 such lines took 8 s when every continuation lexed the whole text again, so 100,000
  // would take about 20 minutes; linear, they take a few seconds in a debug build. The bound
  // is generous, for a loaded machine running every test at once.
  @Test("100,000 continued lines make one command quickly", .timeLimit(.minutes(2)))
  func linear() throws {
    let count = 100_000
    let script = "echo start \\\n" + String(repeating: "x \\\n", count: count) + "end\n"
    let started = ContinuousClock.now
    let result = CapturedShell().run(script)
    #expect(ContinuousClock.now - started < .seconds(120))
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == "start " + String(repeating: "x ", count: count) + "end\n")
  }
}
