import Testing

@testable import FolioCore

/// Round trips over systematically generated files: every combination of line contents,
/// terminators, byte order mark and final newline up to a few lines, then random bytes.
@Suite struct TextFormatRoundTripTests {
  private static let contents = ["", "a", " x y ", "é€😀", "\t\u{7F}"]
  private static let endings: [LineEnding] = [.lf, .crlf, .cr]

  /// Calls `body` with every sequence of `count` elements drawn from `choices`.
  private func withEvery<T>(_ choices: [T], count: Int, _ body: ([T]) throws -> Void) rethrows {
    var indices = Array(repeating: 0, count: count)
    while true {
      try body(indices.map { choices[$0] })
      var position = count - 1
      while position >= 0 {
        indices[position] += 1
        if indices[position] < choices.count { break }
        indices[position] = 0
        position -= 1
      }
      if position < 0 { return }
    }
  }

  @Test("every combination of lines, terminators, byte order mark and final newline reads back exactly")
  func systematicRoundTrip() throws {
    var checked = 0
    for lineCount in 0...3 {
      try withEvery(Self.contents, count: lineCount) { lines in
        try withEvery(Self.endings, count: lineCount) { endings in
          for hasByteOrderMark in [false, true] {
            for endsWithNewline in [false, true] {
              var file: [UInt8] = hasByteOrderMark ? [0xEF, 0xBB, 0xBF] : []
              for (index, line) in lines.enumerated() {
                file += Array(line.utf8)
                if index < lineCount - 1 || endsWithNewline { file += Array(endings[index].rawValue.utf8) }
              }
              let content = try TextFormat.decode(file)
              #expect(TextFormat.encode(content) == file, "file \(file)")
              #expect(
                content.lines == referenceLines(file, hasByteOrderMark: hasByteOrderMark), "file \(file)")
              #expect(content.hasByteOrderMark == hasByteOrderMark)
              #expect(try TextFormat.decode(TextFormat.encode(content)) == content)
              checked += 1
            }
          }
        }
      }
    }
    #expect(checked == 4 * (1 + 15 + 225 + 3375))
  }

  @Test("UTF-8 validation agrees with the standard library on every byte pair and on edge sequences")
  func validationMatchesStandardLibrary() {
    var sequences: [[UInt8]] = []
    for first in 0...255 {
      for second in 0...255 { sequences.append([0x61, UInt8(first), UInt8(second)]) }
    }
    let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
    for lead in 0xE0...0xF7 {
      for second in edges {
        for third in edges {
          sequences.append([UInt8(lead), second, third])
          for fourth in edges { sequences.append([UInt8(lead), second, third, fourth]) }
        }
      }
    }
    var mismatches: [[UInt8]] = []
    for sequence in sequences {
      let isText = Array(String(decoding: sequence, as: UTF8.self).utf8) == sequence && !sequence.contains(0)
      let isAccepted = (try? TextFormat.decode(sequence)) != nil
      if isText != isAccepted { mismatches.append(sequence) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  /// The lines of `file` as Swift's `Character` view splits them: CRLF is one grapheme, and
  /// CR, LF and CRLF are all newlines. An independent check of the decoder's splitting.
  private func referenceLines(_ file: [UInt8], hasByteOrderMark: Bool) -> [String] {
    let text = String(decoding: file.dropFirst(hasByteOrderMark ? 3 : 0), as: UTF8.self)
    var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  @Test("random files either round-trip exactly or are refused exactly when they are not UTF-8 text")
  func randomBytes() throws {
    // Pieces that meet each other in every way: terminators, multi-byte characters, pieces
    // of characters, invalid bytes, NUL, a byte order mark.
    let pieces: [[UInt8]] = [
      [0x0A], [0x0D], [0x0D, 0x0A], [0x61], [0x20], [0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80], [0xC3], [0x9F],
      [0xEF, 0xBB, 0xBF], [0xED, 0xA0, 0x80], [0xFF], [0x00], [0x09],
    ]
    var random = FormatTestRandom(state: 0xF011_0)
    var accepted = 0
    var refused = 0
    for _ in 0..<5000 {
      var file: [UInt8] = []
      for _ in 0..<Int(random.next() % 12) {
        file += pieces[Int(random.next() % UInt64(pieces.count))]
      }
      let isText = Array(String(decoding: file, as: UTF8.self).utf8) == file && !file.contains(0)
      do {
        let content = try TextFormat.decode(file)
        #expect(isText, "accepted \(file)")
        #expect(TextFormat.encode(content) == file, "file \(file)")
        accepted += 1
      } catch {
        #expect(!isText, "refused \(file): \(error)")
        #expect(error.code == .format)
        refused += 1
      }
    }
    #expect(accepted > 500)
    #expect(refused > 500)
  }
}
