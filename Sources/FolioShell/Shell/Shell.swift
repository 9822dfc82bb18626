import FolioCore
import FolioLua
import FolioPresentation
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
  /// Whether standard error is a terminal (progress lines are drawn over themselves there).
  let isTerminalError: Bool
  /// When long work's progress shows, and its text.
  private var progressLine: ProgressLine
  /// The files being sourced, outermost first, for relative paths, cycles and error notes.
  var includeStack: [IncludeFrame] = []
  /// Where the command running now was read from.
  private(set) var currentLocation: SourceLocation?
  var recorder: Recorder?
  /// The width last read from the terminal, which `env width` follows as the terminal is
  /// resized until it is set otherwise; nil when `--width` fixed it or output is no terminal.
  public var terminalWidth: Int?
  /// Whether standard output is flushed after each command (a pipe or a terminal), so a
  /// long script streams its results.
  public var flushesEachCommand = false
  /// Whether the pager failed to start, after which output is printed directly.
  var pagerHasFailed = false
  /// The dialog a batch run stopped at because the line meant to answer it failed: nothing
  /// after that line may answer it, `--keep-going` or not.
  var unansweredDialog: Dialog?
  /// Runs the full-screen browser over this shell's session, opening the paths first, until
  /// it returns; a failure says why the terminal cannot browse. The flag says whether `q`
  /// quits the session (`folio browse`) rather than returning to the REPL. The `folio` program
  /// supplies it (FolioBrowse, which the shell does not import); nil in builds without one.
  public var browser: ((Shell, [String], Bool) -> Result<Void, FolioError>)?

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

  /// The widths an embedding client's session lays out with: the text renderers', without
  /// their frame — the client draws its own window, so its width is all the bars' and panes'.
  public static let embeddingLayoutMetrics: LayoutMetrics = {
    var metrics = TextRenderer.layoutMetrics
    metrics.frameWidth = 0
    metrics.toolbar.frameWidth = 0
    return metrics
  }()

  /// Creates a shell over a new session, with the shell's built-in commands registered.
  ///
  /// - Parameters:
  ///   - options: the initial session options.
  ///   - console: where output goes.
  ///   - isInteractive: whether a person types the commands.
  ///   - environment: the process environment (`NO_COLOR`, `HOME`, …).
  ///   - isTerminalOutput: whether standard output is a terminal (colour in `auto` mode).
  ///   - isTerminalError: whether standard error is a terminal.
  ///   - layoutMetrics: the widths the session lays out with; the text renderers'
  ///     (`TextRenderer.layoutMetrics`) when nil.
  public init(
    options: ShellOptions = ShellOptions(), console: Console = Console(),
    isInteractive: Bool = false, environment: [String: String] = [:],
    isTerminalOutput: Bool = false, isTerminalError: Bool = false, workspace: Workspace? = nil,
    layoutMetrics: LayoutMetrics? = nil
  ) {
    self.options = options
    self.console = console
    self.environment = environment
    self.isTerminalOutput = isTerminalOutput
    self.isTerminalError = isTerminalError
    progressLine = ProgressLine(isTerminal: isTerminalError)
    session = Session(
      workspace: workspace
        ?? Workspace(store: nil, currentDirectory: Paths.currentDirectory, home: environment["HOME"]),
      metrics: layoutMetrics ?? TextRenderer.layoutMetrics, isInteractive: isInteractive,
      environment: environment)
    registerBuiltins()
    session.clipboard = { [unowned self] text throws(FolioError) in try copyToTerminalClipboard(text) }
    session.pluginTestRunner = { [unowned self] folder throws(FolioError) in try runPluginTests(in: folder) }
    session.pluginChecker = { [unowned self] folder throws(FolioError) in try checkPlugin(in: folder) }
    session.resultRenderer = JSONRenderer.result
    console.passesStyles = { [unowned self] in style.usesColor }
    console.passesErrorStyles = { [unowned self] in errorStyle.usesColor }
    session.workspace.progress = { [unowned self] in showProgress($0) }
  }

  /// Whether long work's progress shows: with `--progress`, else in the REPL with text output
  /// and standard error a terminal.
  var showsProgress: Bool {
    options.showsProgress || (isInteractive && options.output == .text && isTerminalError)
  }

  /// Shows a progress report when it is due (see `ProgressLine`).
  private func showProgress(_ progress: WorkProgress) {
    guard showsProgress, let text = progressLine.update(progress) else { return }
    console.showProgress(text, isTerminal: isTerminalError)
  }

  /// The text style of standard output: colour per the `color` option, whether standard
  /// output is a terminal, and `NO_COLOR`, which an explicit `always` overrides
  /// (no-color.org: a flag wins over the variable).
  var style: TextStyle { textStyle(onTerminal: isTerminalOutput) }

  /// The text style of standard error, decided by standard error's own terminal: errors stay
  /// coloured on the screen while results go to a pipe, and the other way round.
  var errorStyle: TextStyle { textStyle(onTerminal: isTerminalError) }

  private func textStyle(onTerminal: Bool) -> TextStyle {
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
    switch options.color {
    case .always: return TextStyle(usesColor: true)
    case .never: return TextStyle(usesColor: false)
    case .auto: return TextStyle(usesColor: onTerminal && !noColor)
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
    followTerminalResize()
    progressLine.begin()
    defer {
      console.clearProgress()
      if flushesEachCommand { console.flush() }
    }
    // A dialog whose row went away as the command finished is shown dismissed, after it.
    defer { showDialogDismissals(after: command, at: location) }
    // Whatever the command changed is kept in the recovery journal, even when it failed.
    defer { reportJournalWarnings(session.finishCommand()) }
    do {
      let waited = session.pendingDialog != nil
      // The documents a `quit --save` would save, read only while recording.
      let unsaved = recorder == nil ? [] : workspace.documents.filter(\.isDirty)
      let output = try dispatch(command)
      try render(output, for: command)
      if console.isOutputClosed { session.stopReason = .outputClosed }
      if let recorder, recorder.depth == includeStack.count,
        case let id = registry.resolve(command.words[0].text)?.id,
        id != ShellBuiltins.Record.configuration.id,
        // What the keys did in the browser is not replayable as its line (see docs/browse.md).
        id != ShellBuiltins.Browse.configuration.id
      {
        if session.stopReason == .quit, id == ShellBuiltins.Source.configuration.id {
          // A sourced file quit: the line ran, and is what the recording holds last.
          try recorder.record(command.text, answering: nil, asks: false)
          self.recorder = nil
        } else if session.stopReason == .quit {
          // The recording stops at the quit, without it: a script sourcing it goes on.
          try recorder.recordQuit(
            saved: unsaved.filter { !$0.isDirty }.map(\.title), isOnlyDocument: workspace.documents.count == 1
          )
          self.recorder = nil
        } else if case .dialogDismissed = output {
          try recorder.recordDismissal()
        } else {
          try recorder.record(
            command.text, answering: session.answeredDialog, asks: session.pendingDialog != nil,
            waited: waited)
        }
      }
      return true
    } catch let error as FolioError where error.code == .reported {
      return false
    } catch let error as FolioError where error.code == .interrupted {
      // Ctrl-C: the command changed nothing, and says only that it stopped.
      errorCount += 1
      if options.output == .json {
        let line = JSONValue.object([
          ("ok", .bool(false)), ("command", .string(command.text)), ("error", jsonError(error, at: location)),
        ])
        console.print(line.serialized)
      }
      console.printError("interrupted")
      return false
    } catch {
      report(error, commandText: command.text, at: location)
      return false
    }
  }

  /// Shows the dialogs the session dismissed on its own (their row went away) as `command`
  /// finished, each with what its Cancel did, and reports the error a Cancel raised.
  func showDialogDismissals(after command: ParsedCommand, at location: SourceLocation?) {
    let dismissals = session.takeDialogDismissals()
    // The line that showed the dialog ran, and what it set off removed the row: recorded.
    if !dismissals.isEmpty, let recorder, recorder.depth == includeStack.count {
      do {
        try recorder.recordDismissal()
      } catch {
        report(error, commandText: command.text, at: location)
      }
    }
    for dismissal in dismissals {
      do {
        try render(.dialogDismissed(dismissal), for: command)
      } catch {
        report(error, commandText: command.text, at: location)
      }
      if let error = dismissal.error { report(error, commandText: command.text, at: location) }
    }
  }

  /// Says on standard error why unsaved changes could not be kept in the recovery journal.
  func reportJournalWarnings(_ warnings: [FolioError]) {
    let errorText = ErrorText(registry: registry)
    for warning in warnings { console.printError("folio: warning: \(errorText.text(warning))") }
  }

  /// Takes a terminal resize into `env width`, unless the width was set otherwise since.
  func followTerminalResize() {
    guard let terminalWidth, TerminalSize.takeResize() else { return }
    let width = TerminalSize.width(environment: environment)
    self.terminalWidth = width
    var app = session.appEnvironment
    guard app.width == terminalWidth, width != terminalWidth else { return }
    app.width = width
    app.sizeClass = AppEnvironment.sizeClass(platform: app.platform, width: width)
    session.appEnvironment = app
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
  public func dispatch(_ command: ParsedCommand) throws -> CommandOutput {
    reloadWatchedPlugins()
    let name = command.words[0].text
    // Held by reference: the command is run without copying it out of the registry.
    guard let target = registry.registered(named: name) else {
      // A dotted first word naming a menu is `run MENU`: its primary action runs (or it opens).
      if name.contains("."), let run = registry.registered(id: "shell.run"),
        session.menus.contains(where: { $0.id.lowercased() == name.lowercased() })
      {
        return try withExtendedLifetime(run) { try session.run(run.command, words: command.words[...]) }
      }
      throw unknownCommand(name)
    }
    // `target` kept alive across the call, so its command is lent to `run` rather than copied
    // out of it (a copy and a destroy of the whole `Command` a line).
    return try withExtendedLifetime(target) {
      try session.run(target.command, words: command.words.dropFirst())
    }
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

  /// Whether Ctrl-C (or another front end's cancel) asked the running command to stop.
  public var isInterrupted: Bool { workspace.cancellation.isCancelled }

  /// Forgets a Ctrl-C, before the next command.
  func clearInterrupt() {
    workspace.cancellation.reset()
    Interrupt.clear()
  }

  /// Writes a command's result in the session's output format.
  ///
  /// - Throws: `FolioError.interrupted` when Ctrl-C stops a table being written.
  func render(_ output: CommandOutput, for command: ParsedCommand) throws(FolioError) {
    // The characters a PDF could not draw are listed in full on standard error, in text and
    // JSON alike, so the result line stays one line.
    if case .document(let report) = output, case .printed(_, _, let missing) = report.event, !missing.isEmpty
    {
      console.printError(
        "folio: warning: no font has a glyph for "
          + (missing.count == 1 ? "1 character" : "\(missing.count) characters")
          + "; they print as boxes: " + missing.map { String($0) }.joined(separator: " ").escapedForTerminal)
    }
    switch options.output {
    case .text:
      let output = options.isQuiet ? output.withoutStatus : output
      // Most commands print nothing: no text style to work out then.
      if case .none = output { return }
      if case .documentView(.table(let table)) = output {
        // A cell is cut to fit a terminal only: a pipe or a file gets every cell whole.
        let table = isTerminalOutput ? table : table.laidOutWithoutWindow()
        if table.isVertical {
          let layout = VerticalTableLines(table: table, style: style)
          let shown = rowsFittingScreen(table, headingLines: 0, linesPerRow: layout.linesPerRow)
          try paging(lineCount: max(1, table.rows.count * layout.linesPerRow)) { () throws(FolioError) in
            try streamBlocks(table, layout: layout, rowCount: shown ?? table.rows.count)
          }
          if let shown { console.print(moreRowsLine(table, shown: shown)) }
          return
        }
        let layout = TextRenderer.TableLines(
          table: table, style: style, cancellation: workspace.cancellation, cutsCells: isTerminalOutput)
        let headingLines = TextRenderer.TableLines.headingLineCount
        let shown = rowsFittingScreen(table, headingLines: headingLines)
        try paging(lineCount: headingLines + max(1, table.rows.count)) { () throws(FolioError) in
          try stream(table, layout: layout, rowCount: shown ?? table.rows.count)
        }
        if let shown { console.print(moreRowsLine(table, shown: shown)) }
        if let notice = TextRenderer.omittedColumnsNotice(table, style: style) { console.print(notice) }
        return
      }
      if case .documentText(let text) = output, !isTerminalOutput {
        console.printVerbatim(text.hasSuffix("\n") ? String(text.dropLast()) : text)
        return
      }
      let renderer = TextRenderer(
        style: style, width: session.appEnvironment.width, cutsCells: isTerminalOutput)
      guard let text = renderer.render(isTerminalOutput ? output : Self.laidOutWithoutWindow(output)) else {
        return
      }
      try paging(lineCount: Self.lineCount(of: text)) { console.print(text) }
    case .json:
      if case .documentView(.table(let table)) = output {
        try streamJSON(table, for: command)
        return
      }
      var fields: [(String, JSONValue)] = [
        ("ok", .bool(true)), ("command", .string(command.text)), ("result", JSONRenderer.result(output)),
      ]
      // A journal the command itself could not write (a sort's) is told with its result.
      let warnings = workspace.takeJournalWarnings()
      if !warnings.isEmpty {
        let errorText = ErrorText(registry: registry)
        fields.append(("warnings", .array(warnings.map { errorText.json($0) })))
      }
      console.print(JSONValue.object(fields).serialized)
    }
  }

  /// How many lines `text` has, counted over its contiguous UTF-8 (a tenth of going through
  /// `String.UTF8View` byte by byte, which a 1,000-item menu felt).
  static func lineCount(of text: String) -> Int {
    var text = text
    return text.withUTF8 { bytes in bytes.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } }
  }

  /// Writes a table's first `rowCount` rows, each made as it is written, so that memory
  /// stays flat however many rows there are; stops when standard output is closed (`| head`,
  /// or the pager quit) or at Ctrl-C.
  ///
  /// Each row is read as bytes into one reused buffer (`TableViewRowBytes`) and its line
  /// appended to a chunk of lines, written whenever it passes `chunkSize`: no `String` per
  /// cell or per line for cells of plain ASCII.
  ///
  /// A row wider than `TableView.columnsBetweenChecks` columns is made with checks of the
  /// token as it goes (`TableLines`), and dropped when it stopped: a Ctrl-C during a row of
  /// 400,000 columns prints nothing more of it.
  private func stream(_ table: TableView, layout: TextRenderer.TableLines, rowCount: Int) throws(FolioError) {
    let heading = layout.heading
    try workspace.cancellation.check()
    for line in heading { console.print(line) }
    let isWide = table.columns.count >= TableView.columnsBetweenChecks
    if table.rows.isEmpty { console.print(TextRenderer.TableLines.noRows) }
    // Rows reaching a terminal show how far they got themselves.
    let reportsProgress = !isTerminalOutput
    let chunkSize = isTerminalOutput ? 4 * 1024 : 256 * 1024
    var chunk: [UInt8] = []
    chunk.reserveCapacity(chunkSize + 4 * 1024)
    var row = TableViewRowBytes()
    for index in 0..<min(rowCount, table.rows.count) {
      table.rows.read(index, into: &row)
      layout.appendLine(for: row, to: &chunk)
      if isWide { try workspace.cancellation.check() }
      chunk.append(UInt8(ascii: "\n"))
      guard chunk.count >= chunkSize || index & 4095 == 4095 else { continue }
      console.printLines(chunk)
      chunk.removeAll(keepingCapacity: true)
      if console.isOutputClosed { return }
      try workspace.cancellation.check()
      if reportsProgress, index & 4095 == 4095 {
        showProgress(
          WorkProgress(
            task: .show, document: table.title, done: index + 1, total: table.rows.count, unit: .rows))
      }
    }
    console.printLines(chunk)
  }

  /// A menu choice's table laid out for a pipe or a file (`TableView.laidOutWithoutWindow`).
  private static func laidOutWithoutWindow(_ output: CommandOutput) -> CommandOutput {
    switch output {
    case .documentView(.table(let table)): .documentView(.table(table.laidOutWithoutWindow()))
    case .menuChoice(let inner?, let menu): .menuChoice(output: laidOutWithoutWindow(inner), menu: menu)
    default: output
    }
  }

  /// Writes a table's first `rowCount` rows as `show --vertical`'s blocks, each made as it is
  /// written (as `stream` does the grid's lines).
  private func streamBlocks(_ table: TableView, layout: VerticalTableLines, rowCount: Int) throws(FolioError)
  {
    if table.rows.isEmpty { console.print(TextRenderer.TableLines.noRows) }
    var chunk = ""
    for index in 0..<min(rowCount, table.rows.count) {
      chunk += layout.block(for: table.rows[index])
      chunk += "\n"
      guard chunk.utf8.count >= 64 * 1024 || index & 1023 == 1023 else { continue }
      console.printLines(Array(chunk.utf8))
      chunk = ""
      if console.isOutputClosed { return }
      try workspace.cancellation.check()
    }
    console.printLines(Array(chunk.utf8))
  }

  /// Writes `show`'s result in JSON Lines a row at a time: first the command's object, whose
  /// `result` is the table without its rows and with `rowCount`, then one `{"row": …}` line
  /// per row, made as it is written, so memory stays flat and each line stays short
  /// (docs/json.md). Stops when standard output is closed or at Ctrl-C.
  private func streamJSON(_ table: TableView, for command: ParsedCommand) throws(FolioError) {
    var fields: [(String, JSONValue)] = [
      ("ok", .bool(true)), ("command", .string(command.text)), ("result", JSONRenderer.tableHeading(table)),
    ]
    let warnings = workspace.takeJournalWarnings()
    if !warnings.isEmpty {
      let errorText = ErrorText(registry: registry)
      fields.append(("warnings", .array(warnings.map { errorText.json($0) })))
    }
    console.print(JSONValue.object(fields).serialized)
    var chunk = ""
    for index in table.rows.indices {
      chunk += JSONValue.object([("row", JSONRenderer.tableRow(table.rows[index], of: table))]).serialized
      chunk += "\n"
      guard chunk.utf8.count >= 256 * 1024 || index & 4095 == 4095 else { continue }
      console.printLines(Array(chunk.utf8))
      chunk = ""
      if console.isOutputClosed { return }
      try workspace.cancellation.check()
    }
    console.printLines(Array(chunk.utf8))
  }

  /// An error as JSON, with the `file` and `line` it happened at when it came from a file.
  private func jsonError(_ error: FolioError, at location: SourceLocation?) -> JSONValue {
    let json = ErrorText(registry: registry).json(error)
    guard let location, case .object(let fields) = json else { return json }
    return .object(fields + [("file", .string(location.file)), ("line", .int(location.line))])
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
        ("ok", .bool(false)), ("command", .string(commandText)),
        ("error", jsonError(folioError, at: location)),
      ])
      console.print(line.serialized)
    }
    let style = errorStyle
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
