import Testing

@testable import FolioCore

@Suite struct PaginatorTests {
  @Test("the grid follows from the page size: A4 and Letter hold different columns and lines")
  func layoutNumbers() {
    let a4 = PageLayout(.a4)
    let letter = PageLayout(.letter)
    #expect((a4.columns, a4.rows, a4.bodyLines) == (92, 69, 65))
    #expect((letter.columns, letter.rows, letter.bodyLines) == (95, 64, 60))
    for size in PageSize.allCases {
      let layout = PageLayout(size)
      // The grid fits inside the margins, and one more column or row would not.
      let width = Double(layout.columns) * PageLayout.cellWidth
      let height = Double(layout.rows) * PageLayout.lineHeight
      #expect(width <= size.width - 2 * PageLayout.margin)
      #expect(width + PageLayout.cellWidth > size.width - 2 * PageLayout.margin)
      #expect(height <= size.height - 2 * PageLayout.margin)
      #expect(height + PageLayout.lineHeight > size.height - 2 * PageLayout.margin)
      #expect(layout.baseline(ofRow: layout.footerRow) < size.height - PageLayout.margin)
    }
    #expect((PageSize.a4.width, PageSize.a4.height) == (595, 842))
    #expect((PageSize.letter.width, PageSize.letter.height) == (612, 792))
  }

  @Test("every line count from 0 to three pages and more gives ceil(lines / lines per page) pages")
  func pageCounts() throws {
    for size in PageSize.allCases {
      let perPage = PageLayout(size).bodyLines
      for count in Array(0...(3 * perPage + 1)) + [10 * perPage, 10 * perPage + 1] {
        let lines = numberedLines(count)
        let document = try Paginator.paginate(PrintJob(title: "Count", body: .lines(lines), pageSize: size))
        let expected = max(1, (count + perPage - 1) / perPage)
        #expect(document.pages.count == expected, "\(size) with \(count) lines")
        #expect(document.pages.flatMap(\.lines) == lines, "\(size) with \(count) lines")
        for (index, page) in document.pages.enumerated() {
          #expect(page.number == index + 1)
          #expect(page.count == expected)
          #expect(page.footer == "page \(index + 1) of \(expected)")
          #expect(page.header == "Count")
          // Every page but the last is full.
          #expect(index == expected - 1 ? page.lines.count <= perPage : page.lines.count == perPage)
        }
      }
    }
  }

  @Test("an empty document prints one page with a header and a footer")
  func emptyDocument() throws {
    for body in [PrintBody.lines([]), .table(PrintTable(columns: [], rows: []))] {
      let document = try Paginator.paginate(PrintJob(title: "Empty", body: body))
      #expect(
        document.pages == [
          PrintedPage(number: 1, count: 1, header: "Empty", lines: [], footer: "page 1 of 1")
        ])
    }
  }

  @Test("the same document takes more pages on Letter than on A4, and wraps at other columns")
  func pageSizesDiffer() throws {
    let lines = numberedLines(130)
    let a4 = try Paginator.paginate(PrintJob(title: "T", body: .lines(lines), pageSize: .a4))
    let letter = try Paginator.paginate(PrintJob(title: "T", body: .lines(lines), pageSize: .letter))
    #expect(a4.pages.map(\.lines.count) == [65, 65])
    #expect(letter.pages.map(\.lines.count) == [60, 60, 10])
    #expect(a4.layout.pageSize == .a4)
    #expect(letter.layout.pageSize == .letter)

    let long = String(repeating: "x", count: 190)
    let a4Long = try Paginator.paginate(PrintJob(title: "T", body: .lines([long]), pageSize: .a4))
    let letterLong = try Paginator.paginate(PrintJob(title: "T", body: .lines([long]), pageSize: .letter))
    #expect(a4Long.pages[0].lines.map(\.count) == [92, 92, 6])
    #expect(letterLong.pages[0].lines.map(\.count) == [95, 95])
  }

  @Test("wrapped lines count toward the page: a line three times the width takes three lines")
  func wrappedLinesFillPages() throws {
    let layout = PageLayout(.a4)
    let long = String(repeating: "y", count: 3 * layout.columns)
    let lines = numberedLines(layout.bodyLines - 2) + [long]
    let document = try Paginator.paginate(PrintJob(title: "T", body: .lines(lines)))
    #expect(document.pages.map(\.lines.count) == [layout.bodyLines, 1])
    #expect(document.pages[1].lines == [String(repeating: "y", count: layout.columns)])
  }

  @Test("a title longer than a line is cut with … to exactly the width; control characters go")
  func headerTruncation() throws {
    for size in PageSize.allCases {
      let columns = PageLayout(size).columns
      let fitting = String(repeating: "t", count: columns)
      let long = String(repeating: "t", count: columns + 1)
      let fitted = try Paginator.paginate(PrintJob(title: fitting, body: .lines([]), pageSize: size))
      let cut = try Paginator.paginate(PrintJob(title: long, body: .lines([]), pageSize: size))
      #expect(fitted.pages[0].header == fitting)
      #expect(cut.pages[0].header == String(repeating: "t", count: columns - 1) + "…")
      #expect(cut.title == long, "the document keeps the full title for the PDF metadata")
      let wide = String(repeating: "漢", count: columns)
      let wideHeader = try Paginator.paginate(PrintJob(title: wide, body: .lines([]), pageSize: size)).pages[
        0
      ].header
      #expect(wideHeader.cells <= columns)
      #expect(wideHeader == String(repeating: "漢", count: (columns - 1) / 2) + "…")
    }
    let tabbed = try Paginator.paginate(PrintJob(title: "two\tparts\nand more", body: .lines([])))
    #expect(tabbed.pages[0].header == "two parts and more")
  }

  @Test("a page range prints only those pages, and footers still count every page")
  func pageRanges() throws {
    let lines = numberedLines(9 * 65)
    let all = try Paginator.paginate(PrintJob(title: "Nine", body: .lines(lines)))
    #expect(all.pages.count == 9)
    for range in [1...9, 1...1, 2...5, 9...9, 4...4] {
      let some = try Paginator.paginate(PrintJob(title: "Nine", body: .lines(lines), pageRange: range))
      #expect(some.pages == Array(all.pages[(range.lowerBound - 1)...(range.upperBound - 1)]), "\(range)")
      #expect(some.pages.map(\.footer) == range.map { "page \($0) of 9" })
    }
  }

  @Test("a page range reaching outside the document is refused, naming both ranges")
  func pageRangeErrors() {
    let lines = numberedLines(9 * 65)
    let cases: [(ClosedRange<Int>, String)] = [
      (10...12, "pages 10-12 are outside the document's 1-9"),
      (8...10, "pages 8-10 are outside the document's 1-9"),
      (0...3, "pages 0-3 are outside the document's 1-9"),
      (10...10, "page 10 is outside the document's 1-9"),
      (0...0, "page 0 is outside the document's 1-9"),
    ]
    for (range, message) in cases {
      #expect(throws: FolioError(.invalidArgument, message)) {
        try Paginator.paginate(PrintJob(title: "Nine", body: .lines(lines), pageRange: range))
      }
    }
    #expect(throws: FolioError(.invalidArgument, "page 2 is outside the document's only page, 1")) {
      try Paginator.paginate(PrintJob(title: "One", body: .lines(["a"]), pageRange: 2...2))
    }
  }
}
