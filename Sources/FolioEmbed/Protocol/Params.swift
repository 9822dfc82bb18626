import FolioCore

/// The params of a request, read field by field into typed values at the edge.
///
/// Each accessor takes a field and checks its type (and an integer's range); `finish()`
/// refuses the fields no accessor took, naming them. Every failure is `invalidParams` with a
/// message that names the field.
struct Params {
  private let fields: [(String, JSONValue)]
  /// The field these params are inside (`cells`), or nil at the top.
  private var path: String?
  /// Whether each of the first 64 fields was taken, a bit each by its place in `fields` (a
  /// message's keys are unique): no array is made for the few fields of most requests.
  private var taken: UInt64 = 0
  /// Whether each field after the 64th was taken; empty when there are no more.
  private var takenBeyond: [Bool]

  /// The params of a message: an object, or nothing (`{}`).
  ///
  /// - Throws: `invalidParams` for an array or any other value; params are by name here.
  init(_ value: JSONValue?) throws(ProtocolError) {
    switch value {
    case nil, .null?: fields = []
    case .object(let pairs)?: fields = pairs
    default: throw ProtocolError(.invalidParams, "params must be an object (by name)")
    }
    takenBeyond = fields.count > 64 ? Array(repeating: false, count: fields.count - 64) : []
  }

  private func isTaken(_ index: Int) -> Bool {
    index < 64 ? taken & (1 << UInt64(index)) != 0 : takenBeyond[index - 64]
  }

  private mutating func markTaken(_ index: Int) {
    if index < 64 { taken |= 1 << UInt64(index) } else { takenBeyond[index - 64] = true }
  }

  private mutating func take(_ key: String) -> JSONValue? {
    guard let index = fields.firstIndex(where: { $0.0 == key }) else { return nil }
    markTaken(index)
    let value = fields[index].1
    if case .null = value { return nil }
    return value
  }

  /// The names of the fields no accessor took, in the order they came, each marked taken:
  /// what a method that ignores fields it does not know (`initialize`, since 1.4) names.
  mutating func takeUnknownNames() -> [String] {
    takeRest().map(\.0)
  }

  /// The fields not taken yet, each marked taken.
  private mutating func takeRest() -> [(String, JSONValue)] {
    var rest: [(String, JSONValue)] = []
    for index in fields.indices where !isTaken(index) {
      markTaken(index)
      rest.append(fields[index])
    }
    return rest
  }

  private func wrongType(_ key: String, _ type: String) -> ProtocolError {
    ProtocolError(.invalidParams, "'\(key)' must be \(type)", data: .object([("field", .string(key))]))
  }

  /// The error for a string holding NUL, which no path, id, title or other text of Folio's
  /// may hold (the command language refuses it too): a C function given the path would read
  /// it only up to the NUL.
  private static func holdsNUL(_ key: String) -> ProtocolError {
    ProtocolError(
      .invalidParams, "'\(key)' must not contain a NUL character (U+0000)",
      data: .object([("field", .string(key))]))
  }

  /// `string`, which the field `key` gave, unless it holds a NUL.
  private static func checked(_ string: String, _ key: String) throws(ProtocolError) -> String {
    guard !string.utf8.contains(0) else { throw holdsNUL(key) }
    return string
  }

  private static func missing(_ key: String) -> ProtocolError {
    ProtocolError(.invalidParams, "'\(key)' is missing", data: .object([("field", .string(key))]))
  }

  /// `value`, which the field `key` gave.
  ///
  /// - Throws: `invalidParams` saying the field is missing when `value` is nil.
  private static func required<Value>(_ key: String, _ value: Value?) throws(ProtocolError) -> Value {
    guard let value else { throw missing(key) }
    return value
  }

  /// The field `key` as `read` makes it of its value, or nil when absent or null.
  ///
  /// - Throws: `invalidParams` saying the field must be `type` when `read` gives nil.
  private mutating func field<Value>(
    _ key: String, _ type: String, _ read: (JSONValue) -> Value?
  ) throws(ProtocolError) -> Value? {
    guard let value = take(key) else { return nil }
    guard let result = read(value) else { throw wrongType(key, type) }
    return result
  }

  /// A string field, or nil when absent or null.
  mutating func optionalString(_ key: String) throws(ProtocolError) -> String? {
    guard
      let string = try field(key, "a string", { if case .string(let string) = $0 { string } else { nil } })
    else { return nil }
    return try Self.checked(string, key)
  }

  /// A string field that must be there.
  mutating func string(_ key: String) throws(ProtocolError) -> String {
    try Self.required(key, optionalString(key))
  }

  /// An integer field in `range`, or nil when absent or null.
  mutating func optionalInt(_ key: String, in range: ClosedRange<Int>) throws(ProtocolError) -> Int? {
    guard let number = try field(key, "an integer", { if case .int(let number) = $0 { number } else { nil } })
    else { return nil }
    guard range.contains(number) else {
      throw ProtocolError(
        .invalidParams, "'\(key)' must be in \(range.lowerBound)…\(range.upperBound), got \(number)",
        data: .object([("field", .string(key))]))
    }
    return number
  }

  /// An integer field in `range` that must be there.
  mutating func int(_ key: String, in range: ClosedRange<Int>) throws(ProtocolError) -> Int {
    try Self.required(key, optionalInt(key, in: range))
  }

  /// A boolean field, or nil when absent or null.
  mutating func optionalBool(_ key: String) throws(ProtocolError) -> Bool? {
    try field(key, "true or false") { if case .bool(let bool) = $0 { bool } else { nil } }
  }

  /// A boolean field that must be there.
  mutating func bool(_ key: String) throws(ProtocolError) -> Bool {
    try Self.required(key, optionalBool(key))
  }

