import Testing

@testable import FolioCore

/// The changes a journal's log holds: told from two versions of a content, encoded, read
/// back without trusting the bytes, and applied.
@Suite struct JournalDeltaTests {
  private static let csv = DocumentFormat.csv

  private static func table(_ text: String) throws -> TableModel {
    guard case .table(let table) = try csv.decode(Array(text.utf8)) else {
      throw FolioError(.format, "no table")
    }
    return table
  }

  private static func encoded(_ content: DocumentContent) throws -> String {
    var bytes: [UInt8] = []
    try csv.saveContent(content).write { bytes.append(contentsOf: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("edits, added and removed rows of a table read from a file become one run, replayed exactly")
  func tableRuns() throws {
    let original = try Self.table("name,city\na,Lyon\nb,Gent\n\"c, d\",Kiel\ne,Oslo\n")
    var edited = original
    edited.setCell(row: 1, column: 1, to: .string("Paris"))
    var deltas = [try #require(JournalDelta.between(.table(original), .table(edited)))]
    #expect(
      deltas[0] == JournalDelta(start: 1, removed: 1, items: .rows([[.string("b"), .string("Paris")]])))
    var grown = edited
    grown.appendRow([.string("f \"quoted\""), .string("Rome")])
    grown.setCell(row: 1, column: 0, to: .string("B"))
    deltas.append(try #require(JournalDelta.between(.table(edited), .table(grown))))
    var shrunk = grown
    shrunk.removeRow(at: 2)
    deltas.append(try #require(JournalDelta.between(.table(grown), .table(shrunk))))
    #expect(deltas[2] == JournalDelta(start: 2, removed: 1, items: .rows([])))
    #expect(JournalDelta.between(.table(shrunk), .table(shrunk))?.isEmpty == true)

    let decoded = deltas.map { JournalDeltaCoding.decoded(JournalDeltaCoding.encoded($0)) }
    #expect(decoded == deltas)
    let replayed = try JournalDelta.apply(deltas, to: .table(original))
    #expect(try Self.encoded(replayed) == Self.encoded(.table(shrunk)))
    #expect(try Self.encoded(replayed) == "name,city\na,Lyon\nB,Paris\ne,Oslo\n\"f \"\"quoted\"\"\",Rome\n")
  }

  @Test("a change of columns, of a text's line endings, or of more than the most items has no delta")
  func noDelta() throws {
    let original = try Self.table("name\na\n")
    var widened = original
    widened.appendColumn("city")
    #expect(JournalDelta.between(.table(original), .table(widened)) == nil)
    var text = TextContent(lines: ["one"])
    var crlf = text
    crlf.lineEnding = .crlf
    #expect(JournalDelta.between(.text(text), .text(crlf)) == nil)
    var long = text
    long.lines = Array(repeating: "x", count: JournalDelta.maximumItems + 1)
    #expect(JournalDelta.between(.text(text), .text(long)) == nil)
    text.lines.insert("zero", at: 0)
    #expect(JournalDelta.between(.text(crlf), .text(crlf)) != nil)
    #expect(JournalDelta.between(.text(TextContent(lines: ["one"])), .text(text))?.items == .lines(["zero"]))
  }

  @Test("cells of every kind and lines round-trip; every cut or damaged payload is refused, never trapping")
  func untrustedBytes() throws {
    let delta = JournalDelta(
      start: 3, removed: 1_000_000,
      items: .rows([
        [.string("é"), .number("1e3"), .bool(true), .bool(false), .null, .json("[1]"), .absent], [],
      ]))
    let bytes = JournalDeltaCoding.encoded(delta)
    #expect(JournalDeltaCoding.decoded(bytes) == delta)
    let lines = JournalDelta(start: 0, removed: 0, items: .lines(["", "a b", "ü"]))
    #expect(JournalDeltaCoding.decoded(JournalDeltaCoding.encoded(lines)) == lines)
    for count in 0..<bytes.count {
      #expect(JournalDeltaCoding.decoded(Array(bytes.prefix(count))) == nil)
    }
    #expect(JournalDeltaCoding.decoded(bytes + [0]) == nil)
    // A count or length far beyond the bytes, a number past 63 bits, an unknown tag.
    #expect(JournalDeltaCoding.decoded([0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]) == nil)
    #expect(
      JournalDeltaCoding.decoded([0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0, 0]) == nil
    )
    #expect(JournalDeltaCoding.decoded([1, 0, 0, 1, 1, 9]) == nil)
    #expect(JournalDeltaCoding.decoded([0, 0, 0, 1, 2, 0xC3, 0x28]) == nil, "not UTF-8")
    #expect(throws: FolioError.self) { try JournalDelta.apply([delta], to: .table(try Self.table("a\n1\n"))) }
  }
}
