import FolioCore
import FolioPresentation
import FolioSession

/// What the shell's own commands run against: the shell. The shell's session holds these
/// commands in its registry, so they hold the shell unowned.
struct ShellContext {
  /// The shell the commands act on.
  unowned let shell: Shell
}

/// A declared action of the shell.
protocol ShellAction: ActionCommand where Context == ShellContext {}

extension Shell {
  /// Registers the shell's own commands in the session, to be made when first looked up or
  /// listed. They are ordinary registered commands, so help, the palette and completion list
  /// them like any other.
  func registerBuiltins() {
    // Made from the context, never from the shell itself: the registry may outlive it.
    let context = ShellContext(shell: self)
    registry.registerOnFirstUse(namespaces: ShellBuiltins.namespaces) {
      // One array, made at its size: joining two cost a start about 5,000 instructions.
      let declarations = ShellBuiltins.declarations
      let options = OptionCommands.options
      var commands: [Command] = []
      commands.reserveCapacity(declarations.count + options.count)
      for declaration in declarations { commands.append(declaration.makeCommand(in: context)) }
      for option in options { commands.append(option.makeCommand(in: context)) }
      return commands
    }
  }

  /// The ids of the commands the shell registered itself, listed first by `help`.
  var ownCommandIDs: Set<String> {
    let builtins = ShellBuiltins.declarations.map { $0.configuration.id }
    return Set(builtins + OptionCommands.options.map(\.configuration.id))
  }

  /// The registered commands grouped by category, categories in order of first appearance,
  /// the shell's own commands first.
  func helpSections() -> [HelpSection] {
    var sections: [HelpSection] = []
    let ownCommandIDs = ownCommandIDs
    let (own, others) = registry.commands.reduce(into: ([Command](), [Command]())) { split, command in
      if ownCommandIDs.contains(command.id) {
        split.0.append(command)
      } else {
        split.1.append(command)
      }
    }
    for command in own + others where command.verb != nil {
      let summary = CommandSummary(command)
      if let index = sections.firstIndex(where: { $0.category == command.category }) {
        sections[index].commands.append(summary)
      } else {
        sections.append(HelpSection(category: command.category, commands: [summary]))
      }
    }
    return sections
  }
}

/// The shell's own commands: `help`, `commands`, `run`, `echo`, `source`, `record` and
/// `option`; the session options (`OptionCommands.options`) follow them.
enum ShellBuiltins {
  /// The namespaces of the built-ins' ids (`shell.run`, `option.echo`).
  static let namespaces = ["shell", "option"]

  /// Every built-in command but the session options, in the order help lists them.
  static var declarations: [any DeclaredCommand<ShellContext>.Type] {
    [
      Help.self, Commands.self, Run.self, Echo.self, Source.self, Record.self, Browse.self,
      OptionCommands.Option.self,
    ]
  }

  /// `help [COMMAND] [SUBCOMMAND…]`.
  enum Help: ShellAction {
    static let command = ParameterKey.optionalArgument("command", summary: "a command name or id")
    /// The words after the command (`help menu close`): its own page explains them.
    static let subcommand = ParameterKey.rest(
      "subcommand", summary: "a subcommand's words, explained on the command's page", valueName: "SUBCOMMAND")

    static let configuration = CommandConfiguration(
      id: "shell.help", verb: "help", title: "Help", icon: "questionmark.circle",
      category: "Help", summary: "list the commands, or show one command's usage",
      details: "'help menu close' shows the page of 'menu', which explains its subcommands.",
      parameters: [command, subcommand], access: .reads)

    static func run(_ arguments: Arguments, in context: ShellContext) throws -> CommandOutput {
      let shell = context.shell
      guard let name = arguments[Self.command] else {
        return .helpIndex(shell.helpSections())
      }
      guard let command = shell.registry.resolve(name) else { throw shell.unknownCommand(name) }
      return .commandHelp(CommandSummary(command))
    }
  }

  /// `commands [FILTER…]`: the command palette.
  enum Commands: ShellAction {
    static let filter = ParameterKey.restText("filter", summary: "fuzzy filter")

    static let configuration = CommandConfiguration(
      id: "shell.commands", verb: "commands", title: "Command Palette", icon: "command",
      shortcut: "⇧⌘P", category: "Help",
      summary: "the command palette: every command, or those matching a fuzzy filter",
      details: """
        Each command shows its id, title, role, whether it is enabled, its state and \
        its shortcut. A filter keeps the commands whose id, name or title contain its characters in \
        order, best matches first: 'commands opt' finds option.output.
        """,
      parameters: [filter], access: .reads)

