import Testing

@testable import FolioCore

@Suite struct TextFormatTests {
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  private func decodeError(_ input: [UInt8]) -> FolioError? {
    do {
      _ = try TextFormat.decode(input)
      return nil
    } catch {
      return error
    }
  }

  // MARK: Decoding

  @Test("a file with LF endings reads as its lines and the shape of the file")
  func decodesLines() throws {
    let content = try TextFormat.decode(bytes("one\ntwo\n\nfour\n"))
    #expect(content == TextContent(lines: ["one", "two", "", "four"]))
    #expect(content.lineEndings == nil)
  }

  @Test("an empty file has no lines and gives a line added to it a terminator")
  func emptyFile() throws {
    var content = try TextFormat.decode([])
    #expect(
      content == TextContent(lines: [], lineEnding: .lf, hasByteOrderMark: false, endsWithNewline: true))
    content.append("first")
    #expect(TextFormat.encode(content) == bytes("first\n"))
  }

  @Test("a file without a final newline keeps its last line unterminated")
  func noFinalNewline() throws {
    let content = try TextFormat.decode(bytes("a\nb"))
    #expect(content.lines == ["a", "b"])
    #expect(!content.endsWithNewline)
    #expect(TextFormat.encode(content) == bytes("a\nb"))
  }

  @Test("a lone newline is one empty line")
  func loneNewline() throws {
    let content = try TextFormat.decode(bytes("\n"))
    #expect(content.lines == [""])
    #expect(content.endsWithNewline)
  }

  @Test(
    "the first terminator decides the line ending",
    arguments: [
      ("a\r\nb\r\n", LineEnding.crlf), ("a\rb\r", .cr), ("a\nb\n", .lf), ("a", .lf),
    ])
  func detectsLineEnding(input: String, expected: LineEnding) throws {
    let content = try TextFormat.decode(bytes(input))
    #expect(content.lineEnding == expected)
    #expect(content.lineEndings == nil)
  }

  @Test("CR LF is one terminator, CR CR LF is two")
  func carriageReturnPairs() throws {
    let content = try TextFormat.decode(bytes("a\r\r\nb"))
    #expect(content.lines == ["a", "", "b"])
    #expect(content.lineEnding == .cr)
    #expect(content.lineEndings == [.cr, .crlf, .cr])
    #expect(!content.endsWithNewline)
  }

  @Test("mixed terminators are recorded per line and written back exactly")
  func mixedEndings() throws {
    let input = bytes("a\r\nb\nc\rd\r\n")
    let content = try TextFormat.decode(input)
    #expect(content.lines == ["a", "b", "c", "d"])
    #expect(content.lineEnding == .crlf)
    #expect(content.lineEndings == [.crlf, .lf, .cr, .crlf])
    #expect(TextFormat.encode(content) == input)
  }

  @Test("a byte order mark is removed from the first line and written back")
  func byteOrderMark() throws {
    let input: [UInt8] = [0xEF, 0xBB, 0xBF] + bytes("héllo\r\n")
    let content = try TextFormat.decode(input)
    #expect(content == TextContent(lines: ["héllo"], lineEnding: .crlf, hasByteOrderMark: true))
    #expect(TextFormat.encode(content) == input)
  }

  @Test("a file holding only a byte order mark has no lines")
  func onlyByteOrderMark() throws {
    let content = try TextFormat.decode([0xEF, 0xBB, 0xBF])
    #expect(content.lines.isEmpty)
    #expect(content.hasByteOrderMark)
    #expect(TextFormat.encode(content) == [0xEF, 0xBB, 0xBF])
  }

  @Test("non-ASCII text, tabs and other control characters are kept")
  func keepsCharacters() throws {
    let content = try TextFormat.decode(bytes("naïve 😀\tx\u{07}\u{7F}\n€\n"))
    #expect(content.lines == ["naïve 😀\tx\u{07}\u{7F}", "€"])
  }

  // MARK: Errors

  @Test(
    "invalid UTF-8 is refused with the line and column of the first bad byte",
    arguments: [
      ([0x61, 0xFF], 1, 2),  // never valid
      ([0x80], 1, 1),  // a continuation byte alone
      ([0xC0, 0x80], 1, 1),  // overlong NUL
      ([0xC1, 0xBF], 1, 1),  // overlong two-byte form
      ([0xE0, 0x80, 0x80], 1, 1),  // overlong three-byte form
      ([0xF0, 0x80, 0x80, 0x80], 1, 1),  // overlong four-byte form
      ([0xED, 0xA0, 0x80], 1, 1),  // a UTF-16 surrogate
      ([0xF4, 0x90, 0x80, 0x80], 1, 1),  // above U+10FFFF
      ([0xF5, 0x80, 0x80, 0x80], 1, 1),  // lead byte beyond Unicode
      ([0x61, 0x62, 0xE2, 0x82], 1, 3),  // truncated at the end
      ([0xE2, 0x28, 0xA1], 1, 1),  // bad continuation
      ([0x61, 0x0A, 0x62, 0x0A, 0xC3], 3, 1),  // on the third line
      ([0x61, 0x0D, 0x0A, 0x62, 0xFE], 2, 2),  // CRLF counts once
      ([0x61, 0x0D, 0x62, 0x0D, 0x0D, 0xFE], 4, 1),  // lone CRs count
      ([0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0xBF], 1, 4),  // columns count characters
      ([0xEF, 0xBB, 0xBF, 0x61, 0x62, 0xFF], 1, 3),  // the byte order mark does not count
      (Array(repeating: 0x61, count: 37) + [0xFF], 1, 38),  // past the eight-byte fast path
    ] as [([UInt8], Int, Int)])
  func invalidUTF8(input: [UInt8], line: Int, column: Int) {
    #expect(decodeError(input) == FolioError(.format, "invalid UTF-8 at line \(line), column \(column)"))
  }

  @Test(
    "a NUL byte is refused as binary data with its line and column",
    arguments: [
      ([0x00], 1, 1),
      ([0x61, 0x62, 0x0A, 0x63, 0x00], 2, 2),
      (Array(repeating: 0x61, count: 19) + [0x00] + Array(repeating: 0x61, count: 19), 1, 20),
    ] as [([UInt8], Int, Int)])
  func nulByte(input: [UInt8], line: Int, column: Int) {
    #expect(
      decodeError(input) == FolioError(.format, "binary data (a NUL byte) at line \(line), column \(column)"))
  }

  @Test("the first problem in the file is the one reported")
  func firstProblemWins() {
    #expect(decodeError([0x61, 0xFF, 0x00]) == FolioError(.format, "invalid UTF-8 at line 1, column 2"))
    #expect(decodeError([0x00, 0xFF]) == FolioError(.format, "binary data (a NUL byte) at line 1, column 1"))
  }

  @Test("positions count CR, LF and CRLF as one line break each and an LF inside a CRLF as part of its line")
  func positions() {
    let text: [UInt8] = Array("ab\r\ncd\ref\ngh".utf8)
    text.withUnsafeBufferPointer { buffer in
      let expected = [
        (0, 1, 1), (2, 1, 3), (3, 1, 4), (4, 2, 1), (6, 2, 3), (7, 3, 1), (10, 4, 1), (12, 4, 3),
      ]
      for (offset, line, column) in expected {
        #expect(TextPosition.locate(offset, in: buffer, from: 0) == TextPosition(line: line, column: column))
      }
    }
  }

  // MARK: Encoding and editing

  @Test("new lines get the file's line ending")
  func encodesWithLineEnding() {
    var content = TextContent(lines: ["a"], lineEnding: .crlf)
    content.append("b")
    #expect(TextFormat.encode(content) == bytes("a\r\nb\r\n"))
  }

  @Test("a line added to a file without a final newline stays unterminated and ends the previous line")
  func appendWithoutFinalNewline() throws {
    var content = try TextFormat.decode(bytes("a\r\nb"))
    content.append("c")
    #expect(TextFormat.encode(content) == bytes("a\r\nb\r\nc"))
  }

  @Test("editing a file with mixed terminators keeps the other lines' terminators")
  func editingMixedEndings() throws {
    var content = try TextFormat.decode(bytes("a\r\nb\nc\r"))
    content.insert("new", at: 1)
    #expect(TextFormat.encode(content) == bytes("a\r\nnew\r\nb\nc\r"))
    content.lines[2] = "B"
    #expect(TextFormat.encode(content) == bytes("a\r\nnew\r\nB\nc\r"))
    #expect(content.removeLine(at: 0) == "a")
    #expect(TextFormat.encode(content) == bytes("new\r\nB\nc\r"))
    content.append("d")
    #expect(TextFormat.encode(content) == bytes("new\r\nB\nc\rd\r\n"))
  }

  @Test("lines added without the editing methods still get a terminator")
  func directAppendInMixedFile() throws {
    var content = try TextFormat.decode(bytes("a\r\nb\n"))
    content.lines.append("c")
    #expect(TextFormat.encode(content) == bytes("a\r\nb\nc\r\n"))
  }

  @Test("the terminator of each line is reported")
  func terminatorOfLine() throws {
    let content = try TextFormat.decode(bytes("a\nb\r\nc"))
    #expect(content.terminator(ofLine: 0) == .lf)
    #expect(content.terminator(ofLine: 1) == .crlf)
    #expect(content.terminator(ofLine: 2) == nil)
  }

  @Test("content made in code encodes with its byte order mark and without a final newline")
  func encodesFlags() {
    let content = TextContent(
      lines: ["x", "y"], lineEnding: .cr, hasByteOrderMark: true, endsWithNewline: false)
    #expect(TextFormat.encode(content) == [0xEF, 0xBB, 0xBF] + bytes("x\ry"))
  }
}
