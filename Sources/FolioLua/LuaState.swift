import CLua
import CLuaHost

/// One Lua 5.4 state with the safe standard libraries, a memory limit and an instruction
/// budget.
///
/// Every call into Lua runs under `lua_pcall` with a traceback handler. Swift functions
/// exposed to Lua never raise: they report errors by return value and a C trampoline raises
/// them once the Swift frame has returned, so no Lua error ever unwinds through Swift.
public final class LuaState {
  /// A Swift function callable from Lua: takes the arguments, returns the results, or throws
  /// a `LuaError` whose message Lua code receives as the error.
  public typealias Function = ([LuaValue]) throws(LuaError) -> [LuaValue]

  final class FunctionBox {
    let function: Function
    init(_ function: @escaping Function) { self.function = function }
  }

  let state: OpaquePointer
  var functions: [AnyObject] = []

  /// Creates a state with the safe libraries open.
  ///
  /// - Parameter memoryLimit: the most bytes Lua may allocate; 0 for no limit.
  /// - Throws: `LuaError` when the state cannot be created.
  public init(memoryLimit: Int = 0) throws(LuaError) {
    guard let state = folio_lua_newstate(max(0, memoryLimit)) else {
      throw LuaError(message: "cannot create a Lua state: not enough memory")
    }
    self.state = state
    folio_lua_open_safe_libs(state)
  }

  deinit {
    folio_lua_close(state)
  }

  /// Bytes Lua currently holds.
  public var memoryUsed: Int { folio_lua_memory_used(state) }

  /// The most bytes Lua may allocate; 0 for no limit.
  public var memoryLimit: Int {
    get { folio_lua_memory_limit(state) }
    set { folio_lua_set_memory_limit(state, max(0, newValue)) }
  }

  /// Limits the instructions each later call may execute (checked every 1,000; pattern
  /// matching steps count too); nil for no limit.
  public var instructionBudget: Int?

  /// Limits the wall-clock milliseconds each later call may take; nil for no limit.
  public var timeBudget: Int?

  /// Why the last call stopped, when a budget or a stop request ended it; nil otherwise.
  public internal(set) var lastStop: LuaStop?

  /// The copy budget that cut short a copy of the running Swift function's arguments; nil
  /// while none did.
  var argumentsTooLarge: CopyBudget?

  /// Starts a call's limits; returns what `endCall` restores.
  func beginCall() -> folio_call_limits {
    folio_lua_begin_call(state, Int64(instructionBudget ?? 0), Int64(timeBudget ?? 0))
  }

  /// Ends a call's limits and records why it stopped.
  func endCall(_ saved: folio_call_limits) {
    lastStop = LuaStop(reason: folio_lua_end_call(state, saved))
  }

  /// Ctrl-C: stops the Lua code running now in any state (at its next instruction-count
  /// check or pattern-matching step) with the error "interrupted", and any started later,
  /// until `clearInterrupt()`. Only sets a flag, so a signal handler may call it.
  public static func interrupt() { folio_lua_interrupt() }

  /// Forgets `interrupt()`.
  public static func clearInterrupt() { folio_lua_clear_interrupt() }

