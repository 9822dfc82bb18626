import CLuaHost
import FolioCore

extension PluginHost {
  /// Installs the global `folio` table in a plugin's state.
  func installAPI(in lua: LuaState, for plugin: Plugin) {
    let pluginName = plugin.name
    let notify = lua.makeFunction(name: "ctx:notify") {
      [unowned self] (arguments: LuaArguments) throws(LuaError) -> [LuaData] in
      guard let text = arguments[1, depth: 0].string else {
        throw LuaError(message: "ctx:notify: expects a string, got \(arguments[1, depth: 0].typeName)")
      }
      let message = text.cutToMessageLimit()
      // The host keeps the notice (and its event) until the command ends: it counts against
      // the plugin's memory budget, so a loop of notices stops at the budget.
      guard folio_lua_charge_memory(arguments.state, 2 * message.utf8.count + Self.keptItemBytes) != 0 else {
        throw LuaError(message: "ctx:notify: not enough memory")
      }
      notices.append(message)
      // Front ends that show messages as they come (the embedding protocol's `notify`) hear
      // it too.
      surface.workspace.events.publish(.pluginNotified(name: pluginName, message: message))
      return []
    }
    let confirm = lua.makeYieldingFunction(name: "ctx:confirm") {
      [unowned self] (arguments: LuaArguments) throws(LuaError) -> [LuaData] in
      confirmRequest = try makeConfirmRequest(arguments[1])
      return []
    }
    plugin.sharedContext = nil
    plugin.contextTemplate = makeContextTemplate(
      in: lua, notify: notify, confirm: confirm, asking: makeAskingFunctions(in: lua),
      selection: makeSelectionMethods(in: lua, for: plugin),
      methods: makeDocumentMethods(in: lua, for: plugin))
    let api: [String: LuaState.DataFunction] = [
      "command": declaring("command") { [unowned self, unowned plugin] arguments, at throws(LuaError) in
        let command = try makeCommand(arguments, plugin: plugin)
        plugin.declaredCommands.insert(command.id)
        return .command(RegisteredCommand(command), at: at)
      },
      "menu": declaring("menu") { [unowned self, unowned plugin] arguments, at throws(LuaError) in
        let menu = try makeMenu(arguments[0], function: "folio.menu", plugin: plugin)
        try Self.checkNamespace(menu.id, of: plugin, function: "folio.menu")
        return .menu(menu, at: at)
      },
      "divider": { _ throws(LuaError) in [.table(LuaTable(fields: ["__element": .string("divider")]))] },
      "section": { arguments throws(LuaError) in try element("section", arguments[0]) },
      "submenu": { arguments throws(LuaError) in try element("submenu", arguments[0]) },
      "picker": { arguments throws(LuaError) in try element("picker", arguments[0]) },
      "control_group": { arguments throws(LuaError) in try element("control_group", arguments[0]) },
      "share_target": declaring(
        "share_target", for: plugin, PluginHost.makeShareTarget, as: Contribution.shareTarget),
      "toolbar_item": declaring("toolbar_item") {
        [unowned self, unowned plugin] arguments, at throws(LuaError) in
        .toolbarItem(try makeToolbarItem(arguments[0], plugin: plugin), at: at)
      },
      "toolbar": declaring("toolbar", for: plugin, PluginHost.makeToolbar, as: Contribution.toolbar),
      "contribute": declaring("contribute", count: 2) {
        [unowned self, unowned plugin] arguments, at throws(LuaError) in
        let contribution = try makeContribution(
          menu: arguments[0, depth: 0], arguments[1], plugin: plugin, sequence: pending?.count ?? 0)
        return .menuContribution(contribution, at: at)
      },
      "row_decoration": declaring(
        "row_decoration", for: plugin, PluginHost.makeRowDecoration, as: Contribution.rowDecoration),
      "cell_format": declaring(
        "cell_format", for: plugin, PluginHost.makeCellFormat, as: Contribution.cellFormat),
      "on": { [unowned self] arguments throws(LuaError) in
        let at = arguments.callerLocation
        let handler = try makeHandler(arguments)
        try declare(.handler(event: handler.event, function: handler.function), function: "folio.on")
        // Cached as the event's name: a plugin registered from the cache runs `plugin.lua`
        // when the event first comes (`dispatch`), before its handlers are called.
        record("on", arguments, at: at)
        return []
      },
      "context_menu": declaring("context_menu") {
        [unowned self, unowned plugin] arguments, at throws(LuaError) in
        let (entry, elements) = try makeContextMenu(arguments[0], plugin: plugin)
        return .contextMenu(entry, elements: elements, at: at)
      },
    ]
    var fields: [String: LuaData] = [:]
    for (name, function) in api {
      guard collectsProblems else {
        fields[name] = .function(lua.makeFunction(name: "folio." + name, function))
        continue
      }
      // Checking: note the problem and go on, so that one run finds every declaration's.
      fields[name] = .function(
        lua.makeFunction(name: "folio." + name) { [unowned plugin] arguments throws(LuaError) in
          do throws(LuaError) {
            return try function(arguments)
          } catch {
            plugin.problems.append(arguments.callerLocation + error.message)
            return []
          }
        })
    }
    let log = makeLogFunction(in: lua, for: plugin)
    fields["log"] = .function(log)
    // Plugin text reaches people only through Folio: `print` writes to the log too.
    lua.setGlobal("print", .function(log))
    let get = lua.makeFunction(name: "folio.state.get") {
      [unowned self, unowned plugin] arguments throws(LuaError) in
      guard let key = arguments[0, depth: 0].string, !key.isEmpty else {
        throw LuaError(message: "folio.state.get: 'key' must be a non-empty string")
      }
      noteLoadSideEffect("it read folio.state")
      return [try stateValue(plugin: plugin, key: key)]
    }
    let set = lua.makeFunction(name: "folio.state.set") {
      [unowned self, unowned plugin] arguments throws(LuaError) in
      guard let key = arguments[0, depth: 0].string, !key.isEmpty else {
        throw LuaError(message: "folio.state.set: 'key' must be a non-empty string")
      }
      noteLoadSideEffect("it wrote folio.state")
      let value: LuaData
      do throws(PlainDataError) {
        value = try arguments.plainData(1)
      } catch {
        guard error.kind == .notPlain else {
          throw LuaError(message: "folio.state.set: 'value' cannot be stored: \(error.description)")
        }
        throw LuaError(
          message: "folio.state.set: 'value' cannot be stored: \(error.description); store strings, numbers, "
            + "booleans, nil, or tables of them (lists, or tables with string keys)")
      }
      try setStateValue(value, plugin: plugin, key: key)
      return []
    }
    fields["state"] = .table(LuaTable(fields: ["get": .function(get), "set": .function(set)]))
    fields["json"] = .table(LuaTable(fields: makeJSONFunctions(in: lua)))
    fields["copy"] = .function(
      lua.makeFunction(name: "folio.copy") { [unowned self] arguments throws(LuaError) in
        guard let text = arguments[0, depth: 0].string else {
          throw LuaError(message: "folio.copy: expects a string, got \(arguments[0, depth: 0].typeName)")
        }
        noteLoadSideEffect("it copied to the clipboard")
        do throws(FolioError) {
          try surface.copyToClipboard(text)
        } catch {
          throw LuaError(message: "folio.copy: \(error.message)")
        }
        return []
      })
    fields["run"] = .function(makeRunFunction(in: lua, for: plugin))
    fields["api_version"] = .integer(1)
    lua.setGlobal("folio", .table(LuaTable(fields: fields)))
    // `local folio = require("folio")` gets the same table.
    lua.preloadGlobal("folio")
  }

