/// Reads an options table passed to a `folio.*` function, with errors that name the function
/// and the field; the C trampoline prefixes them with the plugin's `FILE:LINE:`.
struct PluginFields {
  let table: LuaTable
  let function: String

  init(_ data: LuaData, function: String, known: Set<String>) throws(LuaError) {
    guard let table = data.table else {
      throw LuaError(message: "\(function): expects a table, got \(data.typeName)")
    }
    self.table = table
    self.function = function
    if let unknown = table.fields.keys.sorted().first(where: { !known.contains($0) }) {
      throw LuaError(
        message: "\(function): unknown field '\(unknown)' (fields: \(known.sorted().joined(separator: ", ")))"
      )
    }
  }

  func error(_ field: String, _ expectation: String) -> LuaError {
    LuaError(message: "\(function): field '\(field)' must be \(expectation), got \(table[field].typeName)")
  }

  func string(_ field: String) throws(LuaError) -> String? {
    switch table[field] {
    case .nil: return nil
    case .string(let text): return text
    default: throw error(field, "a string")
    }
  }

  func requiredString(_ field: String) throws(LuaError) -> String {
    guard let text = try string(field), !text.isEmpty else { throw error(field, "a non-empty string") }
    return text
  }

  func function(_ field: String) throws(LuaError) -> LuaFunctionReference? {
    switch table[field] {
    case .nil: return nil
    case .function(let reference): return reference
    default: throw error(field, "a function")
    }
  }

  func number(_ field: String) throws(LuaError) -> Double? {
    switch table[field] {
    case .nil: return nil
    case .integer(let value): return Double(value)
    case .number(let value): return value
    default: throw error(field, "a number")
    }
  }

  func boolean(_ field: String) throws(LuaError) -> Bool? {
    switch table[field] {
    case .nil: return nil
    case .boolean(let value): return value
    default: throw error(field, "a boolean")
    }
  }

  func oneOf(_ field: String, _ options: [String]) throws(LuaError) -> String? {
    guard let text = try string(field) else { return nil }
    guard options.contains(text) else {
      throw LuaError(
        message:
          "\(function): field '\(field)' must be one of \(options.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(text)\""
      )
    }
    return text
  }

  func array(_ field: String) throws(LuaError) -> [LuaData]? {
    switch table[field] {
    case .nil: return nil
    case .table(let table): return table.array
    default: throw error(field, "an array")
    }
  }
}
