/// A Lua value that crosses between Swift and Lua by copy.
public enum LuaValue: Sendable, Equatable, CustomStringConvertible {
  case `nil`
  case boolean(Bool)
  case integer(Int)
  case number(Double)
  case string(String)

  public var description: String {
    switch self {
    case .nil: "nil"
    case .boolean(let value): String(value)
    case .integer(let value): String(value)
    case .number(let value): String(value)
    case .string(let value): value
    }
  }
}

/// An error raised by Lua code, with the traceback taken where it was raised.
public struct LuaError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The error message, e.g. `plugin.lua:3: attempt to index a nil value`.
  public var message: String
  /// The `stack traceback:` lines, or empty when none was taken.
  public var traceback: String
  /// The budget or stop request that ended the call, when one did.
  public var stop: LuaStop?

  /// Creates an error from a message and a traceback.
  public init(message: String, traceback: String = "", stop: LuaStop? = nil) {
    self.message = message
    self.traceback = traceback
    self.stop = stop
  }

  /// Splits the text produced by Folio's traceback handler into message and traceback.
  init(handlerOutput text: String) {
    if let range = text.range(ofText: "\nstack traceback:") {
      self.init(
        message: String(text[..<range.lowerBound]),
        traceback: String(text[text.index(after: range.lowerBound)...]))
    } else {
      self.init(message: text)
    }
  }

  public var description: String { message }
}
