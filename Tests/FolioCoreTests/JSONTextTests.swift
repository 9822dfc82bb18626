import FolioCore
import Testing

@Suite struct JSONTextTests {
  private func parse(_ text: String) throws(JSONText.SyntaxError) -> JSONValue {
    try JSONText.parse(Array(text.utf8))
  }

  @Test("values read back as written, keys in order")
  func values() throws {
    let text =
      #"{"b":[1,-2,3.5,1e3,true,false,null],"a":{"s":"x\"y\\z\u00e9\ud83d\ude00\n"},"big":123456789012345678901234}"#
    let value = try parse(text)
    #expect(
      value
        == .object([
          ("b", .array([.int(1), .int(-2), .number(3.5), .number(1000), .bool(true), .bool(false), .null])),
          ("a", .object([("s", .string("x\"y\\zé😀\n"))])),
          // The nearest Double to 123456789012345678901234, as its shortest digits.
          ("big", .number(1.234_567_890_123_456_8e23)),
        ]))
    // Numbers are written as short as they read: 1000 comes back an integer.
    #expect(try parse(value.serialized).serialized == value.serialized)
  }

  @Test("malformed messages are refused with the offset where reading stopped")
  func malformed() {
    let cases: [(String, Int)] = [
      ("", 0), ("{", 1), ("[1,]", 3), ("{\"a\":1,}", 7), ("01", 1), ("1.", 2), ("-", 1), ("tru", 0),
      ("\"a", 0), ("\"\\x\"", 1), ("\"\\ud800\"", 1), ("\"\\udc00\"", 1), ("{\"a\":1,\"a\":2}", 7),
      ("1 2", 2), ("\"\u{01}\"", 1), ("{1:2}", 1),
    ]
    for (text, offset) in cases {
      #expect(throws: JSONText.SyntaxError.self, "\(text)") { try parse(text) }
      do {
        _ = try parse(text)
      } catch {
        #expect(error.offset == offset, "\(text): \(error.message)")
      }
    }
  }

  @Test("invalid UTF-8 and nesting past the limit are refused; the limit itself is read")
  func limits() throws {
    #expect(throws: JSONText.SyntaxError.self) { try JSONText.parse([0x22, 0xFF, 0x22]) }
    #expect(throws: JSONText.SyntaxError.self) { try JSONText.parse([0x22, 0xC3, 0x22]) }
    let deepest =
      String(repeating: "[", count: JSONText.maximumDepth)
      + String(repeating: "]", count: JSONText.maximumDepth)
    _ = try parse(deepest)
    #expect(throws: JSONText.SyntaxError.self) { try parse("[" + deepest + "]") }
    #expect(throws: JSONText.SyntaxError.self) { try parse("1e999") }
  }

  @Test("integers: short ones summed from their bytes, long ones parsed, past Int a number")
  func integers() throws {
    let cases: [(String, JSONValue)] = [
      ("0", .int(0)), ("-0", .int(0)), ("-7", .int(-7)),
      ("123456789012345678", .int(123_456_789_012_345_678)),
      ("-123456789012345678", .int(-123_456_789_012_345_678)),
      ("9223372036854775807", .int(Int.max)), ("-9223372036854775808", .int(Int.min)),
      ("9223372036854775808", .number(9_223_372_036_854_775_808)), ("12.5", .number(12.5)),
      ("2e3", .number(2000)),
    ]
    for (text, value) in cases {
      #expect(try JSONText.parse(Array(text.utf8)) == value, "\(text)")
    }
    for bad in ["01", "-", "1.", "--1"] {
      #expect(throws: JSONText.SyntaxError.self, "\(bad)") { try JSONText.parse(Array(bad.utf8)) }
    }
  }

  @Test("JSONValue.parse names the line and column of a mistake and takes a depth")
  func parseText() throws {
    #expect(try JSONValue.parse("[1, {\"a\": true}]") == .array([.int(1), .object([("a", .bool(true))])]))
    let error = try #require(throws: FolioError.self) { try JSONValue.parse("[1,\n  ]") }
    #expect(error.code == .format)
    #expect(error.message.hasPrefix("line 2, column 3: "), "\(error.message)")
    let deep = String(repeating: "[", count: 80) + String(repeating: "]", count: 80)
    #expect(throws: FolioError.self) { try JSONValue.parse(deep) }
    #expect(try JSONValue.parse(deep, maximumDepth: 100) != .null)
  }
}
