import FolioCore
import FolioPresentation
import Foundation
import Testing

@testable import FolioShell

/// A shell whose console output is captured.
final class CapturedShell {
  private(set) var output = ""
  private(set) var errors = ""
  private(set) var shell: Shell!

  init(
    options: ShellOptions = ShellOptions(), isInteractive: Bool = false, environment: [String: String] = [:],
    isTerminalOutput: Bool = false
  ) {
    let console = Console { [unowned self] stream, text in
      switch stream {
      case .output: output += text
      case .error: errors += text
      }
    }
    shell = Shell(
      options: options, console: console, isInteractive: isInteractive, environment: environment,
      isTerminalOutput: isTerminalOutput)
  }

  /// Runs inline text as `-c` does and returns stdout, stderr and the exit status.
  func run(_ text: String) -> (output: String, errors: String, status: Int32) {
    shell.runInline(text)
    shell.console.flush()
    return (output, errors, shell.exitStatus)
  }
}

@Suite struct ShellTests {
  @Test("results render as text, one command after another")
  func text() {
    let result = CapturedShell().run("echo hello world; echo \"two  spaces\"")
    #expect(result.output == "hello world\ntwo  spaces\n")
    #expect(result.errors == "")
    #expect(result.status == 0)
  }

  @Test("JSON mode prints one object per command, errors included")
  func json() throws {
    var options = ShellOptions()
    options.output = .json
    options.keepGoing = true
    let result = CapturedShell(options: options).run("echo hi\nbogus x\noption echo")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[0] == #"{"ok":true,"command":"echo hi","result":{"text":"hi"}}"#)
    #expect(
      lines[1]
        == #"{"ok":false,"command":"bogus x","error":{"code":"unknown-command","message":"unknown command 'bogus'; 'help' lists the commands","file":"<command-line>","line":2}}"#
    )
    for line in lines {
      #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(line.utf8)) }
    }
    #expect(result.errors == "<command-line>:2: error: unknown command 'bogus'; 'help' lists the commands\n")
    #expect(result.status == 1)
  }

  @Test("a failing command stops the run unless keep-going, and the status is 1 either way")
  func stopOnError() {
    let script = "echo one\nbogus\necho three"
    let stopped = CapturedShell().run(script)
    #expect(stopped.output == "one\n")
    #expect(stopped.status == 1)
    var options = ShellOptions()
    options.keepGoing = true
    let kept = CapturedShell(options: options).run(script)
    #expect(kept.output == "one\nthree\n")
    #expect(kept.status == 1)
  }

  @Test("quit stops the run with status 0")
  func quit() {
    let result = CapturedShell().run("echo a; quit; echo b\necho c")
    #expect(result.output == "a\n")
    #expect(result.status == 0)
  }

  @Test("options change the session: output format, echo, keep-going")
  func options() {
    let captured = CapturedShell()
    let result = captured.run(
      "option echo on\necho x\noption keep-going on\nbogus\noption output json\necho y")
    #expect(captured.shell.options.echo)
    #expect(captured.shell.options.keepGoing)
    #expect(captured.shell.options.output == .json)
    #expect(
      result.output
        == "Echo Commands: on\nfolio> echo x\nx\nfolio> option keep-going on\nKeep Going: on\nfolio> bogus\n"
        + "folio> option output json\n"
        + #"{"ok":true,"command":"option output json","result":{"id":"option.output","title":"Output Format","state":"json"}}"#
        + "\n" + #"{"ok":true,"command":"echo y","result":{"text":"y"}}"# + "\n")
  }

  @Test("an unknown option name lists the options")
  func unknownOption() {
    let result = CapturedShell().run("option colour never")
    #expect(
      result.errors
        == "<command-line>:1: error: 'colour' is not one of output, color, echo, keep-going, pager\n"
    )
  }

  @Test("run invokes by id, and a stateful command takes its new state")
  func runByID() {
    let captured = CapturedShell()
    let result = captured.run("run option.color never\noption.echo\nrun shell.echo via run")
    #expect(captured.shell.options.color == .never)
    #expect(captured.shell.options.echo)
    #expect(result.output.hasSuffix("via run\n"))
    #expect(result.status == 0)
  }

  @Test("the prompt shows the active document's title, starred when dirty")
  func prompt() {
    let captured = CapturedShell()
    #expect(captured.shell.prompt == "folio> ")
    _ = captured.run("new; append hello")
    #expect(captured.shell.prompt == "Untitled*> ")
    _ = captured.run("undo")
    #expect(captured.shell.prompt == "Untitled> ")
  }

  @Test("colour appears only when allowed; NO_COLOR turns auto's off, and an explicit always wins over it")
  func color() {
    var options = ShellOptions()
    options.color = .always
    #expect(CapturedShell(options: options).run("bogus").errors.contains("\u{1B}[1;31merror:"))
    // no-color.org: a flag the user gives overrides the variable.
    #expect(
      CapturedShell(options: options, environment: ["NO_COLOR": "1"]).run("bogus").errors.contains(
        "\u{1B}[1;31merror:"))
    #expect(
      CapturedShell(options: options, environment: ["TERM": "dumb"]).run("bogus").errors.contains("\u{1B}["))
    #expect(!CapturedShell().run("bogus").errors.contains("\u{1B}"))
  }

  @Test("interactive errors carry no file location")
  func interactiveErrors() {
    let captured = CapturedShell(isInteractive: true)
    captured.shell.execute(ParsedCommand(words: [Word("bogus")], text: "bogus"))
    captured.shell.console.flush()
    #expect(captured.errors == "error: unknown command 'bogus'; 'help' lists the commands\n")
  }

  @Test("the shell's own commands keep their ids, verbs and usage lines, listed first by help")
  func builtinUsageLines() {
    let shell = Shell()
    let usages = shell.registry.commands.filter { shell.ownCommandIDs.contains($0.id) }.map {
      [$0.id, $0.verb ?? "-", $0.usage]
    }
    #expect(
      usages == [
        ["shell.help", "help", "help [COMMAND] [SUBCOMMAND…]"],
        ["shell.commands", "commands", "commands [FILTER…]"],
        ["shell.run", "run", "run ID [ARGUMENTS…]"], ["shell.echo", "echo", "echo [TEXT…]"],
        ["shell.source", "source", "source FILE"], ["shell.record", "record", "record [FILE] [--force]"],
        ["shell.browse", "browse", "browse [FILE]"],
        ["shell.option", "option", "option [output|color|echo|keep-going|pager] [VALUE]"],
        ["option.output", "-", "option.output text|json"],
        ["option.color", "-", "option.color auto|always|never"],
        ["option.echo", "-", "option.echo [on|off]"],
        ["option.keep-going", "-", "option.keep-going [on|off]"],
        ["option.pager", "-", "option.pager [on|off]"],
      ])
  }

  @Test("the shell's commands hold it unowned: it goes when its owner lets it go")
  func shellIsReleased() {
    weak var released: Shell?
    do {
      let shell = Shell()
      released = shell
      #expect(released != nil)
    }
    #expect(released == nil)
  }

  @Test("the Settings scene gives each session option its default: its value in a new session")
  func settingsDefaults() throws {
    let shell = CapturedShell().shell!
    guard case .complete(let commands) = try Lexer.lex("settings"),
      case .appSettings(let report) = try shell.dispatch(commands[0])
    else {
      Issue.record("'settings' gave no settings report")
      return
    }
    let options = report.settings.filter { !$0.isPersisted }
    #expect(options.map(\.key) == ["output", "color", "echo", "keep-going", "pager"])
    for option in options { #expect(option.defaultValue == option.value, "\(option.key)") }
  }
}
