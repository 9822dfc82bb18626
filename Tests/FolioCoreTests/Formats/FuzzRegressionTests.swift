import Foundation
import Testing

@testable import FolioCore

/// Inputs the fuzz targets in `Fuzz/` found wrong, each kept as a test. The same inputs sit in
/// `Fuzz/corpus/<target>/regression-*`, which every fuzz run replays first.
@Suite struct FuzzRegressionTests {
  /// The folder of a fuzz target's seed corpus.
  private static func corpus(_ target: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../../Fuzz/corpus/\(target)").standardizedFileURL
  }

  @Test("a CR before an empty line ending in LF is written so that the empty line stays")
  func crBeforeEmptyLine() throws {
    // Found by fuzz-text: removing a line of "a\rx\n\n" joined "a\r" and "\n" into one CRLF.
    var content = try TextFormat.decode(Array("a\rx\n\n".utf8))
    content.removeLine(at: 1)
    #expect(content.lines == ["a", ""])
    let written = TextFormat.encode(content)
    #expect(written == Array("a\r\n\n".utf8))
    #expect(try TextFormat.decode(written).lines == ["a", ""])
  }

  @Test("a first line that starts with U+FEFF is written after a byte order mark")
  func firstLineStartingWithByteOrderMark() throws {
    // Found by fuzz-text: the character read back as a byte order mark and was lost.
    let content = TextContent(lines: ["\u{FEFF}x", "y"])
    let written = TextFormat.encode(content)
    #expect(written == [0xEF, 0xBB, 0xBF] + Array("\u{FEFF}x\ny\n".utf8))
    let reread = try TextFormat.decode(written)
    #expect(reread.lines == content.lines)
    #expect(reread.hasByteOrderMark)
  }

  @Test("a save that would write a NUL character into CSV, TSV or text is refused")
  func nulCharacterIsNotSavedAsCSV() throws {
    // Found by fuzz-json: "\u0000" in a JSON string was written raw into CSV, a file that
    // then did not open again.
    let bytes = Array(#"[{"a":"x\u0000y"}]"#.utf8)
    let table = try JSONTableFormat.decodeTable(bytes)
    for format in [DocumentFormat.csv, .tsv] {
      #expect(throws: FolioError.self) { try format.encode(.table(table)) }
    }
    #expect(try DocumentFormat.json.encode(.table(table)) == Array("[{\"a\":\"x\\u0000y\"}]".utf8))
    let text = DocumentContent.text(TextContent(lines: ["ok", "a\u{0}b"]))
    do {
      _ = try DocumentFormat.text.encode(text)
      Issue.record("a NUL character was saved as text")
    } catch {
      #expect(error.code == .format)
      #expect(error.message.hasPrefix("cannot save as text: line 2, column 2 would hold a NUL character"))
    }
  }

  @Test("the files fuzz-text found read back as written after an edit")
  func textCorpusRegressions() throws {
    let folder = Self.corpus("text")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasPrefix("regression-") }.sorted()
    #expect(names.count == 2)
    for name in names {
      let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
      let content = try TextFormat.decode(bytes)
      #expect(TextFormat.encode(content) == bytes, "\(name)")
      // The edit the fuzz target makes: append, remove the first line, insert in the middle.
      var edited = content
      edited.append("appended")
      edited.removeLine(at: 0)
      edited.insert("inserted", at: edited.lines.count / 2)
      #expect(try TextFormat.decode(TextFormat.encode(edited)).lines == edited.lines, "\(name)")
    }
  }
}