  /// The bytes the host counts for each notice, row, line or cell edit it keeps for a
  /// callback besides its text: the value, its place in its array, its event or undo record.
  static let keptItemBytes = 64

  /// The bytes the host counts for each cell of a row a plugin adds, besides its text.
  static let keptCellBytes = 16

  /// `folio.json.encode(value)` and `folio.json.decode(text)`.
  private func makeJSONFunctions(in lua: LuaState) -> [String: LuaData] {
    let encode = lua.makeFunction(name: "folio.json.encode") { arguments throws(LuaError) in
      do throws(PlainDataError) {
        return [.string(try arguments.plainData(0).jsonValue.serialized)]
      } catch {
        switch error.kind {
        case .tooLarge: throw LuaError(message: "folio.json.encode: \(error.description)")
        case .invalidText: throw LuaError(message: "folio.json.encode: cannot encode \(error.description)")
        case .notPlain:
          throw LuaError(
            message: "folio.json.encode: cannot encode \(error.description); only strings, finite numbers, "
              + "booleans, nil and tables of them (lists, or tables with string keys) can be encoded")
        }
      }
    }
    let decode = lua.makeFunction(name: "folio.json.decode") { arguments throws(LuaError) in
      guard let text = arguments[0, depth: 0].string else {
        throw LuaError(message: "folio.json.decode: expects a string, got \(arguments[0, depth: 0].typeName)")
      }
      // What decoding would hold, worked out from the text before anything is made: the
      // decoded tree and its copy for Lua must fit in what the memory budget leaves.
      let needed = Self.decodedSize(of: text)
      let available = Int(clamping: folio_lua_memory_available(arguments.state))
      guard needed <= available else {
        folio_lua_note_memory_exceeded(arguments.state)
        throw LuaError(
          message: "folio.json.decode: result too large: about \(LuaState.CopyBudget.megabytes(needed)), "
            + "limit \(LuaState.CopyBudget.megabytes(available)) (what the memory budget of "
            + "\(arguments.owner.memoryLimit >> 20) MB leaves)")
      }
      do throws(FolioError) {
        return [LuaData(json: try JSONValue.parse(text, maximumDepth: LuaState.plainDataDepth))]
      } catch {
        throw LuaError(message: "folio.json.decode: \(error.message)")
      }
    }
    return ["encode": .function(encode), "decode": .function(decode)]
  }

