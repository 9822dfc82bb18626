import FolioCore
import FolioLua

#if canImport(Glibc)
  import Glibc
#endif

/// A Folio session: the command registry, the session options, and the loop that turns
/// parsed commands into rendered results, shared by the REPL, batch scripts and `-c`.
///
/// Data flows one way: a line is lexed into commands; each command is resolved in the
/// registry and invoked; its `CommandOutput` is rendered as text or JSON on the console;
/// errors are reported with the location of the line that failed.
public final class Shell {
  /// Why a session stops before its input ends.
  public enum StopReason: Sendable, Equatable {
    /// `quit` or `exit` ran.
    case quit
    /// Ctrl-C arrived while running a script.
    case interrupted
  }

  /// Every command of the session, shell built-ins included.
  public let registry = CommandRegistry()
  /// The session options.
  public var options: ShellOptions
  /// Where output goes.
  public let console: Console
  /// Whether a person types the commands (the REPL): dialogs then ask, errors carry no
  /// file location.
  public let isInteractive: Bool
  /// The open documents.
  public let workspace: Workspace
  /// Menus added by embedders (and later plugins), after the app menus.
  public internal(set) var addedMenus: [Menu] = []
  /// Items added to existing menus (`folio.contribute`), placed when menus are built.
  public internal(set) var addedMenuContributions: [MenuContribution] = []
  /// Toolbar items added by embedders (and later plugins), after the document toolbar's.
  public internal(set) var addedToolbarItems: [ToolbarItem] = []
  /// The toolbar customisation of a session without a state store.
  var unsavedToolbarCustomization: ToolbarCustomization?
  /// Whether the built-in Favorite toggle is on.
  var isFavorite = false
  /// The app declared as scenes; `screen`, `tabs` and `settings` read it for the platform.
  public var app = App.folio
  /// The tab `tab NAME` selected; nil for the first.
  var selectedTabName: String?
  /// Persisted settings changed in a session without a state store.
  var unsavedSettings: [String: String] = [:]
  /// The menu open for `choose`, if any.
  public internal(set) var menuSession: MenuSession?
  /// The Lua plugin host, once `loadPlugins` ran.
  public internal(set) var pluginHost: PluginHost?
  /// What adaptive output reads: platform, width, size class, keyboard (`env`).
  public var appEnvironment = AppEnvironment()

  /// The platform menus are resolved for: icons, ordering.
  var platform: MenuPlatform { appEnvironment.platform }
  /// The dialog waiting for an answer; only `choose` and `cancel` run meanwhile.
  public internal(set) var pendingDialog: Dialog?

  /// Why the session is stopping, once it is.
  public internal(set) var stopReason: StopReason?
  /// How many commands failed so far.
  public private(set) var errorCount = 0

  let environment: [String: String]
  private let isTerminalOutput: Bool
  /// The files being sourced, outermost first, for relative paths, cycles and error notes.
  var includeStack: [IncludeFrame] = []
  /// Where the command running now was read from.
  private(set) var currentLocation: SourceLocation?
  var recorder: Recorder?
  /// The dialog `choose` or `cancel` answered in the command running now, and the button.
  var answeredDialog: (dialog: Dialog, button: DialogButton)?

  /// A file being run by `source` (or a top-level script).
  struct IncludeFrame {
    /// The canonical path, to detect cycles; nil for standard input and `-c`.
    var canonicalPath: String?
    /// The folder relative `source` paths resolve from.
    var directory: String
    /// Where the `source` command that opened the file was, if it was in a file.
    var sourcedFrom: SourceLocation?
    /// The name of the file in messages.
    var displayName: String
  }

  /// Creates a session with the shell's built-in commands registered.
  ///
  /// - Parameters:
  ///   - options: the initial session options.
  ///   - console: where output goes.
  ///   - isInteractive: whether a person types the commands.
  ///   - environment: the process environment (`NO_COLOR`, `HOME`, …).
  ///   - isTerminalOutput: whether standard output is a terminal (colour in `auto` mode).
  public init(
    options: ShellOptions = ShellOptions(), console: Console = Console(),
    isInteractive: Bool = false, environment: [String: String] = [:],
    isTerminalOutput: Bool = false, workspace: Workspace? = nil
  ) {
    self.options = options
    self.console = console
    self.isInteractive = isInteractive
    self.environment = environment
    self.isTerminalOutput = isTerminalOutput
    self.workspace =
      workspace ?? Workspace(store: nil, currentDirectory: Paths.currentDirectory, home: environment["HOME"])
    registerBuiltins()
    console.passesStyles = { [unowned self] in style.usesColor }
  }

  /// The text style in force: colour per the `color` option, the terminal and `NO_COLOR`.
  var style: TextStyle {
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
    switch options.color {
    case _ where noColor: return TextStyle(usesColor: false)
    case .always: return TextStyle(usesColor: true)
    case .never: return TextStyle(usesColor: false)
    case .auto: return TextStyle(usesColor: isTerminalOutput)
    }
  }

