import Foundation
import Testing

@testable import FolioCore

/// Saving streams a table: CSV and TSV rows unchanged since the file was read are copied from
/// its bytes, quoting as written, the chunks together are the same whatever their size, and
/// they read back as the table's cells.
@Suite struct TableStreamingTests {
  /// The bytes `write` hands over, chunk by chunk.
  private static func chunks(
    _ write: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void
  ) -> [[UInt8]] {
    var chunks: [[UInt8]] = []
    write { chunks.append(Array($0)) }
    return chunks
  }

  /// A file of `rowCount` rows with quoted fields here and there, mixed line endings and
  /// cells that must be quoted.
  private static func file(rows rowCount: Int, random: inout FormatTestRandom) -> [UInt8] {
    let pieces = ["plain", "\"quoted\"", "\"a,b\"", "\"q\"\"q\"", "\"l\nf\"", "", "é", "sp ace", "x\"y"]
    let endings = ["\n", "\n", "\n", "\r\n", "\r"]
    var text = "a,b,c\n"
    for row in 0..<rowCount {
      let fields = (0..<3).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
      text += fields.joined(separator: ",")
      if row < rowCount - 1 || random.next() % 2 == 0 {
        text += endings[Int(random.next() % UInt64(endings.count))]
      }
    }
    return Array(text.utf8)
  }

  /// The positions `0..<count` in a random order (Fisher-Yates).
  private static func shuffled(_ count: Int, random: inout FormatTestRandom) -> [Int] {
    var positions = Array(0..<count)
    for index in positions.indices.reversed() where index > 0 {
      positions.swapAt(index, Int(random.next() % UInt64(index + 1)))
    }
    return positions
  }

  /// Each row's cells as text, one per column (a cell a row lacks is empty, as it is written).
  private static func texts(_ content: TableContent) -> [[String]] {
    content.rows.map { row in content.columns.indices.map { $0 < row.count ? row[$0].description : "" } }
  }

