import FolioTestSupport
import Testing

@testable import FolioCore

/// A printed table is kept as buffers (`PrintTable`, `TableCells`, `TableLines`); its lines
/// are the ones the per-row formula gives, row by row.
@Suite struct PrintTableTests {
  /// Cell texts of every kind the layout treats differently: empty, short and long ASCII,
  /// blanks at either end, numbers, too wide for a column (with and without blanks to break
  /// at), wide and combining characters, tabs, line breaks, controls, a prepended mark.
  private static let kinds = [
    "", "a", "plain text", "trailing  ", "  leading", "12", "-3.5", "1e3", "0x1F",
    String(repeating: "x", count: 45), String(repeating: "word ", count: 12), "漢字かな", "e\u{301}te\u{301}",
    "tab\there", "two\nlines", "bell\u{7}", "\u{600} mark", "~!@#$%^&*()_+{}|:<>?",
  ]

  /// The lines the per-row formula gives: every cell cleaned, each row's cells cut, padded
  /// and joined (or wrapped within their columns), the heading first.
  private static func referenceLines(columns: [String], rows: [[String]], width: Int) throws -> [String] {
    let names = columns.map(PrintText.cleanCell)
    let cleaned = rows.map { row in names.indices.map { $0 < row.count ? PrintText.cleanCell(row[$0]) : "" } }
    var natural = names.map(\.cells)
    for row in cleaned {
      for (index, cell) in row.enumerated() { natural[index] = max(natural[index], cell.cells) }
    }
    let available = width - 2 * (names.count - 1)
    let widths = TableLines.fitted(natural, into: available)
    let wraps = widths.reduce(0, +) <= available
    let isNumeric = try names.indices.map { index in try TableLines.isNumeric(cleaned.map { $0[index] }) }
    func line(_ texts: [String]) -> String {
      let padded = texts.indices.map { index in
        PrintText.padded(
          texts[index].truncated(toCells: widths[index], trimmingBlanks: true), toCells: widths[index],
          alignedRight: isNumeric[index])
      }
      return PrintText.trimmingTrailingBlanks(padded.joined(separator: "  ")).truncated(
        toCells: width, trimmingBlanks: true)
    }
    func rowLines(_ cells: [String]) -> [String] {
      guard wraps, cells.indices.contains(where: { cells[$0].cells > widths[$0] }) else {
        return [line(cells)]
      }
      let pieces = cells.indices.map { index in
        cells[index].cells > widths[index]
          ? PrintText.wrap(cells[index], toCells: widths[index]) : [cells[index]]
      }
      let height = pieces.map(\.count).max() ?? 1
      return (0..<height).map { row in line(pieces.map { row < $0.count ? $0[row] : "" }) }
    }
    let rule = PrintText.trimmingTrailingBlanks(
      widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ").truncated(
        toCells: width, trimmingBlanks: true))
    return [line(names), rule] + cleaned.flatMap(rowLines)
  }

  /// The heading and every row's lines, as `TableLines` lays them out.
  private static func laidOut(columns: [String], rows: [[String]], width: Int) throws -> [String] {
    let lines = try TableLines(TableCells(PrintTable(columns: columns, rows: rows)), width: width)
    return lines.heading + (0..<lines.lines.count).map { lines.lines[$0] }
  }

  @Test("a table's cells are padded to its columns, cells beyond them dropped")
  func cells() {
    let table = PrintTable(columns: ["a", "b"], rows: [["1"], ["2", "3", "extra"], []])
    #expect(table.rowCount == 3)
    #expect((0..<3).map { table[$0, 0] } == ["1", "2", ""])
    #expect((0..<3).map { table[$0, 1] } == ["", "3", ""])
    #expect(PrintTable(columns: [], rows: [["x"], ["y"]]).rowCount == 2)
  }

  @Test("packed strings are values: a copy keeps its strings while the original grows, also past a megabyte")
  func packedCopies() {
    var small = PackedStrings(["a", "b"])
    let smallCopy = small
    small.append("c")
    #expect(smallCopy.count == 2 && smallCopy[1] == "b")
    #expect(small.count == 3 && small[2] == "c" && small != smallCopy)
    // Buffers this large are freed on a thread of their own once the last copy goes.
    var big = PackedStrings()
    big.append(String(repeating: "x", count: 2 << 20))
    let bigCopy = big
    big.append("y")
    #expect(bigCopy.count == 1 && bigCopy[0].utf8.count == 2 << 20)
    #expect(big.count == 2 && big[1] == "y" && big[0] == bigCopy[0])
  }

  @Test(
    "every row's lines match the per-row formula, for every pair of cell kinds, in three widths",
    arguments: [20, 92, 137])
  func sameLines(width: Int) throws {
    var rows: [[String]] = []
    for (first, left) in Self.kinds.enumerated() {
      for (second, right) in Self.kinds.enumerated() { rows.append([left, right, String(first * second)]) }
    }
    let columns = ["text", "more", "n"]
    #expect(
      try Self.laidOut(columns: columns, rows: rows, width: width)
        == Self.referenceLines(columns: columns, rows: rows, width: width))
    // A first column of numbers is aligned right; short rows are padded with blank cells.
    let numbered = rows.enumerated().map { [String($0.offset)] + $0.element.prefix($0.offset % 3) }
    #expect(
      try Self.laidOut(columns: ["#", "a", "b", "c"], rows: numbered, width: width)
        == Self.referenceLines(columns: ["#", "a", "b", "c"], rows: numbered, width: width))
  }

  @Test("a table with more columns than fit a cell each cuts its lines as the formula does")
  func tooManyColumns() throws {
    let columns = (0..<60).map { "c\($0)" }
    let rows = Self.kinds.map { kind in columns.indices.map { $0 % 2 == 0 ? kind : "\($0)" } }
    #expect(
      try Self.laidOut(columns: columns, rows: rows, width: 92)
        == Self.referenceLines(columns: columns, rows: rows, width: 92))
  }

  @Test("print of a table read from a file gives the text of the same cells made as strings")
  func fromFile() throws {
    let folder = try TemporaryFolder("folio-print")
    try folder.write(
      "t.csv",
      "name,n,note\nplain,1,short\n\"quoted, comma\",22,\"say \"\"hi\"\"\"\n\"two\nlines\",-3,\"\"\nwide 漢字,4.5,\ttab\n"
    )
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("t.csv").document
    _ = try workspace.setCell(rowID: 2, column: 2, to: "edited, so stored", in: document)
    let cells = try document.readTable { table in
      (0..<table.rowCount).map { table.cells(ofRow: $0).map(\.description) }
    }
    let columns = try document.readTable { $0.columns }
    let expected = TextPrinter.render(
      try Paginator.paginate(PrintJob(title: "t", body: .table(PrintTable(columns: columns, rows: cells)))))
    #expect(try workspace.print(document, to: "-", pageSize: .a4, pages: nil, force: false).text == expected)
  }

  @Test(
    "a cancelled print of a big table says interrupted and leaves no file",
    arguments: ["big.pdf", "big.txt", "-"])
  func cancelledBigTable(destination: String) throws {
    let folder = try TemporaryFolder("folio-print")
    try folder.write("big.csv", "n,name\n" + (1...50_000).map { "\($0),row \($0)\n" }.joined())
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("big.csv").document
    workspace.cancellation.cancel()
    #expect(throws: FolioError.interrupted) {
      try workspace.print(document, to: destination, pageSize: .a4, pages: nil, force: false)
    }
    #expect(try folder.contents() == ["big.csv"])
    #expect(!document.isDirty)
  }

  @Test("each step of laying out a big table stops once cancelled")
  func cancelledSteps() throws {
    let table = PrintTable(columns: ["n", "name"], rows: (1...50_000).map { ["\($0)", "row \($0)"] })
    let token = CancellationToken()
    token.cancel()
    #expect(throws: FolioError.interrupted) { try TableCells(table, cancellation: token) }
    let cells = try TableCells(table)
    #expect(throws: FolioError.interrupted) { try TableLines(cells, width: 92, cancellation: token) }
    #expect(throws: FolioError.interrupted) {
      try Paginator.paginate(PrintJob(title: "Big", body: .table(table)), cancellation: token)
    }
    #expect(
      try Paginator.paginate(PrintJob(title: "Big", body: .table(table))).pages.count == 50_000 / 63 + 1)
  }
}
