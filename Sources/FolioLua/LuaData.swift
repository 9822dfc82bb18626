import CLua
import CLuaHost

/// A Lua value read from a plugin, tables and functions included.
///
/// Tables are copied (to a bounded depth and at most `LuaArguments.copyLimit` values, raw
/// access only, so no metamethod runs); a function is kept as a reference in the state's
/// registry.
public enum LuaData: Sendable, Equatable {
  case `nil`
  case boolean(Bool)
  case integer(Int)
  case number(Double)
  case string(String)
  case table(LuaTable)
  case function(LuaFunctionReference)

  /// The Lua type name, for messages: `string`, `table`, …
  public var typeName: String {
    switch self {
    case .nil: "nil"
    case .boolean: "boolean"
    case .integer, .number: "number"
    case .string: "string"
    case .table: "table"
    case .function: "function"
    }
  }

  /// The table, when this is one.
  public var table: LuaTable? {
    if case .table(let table) = self { return table }
    return nil
  }

  /// The text, when this is a string.
  public var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The value as a number, when it is one.
  public var number: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .number(let value): value
    default: nil
    }
  }

  /// The function reference, when this is a function.
  public var function: LuaFunctionReference? {
    if case .function(let reference) = self { return reference }
    return nil
  }

  /// The scalar `LuaValue`, or nil for tables and functions.
  public var scalar: LuaValue? {
    switch self {
    case .nil: .nil
    case .boolean(let value): .boolean(value)
    case .integer(let value): .integer(value)
    case .number(let value): .number(value)
    case .string(let value): .string(value)
    case .table, .function: nil
    }
  }

  /// Wraps a scalar.
  public init(_ value: LuaValue) {
    switch value {
    case .nil: self = .nil
    case .boolean(let value): self = .boolean(value)
    case .integer(let value): self = .integer(value)
    case .number(let value): self = .number(value)
    case .string(let value): self = .string(value)
    }
  }
}

/// A copied Lua table: its array part and its string-keyed fields.
public struct LuaTable: Sendable, Equatable {
  /// The values at 1, 2, … up to the first nil.
  public var array: [LuaData]
  /// The values under string keys.
  public var fields: [String: LuaData]

  /// Creates a table.
  public init(array: [LuaData] = [], fields: [String: LuaData] = [:]) {
    self.array = array
    self.fields = fields
  }

  /// The value under a string key, `.nil` when absent.
  public subscript(key: String) -> LuaData { fields[key] ?? .nil }
}

/// A Lua function kept alive in its state's registry.
public struct LuaFunctionReference: Sendable, Hashable {
  let reference: Int32
}

/// The arguments of a Swift function called from Lua, read on demand.
public struct LuaArguments {
  let state: OpaquePointer
  let owner: LuaState

  /// How many levels deep arguments are copied unless told: menus nest 16 levels, two tables
  /// each (the element and its `items`), with room to spare.
  public static let copyDepth = 40

  /// The most values one copy holds: tables that share or contain themselves cannot make a
  /// copy grow without bound; past it, the rest reads as nil. The bytes a copy holds are
  /// bounded too, by what the memory budget leaves (`LuaState.CopyBudget`).
  public static let copyLimit = 1_000_000

  /// How many arguments were passed.
  public var count: Int { Int(lua_gettop(state)) }

  /// The argument at a 0-based position, tables copied `depth` levels deep; `.nil` past the
  /// end.
  public subscript(index: Int, depth depth: Int = copyDepth) -> LuaData {
    guard index < count else { return .nil }
    var budget = owner.copyBudget()
    let copy = LuaState.copy(
      at: Int32(index + 1), depth: depth, functions: .referenced, on: state, budget: &budget)
    owner.noteArguments(budget)
    return copy
  }

  /// The `FILE:LINE: ` of the Lua code that made this call, as `error` would prefix a
  /// message; empty when the caller is not Lua code.
  public var callerLocation: String {
    guard lua_checkstack(state, 2) != 0 else { return "" }
    luaL_where(state, 1)
    defer { lua_pop(state, 1) }
    return LuaState.string(at: -1, on: state) ?? ""
  }

  /// The value under a string key of the table argument at a 0-based position, read raw
  /// (no metamethod runs) and without copying tables; `.nil` when that argument is not a
  /// table.
  public func field(_ key: String, of index: Int) -> LuaData {
    field(key, of: index, depth: 0, keepsFunctions: false)
  }

