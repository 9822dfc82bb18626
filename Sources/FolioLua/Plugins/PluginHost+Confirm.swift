import FolioCore

/// What `ctx:confirm{…}` asks: the dialog's title, message and buttons, whether the title
/// shows, and the row it presents.
///
/// A class: the host clears the one it holds around every command, and clearing a reference
/// costs a fraction of destroying a struct of five fields.
final class ConfirmRequest {
  let title: String
  let message: String?
  let buttons: [DialogButton]
  let titleVisibility: DialogTitleVisibility
  let presenting: PresentedRow?
  /// The text field of a `ctx:prompt`; nil otherwise.
  var textField: DialogTextField?
  /// The value each button of a `ctx:choose` returns, in the buttons' order (its Cancel
  /// last, returning nil); nil otherwise.
  var values: [LuaData]?

  init(
    title: String, message: String?, buttons: [DialogButton], titleVisibility: DialogTitleVisibility,
    presenting: PresentedRow?
  ) {
    self.title = title
    self.message = message
    self.buttons = buttons
    self.titleVisibility = titleVisibility
    self.presenting = presenting
  }
}

/// A command's `run` suspended in `ctx:confirm`, waiting for the user's answer, with the
/// transaction it opened.
final class SuspendedCommand {
  weak var plugin: Plugin?
  weak var lua: LuaState?
  let thread: LuaThread
  /// The command's `run`, which names where errors in its result come from.
  let function: LuaFunctionReference
  let title: String
  var transaction: [Document] = []
  var stateWrites = PluginStateWrites()
  var notices: [String] = []
  /// Finished, failed or abandoned: the dialog's answer does nothing then.
  var isOver = false
  /// The number of the dialog it waits on now (`DialogResponder.pluginConfirmation`); each
  /// confirm gets a new one, so a dialog answers only its own.
  var confirmation = 0
  /// What its `ctx` describes, kept while it waits so the `ctx` stays readable.
  var context: ContextKey?
  /// What it asked (`ctx:confirm`, `ctx:prompt`, `ctx:choose`), which says what the answer
  /// returns.
  var request: ConfirmRequest?

  init(plugin: Plugin, lua: LuaState, thread: LuaThread, function: LuaFunctionReference, title: String) {
    self.plugin = plugin
    self.lua = lua
    self.thread = thread
    self.function = function
    self.title = title
  }
}

extension PluginHost {
  /// Validates `ctx:confirm`'s table: `title` a string, `message` an optional string,
  /// `buttons` an array of `{ title =, role = "default" | "destructive" | "cancel" }`,
  /// `title_visibility` one of `"automatic"`, `"visible"`, `"hidden"`, and `presenting` the
  /// id of a row of the active table. Each text is cut to `PluginHost.messageLimit` bytes.
  func makeConfirmRequest(_ options: LuaData) throws(LuaError) -> ConfirmRequest {
    let fields = try PluginFields(
      options, function: "ctx:confirm",
      known: ["title", "message", "buttons", "title_visibility", "presenting"])
    let title = try fields.requiredString("title").cutToMessageLimit()
    guard let items = try fields.array("buttons"), !items.isEmpty else {
      throw fields.error("buttons", "a non-empty array of { title =, role = }")
    }
    var buttons: [DialogButton] = []
    for (index, item) in items.enumerated() {
      let button = try PluginFields(
        item, function: "ctx:confirm: buttons[\(index + 1)]", known: ["title", "role"])
      let role =
        try button.oneOf("role", ["default", "destructive", "cancel"]).flatMap(
          DialogButtonRole.init(rawValue:))
        ?? .default
      buttons.append(DialogButton(try button.requiredString("title").cutToMessageLimit(), role: role))
    }
    guard buttons.filter({ $0.role == .cancel }).count <= 1 else {
      throw LuaError(message: "ctx:confirm: at most one button may have the role \"cancel\"")
    }
    return ConfirmRequest(
      title: title, message: try fields.string("message")?.cutToMessageLimit(), buttons: buttons,
      titleVisibility: try fields.oneOf("title_visibility", DialogTitleVisibility.self) ?? .automatic,
      presenting: try presentedRow(fields))
  }

  /// The row `presenting` names: an integer id of a row of the active table, or nil.
  private func presentedRow(_ fields: PluginFields) throws(LuaError) -> PresentedRow? {
    let value = fields["presenting"]
    if value == .nil { return nil }
    guard case .integer(let id) = value else { throw fields.error("presenting", "a row id (an integer)") }
    guard let document = surface.workspace.active, document.kind == .table else {
      throw LuaError(message: "ctx:confirm: field 'presenting' needs a table: the active document is not one")
    }
    do {
      return try surface.workspace.presentedRow(id: id, in: document)
    } catch {
      throw LuaError(
        message: "ctx:confirm: field 'presenting' must be the id of a row of '\(document.title)', got \(id)")
    }
  }

