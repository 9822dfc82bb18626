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
    String(decoding: serializedBytes, as: UTF8.self)
  }

  /// The value serialized on one line (no insignificant whitespace), as UTF-8 bytes.
  public var serializedBytes: [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(128)
    write(to: &output)
    return output
  }

  /// Appends the serialized value to `output`, as UTF-8 bytes.
  public func write(to output: inout [UInt8]) {
    switch self {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
    case .int(let value): output.append(contentsOf: String(value).utf8)
    case .number(let value):
      if !value.isFinite {
        output.append(contentsOf: "null".utf8)
      } else if value == value.rounded(), abs(value) < 1e15 {
        output.append(contentsOf: String(Int(value)).utf8)
      } else {
        output.append(contentsOf: String(value).utf8)
      }
    case .string(let value): Self.writeString(value, to: &output)
    case .array(let values):
      output.append(UInt8(ascii: "["))
      for (index, value) in values.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        value.write(to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let pairs):
      output.append(UInt8(ascii: "{"))
      for (index, (key, value)) in pairs.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        Self.writeString(key, to: &output)
        output.append(UInt8(ascii: ":"))
        value.write(to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// Writes a string in quotes: the runs of bytes that need no escape are copied whole.
  private static func writeString(_ value: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { writeEscaped($0, to: &output) }
    output.append(UInt8(ascii: "\""))
  }

  /// Copies UTF-8 `bytes` to `output`, escaping quotes, backslashes, the C0 and C1 control
  /// characters and DEL, and U+2028/U+2029 (line breaks to JavaScript).
  private static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    var runStart = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      let scalar: UInt32
      let length: Int
      if byte < 0x80 {
        (scalar, length) = (UInt32(byte), 1)
      } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] <= 0x9F {
        // U+0080…U+009F, the C1 controls.
        (scalar, length) = (UInt32(bytes[index + 1]), 2)
      } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
        bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
      {
        (scalar, length) = (0x2000 + UInt32(bytes[index + 2] - 0x80), 3)
      } else {
        index += 1
        continue
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      writeEscape(scalar, to: &output)
      index += length
      runStart = index
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  private static func writeEscape(_ scalar: UInt32, to output: inout [UInt8]) {
    let short: UInt8? =
      switch scalar {
      case 0x22: UInt8(ascii: "\"")
      case 0x5C: UInt8(ascii: "\\")
      case 0x0A: UInt8(ascii: "n")
      case 0x0D: UInt8(ascii: "r")
      case 0x09: UInt8(ascii: "t")
      case 0x08: UInt8(ascii: "b")
      case 0x0C: UInt8(ascii: "f")
      default: nil
      }
    output.append(UInt8(ascii: "\\"))
    if let short {
      output.append(short)
      return
    }
    output.append(UInt8(ascii: "u"))
    for shift in stride(from: 12, through: 0, by: -4) {
      output.append(hexDigits[Int((scalar >> UInt32(shift)) & 0xF)])
    }
  }
}