  /// The REPL prompt: the active document's title, with `*` when it has unsaved changes; its
  /// control characters escaped as in table cells.
  public var prompt: String {
    guard let document = workspace.active else { return "folio> " }
    return document.title.displayedOnOneLine + (document.isDirty ? "*" : "") + "> "
  }

  /// Runs one command and writes its result or error.
  ///
  /// - Parameters:
  ///   - command: the parsed command.
  ///   - location: the file and line it came from; nil in the REPL.
  /// - Returns: whether the command succeeded.
  @discardableResult
  public func execute(_ command: ParsedCommand, at location: SourceLocation? = nil) -> Bool {
    if options.echo, options.output == .text { console.print(prompt + command.text) }
    let enclosingLocation = currentLocation
    currentLocation = location
    defer { currentLocation = enclosingLocation }
    // Subscribers (plugins) hear of what this command changed, once it is over.
    defer { workspace.events.flush() }
    // Whatever the command changed is kept in the recovery journal, even when it failed.
    defer { reportJournalWarnings(workspace.journalChanges()) }
    defer { answeredDialog = nil }
    do {
      let output = try dispatch(command)
      render(output, for: command)
      if let recorder, recorder.depth == includeStack.count,
        registry.resolve(command.words[0].text)?.id != BuiltinID.record
      {
        try recorder.record(command.text, answering: answeredDialog, asks: pendingDialog != nil)
      }
      return true
    } catch let error as FolioError where error.code == .reported {
      return false
    } catch {
      report(error, commandText: command.text, at: location)
      return false
    }
  }

  /// Says on standard error why unsaved changes could not be kept in the recovery journal.
  func reportJournalWarnings(_ warnings: [String]) {
    for warning in warnings { console.printError("folio: warning: \(warning)") }
  }

  /// Brings the recovery journal up to date before Folio waits for input, then flushes the
  /// output.
  func prepareToWaitForInput() {
    reportJournalWarnings(workspace.journalChanges())
    console.flush()
  }

  /// Resolves a command by its first word and invokes it with the rest.
  ///
  /// - Throws: `FolioError.unknownCommand` with the nearest known names, or the command's
  ///   own error.
  func dispatch(_ command: ParsedCommand) throws -> CommandOutput {
    let name = command.words[0].text
    guard let target = registry.resolve(name) else { throw unknownCommand(name) }
    if let dialog = pendingDialog, target.id != BuiltinID.choose, target.id != BuiltinID.cancel {
      throw FolioError(
        .disabled, "a dialog is waiting — \(dialog.title) Choose \(dialog.choicesDescription), or 'cancel'")
    }
    return try registry.invoke(target, words: Array(command.words.dropFirst()))
  }

  /// The error for a name no command has, with "did you mean" suggestions.
  func unknownCommand(_ name: String) -> FolioError {
    let kind = name.contains(".") ? "command id" : "command"
    let suggestions = registry.suggestions(for: name)
    let hint =
      suggestions.isEmpty
      ? "'help' lists the commands"
      : "did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?"
    return FolioError(.unknownCommand, "unknown \(kind) '\(name)'; \(hint)")
  }

  /// Writes a command's result in the session's output format.
  func render(_ output: CommandOutput, for command: ParsedCommand) {
    if case .dialog(let dialog) = output { pendingDialog = dialog }
    // A menu item may ask too: Delete in a context menu shows its dialog after the menu closed.
    if case .menuChoice(.dialog(let dialog)?, _) = output { pendingDialog = dialog }
    switch options.output {
    case .text:
      // Most commands print nothing: no text style to work out then.
      if case .none = output { return }
      if case .documentText(let text) = output, !isTerminalOutput {
        console.printVerbatim(text.hasSuffix("\n") ? String(text.dropLast()) : text)
        return
      }
      if let text = TextRenderer(style: style).render(output) { console.print(text) }
    case .json:
      let line = JSONValue.object([
        ("ok", .bool(true)), ("command", .string(command.text)),
        ("result", JSONRenderer.result(output)),
      ])
      console.print(line.serialized)
    }
  }

  /// Reports a failed command: a JSON line in JSON mode, and on standard error
  /// `FILE:LINE: error: MESSAGE` followed by the chain of files that sourced it (batch) or
  /// `error: MESSAGE` (REPL).
  func report(_ error: any Error, commandText: String, at location: SourceLocation?) {
    errorCount += 1
    let folioError = error as? FolioError ?? FolioError(.io, String(describing: error))
    if options.output == .json {
      let line = JSONValue.object([
        ("ok", .bool(false)), ("command", .string(commandText)),
        (
          "error",
          .object([("code", .string(folioError.code.description)), ("message", .string(folioError.message))])
        ),
      ])
      console.print(line.serialized)
    }
    let style = style
    if let location {
      console.printError("\(location): \(style.error("error:")) \(folioError.message)")
      for frame in includeStack.reversed() {
        guard let origin = frame.sourcedFrom else { continue }
        console.printError("\(origin): \(style.note("note:")) in the file sourced here")
      }
    } else if !isInteractive {
      console.printError("folio: \(style.error("error:")) \(folioError.message)")
    } else if options.output == .text {
      console.printError("\(style.error("error:")) \(folioError.message)")
    }
  }
}
