import FolioCore

/// Menus built at run time: a menu's `items`, an item's `title`, `subtitle` and `enabled` may
/// be functions of `ctx`, called each time the menu is resolved under the callback budgets
/// (read-only, as `enabled` predicates are); an error disables the menu or item with its
/// message. And an item's `arguments`, passed to its command as if typed.
extension PluginHost {
  /// The most elements an `items` function may return.
  static let madeItemLimit = 200

  /// The provider of a menu whose `items` is `function`.
  func makeContentProvider(_ function: LuaFunctionReference, plugin: Plugin, place: String)
    -> MenuContentProvider
  {
    noteLoadSideEffect("its menus are made when they open")
    return MenuContentProvider { [weak self, weak plugin] () throws(FolioError) -> [MenuElement] in
      guard let self, let plugin else { throw FolioError(.disabled, "the plugin is not loaded") }
      return try madeElements(function, of: plugin, place: place)
    }
  }

  private func madeElements(_ function: LuaFunctionReference, of plugin: Plugin, place: String)
    throws(FolioError) -> [MenuElement]
  {
    let result = try invokeShared(function, of: plugin)
    let at = "plugin \(plugin.name): \(place): items function"
    guard let table = result.table, table.fields.isEmpty else {
      throw FolioError(.lua, "\(at) must return an array of items, got \(result.typeName)")
    }
    guard table.array.count <= Self.madeItemLimit else {
      throw FolioError(.lua, "\(at) returned \(table.array.count) items; at most \(Self.madeItemLimit)")
    }
    var elements: [MenuElement] = []
    for (index, item) in table.array.enumerated() {
      do throws(LuaError) {
        elements.append(try makeElement(item, at: "\(at): [\(index + 1)]", plugin: plugin, level: 1))
      } catch {
        throw FolioError(.lua, error.message)
      }
    }
    for reference in Self.references(in: elements, at: "")
    where surface.registry.command(id: reference.command) == nil {
      throw FolioError(.unknownCommand, "\(at): \(reference.place) names no command '\(reference.command)'")
    }
    return elements
  }

  /// The provider of an item whose `title`, `subtitle` or `enabled` is a function; nil when
  /// none is.
  func makeItemProvider(_ fields: PluginFields, plugin: Plugin) throws(LuaError) -> MenuItemProvider? {
    let title = fields["title"].function
    let subtitle = fields["subtitle"].function
    let enabled: LuaFunctionReference?
    switch fields["enabled"] {
    case .nil: enabled = nil
    case .function(let function): enabled = function
    default: throw fields.error("enabled", "a function")
    }
    guard title != nil || subtitle != nil || enabled != nil else { return nil }
    noteLoadSideEffect("its menus are made when they open")
    return MenuItemProvider { [weak self, weak plugin] () throws(FolioError) -> MenuItemOverrides in
      guard let self, let plugin else { throw FolioError(.disabled, "the plugin is not loaded") }
      var overrides = MenuItemOverrides()
      if let title { overrides.title = try text(of: title, plugin: plugin, field: "title") }
      if let subtitle { overrides.subtitle = try text(of: subtitle, plugin: plugin, field: "subtitle") }
      if let enabled {
        switch try invokeShared(enabled, of: plugin) {
        case .boolean(true): break
        case .string(let reason): overrides.disabledReason = reason.cutToMessageLimit()
        default: overrides.disabledReason = "not available now"
        }
      }
      return overrides
    }
  }

  /// The text a `title` or `subtitle` function returns; nil keeps the declared one.
  private func text(of function: LuaFunctionReference, plugin: Plugin, field: String) throws(FolioError)
    -> String?
  {
    let value = try invokeShared(function, of: plugin)
    switch value {
    case .nil: return nil
    case .string(let text): return text.cutToMessageLimit()
    case .integer(let number): return String(number)
    default:
      throw FolioError(
        .lua, "plugin \(plugin.name): the \(field) function must return a string, got \(value.typeName)")
    }
  }

  /// An item's `arguments = { tag = "red", count = 2, force = true }`: each a named argument
  /// of its command (a flag for `true`; `false` passes nothing), in the order of the names.
  static func menuArguments(_ fields: PluginFields) throws(LuaError) -> [MenuArgument] {
    let given = fields["arguments"]
    if given == .nil { return [] }
    guard let table = given.table, table.array.isEmpty else {
      throw fields.error("arguments", "a table of name = value")
    }
    var arguments: [MenuArgument] = []
    for name in table.fields.keys.sorted() {
      guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
        throw LuaError(message: "\(fields.function): field 'arguments': '\(name)' is no parameter name")
      }
      switch table.fields[name] ?? .nil {
      case .string(let text): arguments.append(MenuArgument(name: name, value: text))
      case .integer(let number): arguments.append(MenuArgument(name: name, value: String(number)))
      case .number(let number) where number.isFinite:
        arguments.append(MenuArgument(name: name, value: String(number)))
      case .boolean(true): arguments.append(MenuArgument(name: name, value: nil))
      case .boolean(false): break
      case let other:
        throw LuaError(
          message:
            "\(fields.function): field 'arguments': '\(name)' must be a string, number or boolean, got \(other.typeName)"
        )
      }
    }
    return arguments
  }
}
