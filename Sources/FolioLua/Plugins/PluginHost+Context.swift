import CLua
import CLuaHost
import FolioCore

/// The `ctx` every callback receives, built on the Lua stack from a per-state template: the
/// shared parts (`notify`, `confirm`, `selection:rows`, the document-handle methods and the
/// metatables) are made once when the plugin loads, so a call makes only a few small tables,
/// and `ctx.selection.ids` is built from a snapshot of the selection only when read.
extension PluginHost {
  /// Makes the plugin's context template from its shared functions and document methods.
  func makeContextTemplate(
    in lua: LuaState, notify: LuaFunctionReference, confirm: LuaFunctionReference,
    rows: LuaFunctionReference, methods: [String: LuaFunctionReference]
  ) -> Int32 {
    let state = lua.state
    folio_lua_begin_host_work(state)
    defer { folio_lua_end_host_work(state) }
    guard lua_checkstack(state, 8) != 0 else { return LUA_REFNIL }
    lua.push(.function(notify))
    lua.push(.function(confirm))
    lua.push(.function(rows))
    lua.push(.table(LuaTable(fields: methods.mapValues(LuaData.function))))
    return folio_lua_make_context_template(state, pushSnapshotIDs, releaseSnapshot)
  }

  /// Pushes a callback's `ctx` made from `request` and, when `withArgs`, `ctx.args` after it;
  /// returns how many values it pushed. Call with the memory limit lifted.
  func pushContext(_ request: ContextRequest, of plugin: Plugin, withArgs: Bool, on state: OpaquePointer)
    -> Int32
  {
    guard lua_checkstack(state, 16) != 0 else { return 0 }
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
    var values = folio_context_values()
    if let document = request.document ?? surface.workspace.active {
      LuaState.push(.string(document.title), on: state)
      LuaState.push(.string(document.kind.rawValue), on: state)
      LuaState.push(document.path.map { .string("file://" + $0) } ?? .nil, on: state)
      values.has_document = 1
      values.window = Int64(document.windowID)
      values.dirty = document.isDirty ? 1 : 0
      values.selection_count = Int64(document.selection.count)
      if !document.selection.isEmpty { values.selection = SelectionSnapshot(document.selection).retained() }
    }
    let environment = surface.appEnvironment
    LuaState.push(.string(environment.platform.rawValue), on: state)
    LuaState.push(.string(environment.sizeClass.rawValue), on: state)
    values.width = Int64(environment.width)
    values.keyboard = environment.hasKeyboard ? 1 : 0
    folio_lua_push_context(state, plugin.contextTemplate, &values)
    guard withArgs else { return 1 }
    LuaState.push(.string("args"), on: state)
    lua_rawget(state, -2)
    return 2
  }

  /// Pushes the plugin's shared `ctx` for the active document, made afresh only when what it
  /// describes changed since the last predicate or state getter; returns 1 (0 when the stack
  /// cannot grow).
  func pushSharedContext(of plugin: Plugin, on state: OpaquePointer) -> Int32 {
    let document = surface.workspace.active
    let environment = surface.appEnvironment
    if plugin.sharedContextKey?.describes(document, environment: environment) == true {
      guard lua_checkstack(state, 1) != 0 else { return 0 }
      lua_rawgeti(state, folio_lua_registryindex, lua_Integer(plugin.sharedContextReference))
      return 1
    }
    guard pushContext(ContextRequest(), of: plugin, withArgs: false, on: state) == 1 else { return 0 }
    lua_pushvalue(state, -1)
    let reference = luaL_ref(state, folio_lua_registryindex)
    if plugin.sharedContextKey != nil {
      luaL_unref(state, folio_lua_registryindex, plugin.sharedContextReference)
    }
    plugin.sharedContextKey = ContextKey(document: document, environment: environment)
    plugin.sharedContextReference = reference
    return 1
  }
}