  /// Like `field(_:of:)`, with tables copied `depth` levels deep and, when `keepsFunctions`,
  /// functions kept as references.
  func field(_ key: String, of index: Int, depth: Int, keepsFunctions: Bool = true) -> LuaData {
    guard index < count, lua_type(state, Int32(index + 1)) == LUA_TTABLE, lua_checkstack(state, 3) != 0 else {
      return .nil
    }
    LuaState.push(.string(key), on: state)
    lua_rawget(state, Int32(index + 1))
    defer { lua_pop(state, 1) }
    var budget = owner.copyBudget()
    let copy = LuaState.copy(
      at: -1, depth: depth, functions: keepsFunctions ? .referenced : .dropped, on: state, budget: &budget)
    owner.noteArguments(budget)
    return copy
  }

  /// The string keys of the table argument at a 0-based position; nil when it is not a
  /// table.
  func stringKeys(of index: Int) -> [String]? {
    guard index < count, lua_type(state, Int32(index + 1)) == LUA_TTABLE, lua_checkstack(state, 3) != 0 else {
      return nil
    }
    var keys: [String] = []
    lua_pushnil(state)
    while lua_next(state, Int32(index + 1)) != 0 {
      // Only string keys are read; converting a number key in place would break lua_next.
      if lua_type(state, -2) == LUA_TSTRING, let key = LuaState.string(at: -2, on: state) { keys.append(key) }
      lua_pop(state, 1)
    }
    return keys
  }
}

extension LuaState {
  /// A Swift function that sees the raw arguments and returns values of any kind; a thrown
  /// error reaches Lua prefixed with the caller's `FILE:LINE:` when `locatesErrors`.
  public typealias DataFunction = (LuaArguments) throws(LuaError) -> [LuaData]

  final class DataFunctionBox {
    let function: DataFunction
    unowned let state: LuaState
    /// The API call it is (`d:set`), which its errors name; nil when unnamed.
    let name: String?
    init(_ function: @escaping DataFunction, state: LuaState, name: String? = nil) {
      self.function = function
      self.state = state
      self.name = name
    }
  }

  /// Makes a Swift function a Lua value kept in the registry.
  ///
  /// The function runs with the memory limit lifted; its errors are raised by the C
  /// trampoline after it returned, prefixed with the caller's location. An argument holding a
  /// string that is not valid UTF-8 is refused before it runs, and an argument whose copy
  /// would not fit in what the memory budget leaves fails the call after it (its copy was cut
  /// short) and stops the callback; both errors begin with `name` when given.
  public func makeFunction(name: String? = nil, _ function: @escaping DataFunction) -> LuaFunctionReference {
    let box = DataFunctionBox(function, state: self, name: name)
    functions.append(box)
    folio_lua_begin_host_work(state)
    defer { folio_lua_end_host_work(state) }
    let context = Unmanaged.passUnretained(box).toOpaque()
    if let name {
      folio_lua_push_swift_function(state, callDataFunction, context, name)
    } else {
      folio_lua_push_swift_function(state, callDataFunction, context, nil)
    }
    return LuaFunctionReference(reference: luaL_ref(state, folio_lua_registryindex))
  }

  /// What a copy of Lua data may still hold: `LuaArguments.copyLimit` values and the bytes the
  /// memory budget leaves (the limit less what Lua holds and what the host charged to the
  /// call) for what it copies again: a table or long string met a second time, and everything
  /// inside such a table, counts `valueBytes` a value and a string's UTF-8 bytes besides. What
  /// is met once is what Lua holds, which the memory budget bounds already; references repeated
  /// are what could make a copy of 1 MB of Lua data take gigabytes.
  public struct CopyBudget {
    /// The bytes a value costs in a copy besides its text: its `LuaData` and its place in an
    /// array or dictionary.
    static let valueBytes = 32
    /// The bytes a copy may always hold, whatever the memory budget leaves.
    static let floor = 64 << 10
    /// The values the copy may still hold.
    var values = LuaArguments.copyLimit
    /// The bytes the copy may still hold.
    var bytes: Int
    /// The bytes it could hold when it began.
    let limit: Int
    /// Whether a value did not fit in `bytes` (the copy was cut short there).
    var isExceeded = false
    /// The tables, and strings of at least `trackedLength` bytes, met so far.
    private var seen: Set<UnsafeRawPointer> = []
    /// How many tables met again enclose the value being copied.
    private var repeats = 0
    /// Whether the value `take(valueAt:on:)` took last was met before.
    private(set) var tookRepeat = false
    /// Strings shorter than this are not tracked: what they cost stays within a small multiple
    /// of what Lua holds for the tables holding them.
    static let trackedLength = 64

