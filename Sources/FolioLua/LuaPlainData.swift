import CLua
import CLuaHost
import FolioCore

/// Why a Lua value is not plain data, and where: `path` is `$` for the value itself,
/// `$.rows[3].name` for one inside it.
public struct PlainDataError: Error, Sendable, Equatable {
  /// What kind of problem it is.
  public enum Kind: Sendable, Equatable {
    /// A value plain data cannot hold (a function, a cycle, a gap, …).
    case notPlain
    /// The copy would not fit in what the memory budget leaves; the callback is stopped.
    case tooLarge
    /// A string that is not valid UTF-8, which Folio never replaces.
    case invalidText
  }

  /// Where the value is, from `$`.
  public var path: String
  /// What it is, as a noun phrase: "a function", "a table that contains itself"; for
  /// `.tooLarge`, "result too large: …".
  public var problem: String
  /// What kind of problem it is.
  public var kind = Kind.notPlain

  /// `problem`, followed by ` at PATH` when the bad value is inside the one given.
  public var description: String { path == "$" || kind == .tooLarge ? problem : "\(problem) at \(path)" }
}

extension LuaState {
  /// How deep plain data may nest.
  public static let plainDataDepth = 100

  /// Reads the value at a stack index as plain data: strings, finite numbers, booleans, nil,
  /// and tables that are lists (keys 1 to n, no gaps) or have only string keys, of those.
  /// Raw access only, so no metamethod runs. The copy counts its bytes as it goes against
  /// what the memory budget leaves (`CopyBudget`: what is referred to again counts each time).
  ///
  /// - Throws: `PlainDataError` naming the first value that is not: a function, userdata or
  ///   thread, a table with other keys, a list with a gap, one that mixes list items and
  ///   string keys, one that contains itself, nesting past `plainDataDepth`, NaN or infinity,
  ///   a string that is not valid UTF-8; or `.tooLarge` when the copy would not fit, which
  ///   also stops the callback as a refused allocation does.
  func plainData(at index: Int32, on thread: OpaquePointer? = nil) throws(PlainDataError) -> LuaData {
    let state = thread ?? self.state
    var visiting: Set<UnsafeRawPointer> = []
    var budget = copyBudget()
    do {
      return try plainData(
        at: lua_absindex(state, index), on: state, path: "$", depth: 0, visiting: &visiting, budget: &budget)
    } catch {
      if error.kind == .tooLarge { folio_lua_note_memory_exceeded(self.state) }
      throw error
    }
  }

  /// A string value read strictly: `.invalidText` naming the first byte that does not begin
  /// a well-formed UTF-8 sequence.
  private static func text(at index: Int32, on state: OpaquePointer, path: String) throws(PlainDataError)
    -> String
  {
    var length = 0
    guard let bytes = lua_tolstring(state, index, &length) else { return "" }
    let buffer = UnsafeRawBufferPointer(start: bytes, count: length)
    if let text = String(validating: buffer, as: UTF8.self) { return text }
    let offset = Self.invalidByteOffset(in: buffer)
    let byte = offset < buffer.count ? buffer[offset] : 0
    let hex = String(byte, radix: 16, uppercase: true)
    throw PlainDataError(
      path: path,
      problem:
        "a string that is not valid UTF-8 (byte \(offset + 1) is \\x\(hex.count < 2 ? "0" + hex : hex))",
      kind: .invalidText)
  }

