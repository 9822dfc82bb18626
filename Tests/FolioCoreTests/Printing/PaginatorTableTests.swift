import Testing

@testable import FolioCore

@Suite struct PaginatorTableTests {
  private static let fruit = PrintBody.table(
    PrintTable(
      columns: ["name", "qty", "note"],
      rows: [["apple", "3", "red"], ["kiwi", "12", "green and fuzzy"], ["fig", "", "—"]]))

  @Test("columns are as wide as their widest cell, numbers align right, a rule sits under the names")
  func alignment() throws {
    let document = try Paginator.paginate(PrintJob(title: "Fruit", body: Self.fruit))
    #expect(
      document.pages[0].lines == [
        "name   qty  note",
        "─────  ───  ───────────────",
        "apple    3  red",
        "kiwi    12  green and fuzzy",
        "fig         —",
      ])
  }

  @Test("cells are measured in cells, so wide characters and accents keep columns aligned")
  func wideCells() throws {
    let body = PrintBody.table(
      PrintTable(
        columns: ["word", "n"], rows: [["漢字", "1"], ["e\u{301}te\u{301}", "22"], ["ab", "333"]]))
    let document = try Paginator.paginate(PrintJob(title: "T", body: body))
    #expect(
      document.pages[0].lines == [
        "word    n",
        "────  ───",
        "漢字    1",
        "e\u{301}te\u{301}    22",
        "ab    333",
      ])
  }

  @Test("the names and the rule repeat at the top of every page, and each row is one line on one page")
  func headingOnEveryPage() throws {
    for size in PageSize.allCases {
      let rowsPerPage = PageLayout(size).bodyLines - 2
      for count in Array(0...(2 * rowsPerPage + 2)) + [7 * rowsPerPage + 5] {
        let rows = (0..<count).map { ["row \($0)", "\($0 * 7)"] }
        let document = try Paginator.paginate(
          PrintJob(
            title: "T", body: .table(PrintTable(columns: ["label", "value"], rows: rows)), pageSize: size))
        let expectedPages = max(1, (count + rowsPerPage - 1) / rowsPerPage)
        #expect(document.pages.count == expectedPages, "\(size), \(count) rows")
        var printedRows: [String] = []
        for page in document.pages {
          #expect(page.lines.prefix(2).elementsEqual(document.pages[0].lines.prefix(2)))
          #expect(page.lines.first?.hasPrefix("label") == true)
          #expect(page.lines.dropFirst().first?.hasPrefix("─") == true)
          #expect(page.lines.count <= PageLayout(size).bodyLines)
          printedRows += page.lines.dropFirst(2)
        }
        #expect(printedRows.count == count)
        #expect(
          printedRows.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == rows.map { $0[0] })
        #expect(printedRows.map { $0.split(separator: " ").last.map(String.init) } == rows.map { $0[1] })
      }
    }
  }

  @Test("a cell too long for the page wraps within its column, and narrow columns keep their width")
  func wrapping() throws {
    let long = String(repeating: "abcdefghij ", count: 30)
    let body = PrintBody.table(
      PrintTable(
        columns: ["id", "text", "ok"], rows: [["a1", long, "yes"], ["b2", "short", "no"]]))
    for size in PageSize.allCases {
      let document = try Paginator.paginate(
        PrintJob(title: "T", body: body, pageSize: size, orientation: .portrait))
      let columns = PageLayout(size).columns
      #expect(document.layout == PageLayout(size))
      let lines = document.pages[0].lines
      #expect(lines.allSatisfy { $0.cells <= columns })
      let textWidth = columns - 2 - 3 - 2 * 2
      #expect(lines[0] == "id  " + PrintText.padded("text", toCells: textWidth) + "  ok")
      #expect(lines[2].hasPrefix("a1  abcdefghij abcdefghij"))
      #expect(lines[2].hasSuffix("  yes"))
      // The row's other lines hold the rest of the cell in the text column, nothing else.
      let continued = lines.dropFirst(3).prefix { !$0.hasPrefix("b2") }
      #expect(continued.count >= 3)
      #expect(continued.allSatisfy { $0.hasPrefix("    abcdefghij") && !$0.contains("yes") })
      let text = ([lines[2]] + continued).map { $0.dropFirst(4).prefix(textWidth) }.joined(separator: " ")
      #expect(text.split(separator: " ") == long.split(separator: " ").map { $0[...] })
      #expect(!lines.joined().contains("…"))
      #expect(lines.last == "b2  " + PrintText.padded("short", toCells: textWidth) + "  no")
    }
  }

  @Test("auto prints a table too wide for portrait in landscape; portrait and landscape are obeyed")
  func orientation() throws {
    let wide = PrintBody.table(
      PrintTable(
        columns: ["name", "notes"], rows: [["a", String(repeating: "x", count: 120)]]))
    let narrow = PrintBody.table(PrintTable(columns: ["name", "notes"], rows: [["a", "short"]]))
    let page = { (body: PrintBody, orientation: PageOrientation) throws -> PrintedDocument in
      try Paginator.paginate(PrintJob(title: "T", body: body, orientation: orientation))
    }
    #expect(try page(wide, .auto).layout == PageLayout(.a4, isLandscape: true))
    #expect(try page(wide, .auto).pages[0].lines[2] == "a     " + String(repeating: "x", count: 120))
    #expect(try page(narrow, .auto).layout == PageLayout(.a4))
    #expect(try page(wide, .portrait).layout == PageLayout(.a4))
    #expect(try page(narrow, .landscape).layout == PageLayout(.a4, isLandscape: true))
    #expect(try page(.lines(["text"]), .auto).layout == PageLayout(.a4))
    let landscape = PageLayout(.a4, isLandscape: true)
    #expect(
      (landscape.columns, landscape.bodyLines, landscape.width, landscape.height) == (137, 42, 842, 595))
    let letter = PageLayout(.letter, isLandscape: true)
    #expect((letter.columns, letter.bodyLines) == (128, 43))
  }

  @Test("a row's wrapped lines stay on one page")
  func rowsStayTogether() throws {
    let cell = String(repeating: "word ", count: 40)
    let rows = (1...30).map { ["\($0)", cell] }
    let document = try Paginator.paginate(
      PrintJob(
        title: "T", body: .table(PrintTable(columns: ["n", "text"], rows: rows)), orientation: .portrait))
    var seen: [String] = []
    for page in document.pages {
      #expect(page.lines.count <= document.layout.bodyLines)
      let body = page.lines.dropFirst(2)
      // Every page's body starts with a row's first line: a number.
      #expect(body.first?.drop { $0 == " " }.first?.isNumber == true)
      seen += body.compactMap { $0.split(separator: " ").first.map(String.init) }.filter {
        $0.first?.isNumber == true
      }
    }
    #expect(seen == (1...30).map { "\($0)" })
    #expect(document.pages.count > 1)
  }

  @Test("when several columns are too wide, the widest share a common cap")
  func fittedWidths() {
    #expect(TableLines.fitted([10, 20], into: 40) == [10, 20])
    #expect(TableLines.fitted([10, 50, 50], into: 60) == [10, 25, 25])
    #expect(TableLines.fitted([10, 51, 50], into: 61) == [10, 26, 25])
    #expect(TableLines.fitted([3, 100, 4], into: 20) == [3, 13, 4])
    #expect(TableLines.fitted([5, 5, 5], into: 2) == [1, 1, 1])
    for available in 5...60 {
      let widths = TableLines.fitted([2, 40, 7, 30, 1], into: available)
      #expect(widths.reduce(0, +) <= available)
      #expect(zip(widths, [2, 40, 7, 30, 1]).allSatisfy { $0 <= $1 })
    }
  }

  @Test("a table with more columns than fit one cell each still prints lines no wider than the page")
  func manyColumns() throws {
    let names = (1...60).map { "column\($0)" }
    let row = (1...60).map { "value\($0)" }
    let document = try Paginator.paginate(
      PrintJob(title: "T", body: .table(PrintTable(columns: names, rows: [row, row]))))
    let columns = document.layout.columns
    #expect(document.pages[0].lines.count == 4)
    for line in document.pages[0].lines {
      #expect(line.cells <= columns)
      #expect(line.hasSuffix("…"))
    }
  }

  @Test("short rows print blank cells, extra cells are left out, and line breaks in cells become blanks")
  func raggedRows() throws {
    let body = PrintBody.table(
      PrintTable(
        columns: ["a", "b"], rows: [["x"], ["1", "2", "extra"], ["two\nlines", "tab\there"]]))
    let lines = try Paginator.paginate(PrintJob(title: "T", body: body)).pages[0].lines
    #expect(
      lines == [
        "a          b",
        "─────────  ────────",
        "x",
        "1          2",
        "two lines  tab here",
      ])
  }

  @Test("a column of numbers aligns right only when every cell that is not empty is a number")
  func numericColumns() throws {
    #expect(try TableLines.isNumeric(["1", "2.5", "", "-3", "1e3"]))
    #expect(try !TableLines.isNumeric(["1", "two"]))
    #expect(try !TableLines.isNumeric(["", ""]))
    #expect(try !TableLines.isNumeric(["nan", "inf"]))
  }
}
