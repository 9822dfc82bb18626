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
}
