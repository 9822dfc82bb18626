import CLuaHost

/// What stopped a Lua call that did not fail by itself: a spent budget or a stop request.
public enum LuaStop: String, Sendable, Equatable {
  /// The instruction budget was spent.
  case instructions = "instruction budget exceeded"
  /// The time budget was spent.
  case time = "time budget exceeded"
  /// The memory budget refused an allocation.
  case memory = "memory budget exceeded"
  /// Ctrl-C or `LuaState.requestStop()`.
  case interrupted

  /// The reason `folio_lua_end_call` reports, nil for none.
  init?(reason: Int32) {
    switch UInt32(bitPattern: reason) {
    case folio_stop_instructions.rawValue: self = .instructions
    case folio_stop_time.rawValue: self = .time
    case folio_stop_interrupted.rawValue: self = .interrupted
    case folio_stop_memory.rawValue: self = .memory
    default: return nil
    }
  }
}
