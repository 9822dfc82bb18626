import FolioCore
import Testing

@testable import FolioShell

/// Each stream's colour is decided by its own terminal; `--color` and `NO_COLOR` rule both.
@Suite struct TerminalStreamTests {
  private static func run(
    _ text: String, color: ShellOptions.ColorMode = .auto, output: Bool, error: Bool,
    environment: [String: String] = [:]
  ) -> (output: String, errors: String) {
    var out = ""
    var err = ""
    let console = Console { stream, text in
      if stream == .output { out += text } else { err += text }
    }
    var options = ShellOptions()
    options.color = color
    let shell = Shell(
      options: options, console: console, environment: environment, isTerminalOutput: output,
      isTerminalError: error)
    shell.runInline(text)
    console.flush()
    return (out, err)
  }

  @Test("errors are coloured when standard error is a terminal, whatever standard output is")
  func errorColour() {
    let toTerminal = Self.run("bogus", output: false, error: true)
    #expect(toTerminal.errors.contains("\u{1B}["))
    let toPipe = Self.run("bogus", output: true, error: false)
    #expect(!toPipe.errors.contains("\u{1B}"))
    #expect(toPipe.errors.hasPrefix("<command-line>:1: error: unknown command 'bogus'"))
    #expect(Self.run("bogus", color: .always, output: false, error: false).errors.contains("\u{1B}["))
    #expect(!Self.run("bogus", color: .never, output: true, error: true).errors.contains("\u{1B}"))
    #expect(
      !Self.run("bogus", output: true, error: true, environment: ["NO_COLOR": "1"]).errors.contains("\u{1B}"))
  }

  @Test("at 40 columns help stacks each usage over its summary, every line within the window")
  func helpAtForty() {
    let narrow = Self.run("env width 40; help", output: false, error: false).output
    let lines = narrow.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count > 100)
    let wide = lines.filter { String($0).displayWidth > 40 }
    #expect(wide.isEmpty, "\(wide.count) lines wider than 40: \(wide.prefix(3))")
    #expect(lines.contains("  help [COMMAND] [SUBCOMMAND…]"))
  }

  @Test("help wraps its summaries to the window's width")
  func helpWraps() {
    let narrow = Self.run("env width 60; help", output: false, error: false).output
    let continued = narrow.split(separator: "\n").map(String.init).filter {
      $0.hasPrefix(String(repeating: " ", count: 34))
    }
    #expect(!continued.isEmpty)
    #expect(continued.allSatisfy { $0.displayWidth <= 60 }, "\(continued)")
  }

  @Test("a command's page wraps its summary and its arguments' descriptions to the window")
  func commandHelpWraps() throws {
    let lines = { (width: Int) in
      Self.run("env width \(width); help sort", output: false, error: false).output.split(separator: "\n")
        .map(String.init)
    }
    // 100 columns: the description of --clear goes on under itself, past the two columns.
    let wide = lines(100)
    #expect(wide.allSatisfy { $0.displayWidth <= 100 }, "\(wide)")
    let clear = try #require(wide.firstIndex { $0.hasPrefix("  --clear") })
    let forget = try #require(wide[clear].firstRange(of: "forget")).lowerBound
    let column = wide[clear].distance(from: wide[clear].startIndex, to: forget)
    #expect(wide[clear + 1].prefix(column).allSatisfy { $0 == " " } && wide[clear + 1].count > column)
    // 50 columns leave the descriptions too little room beside the columns: each starts on a
    // line of its own.
    let narrow = lines(50)
    let described = try #require(narrow.firstIndex { $0.hasPrefix("      forget the sort order") })
    #expect(narrow[described - 1].hasPrefix("  --clear"))
    #expect(narrow[described...].allSatisfy { $0.displayWidth <= 50 }, "\(narrow)")
    let summary = try #require(narrow.firstIndex { $0.hasPrefix("sort rows by columns") })
    #expect(narrow[summary].displayWidth <= 50)
  }
}
