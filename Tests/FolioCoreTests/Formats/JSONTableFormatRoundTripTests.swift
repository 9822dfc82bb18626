import Testing

@testable import FolioCore

/// Round trips over generated tables and canonical files in both styles.
@Suite struct JSONTableFormatRoundTripTests {
  private static let styles: [JSONStyle] = [
    .compact, .pretty(indent: 2), .pretty(indent: 4), .pretty(indent: 1),
  ]

  /// Cells of every kind, with strings that need escapes.
  private static let cells: [TableCell] = [
    .string(""), .string("plain"), .string("q\"b\\s/"), .string("\n\r\t\u{0}\u{1F}\u{7F}"),
    .string("é😀\u{2028}"),
    .number("0"), .number("-1.50e+10"), .bool(true), .bool(false), .null, .json("[]"), .json("{}"),
    .json(#"{"a":[1,{"b":"c\"d"},[]],"":null}"#), .json(#"[[[]],{"k":{}}]"#), .absent,
  ]

  private static let keys = ["id", "", "k\"\\", "名前", "\u{1}", "sp ace"]

  @Test("every generated table reads back as written, in every style")
  func tablesRoundTrip() throws {
    var checked = 0
    for style in Self.styles {
      for width in 0...3 {
        for rowCount in 1...3 {
          for shift in 0..<Self.cells.count {
            let columns = Array(Self.keys.prefix(width))
            var next = shift
            var rows: [[TableCell]] = []
            for _ in 0..<rowCount {
              rows.append(
                (0..<width).map { _ in
                  next += 1
                  return Self.cells[next % Self.cells.count]
                })
            }
            // JSON has no header: a column must have a value in some row, first in order.
            // Put a value in every column of the first row so the table is one decode yields.
            if width > 0 {
              rows[0] = columns.indices.map { Self.cells[($0 + shift) % (Self.cells.count - 1)] }
            }
            let table = TableContent(columns: columns, rows: rows, dialect: .json(style))
            let encoded = JSONTableFormat.encode(table)
            let decoded = try JSONTableFormat.decode(encoded)
            #expect(decoded == table, "\(String(decoding: encoded, as: UTF8.self))")
            #expect(JSONTableFormat.encode(decoded) == encoded)
            checked += 1
          }
        }
      }
    }
    #expect(checked == Self.styles.count * 4 * 3 * Self.cells.count)
  }

  @Test(
    "canonical files are written back byte for byte",
    arguments: [
      "[]\n",
      "[{}]\n",
      #"[{"a":1,"b":"x"},{"b":"y","c":[1,{"d":null}]},{}]"# + "\n",
      #"[{"s":"\"\\\n\u001f é😀","n":-0.5E-3,"t":true,"f":false,"z":null}]"# + "\n",
      """
      [
        {
          "name": "Ada",
          "tags": [
            "math",
            "engines"
          ],
          "meta": {
            "born": 1815,
            "empty": {},
            "none": []
          }
        },
        {
          "name": "Alan",
          "born": 1912
        }
      ]

      """,
      """
      [
          {
              "a": [
                  [
                      1
                  ]
              ]
          },
          {}
      ]

      """,
    ])
  func canonicalFiles(input: String) throws {
    let bytes = Array(input.utf8)
    #expect(
      String(decoding: JSONTableFormat.encode(try JSONTableFormat.decode(bytes)), as: UTF8.self) == input)
  }

  @Test(
    "other layouts read the same and are written in the detected style",
    arguments: [
      (" [ { \"a\" : 1 , \"b\":[ 1, 2 ] } ] ", "[{\"a\":1,\"b\":[1,2]}]"),
      ("[\n  {\"a\": 1},\n  {\"a\": 2}\n]\n", "[\n  {\n    \"a\": 1\n  },\n  {\n    \"a\": 2\n  }\n]\n"),
      ("[{\"a\":\"\\u00e9\\/\"}]", "[{\"a\":\"é/\"}]"),
      ("[{\"a\":[\"\\u00e9\"]}]\n", "[{\"a\":[\"\\u00e9\"]}]\n"),
    ])
  func nonCanonicalFiles(input: String, written: String) throws {
    let table = try JSONTableFormat.decode(Array(input.utf8))
    let output = JSONTableFormat.encode(table)
    #expect(String(decoding: output, as: UTF8.self) == written)
    #expect(try JSONTableFormat.decode(output) == table)
  }

  @Test("a CSV file converted to JSON and back keeps its cells")
  func csvThroughJSON() throws {
    let csv = try DelimitedFormat.decode(Array("a,b\n\"x,1\",\"q\"\"\"\n,é\n".utf8), delimiter: .comma)
    let json = try JSONTableFormat.decode(JSONTableFormat.encode(csv))
    #expect(json.columns == csv.columns)
    #expect(json.rows == csv.rows)
  }
}

extension JSONTableFormatRoundTripTests {
  @Test(
    "damaged documents are either refused with a located format error or read back the same after writing")
  func damagedDocuments() throws {
    let original = Array(
      #"[{"a":1,"b":"x\u00e9\n","c":[true,{"d":null}]},{"b":-2.5e3,"e":{}}, {"a":"😀"}]"#.utf8)
    let replacements = Array(#"[]{}",:\-+.0123456789eEtrufalsn x"#.utf8) + [0x0A, 0x0D, 0x09, 0xC3, 0x00]
    var random = FormatTestRandom(state: 0x15_0)
    var accepted = 0
    var refused = 0
    for _ in 0..<20_000 {
      var bytes = original
      for _ in 0..<(1 + Int(random.next() % 3)) {
        let position = Int(random.next() % UInt64(bytes.count))
        let byte = replacements[Int(random.next() % UInt64(replacements.count))]
        switch random.next() % 3 {
        case 0: bytes[position] = byte
        case 1: bytes.insert(byte, at: position)
        default: bytes.remove(at: position)
        }
      }
      do {
        let table = try JSONTableFormat.decode(bytes)
        let again = try JSONTableFormat.decode(JSONTableFormat.encode(table))
        #expect(again == table, "\(String(decoding: bytes, as: UTF8.self))")
        accepted += 1
      } catch {
        #expect(error.code == .format)
        let isLocated =
          error.message.hasPrefix("line ") || error.message.hasPrefix("invalid UTF-8 at line ")
          || error.message.hasPrefix("binary data (a NUL byte) at line ")
        #expect(isLocated, "\(error)")
        refused += 1
      }
    }
    #expect(accepted > 1000)
    #expect(refused > 1000)
  }
}
