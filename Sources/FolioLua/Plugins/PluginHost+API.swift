import FolioCore

extension PluginHost {
  /// Installs the global `folio` table in a plugin's state.
  func installAPI(in lua: LuaState, for plugin: Plugin) {
    let notify = lua.makeFunction { [unowned self] (arguments: LuaArguments) throws(LuaError) -> [LuaData] in
      guard let text = arguments[1, depth: 0].string else {
        throw LuaError(message: "ctx:notify: expects a string, got \(arguments[1, depth: 0].typeName)")
      }
      notices.append(text)
      return []
    }
    let confirm = lua.makeYieldingFunction(name: "ctx:confirm") {
      [unowned self] (arguments: LuaArguments) throws(LuaError) -> [LuaData] in
      confirmRequest = try makeConfirmRequest(arguments[1])
      return []
    }
    plugin.sharedContextKey = nil
    plugin.contextTemplate = makeContextTemplate(
      in: lua, notify: notify, confirm: confirm, rows: makeSelectionRows(in: lua, for: plugin),
      methods: makeDocumentMethods(in: lua, for: plugin))
    let api: [String: LuaState.DataFunction] = [
      "command": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let command = try makeCommand(arguments, plugin: plugin)
        try declare(.command(command), function: "folio.command")
        return []
      },
      "log": { [unowned plugin] arguments throws(LuaError) in
        plugin.appendLog(
          (0..<arguments.count).map { describe(arguments[$0, depth: 0]) }.joined(separator: " "))
        return []
      },
      "menu": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let menu = try makeMenu(arguments[0], function: "folio.menu", plugin: plugin)
        try declare(.menu(menu, at: arguments.callerLocation), function: "folio.menu")
        return []
      },
      "divider": { _ throws(LuaError) in [.table(LuaTable(fields: ["__element": .string("divider")]))] },
      "section": { arguments throws(LuaError) in try element("section", arguments[0]) },
      "submenu": { arguments throws(LuaError) in try element("submenu", arguments[0]) },
      "picker": { arguments throws(LuaError) in try element("picker", arguments[0]) },
      "control_group": { arguments throws(LuaError) in try element("control_group", arguments[0]) },
      "share_target": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let target = try makeShareTarget(arguments[0], plugin: plugin)
        try declare(.shareTarget(target), function: "folio.share_target")
        return []
      },
      "toolbar_item": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let item = try makeToolbarItem(arguments[0], plugin: plugin)
        try declare(.toolbarItem(item, at: arguments.callerLocation), function: "folio.toolbar_item")
        return []
      },
      "contribute": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let sequence = pending?.count ?? 0
        let contribution = try makeContribution(arguments, plugin: plugin, sequence: sequence)
        try declare(
          .menuContribution(contribution, at: arguments.callerLocation), function: "folio.contribute")
        return []
      },
      "on": { [unowned self] arguments throws(LuaError) in
        let handler = try makeHandler(arguments)
        try declare(.handler(event: handler.event, function: handler.function), function: "folio.on")
        return []
      },
      "context_menu": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let (entry, elements) = try makeContextMenu(arguments[0], plugin: plugin)
        try declare(
          .contextMenu(entry, elements: elements, at: arguments.callerLocation),
          function: "folio.context_menu")
        return []
      },
    ]
    var fields: [String: LuaData] = [:]
    for (name, function) in api { fields[name] = .function(lua.makeFunction(function)) }
    let get = lua.makeFunction { [unowned self, unowned plugin] arguments throws(LuaError) in
      guard let key = arguments[0, depth: 0].string, !key.isEmpty else {
        throw LuaError(message: "folio.state.get: 'key' must be a non-empty string")
      }
      return [try stateValue(plugin: plugin, key: key)]
    }
    let set = lua.makeFunction { [unowned self, unowned plugin] arguments throws(LuaError) in
      guard let key = arguments[0, depth: 0].string, !key.isEmpty else {
        throw LuaError(message: "folio.state.set: 'key' must be a non-empty string")
      }
      try setStateValue(arguments[1, depth: 0], plugin: plugin, key: key)
      return []
    }
    fields["state"] = .table(LuaTable(fields: ["get": .function(get), "set": .function(set)]))
    fields["api_version"] = .integer(1)
    lua.setGlobal("folio", .table(LuaTable(fields: fields)))
  }

  /// Queues a contribution while the plugin loads; declaring later is an error.
  private func declare(_ contribution: Contribution, function: String) throws(LuaError) {
    guard pending != nil else {
      throw LuaError(message: "\(function): can only be called while plugin.lua loads")
    }
    pending?.append(contribution)
  }

  // MARK: folio.state

  /// Values are stored as text tagged with their type, so numbers and booleans come back as
  /// they went in.
  private func stateValue(plugin: Plugin, key: String) throws(LuaError) -> LuaData {
    let stored: String?
    if let store = surface.workspace.stateStore {
      do {
        stored = try store.pluginValue(plugin: plugin.name, key: key)
      } catch {
        throw LuaError(message: "folio.state.get: \(error.message)")
      }
    } else {
      stored = unsavedValues[plugin.name]?[key]
    }
    guard let stored, let tag = stored.first, stored.dropFirst().first == ":" else { return .nil }
    let body = String(stored.dropFirst(2))
    switch tag {
    case "s": return .string(body)
    case "i": return Int(body).map(LuaData.integer) ?? .nil
    case "n": return Double(body).map(LuaData.number) ?? .nil
    case "b": return .boolean(body == "true")
    default: return .nil
    }
  }

  private func setStateValue(_ value: LuaData, plugin: Plugin, key: String) throws(LuaError) {
    let encoded: String?
    switch value {
    case .nil: encoded = nil
    case .string(let text): encoded = "s:" + text
    case .integer(let number): encoded = "i:\(number)"
    case .number(let number): encoded = "n:\(number)"
    case .boolean(let flag): encoded = "b:\(flag)"
    default:
      throw LuaError(
        message: "folio.state.set: 'value' must be a string, number, boolean or nil, got \(value.typeName)")
    }
    if let store = surface.workspace.stateStore {
      do {
        try store.setPluginValue(encoded, plugin: plugin.name, key: key)
      } catch {
        throw LuaError(message: "folio.state.set: \(error.message)")
      }
    } else {
      unsavedValues[plugin.name, default: [:]][key] = encoded
    }
  }

  // MARK: Callbacks

  /// Calls a plugin's function under its budgets, as one transaction: the document
  /// changes it makes become one undo step per document, named `stepName` (the command's
  /// title; else `Plugin NAME`), or are all taken back when it fails. Errors become
  /// `plugin NAME: FILE:LINE: message`. `context` makes the first argument, `ctx` (followed
  /// by `ctx.args` when `withArgs`); a shared `ctx` is a predicate's or a getter's, whose
  /// callback may not change documents (so it needs no transaction).
  func invoke(
    _ function: LuaFunctionReference, of plugin: Plugin, context: ContextRequest?, withArgs: Bool = false,
    _ arguments: [LuaData] = [], stepName: String? = nil
  ) throws(FolioError) -> [LuaData] {
    guard let lua = plugin.lua else { throw FolioError(.disabled, "plugin \(plugin.name) is not loaded") }
    try refuseIfQuarantined(plugin)
    lua.instructionBudget = instructionBudget
    lua.timeBudget = timeBudget
    let readsOnly = context?.isShared == true
    let wasReadingOnly = isReadingOnly
    isReadingOnly = wasReadingOnly || readsOnly
    defer { isReadingOnly = wasReadingOnly }
    let isOutermost = transaction == nil && !isReadingOnly
    if isOutermost { transaction = [] }
    do {
      let results = try lua.call(
        function,
        prefix: { state in
          guard let context else { return 0 }
          return context.isShared
            ? pushSharedContext(of: plugin, on: state)
            : pushContext(context, of: plugin, withArgs: withArgs, on: state)
        }, arguments)
      if isOutermost {
        for document in transaction ?? [] { document.commitGroup(name: stepName ?? "Plugin \(plugin.name)") }
        transaction = nil
      }
      return results
    } catch {
      if isOutermost {
        for document in (transaction ?? []).reversed() { document.rollbackGroup() }
        transaction = nil
      }
      let failed = failure(error, in: plugin)
      quarantineIfBudgetSpent(plugin, by: error, failure: failed)
      throw failed
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
