import Testing

@testable import FolioCore

/// Reading tables stored in their CSV or TSV file's bytes: every cell, every id, every size.
@Suite struct TableModelTests {
  /// Field values that meet every quoting rule: doubled quotes, line breaks, delimiters,
  /// spaces, non-ASCII text and a leading U+FEFF.
  private static let values = [
    "", "x", " sp ", "a,b", "t\tb", "q\"q", "\"", "\"\"x\"", "l\nf", "c\r\nl", "c\rr", "é😀", "\u{FEFF}z",
    "1;2",
  ]

  private static let dialects: [DelimitedDialect] = DelimitedDialect.Delimiter.allCases.flatMap { delimiter in
    LineEnding.allCases.flatMap { lineEnding in
      [false, true].map { hasByteOrderMark in
        DelimitedDialect(
          delimiter: delimiter, lineEnding: lineEnding, hasByteOrderMark: hasByteOrderMark,
          endsWithNewline: !hasByteOrderMark)
      }
    }
  }

  /// Tables of every width from 1 to 4 and every row count from 0 to 9, their cells walking
  /// through `values` from `shift`.
  static func tables(dialect: DelimitedDialect, shift: Int = 0) -> [TableContent] {
    (1...4).flatMap { width in
      (0...9).map { rowCount in
        var next = shift + width * 7 + rowCount
        func value() -> String {
          next += 1
          return values[next % values.count]
        }
        let columns = (0..<width).map { "c\($0)" }
        let rows = (0..<rowCount).map { _ in (0..<width).map { _ in TableCell.string(value()) } }
        return TableContent(columns: columns, rows: rows, dialect: .delimited(dialect))
      }
    }
  }

  @Test("every cell reads back from the file's bytes as written, by row, by cell and through rows")
  func cellsReadBack() throws {
    var checked = 0
    for dialect in Self.dialects {
      for content in Self.tables(dialect: dialect) {
        let table = try DelimitedFormat.decodeTable(
          DelimitedFormat.encode(content), delimiter: dialect.delimiter)
        #expect(table.columns == content.columns)
        #expect(table.rowCount == content.rows.count)
        #expect(table.rows.map(\.cells) == content.rows)
        for (index, row) in content.rows.enumerated() {
          #expect(table.cells(ofRow: index) == row)
          for (column, cell) in row.enumerated() {
            #expect(
              table.cell(row: index, column: column) == cell, "\(dialect) row \(index) column \(column)")
          }
          #expect(table.cell(row: index, column: row.count) == .absent)
        }
        checked += 1
      }
    }
    #expect(checked == Self.dialects.count * 4 * 10)
  }

  @Test("a table written from its file's bytes gives back the file, and the same TSV and JSON as its content")
  func writtenFromTheFile() throws {
    for dialect in Self.dialects {
      for content in Self.tables(dialect: dialect, shift: 5) {
        let bytes = DelimitedFormat.encode(content)
        let table = try DelimitedFormat.decodeTable(bytes, delimiter: dialect.delimiter)
        #expect(DelimitedFormat.encode(table) == bytes, "\(dialect) \(content.rows)")
        for other in [DelimitedDialect.csv, .tsv, DelimitedDialect(delimiter: .semicolon, lineEnding: .crlf)]
        {
          #expect(
            DelimitedFormat.encode(table, dialect: other) == DelimitedFormat.encode(content, dialect: other))
        }
        for style in [JSONStyle.compact, .pretty(indent: 3)] {
          #expect(
            JSONTableFormat.encode(table, style: style) == JSONTableFormat.encode(content, style: style))
        }
      }
    }
  }

  @Test("random files written from their bytes read back as their cells, and as JSON are their cells")
  func randomFiles() {
    let pieces = [",", "\"", "\"\"", "\n", "\r\n", "\r", "a", " ", "é", "\t", "\u{FEFF}"]
    var random = FormatTestRandom(state: 0x5EED)
    var accepted = 0
    for _ in 0..<5000 {
      let text = (0..<Int(random.next() % 16)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
        .joined()
      let delimiter: DelimitedDialect.Delimiter = random.next() % 2 == 0 ? .comma : .tab
      guard let table = try? DelimitedFormat.decodeTable(Array(text.utf8), delimiter: delimiter) else {
        continue
      }
      let content = table.content
      // Rows are copied as written, quoting and all, so the bytes may differ from encoding
      // every cell; they read back the same.
      for (written, delimiter) in [
        (DelimitedFormat.encode(table), delimiter), (DelimitedFormat.encode(table, dialect: .csv), .comma),
      ] {
        let reread = try? DelimitedFormat.decode(written, delimiter: delimiter)
        #expect(reread?.columns == content.columns, "\(text.debugDescription)")
        #expect(reread?.rows == content.rows, "\(text.debugDescription)")
      }
      #expect(JSONTableFormat.encode(table) == JSONTableFormat.encode(content), "\(text.debugDescription)")
      accepted += 1
    }
    #expect(accepted > 500)
  }

  @Test("rows read from a file are numbered from 1, and ids find their rows")
  func idsFromDecoding() throws {
    for rowCount in 0...9 {
      let content = Self.tables(dialect: .csv)[rowCount]
      #expect(content.rows.count == rowCount)
      let table = try DelimitedFormat.decodeTable(DelimitedFormat.encode(content), delimiter: .comma)
      #expect(table.rows.map(\.id) == Array(1..<rowCount + 1))
      for index in 0..<rowCount {
        #expect(table.id(ofRow: index) == index + 1)
        #expect(table.rowIndex(id: index + 1) == index)
      }
      #expect(table.rowIndex(id: 0) == nil)
      #expect(table.rowIndex(id: -1) == nil)
      #expect(table.rowIndex(id: rowCount + 1) == nil)
    }
  }

  @Test("a table stored in its file equals the same table made from its content, and differs by a cell")
  func equality() throws {
    for content in Self.tables(dialect: .tsv, shift: 3) {
      let decoded = try DelimitedFormat.decodeTable(DelimitedFormat.encode(content), delimiter: .tab)
      #expect(decoded == TableModel(content))
      #expect(decoded.content == content)
      guard !content.rows.isEmpty else { continue }
      var edited = decoded
      edited.setCell(row: 0, column: 0, to: .string("changed"))
      #expect(edited != decoded)
      #expect(edited != TableModel(content))
    }
  }

  @Test("decoding keeps the file's bytes and an offset a row, not a cell apiece")
  func storage() throws {
    let content = Self.tables(dialect: .csv)[9]
    let bytes = DelimitedFormat.encode(content)
    let table = try DelimitedFormat.decodeTable(bytes, delimiter: .comma)
    #expect(table.records?.bytes == bytes)
    #expect(table.locations.count == 9)
    #expect(table.locations.allSatisfy { $0 > 0 })
    #expect(table.storedRows.isEmpty)
  }
}
