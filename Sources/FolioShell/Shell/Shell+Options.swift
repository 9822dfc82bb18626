import FolioCore
import FolioSession

extension Shell {
  /// The session options as stateful commands (`option.output`, …), so that
  /// `option output json`, `run option.output json` and menus all set them the same way.
  var optionCommands: [Command] {
    [
      Command(
        id: "option.output", title: "Output Format", icon: "doc.plaintext", category: "Session",
        summary: "text for people, json for programs (one object per command)",
        behavior: .state(
          .choice(
            options: ShellOptions.OutputFormat.allCases.map { ChoiceOption($0.rawValue) },
            get: { [unowned self] in options.output.rawValue },
            set: { [unowned self] in options.output = ShellOptions.OutputFormat(rawValue: $0) ?? .text }
          ))),
      Command(
        id: "option.color", title: "Color", icon: "paintpalette", category: "Session",
        summary: "colour in text output: auto (on a terminal), always, never; NO_COLOR wins",
        behavior: .state(
          .choice(
            options: ShellOptions.ColorMode.allCases.map { ChoiceOption($0.rawValue) },
            get: { [unowned self] in options.color.rawValue },
            set: { [unowned self] in options.color = ShellOptions.ColorMode(rawValue: $0) ?? .auto }
          ))),
      Command(
        id: "option.echo", title: "Echo Commands", icon: "text.append", category: "Session",
        summary: "print each command before its result",
        behavior: .state(
          .toggle(
            get: { [unowned self] in options.echo },
            set: { [unowned self] in options.echo = $0 }))),
      Command(
        id: "option.keep-going", title: "Keep Going", icon: "forward", category: "Session",
        summary: "go on after a failed command in a script",
        behavior: .state(
          .toggle(
            get: { [unowned self] in options.keepGoing },
            set: { [unowned self] in options.keepGoing = $0 }))),
    ]
  }

  var optionCommand: Command {
    Command(
      id: BuiltinID.option, verb: "option", title: "Session Options", icon: "gearshape",
      category: "Session",
      summary: "show the session options, or set one",
      details: "output text|json: text for people, JSON Lines for programs. "
        + "color auto|always|never: colour in text output (auto: on a terminal; NO_COLOR turns it off). "
        + "echo on|off: print each command before its result. "
        + "keep-going on|off: go on after a failed command in a script.",
      parameters: [
        Parameter(
          "name", .choice(optionCommands.map { String($0.id.dropFirst("option.".count)) }),
          isOptional: true, summary: "the option to show or set"),
        Parameter("value", isOptional: true, summary: "the new value"),
      ],
      behavior: .action { [unowned self] arguments in
        let settings = registry.commands.filter { $0.id.hasPrefix("option.") }
        guard let name = arguments.string("name") else {
          return .settings(settings.map(setting))
        }
        guard let command = registry.command(id: "option." + name) else {
          throw FolioError.invalidArgument("unknown option '\(name)'")
        }
        guard let value = arguments.string("value") else { return .settings([setting(command)]) }
        return try registry.invoke(command, words: [Word(value)])
      })
  }

  private func setting(_ command: Command) -> Setting {
    let allowed: [String] =
      switch command.state {
      case .choice(let options, _, _): options.map(\.value)
      case .toggle: ["on", "off"]
      default: []
      }
    return Setting(
      name: String(command.id.dropFirst("option.".count)),
      value: command.state?.value.description ?? "", allowedValues: allowed)
  }
}
