import CLua
import CLuaHost
import FolioCore

/// The methods of `ctx.selection`: `rows()`, and `set(ids)`, `add(ids)` and `clear()`, which
/// change the selection of the handle's table as the `select` command does.
///
/// Ids are checked before anything changes: each must be an integer id of a row of the table,
/// and unknown ones are an error naming them. A change joins the running callback's
/// transaction (taken back with its edits when it fails) and is refused in `enabled`,
/// `visible` and state `get` functions. Afterwards the handle's `count` and `ids` describe the
/// new selection.
extension PluginHost {
  /// Makes the selection methods once per plugin state.
  func makeSelectionMethods(in lua: LuaState, for plugin: Plugin) -> [String: LuaFunctionReference] {
    let changes: [String: LuaState.DataFunction] = [
      "set": { [unowned self, unowned plugin] arguments throws(LuaError) in
        try changeSelection(arguments, of: plugin, method: "set", mode: .replace)
      },
      "add": { [unowned self, unowned plugin] arguments throws(LuaError) in
        try changeSelection(arguments, of: plugin, method: "add", mode: .add)
      },
      "clear": { [unowned self, unowned plugin] arguments throws(LuaError) in
        try changeSelection(arguments, of: plugin, method: "clear", mode: .replace, clearing: true)
      },
    ]
    var methods = changes.reduce(into: [String: LuaFunctionReference]()) { functions, method in
      functions[method.key] = lua.makeFunction(name: "selection:" + method.key, method.value)
    }
    methods["rows"] = makeSelectionRows(in: lua, for: plugin)
    return methods
  }

  /// `selection:set(ids)`, `selection:add(ids)` and `selection:clear()`.
  private func changeSelection(
    _ arguments: LuaArguments, of plugin: Plugin, method: String, mode: SelectionMode, clearing: Bool = false
  ) throws(LuaError) -> [LuaData] {
    let name = "selection:\(method)"
    var window: Int64 = 0
    switch folio_lua_handle_window(arguments.state, plugin.contextTemplate, 1, &window) {
    case 1: break
    case 0: throw LuaError(message: "\(name): no document is open")
    default: throw LuaError(message: "\(name): call it as a method, ctx.selection:\(method)(…)")
    }
    guard let document = surface.workspace.documents.first(where: { $0.windowID == window }) else {
      throw LuaError(message: "\(name): document closed")
    }
    guard case .table(let table) = document.content else {
      throw LuaError(
        message: "\(name): '\(document.title)' is a text document; only a table's rows are selected")
    }
    if isReadingOnly {
      throw LuaError(
        message: "\(name): the selection cannot change in enabled, visible and state get functions")
    }
    let ids = clearing ? [] : try Self.rowIDs(arguments[1, depth: 1], in: table, method: name)
    if transaction != nil, !document.isGrouping {
      document.beginGroup()
      transaction?.append(document)
    }
    do {
      try surface.workspace.select(ids, mode: mode, in: document, environment: surface.appEnvironment)
    } catch {
      throw LuaError(message: "\(name): \(FolioError.from(error).message)")
    }
    Self.describeSelection(document.selection, on: arguments.state)
    return []
  }

  /// The row ids `given` names — one id or an array of them — each an integer id of a row of
  /// `table`; an error names the first argument that is not an integer and every id no row has.
  private static func rowIDs(_ given: LuaData, in table: TableModel, method: String) throws(LuaError) -> [Int]
  {
    let list: [LuaData]
    switch given {
    case .integer, .number: list = [given]
    case .table(let array) where array.fields.isEmpty: list = array.array
    default:
      throw LuaError(
        message: "\(method): 'ids' must be a row id or an array of row ids, got \(given.typeName)")
    }
    var ids: [Int] = []
    var unknown: [Int] = []
    for (position, value) in list.enumerated() {
      let id: Int?
      switch value {
      case .integer(let integer): id = integer
      case .number(let real): id = real.wholeNumber
      default: id = nil
      }
      guard let id else {
        let given = value.scalar?.description ?? value.typeName
        throw LuaError(message: "\(method): 'ids[\(position + 1)]' must be an integer row id, got \(given)")
      }
      if table.rowIndex(id: id) == nil { unknown.append(id) } else { ids.append(id) }
    }
    guard unknown.isEmpty else {
      let shown = unknown.prefix(10).map(String.init).joined(separator: ", ")
      let more = unknown.count > 10 ? " and \(unknown.count - 10) more" : ""
      throw LuaError(
        message: unknown.count == 1
          ? "\(method): no row has the id \(shown)" : "\(method): no rows have the ids \(shown)\(more)")
    }
    return ids
  }

  /// Sets the `count` and `ids` of the selection handle at stack index 1 to `selection`
  /// (ids sorted, as `ctx.selection.ids` gives them); the memory limit is lifted in Swift.
  private static func describeSelection(_ selection: Set<Int>, on state: OpaquePointer) {
    guard lua_checkstack(state, 4) != 0 else { return }
    LuaState.push(.string("count"), on: state)
    LuaState.push(.integer(selection.count), on: state)
    lua_rawset(state, 1)
    LuaState.push(.string("ids"), on: state)
    let ids = selection.sorted()
    lua_createtable(state, Int32(clamping: ids.count), 0)
    for (position, id) in ids.enumerated() {
      lua_pushinteger(state, lua_Integer(id))
      lua_rawseti(state, -2, lua_Integer(position + 1))
    }
    lua_rawset(state, 1)
  }
}
