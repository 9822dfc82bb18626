import Foundation
import Testing

@testable import FolioCore

@Suite struct JSONValueTests {
  @Test("objects keep their key order")
  func order() {
    let value = JSONValue.object([("ok", .bool(true)), ("command", .string("x")), ("a", .null)])
    #expect(value.serialized == #"{"ok":true,"command":"x","a":null}"#)
  }

  @Test("strings escape quotes, backslashes and control characters and parse back the same")
  func escaping() throws {
    let text = "quote \" backslash \\ newline \n tab \t bell \u{07} nul \u{00} del \u{7F} é ★ \u{2028}"
    let serialized = JSONValue.array([.string(text)]).serialized
    #expect(!serialized.contains("\n"))
    let parsed = try JSONSerialization.jsonObject(with: Data(serialized.utf8)) as? [String]
    #expect(parsed == [text])
  }

  @Test("numbers: whole ones without a fraction, non-finite ones as null")
  func numbers() {
    #expect(
      JSONValue.array([.number(2), .number(2.5), .number(.infinity), .int(-3)]).serialized
        == "[2,2.5,null,-3]")
  }

  /// How a scalar is written inside a string: the escapes JSON needs, the C1 controls and DEL
  /// as `\u00XX`, U+2028 and U+2029 escaped for JavaScript, anything else as itself.
  private func expectedEscape(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\"": return "\\\""
    case "\\": return "\\\\"
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    case "\u{08}": return "\\b"
    case "\u{0C}": return "\\f"
    case _
    where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
      || (0x2028...0x202E).contains(scalar.value)
      || (0x2066...0x2069).contains(scalar.value):
      let hex = String(scalar.value, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: return String(scalar)
    }
  }

  @Test("every scalar is written as itself or its escape, alone, between runs, and repeated")
  func escapesByScalar() {
    let scalars =
      (0..<0x300).compactMap { Unicode.Scalar(UInt32($0)) }
      + (0x2020..<0x2030).compactMap { Unicode.Scalar(UInt32($0)) }
      + (0x2060..<0x2070).compactMap { Unicode.Scalar(UInt32($0)) }
      + ["\u{FEFF}", "\u{1F600}", "\u{10FFFF}"]
    for scalar in scalars {
      let escaped = expectedEscape(scalar)
      for (text, expected) in [
        (String(scalar), escaped), ("ab\(scalar)cd", "ab\(escaped)cd"),
        ("\(scalar)\(scalar)", escaped + escaped),
      ] {
        #expect(
          JSONValue.string(text).serialized == "\"\(expected)\"", "U+\(String(scalar.value, radix: 16))")
      }
    }
  }

  @Test("integers at the edges of Int are written in decimal, the same as their description")
  func integers() {
    for value in [
      0, 1, -1, 9, 10, -10, 99, 100, 12_345, -98_765, Int(Int32.max), Int.max, Int.min, Int.max - 1,
    ] {
      #expect(JSONValue.int(value).serialized == String(value))
    }
  }

  @Test("the writer's typed values write the bytes of the same tree, past its first buffer too")
  func typedWriter() {
    let long = String(repeating: "long \"text\" ", count: 100)
    let tree = JSONValue.object([
      ("id", .int(-7)), ("title", .string("Save As…\u{2028}")), ("shortcut", .null),
      ("enabled", .bool(false)),
      ("long", .string(long)), ("list", .array([.int(1), .number(2.5), .string("x")])),
    ])
    var writer = JSONWriter(capacity: 16)
    writer.append("{")
    writer.writeKey("id")
    writer.write(-7)
    writer.comma()
    writer.writeKey("title")
    writer.write("Save As…\u{2028}")
    writer.comma()
    writer.writeKey("shortcut")
    writer.write(String?.none)
    writer.comma()
    writer.writeKey("enabled")
    writer.write(false)
    writer.comma()
    writer.writeKey("long")
    writer.write(long)
    writer.append(",\"list\":")
    writer.write(JSONValue.array([.int(1), .number(2.5), .string("x")]))
    writer.append("}")
    #expect(writer.withBytes { Array($0) } == tree.serializedBytes)
    #expect(writer.count == tree.serializedBytes.count)
  }
}