  /// Runs a chunk of Lua source and returns its results.
  ///
  /// - Parameters:
  ///   - source: Lua source text (binary chunks are refused).
  ///   - name: the chunk name used in error messages, e.g. `@plugin.lua`.
  /// - Throws: `LuaError` with the message and traceback of a syntax or runtime error.
  @discardableResult
  public func run(_ source: String, name: String) throws(LuaError) -> [LuaValue] {
    let base = lua_gettop(state)
    lua_pushcfunction(state, folio_lua_traceback)
    var source = source
    let status = source.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        luaL_loadbufferx(state, $0.baseAddress, $0.count, name, "t")
      }
    }
    guard status == LUA_OK else {
      defer { lua_settop(state, base) }
      throw LuaError(message: string(at: -1) ?? "cannot load \(name)")
    }
    let limits = beginCall()
    let callStatus = lua_pcall(state, 0, LUA_MULTRET, base + 1)
    endCall(limits)
    defer { lua_settop(state, base) }
    if callStatus == LUA_OK, let stop = lastStop { throw stopError(stop) }
    guard callStatus == LUA_OK else {
      if callStatus == LUA_ERRMEM { throw memoryError() }
      var error = LuaError(handlerOutput: string(at: -1) ?? "(error object is not a string)")
      error.stop = lastStop ?? (error.message.hasSuffix("not enough memory") ? .memory : nil)
      throw error
    }
    let top = lua_gettop(state)
    return top > base + 1 ? (base + 2...top).map(value(at:)) : []
  }

  /// Makes a Swift function available to Lua as a global.
  public func register(_ name: String, _ function: @escaping Function) {
    let box = FunctionBox(function)
    functions.append(box)
    folio_lua_push_swift_function(state, callSwiftFunction, Unmanaged.passUnretained(box).toOpaque(), name)
    lua_setglobal(state, name)
  }

  /// Stops the running Lua code at its next check with the error "interrupted"; call
  /// `clearStop` before running more.
  public func requestStop() { folio_lua_request_stop(state) }

  /// Forgets a stop request.
  public func clearStop() { folio_lua_clear_stop(state) }

  /// Makes `require(NAME)` load `FOLDER/NAME.lua` (dots as folders) as text, once; nothing
  /// outside `folder` can be required (symbolic links are resolved first), and only regular
  /// files are read.
  public func installRequire(folder: String) { folio_lua_install_require(state, folder) }

  /// Makes `require(name)` return the global `name`, as it is now; call after
  /// `installRequire(folder:)`.
  public func preloadGlobal(_ name: String) { folio_lua_preload_global(state, name) }

  /// The error of a call that returned although `stop` had ended it (the plugin caught the
  /// stop somewhere no guard sees, then returned): a spent budget ends the callback whatever
  /// the plugin does.
  func stopError(_ stop: LuaStop) -> LuaError {
    switch stop {
    case .memory: memoryError()
    case .instructions, .time, .interrupted: LuaError(message: stop.rawValue, stop: stop)
    }
  }

  /// The error for an allocation the memory limit refused, naming the `FILE:LINE:` of the Lua
  /// code that asked for it when known.
  func memoryError() -> LuaError {
    let location = String(cString: folio_lua_memory_error_location(state))
    return LuaError(
      message: location.isEmpty ? "not enough memory" : "\(location) not enough memory", stop: .memory)
  }

  private func string(at index: Int32) -> String? {
    Self.string(at: index, on: state)
  }

  private func value(at index: Int32) -> LuaValue {
    Self.value(at: index, on: state)
  }

  static func string(at index: Int32, on state: OpaquePointer) -> String? {
    guard lua_type(state, index) == LUA_TSTRING else { return nil }
    var length = 0
    guard let bytes = lua_tolstring(state, index, &length) else { return nil }
    return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
  }

  /// Reads a value without calling anything that could raise: only types that convert
  /// without metamethods; tables and functions read as nil.
  static func value(at index: Int32, on state: OpaquePointer) -> LuaValue {
    switch lua_type(state, index) {
    case LUA_TBOOLEAN: return .boolean(lua_toboolean(state, index) != 0)
    case LUA_TNUMBER:
      return lua_isinteger(state, index) != 0
        ? .integer(Int(lua_tointeger(state, index))) : .number(lua_tonumber(state, index))
    case LUA_TSTRING: return string(at: index, on: state).map(LuaValue.string) ?? .nil
    default: return .nil
    }
  }

  static func push(_ value: LuaValue, on state: OpaquePointer) {
    switch value {
    case .nil: lua_pushnil(state)
    case .boolean(let flag): lua_pushboolean(state, flag ? 1 : 0)
    case .integer(let integer): lua_pushinteger(state, lua_Integer(integer))
    case .number(let number): lua_pushnumber(state, number)
    case .string(var text):
      text.withUTF8 { bytes in
        bytes.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(state, $0.baseAddress, $0.count) }
      }
    }
  }

  fileprivate static func function(from context: UnsafeMutableRawPointer) -> Function {
    Unmanaged<FunctionBox>.fromOpaque(context).takeUnretainedValue().function
  }

  fileprivate static func arguments(on state: OpaquePointer) -> [LuaValue] {
    let count = lua_gettop(state)
    return count > 0 ? (1...count).map { value(at: $0, on: state) } : []
  }
}

/// The entry point of every Swift function called from Lua. It must not raise: it pushes an
/// error message and returns -1, and the C trampoline raises the error after it returned.
private func callSwiftFunction(_ state: OpaquePointer?, _ context: UnsafeMutableRawPointer?) -> Int32 {
  guard let state, let context else { return 0 }
  let function = LuaState.function(from: context)
  do {
    let results = try function(LuaState.arguments(on: state))
    guard lua_checkstack(state, Int32(clamping: results.count)) != 0 else {
      LuaState.push(.string("too many results"), on: state)
      return -1
    }
    for result in results { LuaState.push(result, on: state) }
    return Int32(results.count)
  } catch {
    LuaState.push(.string(error.message), on: state)
    return -1
  }
}
