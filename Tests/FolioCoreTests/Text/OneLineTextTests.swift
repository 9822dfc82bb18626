import Testing

@testable import FolioCore

/// Control characters in a cell show as visible glyphs or escapes, each counted for the
/// cells it takes, so no cell breaks a table's grid.
@Suite struct OneLineTextTests {
  @Test(
    "line breaks show as ⏎, tabs as →, other control characters as \\u{XX}",
    arguments: [
      ("plain", "plain"),
      ("Café 蔦屋", "Café 蔦屋"),
      ("two\nlines", "two⏎lines"),
      ("windows\r\nbreak", "windows⏎break"),
      ("old\rmac", "old⏎mac"),
      ("\r\n\r\n", "⏎⏎"),
      ("\n\r", "⏎⏎"),
      ("v\u{0B}f\u{0C}", "v⏎f⏎"),
      ("nel\u{85}ls\u{2028}ps\u{2029}", "nel⏎ls⏎ps⏎"),
      ("a\tb", "a→b"),
      ("esc\u{1B}[31mred", "esc\\u{1B}[31mred"),
      ("bell\u{07}nul\u{00}", "bell\\u{07}nul\\u{00}"),
      ("del\u{7F}csi\u{9B}", "del\\u{7F}csi\\u{9B}"),
      ("e\u{301}\n", "e\u{301}⏎"),
    ])
  func replacements(text: String, shown: String) {
    #expect(text.displayedOnOneLine == shown)
    #expect(Substring(text).displayedOnOneLine == shown)
  }

  @Test("what is shown has no control character left and takes the cells counted for it")
  func everyControlCharacter() throws {
    let controls = (0..<0x20).map { $0 } + (0x7F...0x9F).map { $0 } + [0x2028, 0x2029]
    for value in controls {
      let scalar = try #require(Unicode.Scalar(UInt32(value)))
      let shown = "a\(Character(scalar))b".displayedOnOneLine
      #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
      #expect(!shown.contains { $0.isNewline }, "U+\(String(value, radix: 16))")
      #expect(shown.cells == shown.unicodeScalars.count, "U+\(String(value, radix: 16))")
    }
  }

  @Test("a column fits and cuts the shown text, never the raw one")
  func columnsCountTheGlyphs() {
    let column = TableColumn(title: "note", index: 0, widthRule: .fixed(10))
    #expect(column.format("a\tb\nc") == "a→b⏎c     ")
    #expect(column.format("x\u{1B}[31my") == "x\\u{1B}[3…")
    #expect(column.format("x\u{1B}[31my").cells == 10)
  }

  @Test("fitted widths count the replacement glyphs, and the layout keeps every line on one line")
  func tableViewWidths() {
    let rows = [
      DocumentViewRow(position: 1, id: 1, cells: ["a\tb", "two\nlines"]),
      DocumentViewRow(position: 2, id: 2, cells: ["\u{1B}[1m", "ok"]),
    ]
    let view = TableView(
      title: "t", columns: [TableColumn(title: "x", index: 0), TableColumn(title: "y\ny", index: 1)],
      rows: rows, width: nil, metrics: .text)
    #expect(view.columns.map(\.width) == ["\\u{1B}[1m".count, "two⏎lines".count])
    for row in rows {
      for (column, cell) in zip(view.columns, row.cells) {
        #expect(column.format(cell).cells == column.width)
        #expect(!column.format(cell).contains { $0.isNewline })
      }
    }
    #expect(view.columns[1].format("y\ny") == "y⏎y      ")
  }
}
