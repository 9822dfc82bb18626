import FolioTestSupport
import Foundation
import Testing

@testable import FolioCore

@Suite struct PDFPrinterTests {
  private static let specialLines = [
    "Accents: café é à ü ñ",
    "Symbols: ★ ✓ → …",
    "┌────┐",
    "│ ok │",
    "└────┘",
  ]

  /// The text of each page of a PDF, as `pdftotext -layout` reads it, one string a page.
  private static func pageTexts(_ path: String) throws -> [String] {
    var pages = try Poppler.text(path).components(separatedBy: "\u{0C}")
    if pages.last?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == true { pages.removeLast() }
    return pages
  }

  /// The lines of a page's text with blanks at either end removed and empty lines dropped.
  private static func trimmedLines(_ page: String) -> [String] {
    page.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  @Test("a PDF has the pages, page size and title asked for, with headers and footers on every page")
  func pagesAndMetadata() throws {
    let folder = try TemporaryFolder()
    for size in PageSize.allCases {
      let perPage = PageLayout(size).bodyLines
      let lines = numberedLines(2 * perPage + 3)
      let document = try Paginator.paginate(
        PrintJob(title: "Quarterly Report", body: .lines(lines), pageSize: size))
      let path = folder.path("report-\(size).pdf")
      let summary = try PDFPrinter.write(document, to: path)
      #expect(summary == PDFPrintSummary(pageCount: 3, charactersWithoutGlyphs: []))

      let info = try Poppler.info(path)
      #expect(Poppler.field("Pages", in: info) == "3")
      let points = "\(Int(size.width)) x \(Int(size.height)) pts"
      #expect(Poppler.field("Page size", in: info)?.hasPrefix(points) == true, "\(info)")
      #expect(Poppler.field("Title", in: info) == "Quarterly Report")

      let pages = try Self.pageTexts(path)
      #expect(pages.count == 3)
      for (index, page) in pages.enumerated() {
        let pageLines = Self.trimmedLines(page)
        #expect(pageLines.first == "Quarterly Report")
        #expect(pageLines.last == "page \(index + 1) of 3")
        let body = Array(lines[(index * perPage)..<min((index + 1) * perPage, lines.count)])
        #expect(Array(pageLines.dropFirst().dropLast()) == body)
      }
    }
  }

  @Test("accents, ★ ✓ and box drawing come back out of the PDF exactly")
  func specialCharacters() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("special.pdf")
    let lines = Self.specialLines + ["decomposed: e\u{301}te\u{301}"]
    let document = try Paginator.paginate(PrintJob(title: "Spécial ★", body: .lines(lines)))
    let summary = try PDFPrinter.write(document, to: path)
    #expect(summary.charactersWithoutGlyphs.isEmpty)
    let pageLines = Self.trimmedLines(try #require(Self.pageTexts(path).first))
    #expect(pageLines.first == "Spécial ★")
    #expect(Array(pageLines.dropFirst().prefix(Self.specialLines.count)) == Self.specialLines)
    // The decomposed accents come back as the same characters, whichever normal form.
    #expect(pageLines.dropFirst(1 + Self.specialLines.count).first == "decomposed: été")
    #expect(Poppler.field("Title", in: try Poppler.info(path)) == "Spécial ★")
  }

  @Test(
    "every character sits in its grid cell: wide characters take two cells, accents none, tabs reach stops")
  func gridPlacement() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("grid.pdf")
    let lines = ["abc def", "漢字 def", "e\u{301}e\u{301}e\u{301} def", "\tdef", "★✓─ def"]
    let document = try Paginator.paginate(PrintJob(title: "Grid", body: .lines(lines)))
    try PDFPrinter.write(document, to: path)
    let layout = document.layout
    let defs = try Poppler.words(path).filter { $0.text == "def" }
    #expect(defs.count == lines.count)
    let expectedColumns = [4, 5, 4, 8, 4]
    for (index, word) in defs.enumerated() {
      let column = index < expectedColumns.count ? expectedColumns[index] : -1
      // pdftotext prints positions to 3 decimals and measures from the glyph box.
      #expect(abs(word.x - layout.x(ofColumn: column)) < 0.05, "line \(index + 1): x \(word.x)")
      #expect(
        abs(word.y - defs[0].y - Double(index) * PageLayout.lineHeight) < 0.05,
        "line \(index + 1): y \(word.y)")
    }
    let words = try Poppler.words(path)
    let title = try #require(words.first)
    let footer = try #require(words.last { $0.text == "page" })
    #expect(abs(title.x - PageLayout.margin) < 0.05)
    #expect(abs((defs[0].y - title.y) - 2 * PageLayout.lineHeight) < 0.05, "the body starts on the third row")
    #expect(
      abs((footer.y - title.y) - Double(layout.footerRow) * PageLayout.lineHeight) < 0.05,
      "the footer is on the last row")
  }

  @Test("the header is set in DejaVu Sans Mono Bold and the body in DejaVu Sans Mono, embedded")
  func fonts() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("fonts.pdf")
    try PDFPrinter.write(try Paginator.paginate(PrintJob(title: "Fonts", body: .lines(["body"]))), to: path)
    let fonts = try Poppler.fonts(path).split(separator: "\n").dropFirst(2)
    #expect(fonts.contains { $0.contains("DejaVuSansMono-Bold") })
    #expect(fonts.contains { $0.contains("+DejaVuSansMono ") })
    for font in fonts {
      // Columns "emb sub uni": embedded, subset, with a Unicode map.
      #expect(font.contains("yes yes yes"), "\(font)")
    }
  }

  @Test("a page range writes only those pages, their footers counting the whole document")
  func pageRange() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("range.pdf")
    let document = try Paginator.paginate(
      PrintJob(title: "Five", body: .lines(numberedLines(5 * 65)), pageRange: 2...3))
    #expect(try PDFPrinter.write(document, to: path).pageCount == 2)
    #expect(Poppler.field("Pages", in: try Poppler.info(path)) == "2")
    let footers = try Self.pageTexts(path).map { Self.trimmedLines($0).last }
    #expect(footers == ["page 2 of 5", "page 3 of 5"])
    let firstBody = Self.trimmedLines(try #require(Self.pageTexts(path).first)).dropFirst().first
    #expect(firstBody == "line 66")
  }

  @Test("a table prints its column names and rule at the top of every page")
  func table() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("table.pdf")
    let rows = (1...130).map { ["item \($0)", "\($0)", "note ★"] }
    let document = try Paginator.paginate(
      PrintJob(title: "Stock", body: .table(PrintTable(columns: ["item", "count", "note"], rows: rows))))
    try PDFPrinter.write(document, to: path)
    let pages = try Self.pageTexts(path)
    #expect(pages.count == 3)
    var seen: [String] = []
    for page in pages {
      let pageLines = Self.trimmedLines(page)
      #expect(pageLines.dropFirst().first?.split(separator: " ") == ["item", "count", "note"])
      #expect(pageLines.dropFirst(2).first?.split(separator: " ") == ["────────", "─────", "──────"])
      for line in pageLines.dropFirst(3).dropLast() {
        let words = line.split(separator: " ").map(String.init)
        #expect(words.count == 5 && words[1] == words[2], "\(line)")
        #expect(words.suffix(2) == ["note", "★"])
        seen.append(words.prefix(2).joined(separator: " "))
      }
    }
    #expect(seen == rows.map { $0[0] })
  }

  @Test("characters no font can draw are reported in full, and still come out of the PDF as text")
  func missingGlyphs() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("missing.pdf")
    // Private-use characters: no installed font has a glyph for them.
    let document = try Paginator.paginate(
      PrintJob(title: "Mixed", body: .lines(["\u{F8FF} 漢字 é ★ ✓ \u{E000}\u{E001}"])))
    let summary = try PDFPrinter.write(document, to: path)
    #expect(summary.charactersWithoutGlyphs == ["\u{E000}", "\u{E001}", "\u{F8FF}"])
    let text = try Poppler.text(path).filter { !$0.isWhitespace }
    #expect(text.contains("\u{F8FF}漢字é★✓\u{E000}\u{E001}"))
  }

  @Test("CJK, Hangul, Arabic, emoji and combining marks are drawn, and come back out as text")
  func everyScript() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("scripts.pdf")
    let lines = ["中文 漢字 def", "日本語 かな def", "한국어 def", "مرحبا def", "😀 ok def", "e\u{301}a\u{308} def"]
    let document = try Paginator.paginate(PrintJob(title: "Scripts", body: .lines(lines)))
    let summary = try PDFPrinter.write(document, to: path)
    #expect(summary.charactersWithoutGlyphs == [])
    let text = try Poppler.text(path).filter { !$0.isWhitespace }
    // Colour emoji are embedded as pictures, which text extraction does not read back.
    for word in ["中文", "漢字", "日本語", "かな", "한국어", "مرحبا", "okdef", "e\u{301}a\u{308}"] {
      #expect(text.contains(word), "\(word) is not in the PDF's text")
    }
    // Columns stay aligned by display width: "def" follows each line's cells.
    let defs = try Poppler.words(path).filter { $0.text == "def" }
    let expectedColumns = [10, 12, 7, 6, 6, 3]
    #expect(defs.count == lines.count)
    for (index, word) in defs.enumerated() where index < expectedColumns.count {
      let x = document.layout.x(ofColumn: expectedColumns[index])
      #expect(abs(word.x - x) < 0.05, "line \(index + 1): x \(word.x), not \(x)")
    }
  }

  @Test("a CJK page draws its glyphs: its rendering differs from the same page in empty boxes")
  func cjkGlyphsDrawn() throws {
    let folder = try TemporaryFolder()
    let cjk = "漢字かな한글中文"
    let boxes = String(
      String.UnicodeScalarView(
        cjk.unicodeScalars.indices.enumerated().map { index, _ in
          Unicode.Scalar(0xE000 + UInt32(index))!
        }))
    var renderings: [[UInt8]] = []
    for (name, line) in [("cjk", cjk), ("boxes", boxes)] {
      let path = folder.path("\(name).pdf")
      let document = try Paginator.paginate(PrintJob(title: "Glyphs", body: .lines([line, line, line])))
      let summary = try PDFPrinter.write(document, to: path)
      #expect(summary.charactersWithoutGlyphs.isEmpty == (name == "cjk"))
      renderings.append(try Poppler.renderFirstPage(path))
    }
    #expect(renderings[0].count == renderings[1].count)
    let differing = zip(renderings[0], renderings[1]).filter { $0 != $1 }.count
    #expect(differing > 500, "only \(differing) bytes differ between the CJK page and the boxes")
  }

  @Test("writing replaces an existing file whole and leaves nothing else in the folder")
  func replacesFile() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("out.pdf")
    try "not a pdf".write(toFile: path, atomically: false, encoding: .utf8)
    try PDFPrinter.write(try Paginator.paginate(PrintJob(title: "New", body: .lines(["x"]))), to: path)
    #expect(try folder.contents() == ["out.pdf"])
    #expect(Poppler.field("Title", in: try Poppler.info(path)) == "New")
  }

  @Test("a failed write throws an I/O error naming the file and leaves no half-written PDF")
  func failedWrite() throws {
    let folder = try TemporaryFolder()
    let document = try Paginator.paginate(PrintJob(title: "Fail", body: .lines(numberedLines(500))))
    let missing = folder.path("absent/out.pdf")
    #expect(throws: FolioError.io(missing, "cannot save: No such file or directory")) {
      try PDFPrinter.write(document, to: missing)
    }
    // A folder where the file should go makes the final rename fail after the PDF was written.
    let taken = folder.path("taken.pdf")
    try FileManager.default.createDirectory(atPath: taken, withIntermediateDirectories: false)
    let error = try #require(throws: FolioError.self) { try PDFPrinter.write(document, to: taken) }
    #expect(error.code == .io)
    #expect(error.message.hasPrefix(taken + ": "))
    #expect(try folder.contents() == ["taken.pdf"])
    let empty = PrintedDocument(title: "None", layout: PageLayout(.a4), pages: [])
    #expect(throws: FolioError(.invalidArgument, "there are no pages to print")) {
      try PDFPrinter.write(empty, to: folder.path("none.pdf"))
    }
    #expect(try folder.contents() == ["taken.pdf"])
  }
}
