import FolioTestSupport
import Foundation
import Testing

@testable import FolioCore

@Suite struct TextPrinterTests {
  private static let twoPages = PrintedDocument(
    title: "Notes", layout: PageLayout(.a4),
    pages: [
      PrintedPage(number: 1, count: 2, header: "Notes", lines: ["first", "  second"], footer: "page 1 of 2"),
      PrintedPage(number: 2, count: 2, header: "Notes", lines: ["third"], footer: "page 2 of 2"),
    ])

  @Test("each page is header, blank, lines, blank, footer; a form feed line separates pages")
  func exactOutput() {
    #expect(
      TextPrinter.render(Self.twoPages)
        == "Notes\n\nfirst\n  second\n\npage 1 of 2\n\u{0C}\nNotes\n\nthird\n\npage 2 of 2\n")
  }

  @Test("an empty document renders its one page with a header and a footer")
  func emptyDocument() throws {
    let document = try Paginator.paginate(PrintJob(title: "Empty", body: .lines([])))
    #expect(TextPrinter.render(document) == "Empty\n\n\npage 1 of 1\n")
  }

  @Test("a paginated document renders one block per page with every line once, in order")
  func paginatedDocument() throws {
    let lines = numberedLines(200)
    let document = try Paginator.paginate(
      PrintJob(title: "Long", body: .lines(lines), pageSize: .letter, pageRange: 2...4))
    let pages = TextPrinter.render(document).components(separatedBy: "\u{0C}\n")
    #expect(pages.count == 3)
    for (index, page) in pages.enumerated() {
      let pageLines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let number = index + 2
      let body = Array(lines[((number - 1) * 60)..<min(number * 60, 200)])
      #expect(pageLines == ["Long", ""] + body + ["", "page \(number) of 4", ""])
    }
  }

  @Test("write puts the rendered text in the file, replacing what was there")
  func writesFile() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("notes.txt")
    try "old content".write(toFile: path, atomically: false, encoding: .utf8)
    try TextPrinter.write(Self.twoPages, to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == TextPrinter.render(Self.twoPages))
    #expect(try folder.contents() == ["notes.txt"])
  }

  @Test("a write that fails reports the path and leaves no file behind")
  func failedWrite() throws {
    let folder = try TemporaryFolder()
    let missing = folder.path("no-such-folder/notes.txt")
    #expect(throws: FolioError.io(missing, "cannot save: No such file or directory")) {
      try TextPrinter.write(Self.twoPages, to: missing)
    }
    try FileManager.default.createDirectory(atPath: folder.path("taken"), withIntermediateDirectories: false)
    #expect(throws: FolioError.self) { try TextPrinter.write(Self.twoPages, to: folder.path("taken")) }
    #expect(try folder.contents() == ["taken"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("taken")).isEmpty)
  }
}