  /// Runs a command's `run` on a Lua thread as one transaction; when it calls `ctx:confirm`
  /// the result is a dialog whose answer resumes it.
  ///
  /// Most commands never confirm: the thread is one the state keeps for them, and the
  /// `LuaThread` and `SuspendedCommand` that keep one waiting are made only when it yields, so
  /// a command that finishes at once allocates neither.
  func startCommand(
    _ run: LuaFunctionReference, of plugin: Plugin, title: String, context: ContextRequest
  ) throws(FolioError) -> CommandOutput {
    guard let lua = plugin.lua else { throw FolioError(.disabled, "plugin \(plugin.name) is not loaded") }
    try refuseIfQuarantined(plugin)
    return try running(
      transaction: [], stateWrites: PluginStateWrites(), notices: []
    ) { () throws(FolioError) in
      let serial = beginContext(context)
      let outcome: LuaState.StartOutcome
      do throws(FolioError) {
        outcome = try underBudgets(on: lua, of: plugin, plainResult: { resultError(of: run, in: plugin)($0) })
        {
          (plainResult) throws(LuaError) in
          try lua.start(
            run,
            prefix: { state in pushContext(context, serial: serial, of: plugin, withArgs: true, on: state) },
            plainResult: plainResult)
        }
      } catch {
        endContext()
        throw error
      }
      // A command waiting at `ctx:confirm` keeps what its `ctx` describes.
      let key = endContext()
      switch outcome {
      case .finished(let results):
        try commitTransaction(named: title)
        return commandOutput(notices: notices, results: results)
      case .yielded(let thread, _):
        let command = SuspendedCommand(plugin: plugin, lua: lua, thread: thread, function: run, title: title)
        command.context = key
        return try suspend(command, in: plugin)
      }
    }
  }

  /// Resumes a command waiting for its confirm answer with `values` until it finishes or
  /// confirms again.
  private func step(_ command: SuspendedCommand, _ values: [LuaData]) throws(FolioError) -> CommandOutput {
    guard !command.isOver else { throw FolioError(.disabled, "the command is no longer running") }
    guard let plugin = command.plugin, let lua = command.lua, plugin.lua === lua else {
      abandon(command)
      throw FolioError(.disabled, "the plugin is not loaded")
    }
    do throws(FolioError) {
      try refuseIfQuarantined(plugin)
    } catch {
      abandon(command)
      throw error
    }
    if !suspended.isEmpty { suspended.removeAll { $0 === command } }
    return try running(
      transaction: command.transaction, stateWrites: command.stateWrites, notices: command.notices
    ) { () throws(FolioError) in
      // Its `ctx` is live again while it runs.
      let context = command.context
      if let context { liveContexts.append(context) }
      defer { if context != nil { endContext() } }
      let outcome = try underBudgets(
        on: lua, of: plugin, plainResult: { resultError(of: command.function, in: plugin)($0) },
        failing: { end(command) }
      ) { (plainResult) throws(LuaError) in
        try lua.resume(command.thread, values, plainResult: plainResult)
      }
      switch outcome {
      case .finished(let results):
        end(command)
        try commitTransaction(named: command.title)
        return commandOutput(notices: notices, results: results)
      case .yielded:
        return try suspend(command, in: plugin)
      }
    }
  }

  /// Runs `body` as the command running now: the host collects the documents it changes in
  /// `transaction`, its state writes in `stateWrites` and its notices after `notices`, with
  /// no confirm asked yet; however `body` ends, the host holds no running command after.
  private func running(
    transaction: [Document], stateWrites: PluginStateWrites, notices: [String],
    _ body: () throws(FolioError) -> CommandOutput
  ) throws(FolioError) -> CommandOutput {
    self.transaction = transaction
    self.stateWrites = stateWrites
    self.notices = notices
    confirmRequest = nil
    defer {
      self.transaction = nil
      self.stateWrites = nil
      self.notices = []
      confirmRequest = nil
    }
    return try body()
  }

  /// Runs `body` — starting or resuming a command's thread — under the host's budgets, with
  /// `plainResult`, which phrases the error of a result that is not plain data. A Lua error
  /// runs `failing`, rolls the running transaction back and becomes the plugin's failure
  /// (quarantining it when a budget was spent).
  ///
  /// `plainResult` is not escaping, so the caller's closure is made on the stack (lent to
  /// `LuaState` with `withoutActuallyEscaping`): it is called only when the result is not plain
  /// data.
  private func underBudgets<Outcome>(
    on lua: LuaState, of plugin: Plugin, plainResult: (PlainDataError) -> LuaError, failing: () -> Void = {},
    _ body: (@escaping (PlainDataError) -> LuaError) throws(LuaError) -> Outcome
  ) throws(FolioError) -> Outcome {
    lua.instructionBudget = instructionBudget(of: plugin)
    lua.timeBudget = timeBudget(of: plugin)
    do {
      return try withoutActuallyEscaping(plainResult) { (plainResult) throws(LuaError) in
        try body(plainResult)
      }
    } catch {
      failing()
      rollBackTransaction()
      let failed = failure(error, in: plugin)
      quarantineIfBudgetSpent(plugin, by: error, failure: failed)
      throw failed
    }
  }