  /// The bytes decoding `text` holds at most while it makes the value and its copy for Lua:
  /// the text, and for each value it can hold (one per `[`, `{`, `,` or `:` outside strings,
  /// and one more) the tree node, its Lua data and its place in Lua.
  static func decodedSize(of text: String) -> Int {
    var values = 1
    var inString = false
    var escaped = false
    for byte in text.utf8 {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":"): values += 1
      default: break
      }
    }
    return text.utf8.count * 2 + values * decodedValueBytes
  }

  /// The bytes `decodedSize(of:)` counts for each value: its `JSONValue`, its `LuaData` and
  /// its slot in a Lua table.
  static let decodedValueBytes = 96

  /// The `folio.NAME` function that declares one contribution: `make` builds it from the
  /// call's arguments and the caller's location, then it is declared and, for the
  /// declaration cache, recorded with the call's first `count` arguments.
  private func declaring(
    _ name: String, count: Int = 1,
    _ make: @escaping (LuaArguments, String) throws(LuaError) -> Contribution
  ) -> LuaState.DataFunction {
    { [unowned self] arguments throws(LuaError) in
      let at = arguments.callerLocation
      try declare(make(arguments, at), function: "folio." + name)
      record(name, arguments, at: at, count: count)
      return []
    }
  }

  /// A declaring function of one options table (`folio.share_target{…}`), which `make`
  /// turns into a value of the plugin's and `contribution` queues.
  private func declaring<Value>(
    _ name: String, for plugin: Plugin,
    _ make: @escaping (PluginHost) -> (LuaData, Plugin) throws(LuaError) -> Value,
    as contribution: @escaping (Value, String) -> Contribution
  ) -> LuaState.DataFunction {
    declaring(name) { [unowned self, unowned plugin] arguments, at throws(LuaError) in
      contribution(try make(self)(arguments[0], plugin), at)
    }
  }

  /// Queues a contribution while the plugin loads; declaring later is an error.
  private func declare(_ contribution: Contribution, function: String) throws(LuaError) {
    guard pending != nil else {
      throw LuaError(message: "\(function): can only be called while plugin.lua loads")
    }
    pending?.append(contribution)
  }

  /// Keeps a declaration for the declaration cache while recording: the first `count`
  /// arguments, copied with functions as placeholders.
  private func record(_ function: String, _ arguments: LuaArguments, at location: String, count: Int = 1) {
    guard recording != nil else { return }
    recording?.append(
      PluginDeclaration(
        function: function, arguments: (0..<count).map { arguments.declarationCopy($0) }, location: location))
  }

  /// Notes that the plugin being loaded did something besides declaring, which keeps it out
  /// of the declaration cache (the first such thing is the reason given).
  func noteLoadSideEffect(_ what: String) {
    if recording != nil, loadSideEffect == nil { loadSideEffect = what }
  }

  // MARK: Callbacks

  /// Calls a plugin's function under its budgets, as one transaction: the document
  /// changes it makes become one undo step per document, named `stepName` (the command's
  /// title; else `Plugin NAME`), or are all taken back when it fails. Errors become
  /// `plugin NAME: FILE:LINE: message`. `context` makes the first argument, `ctx` (followed
  /// by `ctx.args` when `withArgs`).
  func invoke(
    _ function: LuaFunctionReference, of plugin: Plugin, context: ContextRequest?, withArgs: Bool = false,
    _ arguments: [LuaData] = [], stepName: String? = nil, plainResult: ((PlainDataError) -> LuaError)? = nil,
    joining: Document? = nil
  ) throws(FolioError) -> [LuaData] {
    guard let lua = plugin.lua else { throw FolioError(.disabled, "plugin \(plugin.name) is not loaded") }
    try refuseIfQuarantined(plugin)
    lua.instructionBudget = instructionBudget(of: plugin)
    lua.timeBudget = timeBudget(of: plugin)
    let isOutermost = transaction == nil && !isReadingOnly
    if isOutermost {
      transaction = []
      stateWrites = PluginStateWrites()
    }
    let serial = context.map { beginContext($0) }
    defer { if serial != nil { endContext() } }
    let results: [LuaData]
    do {
      results = try lua.call(
        function,
        prefix: { state in
          guard let context, let serial else { return 0 }
          return pushContext(context, serial: serial, of: plugin, withArgs: withArgs, on: state)
        }, arguments, plainResult: plainResult)
    } catch {
      if isOutermost { rollBackTransaction() }
      let failed = failure(error, in: plugin)
      quarantineIfBudgetSpent(plugin, by: error, failure: failed)
      throw failed
    }
    if isOutermost { try commitTransaction(named: stepName ?? "Plugin \(plugin.name)", joining: joining) }
    return results
  }

  /// Calls a predicate or a state getter with the plugin's shared `ctx` (`sharedContextReference`)
  /// under its budgets and returns its first result. It may only read: a document edit it
  /// tries is refused (`isReadingOnly`), so it needs no transaction, and it is read without
  /// the arguments and the array of results a command's call makes. Errors are as `invoke`'s.
  func invokeShared(_ function: LuaFunctionReference, of plugin: Plugin) throws(FolioError) -> LuaData {
    guard let lua = plugin.lua else { throw FolioError(.disabled, "plugin \(plugin.name) is not loaded") }
    try refuseIfQuarantined(plugin)
    lua.instructionBudget = instructionBudget(of: plugin)
    lua.timeBudget = timeBudget(of: plugin)
    let wasReadingOnly = isReadingOnly
    isReadingOnly = true
    defer { isReadingOnly = wasReadingOnly }
    do {
      return try lua.callShared(function, argument: sharedContextReference(of: plugin, in: lua))
    } catch {
      let failed = failure(error, in: plugin)
      quarantineIfBudgetSpent(plugin, by: error, failure: failed)
      throw failed
    }
  }

  /// Ends the running transaction as it succeeded: stores its `folio.state` writes, then
  /// makes each changed document's changes one undo step named `name`. When the writes
  /// cannot be stored, the document changes are rolled back too. The changes of `joining`
  /// join the step that last moved its history instead (`Document.commitGroup`).
  func commitTransaction(named name: String, joining: Document? = nil) throws(FolioError) {
    let documents = transaction ?? []
    transaction = nil
    do {
      try commitStateWrites()
    } catch {
      for document in documents.reversed() { document.rollbackGroup() }
      throw error
    }
    for document in documents { document.commitGroup(name: name, joiningLastMove: document === joining) }
  }

  /// Ends the running transaction as it failed: its document changes are taken back and its
  /// `folio.state` writes dropped.
  func rollBackTransaction() {
    for document in (transaction ?? []).reversed() { document.rollbackGroup() }
    transaction = nil
    stateWrites = nil
  }

  /// The error for a `run` whose result is not plain data: `plugin.lua:12: run returned a
  /// function at $[2]; return …`. A result too large for the memory budget stops the
  /// callback as a refused allocation does.
  func resultError(of run: LuaFunctionReference, in plugin: Plugin) -> (PlainDataError) -> LuaError {
    { [weak plugin] error in
      let location = plugin?.lua?.location(of: run) ?? ""
      let prefix = location.isEmpty ? "" : location + " "
      switch error.kind {
      case .tooLarge: return LuaError(message: prefix + "run's \(error.description)", stop: .memory)
      case .invalidText: return LuaError(message: prefix + "run returned \(error.description)")
      case .notPlain:
        return LuaError(
          message: prefix + "run returned \(error.description); return a string, "
            + "a number, a boolean, or a table of them (a list, or a table with string keys)")
      }
    }
  }

  /// A function that writes its arguments, as `tostring` would for plain values, to the
  /// plugin's log as one line: `folio.log`, and `print` in plugins and manifests.
  func makeLogFunction(in lua: LuaState, for plugin: Plugin) -> LuaFunctionReference {
    lua.makeFunction(name: "folio.log") { [weak self, unowned plugin] arguments throws(LuaError) in
      self?.noteLoadSideEffect("it wrote to its log")
      plugin.appendLog((0..<arguments.count).map { describe(arguments[$0, depth: 0]) }.joined(separator: " "))
      return []
    }
  }
}

/// `folio.log` writes values as `tostring` would for plain values.
private func describe(_ value: LuaData) -> String {
  switch value {
  case .table: "table"
  case .function: "function"
  default: value.scalar?.description ?? "nil"
  }
}

/// `folio.section{…}` and friends return their table tagged with the element kind; menus
/// read it back.
private func element(_ kind: String, _ options: LuaData) throws(LuaError) -> [LuaData] {
  guard var table = options.table else {
    throw LuaError(message: "folio.\(kind): expects a table, got \(options.typeName)")
  }
  table.fields["__element"] = .string(kind)
  return [.table(table)]
}
