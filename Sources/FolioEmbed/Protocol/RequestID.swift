import FolioCore

/// The id of a JSON-RPC request: a number, a string or null, as JSON-RPC 2.0 allows, echoed
/// in its response.
public enum RequestID: Hashable, Sendable {
  /// A whole number in Int's range (`2` and `2.0` alike).
  case number(Int)
  case string(String)
  /// Any other number: a fraction, or a whole one outside Int's range (JSON-RPC advises
  /// against them, and answers them all the same).
  case fraction(Double)
  /// `null`: JSON-RPC advises against it, and a request that gives it is still a request.
  case null

  /// The id as JSON.
  public var json: JSONValue {
    switch self {
    case .number(let number): .int(number)
    case .string(let string): .string(string)
    case .fraction(let number): .number(number)
    case .null: .null
    }
  }

  /// The id a message carries, or nil when `value` cannot be an id (a bool, an array, an
  /// object, or a number that is not finite).
  init?(_ value: JSONValue) {
    switch value {
    case .int(let number): self = .number(number)
    case .string(let string): self = .string(string)
    case .number(let number):
      guard number.isFinite else { return nil }
      // 2.0 is the id 2: a client matches its answer by the number's value.
      if number.rounded() == number, let whole = Int(exactly: number) {
        self = .number(whole)
      } else {
        self = .fraction(number)
      }
    case .null: self = .null
    default: return nil
    }
  }
}