    init(bytes: Int) {
      self.bytes = bytes
      limit = bytes
    }

    /// Takes the value at `index` (a copy of a table then calls `enter` and `leave` around its
    /// contents); false, marking the budget exceeded when the bytes ran out, when it does not
    /// fit.
    mutating func take(valueAt index: Int32, on state: OpaquePointer) -> Bool {
      let type = lua_type(state, index)
      var length = 0
      if type == LUA_TSTRING { _ = lua_tolstring(state, index, &length) }
      tookRepeat = false
      if type == LUA_TTABLE || (type == LUA_TSTRING && length >= Self.trackedLength),
        let pointer = lua_topointer(state, index)
      {
        tookRepeat = !seen.insert(pointer).inserted
      }
      return take(text: length, counted: tookRepeat || repeats > 0)
    }

    /// Takes a table's string key of `length` bytes.
    mutating func take(keyOf length: Int) -> Bool { take(text: length, counted: repeats > 0) }

    /// Starts the contents of the table just taken.
    mutating func enter() { if tookRepeat { repeats += 1 } }

    /// Ends the contents of a table; `repeated` is what `tookRepeat` was when it was taken.
    mutating func leave(repeated: Bool) { if repeated { repeats -= 1 } }

    private mutating func take(text size: Int, counted: Bool) -> Bool {
      guard values > 0 else { return false }
      values -= 1
      guard counted else { return true }
      let cost = Self.valueBytes + size
      guard cost <= bytes else {
        isExceeded = true
        return false
      }
      bytes -= cost
      return true
    }

    /// "result too large: more than 1.0 MB, limit 1.0 MB (…)", for an error about `what`.
    func tooLarge(budget: Int, what: String = "result") -> String {
      "\(what) too large: more than \(Self.megabytes(limit)), limit \(Self.megabytes(limit)) (what the memory "
        + "budget of \(budget >> 20) MB leaves)"
    }

    /// Bytes as megabytes with one decimal: `1.5 MB`.
    static func megabytes(_ bytes: Int) -> String {
      let tenths = bytes / (1 << 20 / 10)
      return "\(tenths / 10).\(tenths % 10) MB"
    }
  }

  /// A copy budget for what the memory budget leaves now, and at least `CopyBudget.floor`: a
  /// copy lasts only while the host reads it, so a small one is always allowed.
  func copyBudget() -> CopyBudget {
    CopyBudget(bytes: max(CopyBudget.floor, Int(clamping: folio_lua_memory_available(state))))
  }

  /// Notes a copy of a Swift function's arguments that its budget cut short: the function's
  /// call fails (`callDataFunction`) and the callback is stopped, as a refused allocation
  /// stops it.
  func noteArguments(_ budget: CopyBudget) {
    guard budget.isExceeded, argumentsTooLarge == nil else { return }
    argumentsTooLarge = budget
    folio_lua_note_memory_exceeded(state)
  }

