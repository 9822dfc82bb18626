import FolioCore
import FolioSession

/// The ids of the shell's built-in commands.
enum BuiltinID {
  static let help = "shell.help"
  static let commands = "shell.commands"
  static let run = "shell.run"
  static let echo = "shell.echo"
  static let source = "shell.source"
  static let record = "shell.record"
  static let option = "shell.option"
  static let menu = "shell.menu"
}

extension Shell {
  /// Registers the shell's own commands in the session. They are ordinary registered
  /// commands, so help, the palette and completion list them like any other.
  func registerBuiltins() {
    let builtins = [
      helpCommand, commandsCommand, runCommand, echoCommand, sourceCommand, recordCommand, optionCommand,
    ]
    ownCommandIDs = Set((builtins + optionCommands).map(\.id))
    for command in builtins + optionCommands {
      do {
        try registry.register(command)
      } catch {
        preconditionFailure("built-in commands must have unique ids: \(error)")
      }
    }
  }

  private var helpCommand: Command {
    Command(
      id: BuiltinID.help, verb: "help", title: "Help", icon: "questionmark.circle",
      category: "Help", summary: "list the commands, or show one command's usage",
      parameters: [Parameter("command", isOptional: true, summary: "a command name or id")],
      behavior: .action { [unowned self] arguments in
        guard let name = arguments.string("command") else {
          return .helpIndex(helpSections())
        }
        guard let command = registry.resolve(name) else { throw unknownCommand(name) }
        return .commandHelp(CommandSummary(command))
      })
  }

  /// The registered commands grouped by category, categories in order of first appearance,
  /// the shell's own commands first.
  func helpSections() -> [HelpSection] {
    var sections: [HelpSection] = []
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

  private var commandsCommand: Command {
    Command(
      id: BuiltinID.commands, verb: "commands", title: "Command Palette", icon: "command",
      shortcut: "⇧⌘P", category: "Help",
      summary: "the command palette: every command, or those matching a fuzzy filter",
      details: "Each command shows its id, title, role, whether it is enabled, its state and "
        + "its shortcut. A filter keeps the commands whose id, name or title contain its characters in "
        + "order, best matches first: 'commands opt' finds option.output.",
      parameters: [Parameter("filter", style: .rest, isOptional: true, summary: "fuzzy filter")],
      behavior: .action { [unowned self] arguments in
        let filter = arguments.words("filter").map(\.text).joined(separator: " ")
        return .commandList(registry.search(filter).map(CommandSummary.init))
      })
  }

  private var runCommand: Command {
    Command(
      id: BuiltinID.run, verb: "run", title: "Run Command", icon: "play",
      category: "Commands",
      summary: "run a command by its id, or a menu's primary action (a menu without one opens)",
      details: "A first word containing a dot runs the command of that id too: "
        + "'option.echo on' is 'run option.echo on'. A stateful command takes its new state: a toggle flips (or takes on/off), a "
        + "choice takes one of its options, a number takes a value or + / - to step.",
      parameters: [
        Parameter("id", summary: "the command id, e.g. option.output"),
        Parameter("arguments", style: .rest, isOptional: true, summary: "the command's arguments"),
      ],
      behavior: .action { [unowned self] arguments in
        let id = arguments.string("id") ?? ""
        guard let command = registry.resolve(id) else {
          if let menu = session.menus.first(where: { $0.id.lowercased() == id.lowercased() }) {
            return try session.runMenu(menu, words: arguments.words("arguments"))
          }
          throw unknownCommand(id)
        }
        return try registry.invoke(command, words: arguments.words("arguments"))
      })
  }

  private var echoCommand: Command {
    Command(
      id: BuiltinID.echo, verb: "echo", title: "Echo", icon: "text.bubble", category: "Scripts",
      summary: "print the words, separated by single spaces",
      parameters: [Parameter("text", style: .rest, isOptional: true, summary: "the words to print")],
      behavior: .action { arguments in
        .text(arguments.words("text").map(\.text).joined(separator: " "))
      })
  }

  private var sourceCommand: Command {
    Command(
      id: BuiltinID.source, verb: "source", title: "Run Command File", icon: "doc.text",
      category: "Scripts",
      summary: "run the commands of a file in place",
      details: "A relative path resolves from the file that contains the 'source' command. "
        + "Errors inside name the file and line, then the lines that sourced it. A file that "
        + "sources itself, directly or not, is refused.",
      parameters: [Parameter("file", .path, summary: "the command file")],
      behavior: .action { [unowned self] arguments in
        try source(arguments.string("file") ?? "")
        return .none
      })
  }

  private var recordCommand: Command {
    Command(
      id: BuiltinID.record, verb: "record", title: "Record Commands", icon: "record.circle",
      category: "Scripts",
      summary: "record the commands that succeed from now into a replayable file",
      details: "'record stop' ends the recording; 'record' alone says what is being recorded. "
        + "Commands run by a sourced file are recorded as the 'source' line itself. An "
        + "existing file is kept unless --force is given.",
      parameters: [
        Parameter("file", .path, isOptional: true, summary: "the file to write, or 'stop'"),
        Parameter("force", .bool, style: .option, summary: "replace an existing file"),
      ],
      behavior: .action { [unowned self] arguments in
        guard let file = arguments.string("file") else {
          return .message(recorder.map { "Recording to \($0.path)." } ?? "Not recording.")
        }
        if file == "stop" {
          guard let recorder else { throw FolioError.invalidArgument("not recording") }
          self.recorder = nil
          return .message("Recorded to \(recorder.path).")
        }
        guard recorder == nil else {
          throw FolioError.invalidArgument(
            "already recording to \(recorder!.path); 'record stop' first")
        }
        recorder = try Recorder(
          path: Paths.expandingTilde(file, home: environment["HOME"]),
          depth: includeStack.count, overwrite: arguments.flag("force"), registry: registry)
        return .message("Recording to \(file).")
      })
  }
}
