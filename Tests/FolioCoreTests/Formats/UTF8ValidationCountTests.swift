import Testing

@testable import FolioCore

/// The line breaks counted while validating UTF-8, which size a table's records array.
@Suite struct UTF8ValidationCountTests {
  @Test("LF and CR bytes are counted in ASCII words, around multi-byte sequences and in the tail")
  func countsLineBreaks() throws {
    var state: UInt64 = 17
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("\n".utf8), Array("\r".utf8), Array("\r\n".utf8), Array("é".utf8),
      Array("€".utf8), Array("𝄞".utf8), Array("xyz,12".utf8), [0x0B], [0x0C], [0x0E], Array("\u{7F}".utf8),
    ]
    for length in 0..<300 {
      var bytes: [UInt8] = []
      for _ in 0..<length {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes += pieces[Int((state >> 33) % UInt64(pieces.count))]
      }
      let counted = try bytes.withUnsafeBufferPointer {
        try UTF8Validation.validateCountingLineBreaks($0, from: 0)
      }
      #expect(counted == bytes.filter { $0 == 0x0A || $0 == 0x0D }.count, "\(bytes)")
    }
  }

  @Test("long ASCII runs, whose counts are added up every 255 words, count every break")
  func longRuns() throws {
    for (line, lines) in [("a,b\n", 20_000), ("x\r\n", 9_999), ("\n", 4_095), ("0123456,89\r", 3_001)] {
      let bytes = Array(String(repeating: line, count: lines).utf8) + Array("é\nend".utf8)
      let counted = try bytes.withUnsafeBufferPointer {
        try UTF8Validation.validateCountingLineBreaks($0, from: 0)
      }
      #expect(counted == bytes.filter { $0 == 0x0A || $0 == 0x0D }.count, "\(line) × \(lines)")
    }
  }
}
