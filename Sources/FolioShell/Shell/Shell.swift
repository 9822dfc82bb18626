import FolioCore
import FolioLua
import FolioSession

#if canImport(Glibc)
  import Glibc
#endif

/// The command-line front end of a `Session`: it lexes lines into commands, runs them in
/// the session, and renders their results as text or JSON on the console; shared by the
/// REPL, batch scripts and `-c`.
///
/// Data flows one way: a line is lexed into commands; each command's first word is resolved
/// in the session's registry and the rest bound to its typed parameters; its `CommandOutput`
/// is rendered; errors are reported with the location of the line that failed. The shell
/// holds only what is its own — output options, the console, the files being sourced, the
/// recording — and every piece of app state lives in `session`.
public final class Shell {
  /// The app this front end drives.
  public let session: Session
  /// The session options.
  public var options: ShellOptions
  /// Where output goes.
  public let console: Console
  /// Whether a person types the commands (the REPL): dialogs then ask, errors carry no
  /// file location.
  public var isInteractive: Bool { session.isInteractive }
  /// How many commands failed so far.
  public private(set) var errorCount = 0

  /// The session's commands.
  var registry: CommandRegistry { session.registry }
  /// The session's documents.
  var workspace: Workspace { session.workspace }

  let environment: [String: String]
  let isTerminalOutput: Bool
  /// The files being sourced, outermost first, for relative paths, cycles and error notes.
  var includeStack: [IncludeFrame] = []
  /// Where the command running now was read from.
  private(set) var currentLocation: SourceLocation?
  var recorder: Recorder?
  /// The ids of the commands the shell registered itself, listed first by `help`.
  var ownCommandIDs: Set<String> = []

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

  /// Creates a shell over a new session, with the shell's built-in commands registered.
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
    self.environment = environment
    self.isTerminalOutput = isTerminalOutput
    session = Session(
      workspace: workspace
        ?? Workspace(store: nil, currentDirectory: Paths.currentDirectory, home: environment["HOME"]),
      metrics: TextRenderer.layoutMetrics, isInteractive: isInteractive, environment: environment)
    registerBuiltins()
    session.clipboard = { [unowned self] text throws(FolioError) in try copyToTerminalClipboard(text) }
    session.pluginTestRunner = { [unowned self] folder throws(FolioError) in try runPluginTests(in: folder) }
    session.pluginChecker = { [unowned self] folder throws(FolioError) in try checkPlugin(in: folder) }
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
    // Whatever the command changed is kept in the recovery journal, even when it failed.
    defer { reportJournalWarnings(session.finishCommand()) }
    do {
      let output = try dispatch(command)
      render(output, for: command)
      if let recorder, recorder.depth == includeStack.count,
        registry.resolve(command.words[0].text)?.id != BuiltinID.record
      {
        try recorder.record(
          command.text, answering: session.answeredDialog, asks: session.pendingDialog != nil)
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
  func reportJournalWarnings(_ warnings: [FolioError]) {
    let errorText = ErrorText(registry: registry)
    for warning in warnings { console.printError("folio: warning: \(errorText.text(warning))") }
  }

  /// Brings the recovery journal up to date before Folio waits for input, then flushes the
  /// output.
  func prepareToWaitForInput() {
    reportJournalWarnings(session.workspace.journalChanges())
    console.flush()
  }

  /// Resolves a command by its first word and invokes it with the rest.
  ///
  /// - Throws: `FolioError.unknownCommand` with the nearest known names, or the command's
  ///   own error.
  func dispatch(_ command: ParsedCommand) throws -> CommandOutput {
    reloadWatchedPlugins()
    let name = command.words[0].text
    guard let target = registry.resolve(name) else { throw unknownCommand(name) }
    return try session.run(target, words: Array(command.words.dropFirst()))
  }

  /// The error for a name no command has, with "did you mean" suggestions.
  func unknownCommand(_ name: String) -> FolioError {
    // A command of a plugin that failed to load: say why it is missing.
    if let plugin = session.pluginHost?.failedPlugin(forCommand: name),
      case .failed(let reason) = plugin.status
    {
      return FolioError(
        .unknownCommand, "plugin \(plugin.name) failed to load: \(reason)", values: ["plugin": plugin.name])
    }
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
    let folioError = FolioError.from(error)
    let errorText = ErrorText(registry: registry)
    if options.output == .json {
      let line = JSONValue.object([
        ("ok", .bool(false)), ("command", .string(commandText)), ("error", errorText.json(folioError)),
      ])
      console.print(line.serialized)
    }
    let style = style
    let message = errorText.text(folioError)
    if let location {
      console.printError("\(location): \(style.error("error:")) \(message)")
      for frame in includeStack.reversed() {
        guard let origin = frame.sourcedFrom else { continue }
        console.printError("\(origin): \(style.note("note:")) in the file sourced here")
      }
    } else if !isInteractive {
      console.printError("folio: \(style.error("error:")) \(message)")
    } else if options.output == .text {
      console.printError("\(style.error("error:")) \(message)")
    }
  }
}
