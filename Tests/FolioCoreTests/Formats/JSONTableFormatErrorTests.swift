import Testing

@testable import FolioCore

@Suite struct JSONTableFormatErrorTests {
  private func decodeError(_ text: String) -> FolioError? {
    decodeError(Array(text.utf8))
  }

  private func decodeError(_ bytes: [UInt8]) -> FolioError? {
    do {
      _ = try JSONTableFormat.decode(bytes)
      return nil
    } catch {
      return error
    }
  }

  @Test(
    "anything but an array of objects is refused where it starts",
    arguments: [
      ("", "line 1, column 1"), ("{}", "line 1, column 1"), (#""x""#, "line 1, column 1"),
      ("null", "line 1, column 1"),
      ("  \n  [1]", "line 2, column 4"), (#"[{"a":1},2]"#, "line 1, column 10"), ("[[]]", "line 1, column 2"),
      (#"[{"a":1}, "x"]"#, "line 1, column 11"), ("[\u{0C}]", "line 1, column 2"),
    ])
  func notAnArrayOfObjects(input: String, position: String) {
    #expect(decodeError(input) == FolioError(.format, "\(position): expected an array of objects"))
  }

  @Test(
    "syntax errors name what was expected and what was found",
    arguments: [
      (#"[{"a":1},]"#, "line 1, column 10: a trailing comma is not allowed"),
      (#"[{"a":1,}]"#, "line 1, column 9: a trailing comma is not allowed"),
      (#"[{"a":[1,]}]"#, "line 1, column 10: a trailing comma is not allowed"),
      (#"[{"a":{"b":1,}}]"#, "line 1, column 14: a trailing comma is not allowed"),
      (#"[{"a" 1}]"#, "line 1, column 7: expected ':', found '1'"),
      (#"[{a:1}]"#, "line 1, column 3: expected a string key, found 'a'"),
      (#"[{"a":{1:2}}]"#, "line 1, column 8: expected a string key, found '1'"),
      (#"[{"a":1 "b":2}]"#, #"line 1, column 9: expected ',' or '}', found '"'"#),
      (#"[{"a":1}{"b":2}]"#, "line 1, column 9: expected ',' or ']', found '{'"),
      (#"[{"a":[1}]}]"#, "line 1, column 9: expected ',' or ']', found '}'"),
      (#"[{"a":{"b":1]}]"#, "line 1, column 13: expected ',' or '}', found ']'"),
      (#"[{"a":1}"#, "line 1, column 9: expected ',' or ']', found the end of the file"),
      (#"[{"a":"#, "line 1, column 7: expected a value, found the end of the file"),
      (#"[{"a":[1,"#, "line 1, column 10: expected a value, found the end of the file"),
      (#"[{"a":}]"#, "line 1, column 7: expected a value, found '}'"),
      (#"[{"a":.5}]"#, "line 1, column 7: expected a value, found '.'"),
      (#"[{"a":+1}]"#, "line 1, column 7: expected a value, found '+'"),
      (#"[{"a":'x'}]"#, "line 1, column 7: expected a value, found '''"),
      (#"[{"a":tru}]"#, "line 1, column 7: expected true"),
      (#"[{"a":nul"#, "line 1, column 7: expected null"),
      (#"[{"a":[False]}]"#, "line 1, column 8: expected a value, found 'F'"),
      (#"[{"a":1.5.2}]"#, "line 1, column 10: expected ',' or '}', found '.'"),
      (#"[{"a":truex}]"#, "line 1, column 11: expected ',' or '}', found 'x'"),
      ("[{\"a\":1\u{0B}}]", "line 1, column 8: expected ',' or '}', found U+000B"),
      ("[] x", "line 1, column 4: unexpected text after the array"),
      ("[][]", "line 1, column 3: unexpected text after the array"),
    ])
  func syntaxErrors(input: String, message: String) {
    #expect(decodeError(input) == FolioError(.format, message))
  }

  @Test(
    "numbers must follow the JSON grammar",
    arguments: [
      (#"[{"a":01}]"#, "line 1, column 8: invalid number: a leading zero must not be followed by digits"),
      (#"[{"a":-01}]"#, "line 1, column 9: invalid number: a leading zero must not be followed by digits"),
      (#"[{"a":-}]"#, "line 1, column 8: invalid number: expected a digit, found '}'"),
      (#"[{"a":-x}]"#, "line 1, column 8: invalid number: expected a digit, found 'x'"),
      (#"[{"a":1.}]"#, "line 1, column 9: invalid number: expected a digit after '.', found '}'"),
      (#"[{"a":1.e5}]"#, "line 1, column 9: invalid number: expected a digit after '.', found 'e'"),
      (#"[{"a":1e}]"#, "line 1, column 9: invalid number: expected a digit in the exponent, found '}'"),
      (#"[{"a":1E+}]"#, "line 1, column 10: invalid number: expected a digit in the exponent, found '}'"),
      (
        #"[{"a":[2e-"#,
        "line 1, column 11: invalid number: expected a digit in the exponent, found the end of the file"
      ),
    ])
  func invalidNumbers(input: String, message: String) {
    #expect(decodeError(input) == FolioError(.format, message))
  }

  @Test(
    "strings must be closed, escape control characters and use valid escapes",
    arguments: [
      (#"[{"a":"abc"#, "line 1, column 7: a string is not closed"),
      (#"[{"a":"abc\"#, "line 1, column 11: a string is not closed"),
      (#"[{"abc"#, "line 1, column 3: a string is not closed"),
      (#"[{"a":["x\"]}]"#, "line 1, column 8: a string is not closed"),
      ("[{\"a\":\"x\ty\"}]", "line 1, column 9: control character U+0009 in a string must be escaped"),
      ("[{\"a\":\"x\\\"\ny\"}]", "line 1, column 11: control character U+000A in a string must be escaped"),
      ("[{\"a\":[\"\u{1F}\"]}]", "line 1, column 9: control character U+001F in a string must be escaped"),
      (#"[{"a":"b\q"}]"#, #"line 1, column 9: invalid escape "\q" in a string"#),
      (#"[{"a":"\x41"}]"#, #"line 1, column 8: invalid escape "\x" in a string"#),
      (
        #"[{"a":"\u12G4"}]"#,
        #"line 1, column 8: invalid escape in a string: \u must be followed by four hex digits"#
      ),
      (
        #"[{"a":"\u12"}]"#,
        #"line 1, column 8: invalid escape in a string: \u must be followed by four hex digits"#
      ),
      (
        #"[{"a":"\u"#,
        #"line 1, column 8: invalid escape in a string: \u must be followed by four hex digits"#
      ),
      (#"[{"a":"\uD83D"}]"#, #"line 1, column 8: unpaired UTF-16 surrogate "\uD83D" in a string"#),
      (#"[{"a":"\uDE00"}]"#, #"line 1, column 8: unpaired UTF-16 surrogate "\uDE00" in a string"#),
      (#"[{"a":"\ud83dx"}]"#, #"line 1, column 8: unpaired UTF-16 surrogate "\ud83d" in a string"#),
      (#"[{"a":"\uD83D\u0041"}]"#, #"line 1, column 8: unpaired UTF-16 surrogate "\uD83D" in a string"#),
      (#"[{"a":"\uD83D\uD83D"}]"#, #"line 1, column 8: unpaired UTF-16 surrogate "\uD83D" in a string"#),
      (
        #"[{"a":"\uD83D\uZZZZ"}]"#,
        #"line 1, column 14: invalid escape in a string: \u must be followed by four hex digits"#
      ),
      (#"[{"a":{"\uDC00":1}}]"#, #"line 1, column 9: unpaired UTF-16 surrogate "\uDC00" in a string"#),
      (#"[{"é😀":"\uD800"}]"#, #"line 1, column 9: unpaired UTF-16 surrogate "\uD800" in a string"#),
    ])
  func invalidStrings(input: String, message: String) {
    #expect(decodeError(input) == FolioError(.format, message))
  }

  @Test("a key repeated in a row object is refused at its second appearance")
  func duplicateKeys() {
    #expect(
      decodeError(#"[{"a":1,"a":2}]"#)
        == FolioError(.format, #"line 1, column 9: duplicate key "a" in an object"#))
    #expect(
      decodeError("[\n  {\n    \"a\": 1,\n    \"b\": 2,\n    \"a\": 3\n  }\n]")
        == FolioError(.format, #"line 5, column 5: duplicate key "a" in an object"#))
    #expect(
      decodeError(#"[{"b":1},{"a":1,"\u0061":2}]"#)
        == FolioError(.format, #"line 1, column 17: duplicate key "a" in an object"#))
  }

  @Test("nesting up to 512 arrays and objects is read; deeper is refused where it goes too deep")
  func nestingLimit() throws {
    // The table's array and the row object are two levels; a cell may nest 510 more.
    let allowed = "[{\"a\":" + String(repeating: "[", count: 510) + String(repeating: "]", count: 510) + "}]"
    let table = try JSONTableFormat.decode(Array(allowed.utf8))
    #expect(table.rows == [[.json(String(repeating: "[", count: 510) + String(repeating: "]", count: 510))]])

    let tooDeep = "[{\"a\":" + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + "}]"
    #expect(
      decodeError(tooDeep)
        == FolioError(.format, "line 1, column 517: nesting deeper than 512 arrays and objects"))

    let objects =
      "[{\"a\":" + String(repeating: "{\"k\":", count: 511) + "1" + String(repeating: "}", count: 511) + "}]"
    #expect(
      decodeError(objects)
        == FolioError(.format, "line 1, column 2557: nesting deeper than 512 arrays and objects"))
  }

  @Test("a hostile depth fails fast without exhausting the stack")
  func hostileDepth() {
    let input = "[{\"a\":" + String(repeating: "[", count: 1_000_000)
    #expect(
      decodeError(input)
        == FolioError(.format, "line 1, column 517: nesting deeper than 512 arrays and objects"))
  }

  @Test("positions count lines in CRLF files and characters, not bytes")
  func positions() {
    #expect(
      decodeError("[\r\n  {\"x\": 1},\r\n  {\"é😀\": 2 3}\r\n]")
        == FolioError(.format, "line 3, column 12: expected ',' or '}', found '3'"))
  }

  @Test("invalid UTF-8 and NUL bytes are refused with their line and column")
  func notText() {
    #expect(
      decodeError(Array(#"[{"a":""#.utf8) + [0xFF] + Array(#""}]"#.utf8))
        == FolioError(.format, "invalid UTF-8 at line 1, column 8"))
    #expect(
      decodeError(Array("[\n{\"a\":\"".utf8) + [0x00] + Array("\"}]".utf8))
        == FolioError(.format, "binary data (a NUL byte) at line 2, column 7"))
  }
}
