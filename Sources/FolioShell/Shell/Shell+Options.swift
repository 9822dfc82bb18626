import FolioCore
import FolioSession

/// The session options as stateful commands (`option.output`, …), so that
/// `option output json`, `run option.output json` and menus all set them the same way; and
/// `option`, which shows or sets them by name.
enum OptionCommands {
  /// The option commands, in the order `option` lists them.
  static var declarations: [any DeclaredCommand<ShellContext>.Type] {
    [Output.self, Color.self, Echo.self, KeepGoing.self, Pager.self]
  }

  /// The prefix of the option commands' ids.
  static let prefix = "option."

  /// `option.output text|json`.
  enum Output: OptionChoice {
    static let configuration = CommandConfiguration(
      id: "option.output", title: "Output Format", icon: "doc.plaintext", category: "Session",
      summary: "text for people, json for programs (one object per command)")

    static var option: WritableKeyPath<ShellOptions, ShellOptions.OutputFormat> { \.output }
  }

  /// `option.color auto|always|never`.
  enum Color: OptionChoice {
    static let configuration = CommandConfiguration(
      id: "option.color", title: "Color", icon: "paintpalette", category: "Session",
      summary: "colour in text output: auto (on a terminal), always, never; NO_COLOR wins")

    static var option: WritableKeyPath<ShellOptions, ShellOptions.ColorMode> { \.color }
  }

  /// `option.echo [on|off]`.
  enum Echo: OptionToggle {
    static let configuration = CommandConfiguration(
      id: "option.echo", title: "Echo Commands", icon: "text.append", category: "Session",
      summary: "print each command before its result")

    static var option: WritableKeyPath<ShellOptions, Bool> { \.echo }
  }

  /// `option.keep-going [on|off]`.
  enum KeepGoing: OptionToggle {
    static let configuration = CommandConfiguration(
      id: "option.keep-going", title: "Keep Going", icon: "forward", category: "Session",
      summary: "go on after a failed command in a script")

    static var option: WritableKeyPath<ShellOptions, Bool> { \.keepGoing }
  }

  /// `option.pager [on|off]`.
  enum Pager: OptionToggle {
    static let configuration = CommandConfiguration(
      id: "option.pager", title: "Pager", icon: "book.pages", category: "Session",
      summary: "page REPL output longer than the screen through $PAGER; off: stop long tables at the screen")

    static var option: WritableKeyPath<ShellOptions, Bool> { \.pager }
  }

  /// `option [NAME [VALUE]]`.
  enum Option: ShellAction {
    static let name = ParameterKey.optionalArgument(
      "name", .choice(declarations.map { String($0.configuration.id.dropFirst(prefix.count)) }),
      summary: "the option to show or set")
    static let value = ParameterKey.optionalArgument("value", summary: "the new value")

    static let configuration = CommandConfiguration(
      id: "shell.option", verb: "option", title: "Session Options", icon: "gearshape",
      category: "Session",
      summary: "show the session options, or set one",
      details: """
        output text|json: text for people, JSON Lines for programs. \
        color auto|always|never: colour in text output (auto: on a terminal; NO_COLOR turns it off). \
        echo on|off: print each command before its result. \
        keep-going on|off: go on after a failed command in a script. \
        pager on|off: in the REPL, output longer than the screen goes through $PAGER (less -SRFX \
        when unset; PAGER='' prints directly); off stops a long table at the screen, and \
        show --all prints it whole.
        """,
      parameters: [name, value])

    static func run(_ arguments: Arguments, in context: ShellContext) throws -> CommandOutput {
      let registry = context.shell.registry
      let settings = registry.commands.filter { $0.id.hasPrefix(prefix) }
      guard let name = arguments[Self.name] else {
        return .settings(settings.map(setting))
      }
      guard let command = registry.command(id: prefix + name) else {
        throw FolioError.invalidArgument("unknown option '\(name)'")
      }
      guard let value = arguments[Self.value] else { return .settings([setting(command)]) }
      return try registry.invoke(command, words: [Word(value)])
    }

    private static func setting(_ command: Command) -> Setting {
      Setting(
        name: String(command.id.dropFirst(prefix.count)),
        value: command.state?.value.description ?? "", allowedValues: command.state?.allowedValues ?? [])
    }
  }
}

/// A session option that is on or off, kept at `option` in the shell's options.
protocol OptionToggle: ToggleCommand where Context == ShellContext {
  /// Where the option is kept.
  static var option: WritableKeyPath<ShellOptions, Bool> { get }
}

extension OptionToggle {
  /// Whether the option is on.
  static func isOn(in context: ShellContext) -> Bool { context.shell.options[keyPath: option] }

  /// Turns the option on or off.
  static func set(_ isOn: Bool, in context: ShellContext) throws {
    context.shell.options[keyPath: option] = isOn
  }
}

/// A session option that takes one of the cases of `Value`, kept at `option` in the shell's
/// options.
protocol OptionChoice: ChoiceCommand where Context == ShellContext {
  /// The option's values.
  associatedtype Value: CaseIterable & RawRepresentable<String>

  /// Where the option is kept.
  static var option: WritableKeyPath<ShellOptions, Value> { get }
}

extension OptionChoice {
  /// Every case of `Value`, by its raw value.
  static var options: [ChoiceOption] { Value.allCases.map { ChoiceOption($0.rawValue) } }

  /// The raw value of the option now.
  static func selection(in context: ShellContext) -> String {
    context.shell.options[keyPath: option].rawValue
  }

  /// Sets the option to the case with this raw value.
  static func select(_ value: String, in context: ShellContext) throws {
    if let chosen = Value(rawValue: value) { context.shell.options[keyPath: option] = chosen }
  }
}