  /// Compiles a chunk of Lua source text (binary chunks are refused) into a function.
  ///
  /// - Throws: `LuaError` with the syntax error.
  public func load(_ source: String, name: String) throws(LuaError) -> LuaFunctionReference {
    folio_lua_begin_host_work(state)
    defer { folio_lua_end_host_work(state) }
    var source = source
    let status = source.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        luaL_loadbufferx(state, $0.baseAddress, $0.count, name, "t")
      }
    }
    guard status == LUA_OK else {
      defer { lua_pop(state, 1) }
      throw LuaError(message: Self.string(at: -1, on: state) ?? "cannot load \(name)")
    }
    return LuaFunctionReference(reference: luaL_ref(state, folio_lua_registryindex))
  }

  /// Lets a function reference go; the function is collected once nothing else holds it.
  public func release(_ function: LuaFunctionReference) {
    luaL_unref(state, folio_lua_registryindex, function.reference)
  }

  /// Sets a global variable.
  public func setGlobal(_ name: String, _ value: LuaData) {
    folio_lua_begin_host_work(state)
    defer { folio_lua_end_host_work(state) }
    push(value)
    lua_setglobal(state, name)
  }

  /// Calls a Lua function under `lua_pcall` with the traceback handler and the instruction
  /// budget, and returns its results (tables copied, functions dropped).
  ///
  /// - Throws: `LuaError` with the message and traceback of an error, a spent budget or
  ///   exhausted memory.
  @discardableResult
  public func call(_ function: LuaFunctionReference, _ arguments: [LuaData]) throws(LuaError) -> [LuaData] {
    try call(function, prefix: { _ in 0 }, arguments)
  }

  /// Calls a Lua function like `call(_:_:)`, with the values `prefix` pushes on the state
  /// (returning how many, with the memory limit lifted, raw operations only) before
  /// `arguments`.
  ///
  /// With `plainResult`, the first result is read in full as plain data
  /// (`plainData(at:on:)`); when it is not, the error `plainResult` makes is thrown.
  func call(
    _ function: LuaFunctionReference, prefix: (OpaquePointer) -> Int32, _ arguments: [LuaData],
    plainResult: ((PlainDataError) -> LuaError)? = nil
  ) throws(LuaError) -> [LuaData] {
    let base = lua_gettop(state)
    defer { lua_settop(state, base) }
    folio_lua_begin_host_work(state)
    guard lua_checkstack(state, Int32(clamping: arguments.count + 8)) != 0 else {
      folio_lua_end_host_work(state)
      throw LuaError(message: "too many arguments")
    }
    lua_pushcfunction(state, folio_lua_traceback)
    lua_rawgeti(state, folio_lua_registryindex, lua_Integer(function.reference))
    let prefixed = prefix(state)
    for argument in arguments { push(argument) }
    folio_lua_end_host_work(state)
    let limits = beginCall()
    let status = lua_pcall(state, prefixed + Int32(arguments.count), LUA_MULTRET, base + 1)
    endCall(limits)
    guard status == LUA_OK else { throw callError(status) }
    if let lastStop { throw stopError(lastStop) }
    let top = lua_gettop(state)
    return try results(from: base + 2, to: top, plainResult: plainResult)
  }

  /// Calls a Lua function under `lua_pcall` with the traceback handler and the budgets, like
  /// `call(_:_:)`, with one argument, the value the registry reference `argument` holds (nil
  /// for `LUA_NOREF`), and returns its first result (`.nil` when it returned none): a
  /// predicate's answer, read without making an array of every result. The whole call is one
  /// C call (`folio_lua_call_shared`), and a boolean or nil answer is read without the general
  /// copy.
  ///
  /// - Throws: `LuaError` as `call(_:_:)` does.
  func callShared(_ function: LuaFunctionReference, argument: Int32) throws(LuaError) -> LuaData {
    let base = lua_gettop(state)
    defer { lua_settop(state, base) }
    var stop: Int32 = 0
    let status = folio_lua_call_shared(
      state, function.reference, argument, Int64(instructionBudget ?? 0), Int64(timeBudget ?? 0), &stop)
    lastStop = LuaStop(reason: stop)
    guard status == LUA_OK else { throw callError(status) }
    if let lastStop { throw stopError(lastStop) }
    switch lua_type(state, -1) {
    case LUA_TBOOLEAN: return .boolean(lua_toboolean(state, -1) != 0)
    case LUA_TNIL, LUA_TNONE: return .nil
    default: return data(at: -1, depth: 4, keepsFunctions: false)
    }
  }

  /// The error of a call that failed with `status`, from the traceback handler's message on
  /// top of the stack.
  private func callError(_ status: Int32) -> LuaError {
    if status == LUA_ERRMEM { return memoryError() }
    var error = LuaError(handlerOutput: Self.string(at: -1, on: state) ?? "(error object is not a string)")
    error.stop = lastStop ?? (error.message.hasSuffix("not enough memory") ? .memory : nil)
    return error
  }

  /// The values from stack index `first` to `last`, tables copied and functions dropped;
  /// the first read as plain data when `plainResult` is given.
  private func results(from first: Int32, to last: Int32, plainResult: ((PlainDataError) -> LuaError)?)
    throws(LuaError) -> [LuaData]
  {
    guard first <= last else { return [] }
    var values: [LuaData] = []
    for index in first...last {
      if index == first, let plainResult {
        do {
          values.append(try plainData(at: index))
        } catch {
          throw plainResult(error)
        }
      } else {
        values.append(data(at: index, depth: 4, keepsFunctions: false))
      }
    }
    return values
  }

  /// Reads the value at a stack index without running metamethods.
  func data(at index: Int32, depth: Int, keepsFunctions: Bool = true, on thread: OpaquePointer? = nil)
    -> LuaData
  {
    var budget = copyBudget()
    return Self.copy(
      at: index, depth: depth, functions: keepsFunctions ? .referenced : .dropped, on: thread ?? state,
      budget: &budget)
  }

  /// What a copy of a Lua value makes of the functions in it.
  enum FunctionCopy {
    /// A new reference in the registry, which the copy holds.
    case referenced
    /// Nil: the function is left out.
    case dropped
    /// This stand-in, which refers to nothing.
    case placeholder(LuaFunctionReference)
  }

  /// Reads the value at a stack index without running metamethods, tables `depth` levels
  /// deep, counting each value copied against `budget` (past it, values read as nil).
  static func copy(
    at index: Int32, depth: Int, functions: FunctionCopy, on state: OpaquePointer, budget: inout CopyBudget
  ) -> LuaData {
    let index = lua_absindex(state, index)
    guard budget.take(valueAt: index, on: state) else { return .nil }
    switch lua_type(state, index) {
    case LUA_TTABLE:
      guard depth > 0, lua_checkstack(state, 4) != 0 else { return .table(LuaTable()) }
      let repeated = budget.tookRepeat
      budget.enter()
      defer { budget.leave(repeated: repeated) }
      var table = LuaTable()
      // Counting the string keys first sizes the dictionary once instead of growing it.
      var count = 0
      lua_pushnil(state)
      while lua_next(state, index) != 0 {
        if lua_type(state, -2) == LUA_TSTRING { count += 1 }
        lua_pop(state, 1)
      }
      table.fields.reserveCapacity(count)
      table.array.reserveCapacity(Int(lua_rawlen(state, index)))
      var position: lua_Integer = 1
      while lua_rawgeti(state, index, position) != LUA_TNIL {
        table.array.append(copy(at: -1, depth: depth - 1, functions: functions, on: state, budget: &budget))
        lua_pop(state, 1)
        position += 1
      }
      lua_pop(state, 1)
      lua_pushnil(state)
      while lua_next(state, index) != 0 {
        // Only string keys are copied; converting a number key in place would break lua_next.
        if lua_type(state, -2) == LUA_TSTRING, let key = Self.string(at: -2, on: state),
          budget.take(keyOf: key.utf8.count)
        {
          table.fields[key] = copy(at: -1, depth: depth - 1, functions: functions, on: state, budget: &budget)
        }
        lua_pop(state, 1)
      }
      return .table(table)
    case LUA_TFUNCTION:
      switch functions {
      case .dropped: return .nil
      case .placeholder(let placeholder): return .function(placeholder)
      case .referenced:
        folio_lua_begin_host_work(state)
        defer { folio_lua_end_host_work(state) }
        lua_pushvalue(state, index)
        return .function(LuaFunctionReference(reference: luaL_ref(state, folio_lua_registryindex)))
      }
    default:
      return LuaData(value(at: index, on: state))
    }
  }

  /// Pushes a value; call with the memory limit lifted.
  func push(_ value: LuaData, on thread: OpaquePointer? = nil) {
    let state = thread ?? self.state
    guard lua_checkstack(state, 3) != 0 else { return }
    switch value {
    case .table(let table):
      lua_createtable(state, Int32(clamping: table.array.count), Int32(clamping: table.fields.count))
      for (position, element) in table.array.enumerated() {
        push(element, on: state)
        lua_rawseti(state, -2, lua_Integer(position + 1))
      }
      for (key, element) in table.fields {
        Self.push(.string(key), on: state)
        push(element, on: state)
        lua_rawset(state, -3)
      }
    case .function(let reference):
      lua_rawgeti(state, folio_lua_registryindex, lua_Integer(reference.reference))
    default:
      Self.push(value.scalar ?? .nil, on: state)
    }
  }
}

