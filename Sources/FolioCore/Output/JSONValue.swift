/// A JSON value whose objects keep their keys in the order they were written.
///
/// Folio writes JSON Lines whose field order is part of what people read
/// (`{"ok":true,"command":…,"result":…}`), so objects are ordered pairs, not dictionaries.
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.int(let a), .int(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  /// A string, or null when the value is nil.
  public static func string(_ value: String?) -> JSONValue {
    value.map(JSONValue.string) ?? .null
  }

  /// The value serialized on one line (no insignificant whitespace).
  public var serialized: String {
    var writer = JSONWriter(capacity: 256)
    writer.write(self)
    return writer.withBytes { String(decoding: $0, as: UTF8.self) }
  }

  /// The value serialized on one line (no insignificant whitespace), as UTF-8 bytes.
  public var serializedBytes: [UInt8] {
    var writer = JSONWriter(capacity: 256)
    writer.write(self)
    return writer.withBytes { Array($0) }
  }

  /// Appends the serialized value to `output`, as UTF-8 bytes.
  public func write(to output: inout [UInt8]) {
    var writer = JSONWriter(capacity: 256)
    writer.write(self)
    writer.withBytes { output.append(contentsOf: $0) }
  }
}
