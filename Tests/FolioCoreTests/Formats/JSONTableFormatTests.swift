import Testing

@testable import FolioCore

@Suite struct JSONTableFormatTests {
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  private func json(_ text: String) throws -> TableContent {
    try JSONTableFormat.decode(bytes(text))
  }

  // MARK: Decoding

  @Test("objects are rows; columns come in the order keys first appear; missing keys are absent")
  func decodesTable() throws {
    let table = try json(#"[{"name":"Ada","age":36},{"city":"London","name":"Alan"},{}]"#)
    #expect(table.columns == ["name", "age", "city"])
    #expect(
      table.rows == [
        [.string("Ada"), .number("36"), .absent],
        [.string("Alan"), .absent, .string("London")],
        [.absent, .absent, .absent],
      ])
    #expect(table.dialect == .json(.compact, ends: JSONTextEnds(endsWithNewline: false)))
  }

  @Test("values keep their JSON type")
  func valueTypes() throws {
    let table = try json(#"[{"s":"x","n":1.50,"t":true,"f":false,"z":null,"o":{"k":[1,{}]},"a":[],"e":{}}]"#)
    #expect(
      table.rows == [
        [
          .string("x"), .number("1.50"), .bool(true), .bool(false), .null, .json(#"{"k":[1,{}]}"#),
          .json("[]"),
          .json("{}"),
        ]
      ])
  }

  @Test(
    "numbers keep the literal as written",
    arguments: [
      "0", "-0", "1.50", "-2e3", "2E+3", "1e-7", "0.000", "123456789012345678901234567890", "-0.0e00",
    ])
  func numberLiterals(literal: String) throws {
    let input = bytes("[{\"n\":\(literal)}]\n")
    let table = try JSONTableFormat.decode(input)
    #expect(table.rows == [[.number(literal)]])
    #expect(JSONTableFormat.encode(table) == input)
  }

  @Test("nested values become compact JSON text, their strings and numbers as written")
  func nestedValues() throws {
    let table = try json("[{\"v\": { \"a\" : [ 1.0 , \"x y\\u0041\" , { } , [ ] ] ,\n \"b\":null } }]")
    #expect(table.rows == [[.json(#"{"a":[1.0,"x y\u0041",{},[]],"b":null}"#)]])
  }

  @Test("duplicate keys inside a nested object are kept as written")
  func nestedDuplicateKeys() throws {
    #expect(try json(#"[{"v":{"x":1,"x":2}}]"#).rows == [[.json(#"{"x":1,"x":2}"#)]])
  }

  @Test(
    "string escapes decode to their characters",
    arguments: [
      (#"\""#, "\""), (#"\\"#, "\\"), (#"\/"#, "/"), (#"\b"#, "\u{08}"), (#"\f"#, "\u{0C}"), (#"\n"#, "\n"),
      (#"\r"#, "\r"), (#"\t"#, "\t"), (#"\u0041"#, "A"), (#"\u00e9"#, "é"), (#"\u00E9"#, "é"),
      (#"\u20AC"#, "€"),
      (#"\u0000"#, "\u{0}"), (#"\ud83d\ude00"#, "😀"), (#"\uD83D\uDE00"#, "😀"),
      (#"\uDBFF\uDFFF"#, "\u{10FFFF}"),
      (#"a\"b\\c\u0041é😀"#, "a\"b\\cAé😀"),
    ])
  func escapes(written: String, value: String) throws {
    #expect(try json("[{\"k\":\"\(written)\"}]").rows == [[.string(value)]])
    #expect(try json("[{\"\(written)\":1}]").columns == [value])
  }

  @Test("raw UTF-8 in strings and keys reads as is")
  func rawUnicode() throws {
    let table = try json(#"[{"名前":"Zoë 😀👍🏽","\u2028":"\u2028"}]"#)
    #expect(table.columns == ["名前", "\u{2028}"])
    #expect(table.rows == [[.string("Zoë 😀👍🏽"), .string("\u{2028}")]])
  }

  @Test("an empty array is a table without columns or rows")
  func emptyArray() throws {
    #expect(
      try json(" [ ] ")
        == TableContent(
          columns: [], rows: [], dialect: .json(.compact, ends: JSONTextEnds(endsWithNewline: false))))
  }

  @Test("a byte order mark is ignored")
  func byteOrderMark() throws {
    #expect(try JSONTableFormat.decode([0xEF, 0xBB, 0xBF] + bytes("[{\"a\":1}]")).rows == [[.number("1")]])
  }

  @Test(
    "the layout is detected from the line break and indent after the opening bracket",
    arguments: [
      (#"[{"a":1}]"#, JSONStyle.compact),
      (#"[ {"a": 1}, {"a": 2} ]"#, .compact),
      ("[\n  {\"a\": 1}\n]", .pretty(indent: 2)),
      ("[\n    {\n        \"a\": 1\n    }\n]\n", .pretty(indent: 4)),
      ("[\r\n {\"a\": 1}]", .pretty(indent: 1)),
      ("[\n{\"a\": 1}\n]", .pretty(indent: 2)),
      ("[\n\t{\"a\": 1}\n]", .pretty(indent: 2)),
      ("[\n]", .compact),
    ])
  func detectsStyle(input: String, style: JSONStyle) throws {
    guard case .json(let detected, _) = try json(input).dialect else {
      Issue.record("not a JSON dialect")
      return
    }
    #expect(detected == style)
  }

  @Test(
    "the line breaks' kind, a byte order mark and a final line break are read, and written back",
    arguments: [
      ("[\r\n  {\r\n    \"a\": 1\r\n  }\r\n]\r\n", JSONTextEnds(lineEnding: .crlf)),
      ("[\r\n  {\r\n    \"a\": 1\r\n  }\r\n]", JSONTextEnds(lineEnding: .crlf, endsWithNewline: false)),
      ("\u{FEFF}[\n  {\n    \"a\": 1\n  }\n]\n", JSONTextEnds(hasByteOrderMark: true)),
      ("\u{FEFF}[{\"a\":1}]", JSONTextEnds(hasByteOrderMark: true, endsWithNewline: false)),
      ("[{\"a\":1}]\r\n", JSONTextEnds(lineEnding: .crlf)),
      ("[\r  {\r    \"a\": 1\r  }\r]\r", JSONTextEnds(lineEnding: .cr)),
      ("[\n  {\n    \"a\": 1\n  }\n]\n", JSONTextEnds.standard),
    ])
  func readsAndWritesEnds(input: String, ends: JSONTextEnds) throws {
    let table = try json(input)
    guard case .json(_, let read) = table.dialect else {
      Issue.record("not a JSON dialect")
      return
    }
    #expect(read == ends)
    #expect(JSONTableFormat.encode(table) == bytes(input))
  }

  // MARK: Encoding

  private static let sample = TableContent(
    columns: ["name", "n", "ok", "z", "nested", "gone"],
    rows: [
      [
        .string("Ada \"A\"\n"), .number("1.50"), .bool(true), .null, .json(#"{"k":[1,{},[]],"e":{}}"#),
        .absent,
      ],
      [.absent, .absent, .bool(false), .absent, .json("[]"), .absent],
      [.absent, .absent, .absent, .absent, .absent, .absent],
    ],
    dialect: .json(.compact))

  @Test("compact style writes one line without spaces, leaving absent keys out")
  func encodesCompact() {
    #expect(
      JSONTableFormat.encode(Self.sample)
        == bytes(
          #"[{"name":"Ada \"A\"\n","n":1.50,"ok":true,"z":null,"nested":{"k":[1,{},[]],"e":{}}},{"ok":false,"nested":[]},{}]"#
            + "\n"))
  }

  @Test("pretty style writes one key or element a line, nested values indented too")
  func encodesPretty() {
    var table = Self.sample
    table.dialect = .json(.pretty(indent: 2))
    let expected = """
      [
        {
          "name": "Ada \\"A\\"\\n",
          "n": 1.50,
          "ok": true,
          "z": null,
          "nested": {
            "k": [
              1,
              {},
              []
            ],
            "e": {}
          }
        },
        {
          "ok": false,
          "nested": []
        },
        {}
      ]

      """
    #expect(String(decoding: JSONTableFormat.encode(table), as: UTF8.self) == expected)
  }

  @Test("an empty table is an empty array in either style")
  func encodesEmpty() {
    for style in [JSONStyle.compact, .pretty(indent: 4)] {
      #expect(
        JSONTableFormat.encode(TableContent(columns: ["a"], rows: [], dialect: .json(style))) == bytes("[]\n")
      )
    }
  }

  @Test("strings escape quotes, backslashes and control characters only")
  func encodesStrings() {
    let table = TableContent(
      columns: ["k\"\\"], rows: [[.string("\u{0}\u{1}\u{08}\t\n\u{0B}\u{0C}\r\u{1F} \u{7F}/é😀\u{2028}")]],
      dialect: .json(.compact))
    #expect(
      String(decoding: JSONTableFormat.encode(table), as: UTF8.self)
        == #"[{"k\"\\":"\u0000\u0001\b\t\n\u000b\f\r\u001f "# + "\u{7F}/é😀\u{2028}\"}]\n")
  }

  @Test("a CSV table is written as pretty JSON of strings")
  func encodesDelimitedTable() {
    let table = TableContent(columns: ["a"], rows: [[.string("1")]], dialect: .delimited(.csv))
    #expect(JSONTableFormat.encode(table) == bytes("[\n  {\n    \"a\": \"1\"\n  }\n]\n"))
    #expect(JSONTableFormat.encode(table, style: .compact) == bytes("[{\"a\":\"1\"}]\n"))
  }

  @Test("numbers and JSON text that are not valid JSON are written as strings")
  func encodesInvalidPayloads() throws {
    let table = TableContent(
      columns: ["n", "j", "deep"],
      rows: [
        [
          .number("1,5"), .json("{oops"),
          .json(String(repeating: "[", count: 511) + String(repeating: "]", count: 511)),
        ]
      ],
      dialect: .json(.compact))
    let decoded = try JSONTableFormat.decode(JSONTableFormat.encode(table))
    #expect(decoded.rows.first?.prefix(2) == [.string("1,5"), .string("{oops")])
    #expect(
      decoded.rows.first?.last
        == .string(String(repeating: "[", count: 511) + String(repeating: "]", count: 511)))
  }

  @Test("JSON text set by hand is laid out in the file's style")
  func relayoutsJSONText() {
    let table = TableContent(columns: ["j"], rows: [[.json(" [ 1 ,\n\"a b\" ] ")]], dialect: .json(.compact))
    #expect(JSONTableFormat.encode(table) == bytes("[{\"j\":[1,\"a b\"]}]\n"))
  }

  @Test("cells show people the text of their value")
  func cellDescriptions() {
    #expect(TableCell.string("x").description == "x")
    #expect(TableCell.number("-2e3").description == "-2e3")
    #expect(TableCell.bool(true).description == "true")
    #expect(TableCell.bool(false).description == "false")
    #expect(TableCell.null.description == "")
    #expect(TableCell.json("[1]").description == "[1]")
    #expect(TableCell.absent.description == "")
  }
}
