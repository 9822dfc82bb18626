/// Reads an options table passed to a `folio.*` function, with errors that name the function
/// and the field; the C trampoline prefixes them with the plugin's `FILE:LINE:`.
struct PluginFields {
  /// Where the fields are read: a copied table, or a table argument still on the Lua stack,
  /// read raw one field at a time (no copy of the rest; valid while the Swift function that
  /// received the arguments runs).
  private enum Source {
    case copied(LuaTable)
    case stack(LuaArguments, index: Int)
  }

  private let source: Source
  let function: String

  /// `known` is searched linearly: a handful of names, cheaper than hashing them into a set
  /// on every call.
  init(_ data: LuaData, function: String, known: [String]) throws(LuaError) {
    guard let table = data.table else {
      throw LuaError(message: "\(function): expects a table, got \(data.typeName)")
    }
    source = .copied(table)
    self.function = function
    guard !table.fields.keys.allSatisfy(known.contains) else { return }
    try Self.refuse(Array(table.fields.keys), function: function, known: known)
  }

  /// Reads the table argument at a 0-based position in place.
  init(_ arguments: LuaArguments, _ index: Int, function: String, known: [String]) throws(LuaError) {
    guard let keys = arguments.stringKeys(of: index) else {
      throw LuaError(message: "\(function): expects a table, got \(arguments[index, depth: 0].typeName)")
    }
    source = .stack(arguments, index: index)
    self.function = function
    guard !keys.allSatisfy(known.contains) else { return }
    try Self.refuse(keys, function: function, known: known)
  }

  private static func refuse(_ keys: [String], function: String, known: [String]) throws(LuaError) {
    if let unknown = keys.sorted().first(where: { !known.contains($0) }) {
      throw LuaError(
        message: "\(function): unknown field '\(unknown)' (fields: \(known.sorted().joined(separator: ", ")))"
      )
    }
  }

  /// The value of a field (tables copied, functions kept as references); `.nil` when absent.
  subscript(field: String) -> LuaData {
    switch source {
    case .copied(let table): table[field]
    case .stack(let arguments, let index): arguments.field(field, of: index, depth: LuaArguments.copyDepth)
    }
  }

  func error(_ field: String, _ expectation: String) -> LuaError {
    LuaError(message: "\(function): field '\(field)' must be \(expectation), got \(self[field].typeName)")
  }

  func string(_ field: String) throws(LuaError) -> String? {
    switch self[field] {
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
    switch self[field] {
    case .nil: return nil
    case .function(let reference): return reference
    default: throw error(field, "a function")
    }
  }

  func number(_ field: String) throws(LuaError) -> Double? {
    switch self[field] {
    case .nil: return nil
    case .integer(let value): return Double(value)
    case .number(let value): return value
    default: throw error(field, "a number")
    }
  }

  func boolean(_ field: String) throws(LuaError) -> Bool? {
    switch self[field] {
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

  /// A field naming a case of `type` by its raw value; the error lists every case.
  func oneOf<Value: RawRepresentable & CaseIterable>(_ field: String, _ type: Value.Type) throws(LuaError)
    -> Value? where Value.RawValue == String
  {
    guard let text = try string(field) else { return nil }
    if let value = Value(rawValue: text) { return value }
    _ = try oneOf(field, Value.allCases.map(\.rawValue))
    return nil
  }

  /// A list field: a table with items 1, 2, …; a table with string keys instead (`params =
  /// { name = "who" }` for `params = { { name = "who" } }`) is an error saying so.
  func array(_ field: String) throws(LuaError) -> [LuaData]? {
    switch self[field] {
    case .nil: return nil
    case .table(let table):
      if let key = table.fields.keys.sorted().first {
        throw LuaError(
          message:
            "\(function): field '\(field)' must be a list { …, … }, got a table with the key '\(key)'; "
            + "write \(field) = { { \(key) = … } } for a list of one table")
      }
      return table.array
    default: throw error(field, "an array")
    }
  }

  /// A list of strings; any other item is an error naming it.
  func strings(_ field: String) throws(LuaError) -> [String]? {
    guard let items = try array(field) else { return nil }
    var texts: [String] = []
    for (index, item) in items.enumerated() {
      guard let text = item.string else {
        throw LuaError(
          message:
            "\(function): field '\(field)' must be a list of strings, but item \(index + 1) is \(item.typeName)"
        )
      }
      texts.append(text)
    }
    return texts
  }
}
