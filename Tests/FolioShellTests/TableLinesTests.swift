import FolioCore
import Testing

@testable import FolioShell

/// `show` writes rows as bytes (`TextRenderer.TableLines.appendLine`): each line must be the
/// text of formatting every cell with `TableColumn.format`, joining the cells and trimming
/// the spaces at the end, for every kind of cell text, width and alignment.
@Suite struct TableLinesTests {
  /// Cell texts: ASCII of every length around the widths, empty, spaces, controls, tabs, wide
  /// and combining characters, a prepended mark before spaces, and text cut inside a wide
  /// character.
  private static let texts = [
    "", " ", "a", "ab", "abc ", "abcd", "abcde", "abcdefgh", "  x  ", "12.5", "-3", "tab\there",
    "two\nlines", "\r\n", "\u{1B}[1m", "\u{7F}", "Zoë", "名前です", "e\u{301}e\u{301}", "a名", "\u{600}   ",
    "   \u{600}", "★", "é    ", "x\u{2028}y", "~!@#$%^&*()_+{}|:<>?",
  ]

  /// The line the text renderer made before rows were written as bytes.
  private static func reference(_ table: TableView, _ row: DocumentViewRow) -> String {
    let position = String(row.position)
    let numbered = String(repeating: " ", count: max(0, table.positionWidth - position.count)) + position
    let gutter = (row.isSelected ? "▸" : " ") + (row.isFavorite ? "★" : " ")
    let parts =
      (table.hasGutter ? [gutter] : []) + [numbered] + zip(table.columns, row.cells).map { $0.format($1) }
    return (" " + parts.joined(separator: " │ ")).trimmingTrailingSpaces
  }

  @Test(
    "every row line is the cells formatted as text, joined and trimmed",
    arguments: [nil, 20, 34])
  func sameAsText(width: Int?) {
    var rows: [DocumentViewRow] = []
    for (index, text) in Self.texts.enumerated() {
      let other = Self.texts[(index * 7 + 3) % Self.texts.count]
      for (order, cells) in [[text, other, text], [other, text, text], [text, text, other]].enumerated() {
        rows.append(
          DocumentViewRow(
            position: rows.count + 1, id: rows.count + 1, cells: cells, isSelected: order == 1,
            isFavorite: index % 3 == 0))
      }
    }
    rows.append(DocumentViewRow(position: 999, id: 1000, cells: ["only one"]))
    for kinds in [[TableValueKind.text, .number, .text], [.number, .text, .number]] {
      let columns = [
        TableColumn(title: "first", index: 0, kind: kinds[0]),
        TableColumn(title: "narrow", index: 1, kind: kinds[1], widthRule: .fixed(3)),
        TableColumn(title: "名前", index: 2, kind: kinds[2]),
      ]
      let table = TableView(
        title: "t", columns: columns, rows: rows, width: width, metrics: TextRenderer.tableMetrics)
      let lines = TextRenderer.TableLines(table: table, style: TextStyle(usesColor: false))
      var bytes = TableViewRowBytes()
      for index in table.rows.indices {
        table.rows.read(index, into: &bytes)
        var line: [UInt8] = []
        lines.appendLine(for: bytes, to: &line)
        #expect(String(decoding: line, as: UTF8.self) == Self.reference(table, rows[index]))
      }
    }
  }

  @Test("a wide row's lines stop within 4,096 columns of a cancellation, whole without one")
  func wideLinesStop() {
    let count = 20_000
    let columns = (0..<count).map { TableColumn(title: "c\($0)", index: $0) }
    let row = DocumentViewRow(position: 1, id: 1, cells: (0..<count).map { String($0) })
    let table = TableView(
      title: "t", columns: columns, rows: [row], width: nil, metrics: TextRenderer.tableMetrics)
    let token = CancellationToken()
    let lines = TextRenderer.TableLines(table: table, style: TextStyle(usesColor: false), cancellation: token)
    var bytes = TableViewRowBytes()
    table.rows.read(0, into: &bytes)

    var whole: [UInt8] = []
    lines.appendLine(for: bytes, to: &whole)
    #expect(String(decoding: whole, as: UTF8.self).split(separator: "│").count == count + 1)
    let heading = lines.heading
    #expect(heading.count == TextRenderer.TableLines.headingLineCount)
    #expect(heading[0].split(separator: "│").count == count + 1)
    #expect(heading[1].split(separator: "┼").count == count + 1)

    token.cancel()
    var cut: [UInt8] = []
    lines.appendLine(for: bytes, to: &cut)
    #expect(
      String(decoding: cut, as: UTF8.self).split(separator: "│").count == TableView.columnsBetweenChecks)
    #expect(lines.heading[0].split(separator: "│").count <= TableView.columnsBetweenChecks + 1)
    #expect(lines.heading[1].split(separator: "┼").count == TableView.columnsBetweenChecks - 1)
  }
}