/// The entry point of `makeFunction` functions; like `callSwiftFunction`, it never raises.
private func callDataFunction(_ state: OpaquePointer?, _ context: UnsafeMutableRawPointer?) -> Int32 {
  guard let state, let context else { return 0 }
  let box = Unmanaged<LuaState.DataFunctionBox>.fromOpaque(context).takeUnretainedValue()
  box.state.argumentsTooLarge = nil
  defer { box.state.argumentsTooLarge = nil }
  // An argument whose copy was cut short fails the call, whatever the function made of it.
  func tooLarge() -> Int32? {
    guard let budget = box.state.argumentsTooLarge else { return nil }
    let message = budget.tooLarge(budget: box.state.memoryLimit, what: "argument")
    box.state.push(.string(box.name.map { "\($0): \(message)" } ?? message), on: state)
    return -2
  }
  do {
    let results = try box.function(LuaArguments(state: state, owner: box.state))
    if let failed = tooLarge() { return failed }
    guard lua_checkstack(state, Int32(clamping: results.count + 3)) != 0 else {
      box.state.push(.string("too many results"), on: state)
      return -1
    }
    for result in results { box.state.push(result, on: state) }
    return Int32(results.count)
  } catch {
    if let failed = tooLarge() { return failed }
    box.state.push(.string(error.message), on: state)
    return -2
  }
}