  @Test(
    "edited, sorted and pruned tables stream the same bytes in chunks of any size, which read back as their cells"
  )
  func streamedAsEncoded() throws {
    var random = FormatTestRandom(state: 0xC0FFEE)
    for round in 0..<120 {
      let rowCount = Int(random.next() % 12)
      var table = try DelimitedFormat.decodeTable(
        Self.file(rows: rowCount, random: &random), delimiter: .comma)
      for _ in 0..<Int(random.next() % 4) where table.rowCount > 0 {
        let row = Int(random.next() % UInt64(table.rowCount))
        switch random.next() % 5 {
        case 0: table.setCell(row: row, column: Int(random.next() % 3), to: .string("new"))
        case 1: table.removeRow(at: row)
        case 2: table.reorder(by: Self.shuffled(table.rowCount, random: &random))
        case 3: table.appendRow([.string("added"), .string(""), .string("z")])
        default: if round % 7 == 0 { table.appendColumn("d") }
        }
      }
      let content = table.content
      for dialect in [DelimitedDialect.csv, .tsv, DelimitedDialect(delimiter: .comma, lineEnding: .crlf)] {
        let expected = DelimitedFormat.encode(table, dialect: dialect)
        let reread = try DelimitedFormat.decode(expected, delimiter: dialect.delimiter)
        #expect(
          reread.columns == content.columns && Self.texts(reread) == Self.texts(content), "round \(round)")
        for chunkSize in [1, 16, 100, 1 << 20] {
          let chunks = Self.chunks { sink in
            DelimitedFormat.write(table, as: dialect, chunkSize: chunkSize, to: sink)
          }
          #expect(Array(chunks.joined()) == expected, "round \(round), chunks of \(chunkSize)")
        }
      }
      for style in [JSONStyle.compact, .pretty(indent: 2)] {
        let expected = JSONTableFormat.encode(content, style: style)
        for chunkSize in [1, 100, 1 << 20] {
          let chunks = Self.chunks { sink in
            JSONTableFormat.write(table, as: style, chunkSize: chunkSize, to: sink)
          }
          #expect(Array(chunks.joined()) == expected, "round \(round), chunks of \(chunkSize)")
        }
      }
    }
  }

  /// The bytes a save of `table` should write, made the slow way: the record of each row that
  /// is copied found by parsing it anew, every other row encoded from its cells.
  private static func reference(_ table: TableModel, dialect: DelimitedDialect) throws -> [UInt8] {
    guard table.rowCount > 0 else { return DelimitedFormat.encode(table, dialect: dialect) }
    func encoded(_ rows: [[TableCell]], endsWithNewline: Bool) -> [UInt8] {
      var bare = dialect
      bare.hasByteOrderMark = false
      bare.endsWithNewline = endsWithNewline
      return DelimitedFormat.encode(
        TableContent(columns: table.columns, rows: rows, dialect: .delimited(bare)), dialect: bare)
    }
    let header = encoded([], endsWithNewline: true)
    var output: [UInt8] = dialect.hasByteOrderMark ? [0xEF, 0xBB, 0xBF] : []
    output += header
    let records = try #require(table.records)
    return records.bytes.withUnsafeBufferPointer { file in
      for index in 0..<table.rowCount {
        var copied = false
        if records.delimiter == dialect.delimiter.rawValue, let location = table.recordOffset(ofRow: index) {
          var parser = DelimitedParser(
            bytes: file, delimiter: records.delimiter, start: records.start, offset: location)
          if let (fields, ending) = try? parser.skipRecord(), fields == table.columns.count {
            let end = parser.offset - (ending?.byteCount ?? 0)
            if end > location || table.columns.count > 1 {
              output += file[location..<end]
              copied = true
            }
          }
        }
        if !copied {
          output += encoded([table.cells(ofRow: index)], endsWithNewline: false).dropFirst(header.count)
        }
        if index < table.rowCount - 1 || dialect.endsWithNewline {
          output += dialect.lineEnding.rawValue.utf8
        }
      }
      return output
    }
  }

  @Test(
    "files with one terminator, quoted fields or none: records found by their terminator write what parsing each would"
  )
  func recordsFoundByTerminator() throws {
    var random = FormatTestRandom(state: 0x5A7E)
    let plain = ["plain", "", "é", "x\"y", "sp ace"]
    let quoted = plain + ["\"quoted\"", "\"a,b\"", "\"q\"\"q\"", "\"l\nf\"", "\"c\r\nr\""]
    for round in 0..<300 {
      // Half the files have no quoted field, whose records a save finds by `memchr`.
      let pieces = round % 2 == 0 ? plain : quoted
      let ending = LineEnding.allCases[Int(random.next() % 3)]
      let columnCount = 1 + Int(random.next() % 3)
      let rowCount = Int(random.next() % 30)
      var text = random.next() % 8 == 0 ? "\u{FEFF}" : ""
      text += (0..<columnCount).map { "c\($0)" }.joined(separator: ",") + ending.rawValue
      for row in 0..<rowCount {
        text += (0..<columnCount).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
          .joined(separator: ",")
        if row < rowCount - 1 || random.next() % 2 == 0 { text += ending.rawValue }
      }
      var table = try DelimitedFormat.decodeTable(Array(text.utf8), delimiter: .comma)
      if round % 2 == 0, table.rowCount >= 2 {
        #expect(table.records?.plainEnding == ending, "round \(round)")
      }
      for _ in 0..<Int(random.next() % 5) where table.rowCount > 0 {
        let row = Int(random.next() % UInt64(table.rowCount))
        switch random.next() % 6 {
        case 0: table.setCell(row: row, column: Int(random.next() % UInt64(columnCount)), to: .string("new"))
        case 1: table.removeRow(at: row)
        case 2: table.reorder(by: Self.shuffled(table.rowCount, random: &random))
        case 3: table.appendRow(Array(repeating: .string(""), count: columnCount))
        case 4: table.setCell(row: row, column: 0, to: table.cells(ofRow: row)[0])
        default: if round % 9 == 0 { table.appendColumn("d") }
        }
      }
      guard case .delimited(let own) = table.dialect else { continue }
      var other = own
      other.endsWithNewline.toggle()
      var otherEnding = own
      otherEnding.lineEnding = ending == .lf ? .crlf : .lf
      for dialect in [own, other, otherEnding, .tsv] {
        let expected = try Self.reference(table, dialect: dialect)
        #expect(DelimitedFormat.encode(table, dialect: dialect) == expected, "round \(round)")
        for chunkSize in [1, 64] {
          let chunks = Self.chunks { sink in
            DelimitedFormat.write(table, as: dialect, chunkSize: chunkSize, to: sink)
          }
          #expect(Array(chunks.joined()) == expected, "round \(round), chunks of \(chunkSize)")
        }
      }
    }
  }

  @Test("unedited rows go to the save straight from the file's bytes, the edited one encoded between")
  func unchangedRowsAreNotCopied() throws {
    var text = "name,city\n"
    for row in 1...200 { text += "Person \(row),City \(row % 7)\n" }
    var table = try DelimitedFormat.decodeTable(Array(text.utf8), delimiter: .comma)
    table.setCell(row: 99, column: 1, to: .string("Paris"))
    var fromTheFile: [Int] = []
    var written: [UInt8] = []
    table.records!.bytes.withUnsafeBufferPointer { file in
      DelimitedFormat.write(table, as: .csv, chunkSize: 256) { chunk in
        if let base = chunk.baseAddress, let start = file.baseAddress, base >= start,
          base < start + file.count
        {
          fromTheFile.append(chunk.count)
        }
        written.append(contentsOf: chunk)
      }
    }
    #expect(
      String(decoding: written, as: UTF8.self)
        == text.replacing("Person 100,City 2", with: "Person 100,Paris"))
    // Rows 1-99 and 101-200, each a run of the file handed over as it is.
    #expect(fromTheFile.count == 2)
    #expect(
      fromTheFile.reduce(0, +) == written.count - "name,city\n".utf8.count - "Person 100,Paris\n".utf8.count)
  }

  @Test(
    "tables of thousands of rows without quoted fields, edited, pruned and added to, write what parsing each would"
  )
  func recordBlocks() throws {
    var random = FormatTestRandom(state: 0xB10C)
    let pieces = ["plain", "", "é", "x\"y", "sp ace", "1234567890"]
    for round in 0..<24 {
      let ending = LineEnding.allCases[round % 3]
      let rowCount = 2000 + Int(random.next() % 9000)
      var text = "a,b,c" + ending.rawValue
      for row in 0..<rowCount {
        text += (0..<3).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined(separator: ",")
        if row < rowCount - 1 || round % 2 == 0 { text += ending.rawValue }
      }
      var table = try DelimitedFormat.decodeTable(Array(text.utf8), delimiter: .comma)
      #expect(table.records?.plainEnding == ending)
      for _ in 0..<Int(random.next() % 12) {
        let row = Int(random.next() % UInt64(table.rowCount))
        switch random.next() % 5 {
        case 0, 1:
          table.setCell(row: row, column: Int(random.next() % 3), to: .string("new"))
        case 2: table.removeRow(at: row)
        case 3: table.appendRow([.string("added"), .string(""), .string("z")])
        default: table.setCell(row: row, column: 1, to: table.cells(ofRow: row)[1])
        }
      }
      if round % 6 == 5 {
        // A sorted stretch among rows still in the file's order.
        let start = Int(random.next() % UInt64(table.rowCount - 100))
        var order = Array(0..<table.rowCount)
        order[start..<start + 100].reverse()
        table.reorder(by: order)
      }
      guard case .delimited(let own) = table.dialect else { continue }
      var other = own
      other.endsWithNewline.toggle()
      var otherEnding = own
      otherEnding.lineEnding = ending == .lf ? .crlf : .lf
      for dialect in [own, other, otherEnding] {
        let expected = try Self.reference(table, dialect: dialect)
        for chunkSize in [64, 1 << 20] {
          let chunks = Self.chunks { sink in
            DelimitedFormat.write(table, as: dialect, chunkSize: chunkSize, to: sink)
          }
          #expect(Array(chunks.joined()) == expected, "round \(round), chunks of \(chunkSize)")
        }
      }
    }
  }

  @Test("a byte is counted 16 at a time, the count stopping once it passes its limit")
  func countingBytes() {
    var random = FormatTestRandom(state: 0xC0)
    for length in [0, 1, 15, 16, 17, 31, 255 * 16, 255 * 16 + 1, 10_000, 70_000] {
      let bytes = (0..<length).map { _ in UInt8(random.next() % 4) + 0x0A }
      let expected = bytes.count { $0 == ASCII.lineFeed }
      bytes.withUnsafeBufferPointer { buffer in
        #expect(ASCII.count(ASCII.lineFeed, in: buffer, stoppingOver: length) == expected, "\(length) bytes")
        #expect(
          ASCII.count(ASCII.lineFeed, in: buffer, stoppingOver: expected) == expected, "\(length) bytes")
        if expected > 0 {
          #expect(ASCII.count(ASCII.lineFeed, in: buffer, stoppingOver: expected - 1) > expected - 1)
        }
      }
    }
  }

  @Test("a streamed save writes the bytes and records their size and content hash")
  func streamedSave() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-stream-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("t.csv").path
    var text = "a,b\n"
    for row in 0..<5000 { text += "\(row),\"v \(row)\"\n" }
    var table = try DelimitedFormat.decodeTable(Array(text.utf8), delimiter: .comma)
    table.setCell(row: 10, column: 1, to: .string("edited"))
    // The other rows keep their quotes; the edited one needs none.
    let expected = Array(text.replacingOccurrences(of: "\n10,\"v 10\"\n", with: "\n10,edited\n").utf8)
    let content = try DocumentFormat.csv.saveContent(.table(table))
    #expect(content.measure() == (expected.count, FileSnapshot.contentHash(of: expected)))
    let outcome = try DocumentFile.save(content, to: path, inPlace: nil)
    let (bytes, snapshot) = try DocumentFile.read(path)
    #expect(bytes == expected)
    #expect(outcome.snapshot.isSameState(as: snapshot))
    #expect(snapshot.contentHash == FileSnapshot.contentHash(of: expected))
  }
}