  /// The offset of the first byte that does not begin a well-formed UTF-8 sequence (the
  /// length when all do).
  static func invalidByteOffset(in bytes: UnsafeRawBufferPointer) -> Int {
    var offset = 0
    while offset < bytes.count {
      let end = Swift.min(bytes.count, offset + 4)
      var valid = 0
      for length in 1...(end - offset)
      where String(
        validating: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        != nil
      {
        valid = length
        break
      }
      if valid == 0 { return offset }
      offset += valid
    }
    return offset
  }

  private func plainData(
    at index: Int32, on state: OpaquePointer, path: String, depth: Int, visiting: inout Set<UnsafeRawPointer>,
    budget: inout CopyBudget
  ) throws(PlainDataError) -> LuaData {
    guard budget.take(valueAt: index, on: state) else {
      guard budget.isExceeded else {
        throw PlainDataError(path: path, problem: "more than \(LuaArguments.copyLimit) values")
      }
      throw PlainDataError(path: path, problem: budget.tooLarge(budget: memoryLimit), kind: .tooLarge)
    }
    switch lua_type(state, index) {
    case LUA_TNIL, LUA_TNONE: return .nil
    case LUA_TBOOLEAN: return LuaData(Self.value(at: index, on: state))
    case LUA_TSTRING: return .string(try Self.text(at: index, on: state, path: path))
    case LUA_TNUMBER:
      let value = Self.value(at: index, on: state)
      if case .number(let number) = value, !number.isFinite {
        throw PlainDataError(path: path, problem: "the number \(number), which JSON cannot hold")
      }
      return LuaData(value)
    case LUA_TTABLE:
      return try plainTable(
        at: index, on: state, path: path, depth: depth, visiting: &visiting, budget: &budget)
    case LUA_TFUNCTION: throw PlainDataError(path: path, problem: "a function")
    case LUA_TTHREAD: throw PlainDataError(path: path, problem: "a thread (coroutine)")
    default: throw PlainDataError(path: path, problem: "a userdata")
    }
  }

  private func plainTable(
    at index: Int32, on state: OpaquePointer, path: String, depth: Int, visiting: inout Set<UnsafeRawPointer>,
    budget: inout CopyBudget
  ) throws(PlainDataError) -> LuaData {
    guard let pointer = lua_topointer(state, index) else { return .table(LuaTable()) }
    let repeated = budget.tookRepeat
    budget.enter()
    defer { budget.leave(repeated: repeated) }
    guard !visiting.contains(pointer) else {
      throw PlainDataError(path: path, problem: "a table that contains itself")
    }
    guard depth < Self.plainDataDepth else {
      throw PlainDataError(path: path, problem: "tables nested more than \(Self.plainDataDepth) deep")
    }
    guard lua_checkstack(state, 6) != 0 else {
      throw PlainDataError(path: path, problem: "tables nested too deep")
    }
    visiting.insert(pointer)
    defer { visiting.remove(pointer) }
    var count = 0
    var stringKeys = 0
    lua_pushnil(state)
    while lua_next(state, index) != 0 {
      count += 1
      let keyType = lua_type(state, -2)
      if keyType == LUA_TSTRING {
        stringKeys += 1
      } else if keyType != LUA_TNUMBER || lua_isinteger(state, -2) == 0 {
        let name = keyType == LUA_TNUMBER ? "number" : String(cString: lua_typename(state, keyType))
        lua_pop(state, 2)
        throw PlainDataError(
          path: path, problem: "a table with a \(name) key (keys must be 1, 2, … or strings)")
      }
      lua_pop(state, 1)
    }
    if stringKeys == 0 {
      var array: [LuaData] = []
      array.reserveCapacity(count)
      for position in 0..<count {
        let elementPath = "\(path)[\(position + 1)]"
        guard lua_rawgeti(state, index, lua_Integer(position + 1)) != LUA_TNIL else {
          lua_pop(state, 1)
          throw PlainDataError(
            path: path, problem: "a list with a gap at [\(position + 1)] (keys must be 1 to n, none missing)")
        }
        let element = try plainData(
          at: lua_gettop(state), on: state, path: elementPath, depth: depth + 1, visiting: &visiting,
          budget: &budget)
        lua_pop(state, 1)
        array.append(element)
      }
      return .table(LuaTable(array: array))
    }
    guard stringKeys == count else {
      throw PlainDataError(path: path, problem: "a table that mixes list items with string keys")
    }
    var fields: [String: LuaData] = [:]
    fields.reserveCapacity(count)
    lua_pushnil(state)
    while lua_next(state, index) != 0 {
      let key: String
      do {
        key = try Self.text(at: -2, on: state, path: path)
      } catch {
        lua_pop(state, 2)
        throw error
      }
      guard budget.take(keyOf: key.utf8.count) else {
        lua_pop(state, 2)
        throw PlainDataError(path: path, problem: budget.tooLarge(budget: memoryLimit), kind: .tooLarge)
      }
      let isName =
        key.first.map { $0.isLetter || $0 == "_" } == true
        && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
      let fieldPath = isName ? "\(path).\(key)" : "\(path)[\(JSONValue.string(key).serialized)]"
      fields[key] = try plainData(
        at: lua_gettop(state), on: state, path: fieldPath, depth: depth + 1, visiting: &visiting,
        budget: &budget)
      lua_pop(state, 1)
    }
    return .table(LuaTable(fields: fields))
  }

  /// The `FILE:LINE:` where a Lua function is defined, e.g. `plugin.lua:12:`; empty for a
  /// function not written in Lua.
  public func location(of function: LuaFunctionReference) -> String {
    folio_lua_begin_host_work(state)
    defer { folio_lua_end_host_work(state) }
    guard lua_checkstack(state, 2) != 0 else { return "" }
    lua_rawgeti(state, folio_lua_registryindex, lua_Integer(function.reference))
    var record = lua_Debug()
    guard lua_getinfo(state, ">S", &record) != 0, record.linedefined > 0 else { return "" }
    let source = withUnsafeBytes(of: record.short_src) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    return "\(source):\(record.linedefined):"
  }
}

extension LuaArguments {
  /// The argument at a 0-based position as plain data (see `LuaState.plainData(at:on:)`).
  ///
  /// - Throws: `PlainDataError` naming the first value that is not plain data.
  public func plainData(_ index: Int) throws(PlainDataError) -> LuaData {
    guard index < count else { return .nil }
    return try owner.plainData(at: Int32(index + 1), on: state)
  }
}

extension LuaData {
  /// Plain data as JSON: a list as an array (an empty table too), string keys as an object
  /// with its keys sorted, functions as null.
  public var jsonValue: JSONValue {
    switch self {
    case .nil, .function: .null
    case .boolean(let flag): .bool(flag)
    case .integer(let number): .int(number)
    case .number(let number): .number(number)
    case .string(let text): .string(text)
    case .table(let table):
      table.fields.isEmpty
        ? .array(table.array.map(\.jsonValue))
        : .object(table.fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value.jsonValue) })
    }
  }

  /// A JSON value as Lua data: null as nil, arrays as lists, objects as tables with string
  /// keys (the last of duplicate keys wins).
  public init(json: JSONValue) {
    switch json {
    case .null: self = .nil
    case .bool(let flag): self = .boolean(flag)
    case .int(let number): self = .integer(number)
    case .number(let number): self = .number(number)
    case .string(let text): self = .string(text)
    case .array(let elements): self = .table(LuaTable(array: elements.map(LuaData.init(json:))))
    case .object(let pairs):
      var fields: [String: LuaData] = [:]
      for (key, value) in pairs { fields[key] = LuaData(json: value) }
      self = .table(LuaTable(fields: fields))
    }
  }
}