/// A Lua thread (coroutine) suspended by `LuaState.start`, kept alive until it returns, fails
/// or is let go by `LuaState.release(_:)`.
public final class LuaThread {
  let thread: OpaquePointer
  let reference: Int32
  /// Whether it finished, failed or was released; it cannot be resumed then.
  public internal(set) var isDone = false

  init(thread: OpaquePointer, reference: Int32) {
    self.thread = thread
    self.reference = reference
  }
}

extension LuaState {
  /// How a resumed thread stopped.
  public enum ResumeOutcome: Equatable {
    /// The function returned these results (tables copied, functions dropped).
    case finished([LuaData])
    /// A yielding function (`makeYieldingFunction`) suspended it with these values.
    case yielded([LuaData])
  }

  /// Makes a Swift function a Lua value that, once the Swift function returned, yields its
  /// results to the host; the values the thread is resumed with become its results. It can
  /// only be called directly from a thread the host resumes (`resume(_:_:)`); elsewhere it
  /// raises an error naming `name`.
  public func makeYieldingFunction(name: String, _ function: @escaping DataFunction) -> LuaFunctionReference {
    let box = DataFunctionBox(function, state: self)
    functions.append(box)
    folio_lua_begin_host_work(state)
    defer { folio_lua_end_host_work(state) }
    folio_lua_push_yielding_function(
      state, callDataFunction, Unmanaged.passUnretained(box).toOpaque(), name)
    return LuaFunctionReference(reference: luaL_ref(state, folio_lua_registryindex))
  }

  /// How a command's function started by `start(_:prefix:plainResult:)` stopped.
  enum StartOutcome {
    /// It returned these results (tables copied, functions dropped).
    case finished([LuaData])
    /// A yielding function suspended it with these values; `resume` the thread to go on.
    case yielded(LuaThread, [LuaData])
  }

  /// Runs `function` on a thread of its own until it returns, fails or yields, under the
  /// instruction budget, with the values `prefix` pushes on the state (returning how many,
  /// with the memory limit lifted, raw operations only) as its arguments.
  ///
  /// The thread is one kept from an earlier function that returned normally, or a new one; a
  /// function that returns normally gives it back, so most commands make no thread, and only
  /// one that yields gets a `LuaThread` to resume it with. Threads that failed, or were
  /// released while suspended, are never reused.
  ///
  /// With `plainResult`, the first result is read in full as plain data; when it is not, the
  /// error `plainResult` makes is thrown.
  ///
  /// - Throws: `LuaError` with the message and traceback of an error, a spent budget or
  ///   exhausted memory.
  func start(
    _ function: LuaFunctionReference, prefix: (OpaquePointer) -> Int32,
    plainResult: ((PlainDataError) -> LuaError)? = nil
  ) throws(LuaError) -> StartOutcome {
    var reference: Int32 = 0
    guard let thread = folio_lua_take_thread(state, function.reference, &reference) else {
      throw LuaError(message: "not enough memory")
    }
    let base = lua_gettop(state)
    defer { lua_settop(state, base) }
    let (status, count) = try run(thread, reference: reference, prefix: prefix, [])
    if status == LUA_OK {
      folio_lua_give_back_thread(state, thread, reference)
      return .finished(try results(from: base + 1, to: base + count, plainResult: plainResult))
    }
    return .yielded(
      LuaThread(thread: thread, reference: reference),
      try results(from: base + 1, to: base + count, plainResult: nil))
  }