    static func run(_ arguments: Arguments, in context: ShellContext) throws -> CommandOutput {
      Palette.commands(in: context.shell.registry, matching: arguments[Self.filter])
    }
  }

  /// `run ID [ARGUMENTS…]`.
  enum Run: ShellAction {
    static let id = ParameterKey.argument("id", summary: "the command id, e.g. option.output")
    static let arguments = ParameterKey.rest("arguments", summary: "the command's arguments")

    static let configuration = CommandConfiguration(
      id: "shell.run", verb: "run", title: "Run Command", icon: "play",
      category: "Commands",
      summary: "run a command by its id, or a menu's primary action (a menu without one opens)",
      details: """
        A first word containing a dot runs the command of that id too: \
        'option.echo on' is 'run option.echo on'. A stateful command takes its new state: a toggle flips (or takes on/off), a \
        choice takes one of its options, a number takes a value or + / - to step.
        """,
      parameters: [id, Self.arguments])

    static func run(_ arguments: Arguments, in context: ShellContext) throws -> CommandOutput {
      let shell = context.shell
      let id = arguments[Self.id]
      guard let command = shell.registry.resolve(id) else {
        if let menu = shell.session.menus.first(where: { $0.id.lowercased() == id.lowercased() }) {
          return try shell.session.runMenu(menu, words: arguments[Self.arguments])
        }
        throw shell.unknownCommand(id)
      }
      return try shell.registry.invoke(command, words: arguments[Self.arguments])
    }
  }

  /// `echo [TEXT…]`.
  enum Echo: ShellAction {
    static let text = ParameterKey.restText("text", summary: "the words to print")

    static let configuration = CommandConfiguration(
      id: "shell.echo", verb: "echo", title: "Echo", icon: "text.bubble", category: "Scripts",
      summary: "print the words, separated by single spaces", parameters: [text],
      access: .reads)

    static func run(_ arguments: Arguments, in context: ShellContext) throws -> CommandOutput {
      .text(arguments[Self.text])
    }
  }

  /// `source FILE`.
  enum Source: ShellAction {
    static let file = ParameterKey.argument("file", .path, summary: "the command file")

    static let configuration = CommandConfiguration(
      id: "shell.source", verb: "source", title: "Run Command File", icon: "doc.text",
      category: "Scripts",
      summary: "run the commands of a file in place",
      details: """
        A relative path resolves from the file that contains the 'source' command. \
        Errors inside name the file and line, then the lines that sourced it. A file that \
        sources itself, directly or not, is refused.
        """,
      parameters: [file])

    static func run(_ arguments: Arguments, in context: ShellContext) throws -> CommandOutput {
      try context.shell.source(arguments[Self.file])
      return .none
    }
  }

  /// `record [FILE|stop] [--force]`.
  enum Record: ShellAction {
    static let file = ParameterKey.optionalArgument("file", .path, summary: "the file to write, or 'stop'")
    static let force = ParameterKey.flag("force", summary: "replace an existing file")

    static let configuration = CommandConfiguration(
      id: "shell.record", verb: "record", title: "Record Commands", icon: "record.circle",
      category: "Scripts",
      summary: "record the commands that succeed from now into a replayable file",
      details: """
        'record stop' ends the recording; 'record' alone says what is being recorded. \
        Commands run by a sourced file are recorded as the 'source' line itself. An \
        existing file is kept unless --force is given.
        """,
      parameters: [file, force])

    static func run(_ arguments: Arguments, in context: ShellContext) throws -> CommandOutput {
      let shell = context.shell
      guard let file = arguments[Self.file] else {
        return .message(shell.recorder.map { "Recording to \($0.path)." } ?? "Not recording.")
      }
      if file == "stop" {
        guard let recorder = shell.recorder else { throw FolioError.invalidArgument("not recording") }
        shell.recorder = nil
        return .message("Recorded to \(recorder.path).")
      }
      if let recorder = shell.recorder {
        throw FolioError.invalidArgument("already recording to \(recorder.path); 'record stop' first")
      }
      shell.recorder = try Recorder(
        path: Paths.expandingTilde(file, home: shell.environment["HOME"]),
        depth: shell.includeStack.count, overwrite: arguments[Self.force], registry: shell.registry)
      return .message("Recording to \(file).")
    }
  }
}
