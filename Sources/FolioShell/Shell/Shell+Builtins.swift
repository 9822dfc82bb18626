import FolioCore

/// The ids of the shell's built-in commands.
enum BuiltinID {
  static let help = "shell.help"
  static let commands = "shell.commands"
  static let run = "shell.run"
  static let echo = "shell.echo"
  static let source = "shell.source"
  static let record = "shell.record"
  static let option = "shell.option"
  static let quit = "shell.quit"
  static let choose = "shell.choose"
  static let cancel = "shell.cancel"
  static let menu = "shell.menu"
}

extension Shell {
  /// Registers the shell's own commands. They are ordinary registered commands, so help,
  /// the palette and completion list them like any other.
  func registerBuiltins() {
    let builtins = [
      helpCommand, commandsCommand, runCommand, echoCommand, sourceCommand, recordCommand,
      optionCommand, quitCommand, chooseCommand, cancelCommand,
    ]
    let documentCommands =
      workspace.makeCommands(
        isInteractive: { [unowned self] in isInteractive }, environment: { [unowned self] in appEnvironment },
        pageSize: { [unowned self] in printPageSize }, tableMetrics: TextRenderer.tableMetrics)
      + workspace.recentCommands
    for command in builtins + optionCommands + documentCommands + menuCommands + [
      environmentCommand, contextMenuCommand,
    ] + toolbarCommands + sceneCommands + pluginCommands {
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

  /// The registered commands grouped by category, categories in order of first appearance.
  func helpSections() -> [HelpSection] {
    var sections: [HelpSection] = []
    for command in registry.commands where command.verb != nil {
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
          if let menu = menus.first(where: { $0.id.lowercased() == id.lowercased() }) {
            return try runMenu(menu, words: arguments.words("arguments"))
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
          depth: includeStack.count, overwrite: arguments.flag("force"))
        return .message("Recording to \(file).")
      })
  }

  private var quitCommand: Command {
    Command(
      id: BuiltinID.quit, verb: "quit", aliases: ["exit"], title: "Quit", icon: "power",
      shortcut: "⌘Q", category: "Session",
      summary: "leave Folio; a script stops here",
      parameters: [
        Parameter("force", .bool, style: .option, summary: "leave without asking about unsaved documents"),
        Parameter(
          "save", .bool, style: .option, summary: "save every unsaved document first, without asking"),
      ],
      behavior: .action { [unowned self] arguments in
        let unsaved = workspace.documents.filter(\.isDirty)
        if arguments.flag("save") { return try quit(saving: unsaved) }
        // Like every command chosen from a menu, File › Quit asks in scripts too.
        let asks = isInteractive || arguments.origin == .menu
        guard asks, !unsaved.isEmpty, !arguments.flag("force") else { return try quit(saving: []) }
        let titles = unsaved.map { "“\($0.title)”" }.joined(separator: ", ")
        return .dialog(
          Dialog(
            title: "Quit with unsaved changes in \(titles)?",
            message: "Your changes will be lost if you don't save them.",
            buttons: [
              DialogButton("Save All", replay: "quit --save"),
              DialogButton("Don't Save", role: .destructive, replay: "quit --force"),
            ]
          ) { [unowned self] button in
            switch button.role {
            case .cancel: return .message("Still here.")
            case .default: return try quit(saving: unsaved)
            case .destructive: return try quit(saving: [])
            }
          })
      })
  }

  /// Saves `documents`, then stops the session; a failed save stops nothing.
  private func quit(saving documents: [Document]) throws -> CommandOutput {
    for document in documents { try workspace.save(document) }
    stopReason = .quit
    return .none
  }

  private var chooseCommand: Command {
    Command(
      id: BuiltinID.choose, verb: "choose", title: "Choose", icon: "hand.point.up", category: "Dialogs",
      summary: "answer the waiting dialog, or choose an item of the open menu",
      details: "A button or item by its number or title. A menu item's command takes the words "
        + "after it as its arguments ('choose Rename \"New name\"'); a stepper takes + or -.",
      parameters: [
        Parameter("item", summary: "a number or a title", valueName: "N-OR-TITLE"),
        Parameter("arguments", style: .rest, isOptional: true, summary: "the command's arguments"),
      ],
      behavior: .action { [unowned self] arguments in
        let answer = arguments.string("item") ?? ""
        let extra = arguments.words("arguments")
        if let dialog = pendingDialog {
          // Buttons take no arguments, so every word is the title: `choose Don't Save`.
          let answer = ([answer] + extra.map(\.text)).joined(separator: " ")
          guard let button = dialog.button(named: answer) else {
            throw FolioError.invalidArgument("no button '\(answer)'; choose \(dialog.choicesDescription)")
          }
          return try self.answer(dialog, with: button)
        }
        guard var session = menuSession else {
          throw FolioError(.disabled, "nothing to choose from: no dialog or menu is open")
        }
        let length = session.answerLength(of: [answer] + extra.map(\.text))
        let title = ([answer] + extra.prefix(length - 1).map(\.text)).joined(separator: " ")
        let result = try session.choose(title, arguments: Array(extra.dropFirst(length - 1)))
        menuSession = result.isOpen ? session : nil
        return .menuChoice(output: result.output, menu: result.isOpen ? OpenMenu(session) : nil)
      })
  }

  /// Answers the waiting dialog, noting the answer for the recording.
  private func answer(_ dialog: Dialog, with button: DialogButton) throws -> CommandOutput {
    pendingDialog = nil
    answeredDialog = (dialog, button)
    return try dialog.respond(button)
  }

  private var cancelCommand: Command {
    Command(
      id: BuiltinID.cancel, verb: "cancel", title: "Cancel", icon: "xmark.circle", role: .cancel,
      category: "Dialogs", summary: "answer the waiting dialog with its cancel button",
      behavior: .action { [unowned self] _ in
        guard let dialog = pendingDialog else {
          throw FolioError(.disabled, "nothing to cancel: no dialog is waiting")
        }
        return try answer(dialog, with: dialog.cancelButton)
      })
  }
}
