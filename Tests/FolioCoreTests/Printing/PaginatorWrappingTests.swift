import Testing

@testable import FolioCore

@Suite struct PaginatorWrappingTests {
  @Test("characters take cells: wide East Asian two, combining marks none, box drawing one")
  func cells() {
    let cases: [(String, Int)] = [
      ("", 0), ("abc", 3), ("é", 1), ("e\u{301}", 1), ("★ ✓", 3), ("┌─┐│└┘", 6), ("漢字", 4),
      ("ｱ", 1), ("Ａ", 2), ("한국", 4), ("👍", 2), ("✅", 2), ("a\u{200B}b", 2), ("\u{FE0F}", 0),
      ("\u{1100}\u{1161}", 2), ("\u{AD}", 0), ("…", 1), ("👍🏽", 2),
    ]
    for (text, expected) in cases {
      #expect(text.cells == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }

  @Test("ASCII lines break at the last blank that fits, dropping the blanks at the break")
  func asciiAtBlanks() {
    #expect(PrintText.wrap("the quick brown fox jumps", toCells: 10) == ["the quick", "brown fox", "jumps"])
    #expect(PrintText.wrap("aaaa     bbbb", toCells: 6) == ["aaaa", "bbbb"])
    #expect(PrintText.wrap("exactly ten", toCells: 11) == ["exactly ten"])
    #expect(PrintText.wrap("exactly ten", toCells: 10) == ["exactly", "ten"])
    #expect(PrintText.wrap("0123456789 next", toCells: 10) == ["0123456789", "next"])
    #expect(PrintText.wrap("trailing blanks     ", toCells: 10) == ["trailing", "blanks"])
  }

  @Test("a word longer than a line breaks where the line is full")
  func asciiHard() {
    #expect(
      PrintText.wrap("abcdefghijklmnopqrstuvwxyz", toCells: 10) == ["abcdefghij", "klmnopqrst", "uvwxyz"])
    #expect(PrintText.wrap("a abcdefghijklmnop", toCells: 10) == ["a", "abcdefghij", "klmnop"])
  }

  @Test("indentation stays on the first line and is never a line by itself")
  func indentation() {
    #expect(
      PrintText.wrap("    indented text that wraps", toCells: 12) == ["    indented", "text that", "wraps"])
    #expect(PrintText.wrap("      abcdefghij", toCells: 10) == ["      abcd", "efghij"])
    #expect(PrintText.wrap("            abc", toCells: 10) == ["abc"])
    #expect(PrintText.wrap(String(repeating: " ", count: 25), toCells: 10) == [""])
  }

  @Test("wide characters take two cells and move whole to the next line rather than straddle it")
  func wide() {
    #expect(PrintText.wrap("漢字漢字漢字", toCells: 5) == ["漢字", "漢字", "漢字"])
    #expect(PrintText.wrap("漢字漢字漢字", toCells: 4) == ["漢字", "漢字", "漢字"])
    #expect(PrintText.wrap("a漢字漢字", toCells: 4) == ["a漢", "字漢", "字"])
    #expect(PrintText.wrap("日本語 の テキスト", toCells: 8) == ["日本語", "の", "テキスト"])
  }

  @Test("combining marks take no cell and stay with their character")
  func combining() {
    let accented = String(repeating: "e\u{301}", count: 12)
    let lines = PrintText.wrap(accented, toCells: 5)
    #expect(
      lines == [
        String(repeating: "e\u{301}", count: 5), String(repeating: "e\u{301}", count: 5), "e\u{301}e\u{301}",
      ])
  }

  @Test("wrapping keeps every line within the width and loses nothing but blanks at breaks")
  func wrapProperties() {
    let samples = [
      "The quick brown fox jumps over the lazy dog and keeps running past the barn",
      "supercalifragilisticexpialidocious is a word that does not fit in narrow columns",
      "漢字とかなの混じった文章 with English words and 한국어 text mixed in",
      "e\u{301}le\u{300}ve cre\u{300}me bru\u{302}le\u{301}e ★ ✓ ┌──┐ │ok│ └──┘",
      "   indented   with    runs  of      blanks        everywhere            ",
      "👍🏽 emoji 🎉🎉🎉 party ✅ done",
    ]
    for width in 2...30 {
      for sample in samples {
        let lines = PrintText.wrap(sample, toCells: width)
        for line in lines {
          #expect(line.cells <= width, "'\(line)' is wider than \(width)")
          #expect(!line.hasSuffix(" "), "'\(line)' ends in a blank")
        }
        #expect(
          lines.joined().filter { $0 != " " } == sample.filter { $0 != " " },
          "width \(width): \(lines)")
        #expect(!lines.isEmpty)
      }
    }
  }

  @Test("tabs expand to stops every 8 cells, line breaks split lines, controls show as �")
  func cleaning() throws {
    #expect(PrintText.physicalLines("a\tb") == ["a       b"])
    #expect(PrintText.physicalLines("漢\tb") == ["漢      b"])
    #expect(PrintText.physicalLines("\tx") == ["        x"])
    #expect(PrintText.physicalLines("one\ntwo\r\nthree") == ["one", "two", "three"])
    #expect(PrintText.physicalLines("bell\u{7}") == ["bell\u{FFFD}"])
    #expect(PrintText.physicalLines("plain é") == ["plain é"])
    let document = try Paginator.paginate(PrintJob(title: "T", body: .lines(["one\ntwo", "three"])))
    #expect(document.pages[0].lines == ["one", "two", "three"])
  }

  @Test("paginated text lines never exceed the page's columns, whatever the page size")
  func pagesStayWithinColumns() throws {
    let line = "漢字 wide and narrow e\u{301} mixed " + String(repeating: "word ", count: 60)
    for size in PageSize.allCases {
      let document = try Paginator.paginate(PrintJob(title: "T", body: .lines([line, line]), pageSize: size))
      let columns = document.layout.columns
      for page in document.pages {
        for printed in page.lines { #expect(printed.cells <= columns) }
      }
      #expect(document.pages[0].lines.count > 2)
    }
  }
}
