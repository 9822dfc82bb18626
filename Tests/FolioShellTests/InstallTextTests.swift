import FolioCore
import Testing

@testable import FolioShell

/// The manual page and completion scripts are written from the declarations, so they list
/// every command and every option `folio --help` lists.
@Suite struct InstallTextTests {
  private static let sections = CapturedShell().shell.helpSections()
  private static let options = LaunchOptionSummary.parse(usage: LaunchOptions.usage)

  @Test("every option of folio --help is read back, with its value kind")
  func optionsFromUsage() {
    let names = Self.options.flatMap(\.names)
    #expect(
      names == [
        "-c", "--json", "--keep-going", "--echo", "--color", "--progress", "-q", "--quiet", "--plugins",
        "--no-plugins",
        "--state",
        "--platform", "--encoding", "--framing", "--width", "--version", "--help",
      ])
    let plugins = Self.options.first { $0.longName == "--plugins" }
    #expect(plugins?.value == .folder)
    #expect(plugins?.summary == "also load the plugins in DIR (repeatable)")
    #expect(Self.options.first { $0.longName == "--platform" }?.value == .choice(["mac", "ipad", "iphone"]))
    #expect(Self.options.first { $0.longName == "--json" }?.value == LaunchOptionSummary.Value.none)
    #expect(Self.options.first { $0.longName == "--encoding" }?.value == .choice(["json", "msgpack-rpc"]))
  }

  @Test("an option written --name=a|b|c is a choice given after '='")
  func equalsChoice() {
    let usage = "options:\n  --color=auto|always|never  when to colour\n  -c TEXT  run\n"
    let parsed = LaunchOptionSummary.parse(usage: usage)
    #expect(parsed.map(\.names) == [["--color"], ["-c"]])
    #expect(parsed[0].value == .choice(["auto", "always", "never"]))
    #expect(parsed[0].takesValueAfterEquals)
    #expect(parsed[1].shortLetter == "c")
  }

  @Test("the manual page has every command with its usage and summary, and every option")
  func manualPageHasEverything() throws {
    let page = ManualPage.render(sections: Self.sections, usage: LaunchOptions.usage, version: "1.2.3")
    #expect(page.hasPrefix(#".TH FOLIO 1 "" "folio 1.2.3" "User Commands""#))
    let commands = Self.sections.flatMap(\.commands)
    #expect(commands.count > 40)
    for command in commands {
      #expect(page.contains(#"\fB"# + ManualPage.escaped(command.usage) + #"\fR"#), "lacks \(command.usage)")
      #expect(page.contains(ManualPage.escaped(command.summary)), "lacks the summary of \(command.usage)")
    }
    for section in Self.sections { #expect(page.contains(".SS " + ManualPage.escaped(section.category))) }
    for option in Self.options {
      #expect(page.contains(#"\fB"# + ManualPage.escaped(option.longName) + #"\fR"#))
    }
    #expect(page.contains(".SH EXIT STATUS\n0 all commands succeeded"))
    #expect(page.contains(#"130 interrupted, 141 standard output closed."#))
    #expect(page.contains(".SH EXAMPLES\n"))
    // Every variable Folio reads is in ENVIRONMENT.
    let environment = try #require(page.range(ofText: ".SH ENVIRONMENT")).upperBound
    let files = try #require(page.range(ofText: ".SH FILES")).lowerBound
    let section = page[environment..<files]
    for variable in [
      "COLUMNS", "FOLIO_FAULT", "FOLIO_HISTORY", "FOLIO_PLUGINS_DIR", "FOLIO_STATE_DIR", "HOME", "LANG",
      "LC_ALL", "LC_PAPER", "NO_COLOR", "PAGER", "TERM", "TMPDIR", "XDG_CONFIG_HOME", "XDG_STATE_HOME",
    ] {
      #expect(section.contains(ManualPage.escaped(variable)), "ENVIRONMENT lacks \(variable)")
    }
    for line in page.split(separator: "\n") where line.hasPrefix(".") {
      #expect(line.prefix(3).allSatisfy { $0.isLetter || $0 == "." || $0 == " " }, "odd request: \(line)")
    }
  }

  @Test("roff escaping: backslashes, hyphens, and lines that start with a control character")
  func escaping() {
    #expect(ManualPage.escaped(#"a\b-c"#) == #"a\eb\-c"#)
    #expect(ManualPage.escaped(".x\n'y\nz") == #"\&.x"# + "\n" + #"\&'y"# + "\nz")
    #expect(ManualPage.escaped("a…⌘é😀") == #"a\[u2026]\[u2318]\[u00E9]\[u1F600]"#)
  }

  @Test("each completion script offers every option", arguments: ShellCompletion.Shell.allCases)
  func completionsHaveEveryOption(shell: ShellCompletion.Shell) {
    let script = ShellCompletion.script(for: shell, usage: LaunchOptions.usage)
    for option in Self.options {
      let name: String =
        switch shell {
        case .bash, .zsh: option.longName
        case .fish:
          option.longName.hasPrefix("--")
            ? "-l \(option.longName.dropFirst(2))" : "-s \(option.longName.dropFirst())"
        }
      #expect(script.contains(name), "\(shell) lacks \(option.longName)")
    }
    #expect(script.contains("mac ipad iphone"))
  }

  @Test("--man and --completion are parsed; an unknown shell is a usage error")
  func launchOptions() throws {
    #expect(try LaunchOptions.parse(["--man"]).generatedText == .manualPage)
    #expect(try LaunchOptions.parse(["--completion", "zsh"]).generatedText == .completion(.zsh))
    #expect(try LaunchOptions.parse(["--completion=fish"]).generatedText == .completion(.fish))
    #expect(throws: LaunchOptions.UsageError.self) { try LaunchOptions.parse(["--completion", "tcsh"]) }
  }
}