  /// Resumes a thread `start(_:prefix:plainResult:)` left suspended, its `arguments` becoming
  /// the results of the call that yielded, until it returns, fails or yields again, under the
  /// instruction budget (counted afresh for each resumption). A thread that returned is given
  /// back for the next `start`.
  ///
  /// With `plainResult`, the first result of a finished thread is read in full as plain data;
  /// when it is not, the error `plainResult` makes is thrown.
  ///
  /// - Throws: `LuaError` with the message and traceback of an error, a spent budget or
  ///   exhausted memory; the thread is done then.
  func resume(
    _ thread: LuaThread, _ arguments: [LuaData], plainResult: ((PlainDataError) -> LuaError)? = nil
  ) throws(LuaError) -> ResumeOutcome {
    guard !thread.isDone else { throw LuaError(message: "cannot resume a finished command") }
    let base = lua_gettop(state)
    defer { lua_settop(state, base) }
    let status: Int32
    let count: Int32
    do {
      (status, count) = try run(thread.thread, reference: thread.reference, prefix: { _ in 0 }, arguments)
    } catch {
      thread.isDone = true
      throw error
    }
    if status == LUA_OK {
      thread.isDone = true
      folio_lua_give_back_thread(state, thread.thread, thread.reference)
      return .finished(try results(from: base + 1, to: base + count, plainResult: plainResult))
    }
    return .yielded(try results(from: base + 1, to: base + count, plainResult: nil))
  }

  /// Resumes `thread` with the values `prefix` pushes and `arguments` under the budgets, and
  /// moves its results (or yielded values) onto the state's stack; returns the status and how
  /// many it moved (none when the stack cannot hold them). A failed thread's reference is
  /// freed: it never runs again.
  private func run(
    _ thread: OpaquePointer, reference: Int32, prefix: (OpaquePointer) -> Int32, _ arguments: [LuaData]
  ) throws(LuaError) -> (status: Int32, count: Int32) {
    folio_lua_begin_host_work(state)
    guard lua_checkstack(state, Int32(clamping: arguments.count + 8)) != 0,
      lua_checkstack(thread, Int32(clamping: arguments.count + 8)) != 0
    else {
      folio_lua_end_host_work(state)
      luaL_unref(state, folio_lua_registryindex, reference)
      throw LuaError(message: "too many arguments")
    }
    let passed = prefix(state) + Int32(arguments.count)
    for argument in arguments { push(argument) }
    lua_xmove(state, thread, passed)
    folio_lua_end_host_work(state)
    var count: Int32 = 0
    var stop: Int32 = 0
    let status = folio_lua_run(
      state, thread, passed, &count, Int64(instructionBudget ?? 0), Int64(timeBudget ?? 0), &stop)
    lastStop = LuaStop(reason: stop)
    guard status == LUA_OK || status == LUA_YIELD else {
      luaL_unref(state, folio_lua_registryindex, reference)
      throw callError(status)
    }
    if let lastStop {
      // Returned or yielded after a stop the plugin caught: it fails, and never runs again.
      luaL_unref(state, folio_lua_registryindex, reference)
      throw stopError(lastStop)
    }
    folio_lua_begin_host_work(state)
    let room = lua_checkstack(state, count + 8) != 0
    if room { lua_xmove(thread, state, count) }
    folio_lua_end_host_work(state)
    return (status, room ? count : 0)
  }

  /// Lets a thread go; a suspended one never resumes.
  public func release(_ thread: LuaThread) {
    guard !thread.isDone else { return }
    thread.isDone = true
    luaL_unref(state, folio_lua_registryindex, thread.reference)
  }
}
