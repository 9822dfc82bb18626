import FolioCore

/// The id of a JSON-RPC request: a number or a string, echoed in its response.
public enum RequestID: Hashable, Sendable {
  case number(Int)
  case string(String)

  /// The id as JSON.
  public var json: JSONValue {
    switch self {
    case .number(let number): .int(number)
    case .string(let string): .string(string)
    }
  }

  /// The id a message carries, or nil when `value` is not a valid id (JSON-RPC ids are
  /// strings or integers here; fractions and null are refused).
  init?(_ value: JSONValue) {
    switch value {
    case .int(let number): self = .number(number)
    case .string(let string): self = .string(string)
    default: return nil
    }
  }
}