  /// An array of strings, or nil when absent or null.
  mutating func optionalStrings(_ key: String) throws(ProtocolError) -> [String]? {
    let strings = try field(key, "an array of strings") { value -> [String]? in
      guard case .array(let values) = value else { return nil }
      let strings = values.compactMap { if case .string(let string) = $0 { string } else { nil } }
      return strings.count == values.count ? strings : nil
    }
    for string in strings ?? [] { _ = try Self.checked(string, key) }
    return strings
  }

  /// An array of strings that must be there.
  mutating func strings(_ key: String) throws(ProtocolError) -> [String] {
    try Self.required(key, optionalStrings(key))
  }

  /// An array of integers in `range` that must be there.
  mutating func ints(_ key: String, in range: ClosedRange<Int>) throws(ProtocolError) -> [Int] {
    guard let value = take(key) else { throw Self.missing(key) }
    guard case .array(let values) = value else { throw wrongType(key, "an array of integers") }
    var numbers: [Int] = []
    for value in values {
      guard case .int(let number) = value, range.contains(number) else {
        throw wrongType(key, "an array of integers in \(range.lowerBound)…\(range.upperBound)")
      }
      numbers.append(number)
    }
    return numbers
  }

  /// An array of objects, each read by `read` with its own `Params` (whose unknown fields
  /// are refused too), or nil when absent or null.
  mutating func optionalObjects<Value>(
    _ key: String, _ read: (inout Params) throws(ProtocolError) -> Value
  ) throws(ProtocolError) -> [Value]? {
    guard let value = take(key) else { return nil }
    guard case .array(let values) = value else { throw wrongType(key, "an array of objects") }
    var results: [Value] = []
    for element in values {
      guard case .object = element else { throw wrongType(key, "an array of objects") }
      var params = try Params(element)
      results.append(try read(&params))
      try params.finish(in: key)
    }
    return results
  }

  /// An object read by `read` with its own `Params`, or nil when absent or null.
  mutating func optionalObject<Value>(
    _ key: String, _ read: (inout Params) throws(ProtocolError) -> Value
  ) throws(ProtocolError) -> Value? {
    guard let value = take(key) else { return nil }
    guard case .object = value else { throw wrongType(key, "an object") }
    var params = try Params(value)
    params.path = key
    let result = try read(&params)
    try params.finish(in: key)
    return result
  }

  /// Every field not taken yet, as command arguments (see `arguments(_:)`); the command's
  /// declared parameters refuse the names it does not have.
  mutating func remainingArguments() throws(ProtocolError) -> [String: ArgumentValue] {
    var arguments: [String: ArgumentValue] = [:]
    for (name, value) in takeRest() {
      if let argument = try Self.argument(value, name: name) { arguments[name] = argument }
    }
    return arguments
  }

  /// Every field not taken yet, as names and string values, in order.
  mutating func remainingStrings() throws(ProtocolError) -> [(String, String)] {
    var result: [(String, String)] = []
    for (name, value) in takeRest() {
      guard case .string(let string) = value else { throw wrongType(name, "a string") }
      // A name is checked as its value is: it names a column, say.
      result.append((try Self.checked(name, path ?? name), try Self.checked(string, name)))
    }
    return result
  }

  /// The fields as command arguments, each checked by the command's declared parameters:
  /// strings, integers, numbers, booleans, and arrays of strings (a `rest` parameter's words).
  mutating func arguments(_ key: String) throws(ProtocolError) -> [String: ArgumentValue] {
    guard let value = take(key) else { return [:] }
    guard case .object(let pairs) = value else { throw wrongType(key, "an object") }
    var arguments: [String: ArgumentValue] = [:]
    for (name, value) in pairs {
      if let argument = try Self.argument(value, name: "\(key).\(name)") { arguments[name] = argument }
    }
    return arguments
  }

  /// A JSON value as a command argument; nil for null (the parameter's default).
  private static func argument(_ value: JSONValue, name: String) throws(ProtocolError) -> ArgumentValue? {
    switch value {
    case .string(let string): return .string(try checked(string, name))
    case .int(let number): return .int(number)
    case .number(let number): return .number(number)
    case .bool(let bool): return .bool(bool)
    case .null: return nil
    case .array(let values):
      var words: [Word] = []
      for value in values {
        guard case .string(let string) = value else {
          throw ProtocolError(
            .invalidParams, "'\(name)' must be an array of strings", data: .object([("field", .string(name))])
          )
        }
        words.append(Word(try checked(string, name), quotedFrom: 0))
      }
      return .words(words)
    case .object:
      throw ProtocolError(
        .invalidParams, "'\(name)' must be a string, number, boolean or array of strings",
        data: .object([("field", .string(name))]))
    }
  }

  /// Refuses the fields no accessor took, but those named in `allowed`.
  ///
  /// - Parameters:
  ///   - path: the field these params are inside, for the message; nil at the top.
  ///   - allowed: names still to be taken (a command's parameters).
  func finish(in path: String? = nil, allowing allowed: Set<String> = []) throws(ProtocolError) {
    let unknown = fields.indices.filter { !isTaken($0) && !allowed.contains(fields[$0].0) }.map {
      fields[$0].0
    }
    guard !unknown.isEmpty else { return }
    let names = unknown.map { name in path.map { "\($0).\(name)" } ?? name }
    throw ProtocolError(
      .invalidParams,
      "unknown field\(names.count == 1 ? "" : "s") " + names.map { "'\($0)'" }.joined(separator: ", "),
      data: .object([("fields", .array(names.map(JSONValue.string)))]))
  }
}
