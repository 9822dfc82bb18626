import Testing

@testable import FolioCore

/// Round trips over systematically generated tables and files.
@Suite struct DelimitedFormatRoundTripTests {
  /// Field values that meet every quoting rule and each other.
  private static let values = [
    "", "x", " sp ", "a,b", "t\tb", "q\"q", "\"", "l\nf", "c\r\nl", "c\rr", "é😀", "\u{FEFF}",
  ]

  private static let dialects: [DelimitedDialect] = DelimitedDialect.Delimiter.allCases.flatMap { delimiter in
    LineEnding.allCases.flatMap { lineEnding in
      [false, true].flatMap { hasByteOrderMark in
        [false, true].map { endsWithNewline in
          DelimitedDialect(
            delimiter: delimiter, lineEnding: lineEnding, hasByteOrderMark: hasByteOrderMark,
            endsWithNewline: endsWithNewline)
        }
      }
    }
  }

  @Test("every table of strings reads back as written, in every dialect")
  func tablesRoundTrip() throws {
    var checked = 0
    for dialect in Self.dialects {
      for width in 1...3 {
        for rowCount in 0...3 {
          // Walk the values so that each takes every position across the tables.
          for shift in 0..<Self.values.count {
            var next = shift
            func value() -> String {
              next += 1
              return Self.values[next % Self.values.count]
            }
            // Column names must differ; prefix with the position after the first one.
            let columns = (0..<width).map { index in index == 0 ? value() : "\(index)\(value())" }
            let rows = (0..<rowCount).map { _ in (0..<width).map { _ in TableCell.string(value()) } }
            let table = TableContent(columns: columns, rows: rows, dialect: .delimited(dialect))
            let encoded = DelimitedFormat.encode(table)
            let decoded = try DelimitedFormat.decode(encoded, delimiter: dialect.delimiter)
            var expected = table
            if rowCount == 0, !dialect.endsWithNewline {
              // A lone unterminated header holds no line ending to read back.
              expected.dialect = .delimited(
                DelimitedDialect(
                  delimiter: dialect.delimiter, lineEnding: .lf,
                  hasByteOrderMark: dialect.hasByteOrderMark, endsWithNewline: false))
            }
            #expect(decoded == expected, "\(table)")
            // What the encoder writes is canonical: writing it again changes nothing.
            #expect(DelimitedFormat.encode(decoded) == encoded)
            checked += 1
          }
        }
      }
    }
    #expect(checked == Self.dialects.count * 3 * 4 * Self.values.count)
  }

  @Test(
    "canonical files are written back byte for byte",
    arguments: [
      "a\n", "a", "a,b\n1,2\n", "a,b\r\n1,2", "\"\"\n\"\"\n", "a,b\n,\n", "a,b\n\"x,y\",\"q\"\"\"\n",
      "a\n\"l1\r\nl2\nl3\"\n",
      "id,name\n1,\"Smith, J\"\n2,\"O\"\"Brien\"\n3,\n", "名前\n😀\n",
    ])
  func canonicalFiles(input: String) throws {
    let bytes = Array(input.utf8)
    #expect(DelimitedFormat.encode(try DelimitedFormat.decode(bytes, delimiter: .comma)) == bytes)
  }

  @Test(
    "files quoted more than needed read the same and are written minimally",
    arguments: [
      ("\"a\",\"b\"\n\"1\",\"\"\n", "a,b\n1,\n"),
      ("a\n\n", "a\n\"\"\n"),
      ("a,b\r\n1,2\n3,4\r", "a,b\r\n1,2\r\n3,4\r\n"),
    ])
  func nonCanonicalFiles(input: String, canonical: String) throws {
    let table = try DelimitedFormat.decode(Array(input.utf8), delimiter: .comma)
    let output = DelimitedFormat.encode(table)
    #expect(output == Array(canonical.utf8))
    #expect(try DelimitedFormat.decode(output, delimiter: .comma) == table)
  }
}

extension DelimitedFormatRoundTripTests {
  @Test("random files are either refused with a format error or read back the same after writing")
  func randomFiles() throws {
    let pieces = [",", "\"", "\"\"", "\n", "\r\n", "\r", "a", " ", "é", "\t"]
    var random = FormatTestRandom(state: 0xC5F)
    var accepted = 0
    var refused = 0
    for _ in 0..<20_000 {
      let text = (0..<Int(random.next() % 14)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
        .joined()
      let delimiter: DelimitedDialect.Delimiter = random.next() % 2 == 0 ? .comma : .tab
      do {
        let table = try DelimitedFormat.decode(Array(text.utf8), delimiter: delimiter)
        let again = try DelimitedFormat.decode(DelimitedFormat.encode(table), delimiter: delimiter)
        #expect(again.columns == table.columns, "\(text.debugDescription)")
        #expect(again.rows == table.rows, "\(text.debugDescription)")
        accepted += 1
      } catch {
        #expect(error.code == .format)
        #expect(error.message.hasPrefix("line ") || error.message.hasPrefix("empty file"), "\(error)")
        refused += 1
      }
    }
    #expect(accepted > 2000)
    #expect(refused > 2000)
  }
}
