/// A value bound to a parameter.
public enum ArgumentValue: Sendable, Equatable {
  case string(String)
  case int(Int)
  case number(Double)
  case bool(Bool)
  /// The verbatim words of a `rest` parameter.
  case words([Word])
}

/// The arguments of one invocation, bound to a command's parameters and converted to their
/// types, and where the invocation came from.
public struct Arguments: Sendable, Equatable {
  /// The values by parameter name.
  public private(set) var values: [String: ArgumentValue]
  /// Where the command was invoked from; a destructive command confirms first when it was
  /// chosen from a menu.
  public var origin: InvocationOrigin

  /// Creates bound arguments from values keyed by parameter name.
  public init(_ values: [String: ArgumentValue] = [:], origin: InvocationOrigin = .typed) {
    self.values = values
    self.origin = origin
  }

  /// The raw value of a parameter, if given or defaulted.
  public subscript(name: String) -> ArgumentValue? { values[name] }

  /// Whether a parameter has a value.
  public func contains(_ name: String) -> Bool { values[name] != nil }

  /// A string or path parameter's value.
  public func string(_ name: String) -> String? {
    if case .string(let value) = values[name] { return value }
    return nil
  }

  /// An integer parameter's value.
  public func int(_ name: String) -> Int? {
    if case .int(let value) = values[name] { return value }
    return nil
  }

  /// A number parameter's value (integers read as numbers too).
  public func number(_ name: String) -> Double? {
    switch values[name] {
    case .number(let value): value
    case .int(let value): Double(value)
    default: nil
    }
  }

  /// A bool parameter's value, false when absent.
  public func flag(_ name: String) -> Bool {
    if case .bool(let value) = values[name] { return value }
    return false
  }

  /// The words of a `rest` parameter, empty when absent.
  public func words(_ name: String) -> [Word] {
    if case .words(let words) = values[name] { return words }
    return []
  }
}
