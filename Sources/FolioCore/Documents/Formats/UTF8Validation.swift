/// Checks that a file is text: well-formed UTF-8 without NUL bytes.
///
/// Every codec runs this first, so their scanners can look at ASCII bytes only and build
/// strings from byte slices without repairing them.
enum UTF8Validation {
  /// Throws a format error naming the line and column of the first invalid UTF-8 sequence or
  /// NUL byte at or after `start`.
  ///
  /// - Throws: `FolioError` with code `.format`.
  static func validate(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws(FolioError) {
    _ = try validateCountingLineBreaks(bytes, from: start)
  }

  /// Checks the bytes as `validate(_:from:)` does and, in the same pass, counts their line
  /// feeds and carriage returns at or after `start`: what a table needs to size its array of
  /// records once, without a pass of its own over the file.
  ///
  /// - Returns: the number of LF and CR bytes.
  /// - Throws: `FolioError` with code `.format`.
  static func validateCountingLineBreaks(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int)
    throws(FolioError) -> Int
  {
    var lineBreaks = 0
    guard let problem = firstProblem(in: bytes, from: start, lineBreaks: &lineBreaks) else {
      return lineBreaks
    }
    let position = TextPosition.locate(problem.offset, in: bytes, from: start)
    if problem.isNul {
      throw FolioError(
        .format, "binary data (a NUL byte) at line \(position.line), column \(position.column)")
    }
    throw FolioError(.format, "invalid UTF-8 at line \(position.line), column \(position.column)")
  }

  /// The offset of the first byte that starts an invalid sequence or is NUL, or nil.
  ///
  /// Follows the Unicode table of well-formed sequences: no overlong forms, no surrogates,
  /// nothing above U+10FFFF, no truncated sequences.
  static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (
    offset: Int, isNul: Bool
  )? {
    var lineBreaks = 0
    return firstProblem(in: bytes, from: start, lineBreaks: &lineBreaks)
  }

  /// The first problem as `firstProblem(in:from:)` finds it, adding to `lineBreaks` the LF and
  /// CR bytes before it (all of them when there is none).
  private static func firstProblem(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, lineBreaks: inout Int
  )
    -> (offset: Int, isNul: Bool)?
  {
    guard let base = bytes.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    let count = bytes.count
    var index = start
    // Line breaks of the ASCII words, a count in each byte, added up every 255 words so that
    // no byte overflows (adding up bits one word at a time was a third of this pass).
    var tally: UInt64 = 0
    var tallied = 0
    func addUpTally() {
      let pairs = (tally & 0x00FF_00FF_00FF_00FF) &+ ((tally >> 8) & 0x00FF_00FF_00FF_00FF)
      lineBreaks &+= Int((pairs &* 0x0001_0001_0001_0001) >> 48)
      tally = 0
      tallied = 0
    }
    defer { addUpTally() }
    while index < count {
      // Eight ASCII bytes at a time: most files are mostly ASCII.
      while index + 8 <= count {
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        let highBits = word & 0x8080_8080_8080_8080
        let zeroBytes = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
        if highBits | zeroBytes != 0 { break }
        // In ASCII bytes, adding 7F to a byte sets its high bit unless it is 00, with no
        // carry into the next: the bytes equal to LF or CR are those left clear.
        let lineFeeds = ~((word ^ 0x0A0A_0A0A_0A0A_0A0A) &+ 0x7F7F_7F7F_7F7F_7F7F)
        let returns = ~((word ^ 0x0D0D_0D0D_0D0D_0D0D) &+ 0x7F7F_7F7F_7F7F_7F7F)
        tally &+= ((lineFeeds | returns) & 0x8080_8080_8080_8080) >> 7
        tallied += 1
        if tallied == 255 { addUpTally() }
        index += 8
      }
      guard index < count else { return nil }
      let lead = bytes[index]
      if lead < 0x80 {
        if lead == ASCII.nul { return (index, true) }
        if lead == ASCII.lineFeed || lead == ASCII.carriageReturn { lineBreaks &+= 1 }
        index += 1
        continue
      }
      let length = sequenceLength(at: index, in: bytes)
      if length == 0 { return (index, false) }
      index += length
    }
    return nil
  }

  /// The length of the well-formed multi-byte sequence at `index`, or 0 when it is invalid.
  private static func sequenceLength(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let lead = bytes[index]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      secondRange = 0xA0...0xBF
    case 0xED:
      length = 3
      secondRange = 0x80...0x9F
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xF0:
      length = 4
      secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      secondRange = 0x80...0x8F
    default: return 0
    }
    guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return 0 }
    for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
      return 0
    }
    return length
  }
}
