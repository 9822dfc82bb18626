import CLua
import CLuaHost
import FolioCore

/// The `ctx` every callback receives, built on the Lua stack from a per-state template: the
/// shared parts (`notify`, `confirm`, `selection:rows`, the document-handle methods and the
/// metatables) are made once when the plugin loads, so a call makes only `ctx` and `ctx.args`.
/// What `ctx.document`, `ctx.selection` and `ctx.env` describe is taken in Swift when the
/// callback starts (a `ContextKey` under the `ctx`'s serial) and handed to Lua only when one
/// of them is first read; `ctx.selection.ids` is built from a snapshot of the selection only
/// when read.
///
/// A `ctx` is its callback's own, as before: a new table each call. Reading a part of it not
/// read before once its callback has returned (a `ctx` kept in a global and read by a later
/// callback) is refused with an error saying so, since what it described is gone.
extension PluginHost {
  /// Makes the plugin's context template from its shared functions, the selection's methods
  /// and the document methods.
  func makeContextTemplate(
    in lua: LuaState, notify: LuaFunctionReference, confirm: LuaFunctionReference,
    asking: [String: LuaFunctionReference] = [:],
    selection: [String: LuaFunctionReference], methods: [String: LuaFunctionReference]
  ) -> Int32 {
    let state = lua.state
    folio_lua_begin_host_work(state)
    defer { folio_lua_end_host_work(state) }
    guard lua_checkstack(state, 8) != 0 else { return LUA_REFNIL }
    lua.push(.function(notify))
    lua.push(.function(confirm))
    lua.push(.table(LuaTable(fields: asking.mapValues(LuaData.function))))
    lua.push(.table(LuaTable(fields: selection.mapValues(LuaData.function))))
    lua.push(.table(LuaTable(fields: methods.mapValues(LuaData.function))))
    return folio_lua_make_context_template(
      state, pushSnapshotIDs, releaseSnapshot, pushContextValues, Unmanaged.passUnretained(self).toOpaque())
  }

  /// Takes what a callback's `ctx` made from `request` describes, under a new serial, until
  /// `endContext()`: call around the callback, the two paired (calls nest).
  func beginContext(_ request: ContextRequest) -> Int64 {
    lastContextSerial += 1
    liveContexts.append(
      ContextKey(
        document: request.document ?? surface.workspace.active, environment: surface.appEnvironment,
        serial: lastContextSerial))
    return lastContextSerial
  }

  /// Ends the innermost `beginContext`; its `ctx` is stale from now on.
  @discardableResult
  func endContext() -> ContextKey? {
    liveContexts.popLast()
  }

  /// What the `ctx` with this serial describes: a running callback's, a plugin's shared one,
  /// or a command's waiting at `ctx:confirm`; nil once its callback returned.
  func context(serial: Int64) -> ContextKey? {
    if let key = liveContexts.last(where: { $0.serial == serial }) { return key }
    for plugin in plugins {
      if let shared = plugin.sharedContext, shared.key.serial == serial { return shared.key }
    }
    return suspended.lazy.compactMap(\.context).first { $0.serial == serial }
  }

  /// Pushes a callback's `ctx` with the serial `serial` and the arguments of `request` and,
  /// when `withArgs`, `ctx.args` after it; returns how many values it pushed. Call with the
  /// memory limit lifted.
  func pushContext(
    _ request: ContextRequest, serial: Int64, of plugin: Plugin, withArgs: Bool, on state: OpaquePointer
  ) -> Int32 {
    guard lua_checkstack(state, 8) != 0 else { return 0 }
    lua_createtable(state, 0, Int32(clamping: request.parameters.count))
    for parameter in request.parameters {
      let value: LuaValue
      switch request.arguments[parameter.name] {
      case .string(let text): value = .string(text)
      case .int(let number): value = .integer(number)
      case .number(let number): value = .number(number)
      case .bool(let flag): value = .boolean(flag)
      case .words(let words): value = .string(words.map(\.text).joined(separator: " "))
      case nil: continue
      }
      LuaState.push(.string(parameter.name), on: state)
      LuaState.push(value, on: state)
      lua_rawset(state, -3)
    }
    folio_lua_push_context(state, plugin.contextTemplate, serial, withArgs ? 1 : 0)
    return withArgs ? 2 : 1
  }

  /// The registry reference of the plugin's shared `ctx` for the active document, made afresh
  /// only when what it describes changed since the last predicate or state getter;
  /// `LUA_NOREF` (the predicate then gets nil) when the stack cannot grow to make it. Inside
  /// `readingTogether`, a `ctx` already checked in that round is handed out without checking it
  /// again.
  func sharedContextReference(of plugin: Plugin, in lua: LuaState) -> Int32 {
    if let shared = plugin.sharedContext, readingRound != 0, shared.checkedInRound == readingRound {
      return shared.reference
    }
    let document = surface.workspace.active
    let environment = surface.appEnvironment
    if let shared = plugin.sharedContext, shared.key.describes(document, environment: environment) {
      shared.checkedInRound = readingRound
      return shared.reference
    }
    let state = lua.state
    folio_lua_begin_host_work(state)
    defer { folio_lua_end_host_work(state) }
    lastContextSerial += 1
    let key = ContextKey(document: document, environment: environment, serial: lastContextSerial)
    guard pushContext(ContextRequest(), serial: key.serial, of: plugin, withArgs: false, on: state) == 1
    else {
      return LUA_NOREF
    }
    let reference = luaL_ref(state, folio_lua_registryindex)
    if let shared = plugin.sharedContext { luaL_unref(state, folio_lua_registryindex, shared.reference) }
    plugin.sharedContext = SharedContext(key: key, reference: reference, checkedInRound: readingRound)
    return reference
  }

  /// Runs `body`, which only reads — resolving a menu: its predicates and state getters run,
  /// which may not edit documents — with each plugin's shared `ctx` checked against the
  /// active document and the environment once, at the first predicate of the plugin, rather
  /// than before each: nothing `body` runs can change what a `ctx` describes. Calls nest.
  public func readingTogether<Result>(_ body: () throws -> Result) rethrows -> Result {
    let outer = readingRound
    lastReadingRound += 1
    readingRound = lastReadingRound
    defer { readingRound = outer }
    return try body()
  }
}
