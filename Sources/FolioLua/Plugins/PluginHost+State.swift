import FolioCore

extension PluginHost {
  /// `folio.state.get`: the value the running callback wrote, else the stored one. Values are
  /// stored as text tagged with their type, so numbers, booleans and tables (as JSON) come
  /// back as they went in.
  func stateValue(plugin: Plugin, key: String) throws(LuaError) -> LuaData {
    let encoded: String?
    if let written = stateWrites?.values[plugin.name]?[key] {
      encoded = written
    } else {
      encoded = try storedStateValue(plugin: plugin, key: key, function: "folio.state.get")
    }
    guard let encoded, let tag = encoded.first, encoded.dropFirst().first == ":" else { return .nil }
    let body = String(encoded.dropFirst(2))
    switch tag {
    case "s": return .string(body)
    case "i": return Int(body).map(LuaData.integer) ?? .nil
    case "n": return Double(body).map(LuaData.number) ?? .nil
    case "b": return .boolean(body == "true")
    case "j":
      return (try? JSONValue.parse(body, maximumDepth: LuaState.plainDataDepth)).map(LuaData.init(json:))
        ?? .nil
    default: return .nil
    }
  }

  /// `folio.state.set`: checks the value against the quotas and holds it with the running
  /// callback's writes (stored when it succeeds); outside a callback it is stored at once.
  func setStateValue(_ value: LuaData, plugin: Plugin, key: String) throws(LuaError) {
    let encoded: String?
    switch value {
    case .nil: encoded = nil
    case .string(let text): encoded = "s:" + text
    case .integer(let number): encoded = "i:\(number)"
    case .number(let number): encoded = "n:\(number)"
    case .boolean(let flag): encoded = "b:\(flag)"
    case .table: encoded = "j:" + value.jsonValue.serialized
    case .function:
      throw LuaError(
        message: "folio.state.set: 'value' must be a string, number, boolean, table or nil, got a function")
    }
    let size = encoded.map { key.utf8.count + $0.utf8.count } ?? 0
    if size > stateValueQuota {
      throw LuaError(
        message: "folio.state.set: a value takes \(size) bytes with its key, over the quota of "
          + "\(stateValueQuota) bytes a value (setting plugins.state-value)")
    }
    var writes = stateWrites ?? PluginStateWrites()
    let total: Int
    if let size = writes.sizes[plugin.name] {
      total = size
    } else {
      total = try storedStateSize(of: plugin)
    }
    let previous: String?
    if let written = writes.values[plugin.name]?[key] {
      previous = written
    } else {
      previous = try storedStateValue(plugin: plugin, key: key, function: "folio.state.set")
    }
    let newTotal = total - (previous.map { key.utf8.count + $0.utf8.count } ?? 0) + size
    if newTotal > stateQuota, newTotal > total {
      throw LuaError(
        message: "folio.state.set: the plugin's values would take \(newTotal) bytes, over its quota of "
          + "\(stateQuota) bytes (setting plugins.state-total)")
    }
    writes.values[plugin.name, default: [:]].updateValue(encoded, forKey: key)
    writes.sizes[plugin.name] = newTotal
    stateWrites = writes
    guard transaction == nil, pending == nil else { return }
    do {
      try commitStateWrites()
    } catch {
      throw LuaError(message: "folio.state.set: \(error)")
    }
  }

  /// Stores the held `folio.state` writes, all or none, and stops holding them.
  func commitStateWrites() throws(FolioError) {
    guard let writes = stateWrites else { return }
    stateWrites = nil
    // Most callbacks write nothing: they need no store transaction (its BEGIN and COMMIT were
    // a third of a replayed plugin command's instructions).
    guard !writes.values.isEmpty else { return }
    guard let store = surface.workspace.stateStore else {
      for (plugin, values) in writes.values {
        for (key, value) in values { unsavedValues[plugin, default: [:]][key] = value }
      }
      return
    }
    try store.transaction { () throws(FolioError) in
      for (plugin, values) in writes.values {
        for (key, value) in values { try store.setPluginValue(value, plugin: plugin, key: key) }
      }
    }
  }

  private func storedStateValue(plugin: Plugin, key: String, function: String) throws(LuaError) -> String? {
    guard let store = surface.workspace.stateStore else { return unsavedValues[plugin.name]?[key] }
    do {
      return try store.pluginValue(plugin: plugin.name, key: key)
    } catch {
      throw LuaError(message: "\(function): \(error)")
    }
  }

  private func storedStateSize(of plugin: Plugin) throws(LuaError) -> Int {
    guard let store = surface.workspace.stateStore else {
      return unsavedValues[plugin.name]?.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count } ?? 0
    }
    do {
      return try store.pluginValuesSize(plugin: plugin.name)
    } catch {
      throw LuaError(message: "folio.state.set: \(error)")
    }
  }
}
