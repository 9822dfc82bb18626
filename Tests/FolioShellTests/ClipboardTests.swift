import FolioCore
import Testing

@testable import FolioShell

/// `share clipboard` and `folio.copy` write an OSC 52 sequence to a terminal, and say why not
/// elsewhere.
@Suite struct ClipboardTests {
  private final class Captured {
    var output = ""
    var errors = ""
    var shell: Shell!

    init(isTerminalOutput: Bool, term: String?) {
      let console = Console { [unowned self] stream, text in
        switch stream {
        case .output: output += text
        case .error: errors += text
        }
      }
      shell = Shell(
        console: console, environment: term.map { ["TERM": $0] } ?? [:], isTerminalOutput: isTerminalOutput)
    }

    func run(_ text: String) {
      shell.runInline(text)
      shell.console.flush()
    }
  }

  @Test("on a terminal, share clipboard writes the text as an OSC 52 sequence and says so")
  func terminal() {
    let captured = Captured(isTerminalOutput: true, term: "xterm-256color")
    captured.run("new\nappend héllo\nshare clipboard")
    #expect(captured.errors == "")
    // "héllo\n" in Base64.
    #expect(captured.output.contains("\u{1B}]52;c;aMOpbGxvCg==\u{07}"), "\(captured.output.debugDescription)")
    #expect(captured.output.contains("Copied Untitled as text to the clipboard"))
  }

  @Test(
    "without a terminal, or with TERM dumb or unset, share clipboard is an error saying why",
    arguments: [
      (false, "xterm", "standard output is not a terminal (it is a pipe or a file)"),
      (true, "dumb", "the terminal cannot take an OSC 52 clipboard sequence (TERM is 'dumb')"),
      (true, nil, "the terminal cannot take an OSC 52 clipboard sequence (TERM is not set)"),
    ])
  func noTerminal(_ isTerminal: Bool, _ term: String?, _ expected: String) {
    let captured = Captured(isTerminalOutput: isTerminal, term: term)
    captured.run("new\nappend hello\nshare clipboard")
    #expect(captured.errors.contains(expected), "\(captured.errors)")
    #expect(!captured.output.contains("\u{1B}]52"))
  }

  @Test("the OSC 52 sequence carries the text in Base64")
  func sequence() {
    #expect(TerminalClipboard.sequence(for: "hi") == "\u{1B}]52;c;aGk=\u{07}")
  }
}