  /// Keeps a command that yielded waiting for the answer to the dialog its `ctx:confirm` asked
  /// for, with the running transaction, and returns that dialog. A yield that was no
  /// `ctx:confirm` (nothing else can yield the host's thread) ends it as an error.
  private func suspend(_ command: SuspendedCommand, in plugin: Plugin) throws(FolioError) -> CommandOutput {
    guard let request = confirmRequest else {
      end(command)
      rollBackTransaction()
      command.lua?.release(command.thread)
      throw failure(LuaError(message: "attempt to yield from outside a coroutine"), in: plugin)
    }
    command.transaction = transaction ?? []
    command.stateWrites = stateWrites ?? PluginStateWrites()
    command.notices = notices
    lastConfirmation += 1
    command.confirmation = lastConfirmation
    command.request = request
    suspended.append(command)
    // It is about the row it presents, or else the document active as the command runs.
    let document =
      request.presenting.flatMap { row in surface.workspace.documents.first { $0.windowID == row.windowID } }
      ?? surface.workspace.active
    let target = document.map { document in
      DialogTarget(
        windowID: document.windowID, document: document.title,
        rowIDs: request.presenting.map { [$0.rowID] } ?? [],
        rowTitles: request.presenting.map { [$0.title] } ?? [])
    }
    return .dialog(
      // Scripts wait at `ctx:confirm` too, so a recording keeps the answer as typed.
      Dialog(
        title: request.title, message: request.message, buttons: request.buttons,
        titleVisibility: request.titleVisibility, presenting: request.presenting, target: target,
        recordsAnswers: true, textField: request.textField,
        responder: .pluginConfirmation(command.confirmation)))
  }

  /// Ends a command: its transaction becomes the running one, for the caller to commit or
  /// roll back.
  private func end(_ command: SuspendedCommand) {
    command.isOver = true
    command.context = nil
    if !suspended.isEmpty { suspended.removeAll { $0 === command } }
    transaction = transaction ?? command.transaction
    stateWrites = stateWrites ?? command.stateWrites
    command.transaction = []
    command.stateWrites = PluginStateWrites()
  }

  /// Resumes the command waiting on confirmation `number` with the button chosen, and
  /// returns its result once it finishes or confirms again.
  ///
  /// - Parameters:
  ///   - dismissal: why Folio answered on its own (the presented row went away); `ctx:confirm`
  ///     returns it as a second value, `"deleted"` or `"closed"`, after the cancel button's
  ///     title.
  /// - Throws: `FolioError.disabled` when no command waits on it any more, or what the
  ///   command's `run` raised (rolled back then).
  ///   - text: the text entered in a `ctx:prompt`'s field; its starting text when nil.
  public func answerConfirmation(
    _ number: Int, with button: DialogButton, text: String? = nil, dismissal: DialogDismissalReason? = nil
  ) throws(FolioError) -> CommandOutput {
    guard let command = suspended.first(where: { $0.confirmation == number }) else {
      throw FolioError(.disabled, "the command is no longer running")
    }
    if let values = Self.answerValues(of: command.request, button: button, text: text) {
      return try step(command, values)
    }
    var values: [LuaData] = [.string(button.title)]
    switch dismissal {
    case .rowDeleted: values.append(.string("deleted"))
    case .windowClosed: values.append(.string("closed"))
    case .unanswered, nil: break
    }
    return try step(command, values)
  }

  /// Rolls back the command waiting on confirmation `number`: its dialog was dropped
  /// unanswered (the input ended, Folio quits).
  public func abandonConfirmation(_ number: Int) {
    if let command = suspended.first(where: { $0.confirmation == number }) { abandon(command) }
  }

  /// Rolls back a suspended command that will never be answered.
  func abandon(_ command: SuspendedCommand) {
    guard !command.isOver else { return }
    command.isOver = true
    command.context = nil
    if !suspended.isEmpty { suspended.removeAll { $0 === command } }
    for document in command.transaction.reversed() { document.rollbackGroup() }
    command.transaction = []
    command.stateWrites = PluginStateWrites()
    if let lua = command.lua { lua.release(command.thread) }
  }

  /// Rolls back the commands of a plugin that wait for a confirm answer (it is unloading).
  func abandonSuspendedCommands(of plugin: Plugin) {
    for command in suspended where command.plugin === plugin { abandon(command) }
  }

  /// A command's output: its notices, then its first result — a table as structured output,
  /// a string, number or boolean as text.
  func commandOutput(notices: [String], results: [LuaData]) -> CommandOutput {
    if let first = results.first, case .table = first { return .value(first.jsonValue, notices: notices) }
    var lines = notices
    if let text = results.first?.scalar, text != .nil { lines.append(text.description) }
    return lines.isEmpty ? .none : .text(lines.joined(separator: "\n"))
  }
}
