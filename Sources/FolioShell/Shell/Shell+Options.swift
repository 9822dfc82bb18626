import FolioCore
import FolioSession

/// The session options as stateful commands (`option.output`, …), so that
/// `option output json`, `run option.output json` and menus all set them the same way; and
/// `option`, which shows or sets them by name.
enum OptionCommands {
  /// The option commands, in the order `option` lists them; made once, when the shell's
  /// commands are first made or `option` is.
  static let options: [SessionOption] = [
    SessionOption(
      "output", title: "Output Format", icon: "doc.plaintext",
      summary: "text for people, json for programs (one object per command)", state: choice(\.output)),
    SessionOption(
      "color", title: "Color", icon: "paintpalette",
      summary: "colour in text output: auto (on a terminal), always, never; always wins over NO_COLOR",
      state: choice(\.color)),
    SessionOption(
      "echo", title: "Echo Commands", icon: "text.append", summary: "print each command before its result",
      state: toggle(\.echo)),
    SessionOption(
      "keep-going", title: "Keep Going", icon: "forward",
      summary: "go on after a failed command in a script",
      state: toggle(\.keepGoing)),
    SessionOption(
      "pager", title: "Pager", icon: "book.pages",
      summary:
        "page REPL output longer than the screen through $PAGER; off: stop long tables at the screen",
      state: toggle(\.pager)),
  ]

  /// The prefix of the option commands' ids.
  static let prefix = "option."

  // The key paths are autoclosures, made when an option is read or set rather than when the
  // shell registers its commands: making the five cost about 120,000 instructions, a tenth of
  // a start that runs one command.

  /// An option that is on or off, kept at `option`.
  private static func toggle(
    _ option: @escaping @Sendable @autoclosure () -> WritableKeyPath<ShellOptions, Bool>
  ) -> @Sendable (ShellContext) -> CommandState {
    { context in
      .toggle(
        get: { context.shell.options[keyPath: option()] },
        set: { context.shell.options[keyPath: option()] = $0 })
    }
  }

  /// An option that takes one of the cases of `Value`, by raw value, kept at `option`.
  private static func choice<Value: CaseIterable & RawRepresentable<String> & SendableMetatype>(
    _ option: @escaping @Sendable @autoclosure () -> WritableKeyPath<ShellOptions, Value>
  ) -> @Sendable (ShellContext) -> CommandState {
    { context in
      .choice(
        options: Value.allCases.map { ChoiceOption($0.rawValue) },
        get: { context.shell.options[keyPath: option()].rawValue },
        set: { value in
          if let chosen = Value(rawValue: value) { context.shell.options[keyPath: option()] = chosen }
        })
    }
  }

  /// `option [NAME [VALUE]]`.
  enum Option: ShellAction {
    static let name = ParameterKey.optionalArgument(
      "name", .choice(options.map(\.name)), summary: "the option to show or set")
    static let value = ParameterKey.optionalArgument("value", summary: "the new value")

    static let configuration = CommandConfiguration(
      id: "shell.option", verb: "option", title: "Session Options", icon: "gearshape",
      category: "Session",
      summary: "show the session options, or set one",
      details: """
        output text|json: text for people, JSON Lines for programs. \
        color auto|always|never: colour in text output (auto: on a terminal unless NO_COLOR is set; always wins over NO_COLOR). \
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

/// A session option as a command, `option.NAME`: a toggle (`on|off`) or a choice of the cases
/// of a string enum, read and set at a key path of the shell's options. The options differ only
/// in these values, so each is a value rather than a type of its own.
struct SessionOption: Sendable {
  /// The command's id (`option.NAME`), title, icon and summary.
  let configuration: CommandConfiguration
  /// The toggle or choice, bound to a shell.
  let state: @Sendable (ShellContext) -> CommandState

  /// An option in the Session category, whose command's id is the prefix and `name`.
  init(
    _ name: String, title: String, icon: String, summary: String,
    state: @escaping @Sendable (ShellContext) -> CommandState
  ) {
    configuration = CommandConfiguration(
      id: OptionCommands.prefix + name, title: title, icon: icon, category: "Session", summary: summary)
    self.state = state
  }

  /// The name `option NAME` takes: the id without the prefix.
  var name: String { String(configuration.id.dropFirst(OptionCommands.prefix.count)) }

  /// The command the registry holds, bound to `context`; always available.
  func makeCommand(in context: ShellContext) -> Command {
    Command(configuration, behavior: .state(state(context)))
  }
}
