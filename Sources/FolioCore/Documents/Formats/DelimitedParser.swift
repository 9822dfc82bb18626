/// Splits CSV or TSV bytes into records of fields, following RFC 4180.
///
/// The bytes must already be valid UTF-8 (`UTF8Validation`), so the scanner only looks for
/// ASCII delimiters, quotes and line ends. Fields come back as `DelimitedField`s, places in
/// the bytes, so that checking a file makes no strings and a row can be read again from the
/// file's own bytes when a cell is wanted. Records end at LF, CRLF or a lone CR outside
/// quotes. A field that starts with a quote runs to the next single quote, `""` standing for
/// one quote; a quote elsewhere in a field is an ordinary character.
struct DelimitedParser {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let delimiter: UInt8
  private let start: Int
  /// Where the next field starts.
  private(set) var offset: Int
  /// Whether a quoted field was read: without one, no record of the bytes read holds a CR or
  /// LF but its terminator.
  private(set) var hasReadQuotedField = false

  /// Creates a parser that reads from `offset`, or from `start` (past a byte order mark, where
  /// line and column numbers of errors count from) when `offset` is nil.
  init(bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, start: Int, offset: Int? = nil) {
    self.bytes = bytes
    self.delimiter = delimiter
    self.start = start
    self.offset = offset ?? start
  }

  var isAtEnd: Bool { offset >= bytes.count }

  /// Reads the record at `offset`, appending its fields to `fields` as `.string` cells.
  ///
  /// - Returns: The record's terminator, or nil when it ends at the end of the file.
  /// - Throws: `FolioError` with code `.format` for an unclosed quoted field or text after a
  ///   closing quote, naming the line and column.
  mutating func readRecord(into fields: inout [TableCell]) throws(FolioError) -> LineEnding? {
    var scratch: [UInt8] = []
    while true {
      let field = try readField()
      fields.append(.string(field.string(in: bytes, scratch: &scratch)))
      switch finishField() {
      case .delimiter: continue
      case .lineEnd(let ending): return ending
      case .endOfFile: return nil
      }
    }
  }

  /// Checks the record at `offset` and moves past it, counting its fields without making
  /// strings.
  ///
  /// - Returns: The number of fields and the record's terminator (nil at the end of the file).
  /// - Throws: The errors of `readRecord(into:)`.
  mutating func skipRecord() throws(FolioError) -> (fieldCount: Int, ending: LineEnding?) {
    var count = 0
    while true {
      _ = try readField()
      count += 1
      switch finishField() {
      case .delimiter: continue
      case .lineEnd(let ending): return (count, ending)
      case .endOfFile: return (count, nil)
      }
    }
  }

  /// What follows a field.
  enum Boundary {
    /// A delimiter: another field of the record follows.
    case delimiter
    /// The record's terminator.
    case lineEnd(LineEnding)
    /// The end of the file, which ends the record too.
    case endOfFile
  }

  /// Moves past what follows a field: a delimiter, or the terminator of its record.
  mutating func finishField() -> Boundary {
    guard offset < bytes.count else { return .endOfFile }
    if bytes[offset] == delimiter {
      offset += 1
      return .delimiter
    }
    let ending = LineEnding.read(at: offset, in: bytes)
    offset += ending.byteCount
    return .lineEnd(ending)
  }

  /// Reads one field and leaves `offset` on the delimiter or line end after it.
  mutating func readField() throws(FolioError) -> DelimitedField {
    let count = bytes.count
    if offset < count, bytes[offset] == ASCII.quote { return try readQuotedField() }
    let fieldStart = offset
    var index = offset
    if let base = bytes.baseAddress {
      // Eight bytes at a time while none of them ends the field.
      let delimiters = UInt64(delimiter) &* Self.everyByte
      while index + 8 <= count {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        let ends =
          Self.zeroBytes(word ^ delimiters) | Self.zeroBytes(word ^ Self.lineFeeds)
          | Self.zeroBytes(word ^ Self.carriageReturns)
        if ends != 0 {
          // The lowest flag is exact (only flags above a zero byte can be false), and the
          // lowest byte comes first in memory.
          index += ends.trailingZeroBitCount / 8
          offset = index
          return DelimitedField(range: fieldStart..<index, hasDoubledQuotes: false)
        }
        index += 8
      }
    }
    while index < count {
      let byte = bytes[index]
      if byte == delimiter || byte == ASCII.lineFeed || byte == ASCII.carriageReturn { break }
      index += 1
    }
    offset = index
    return DelimitedField(range: fieldStart..<index, hasDoubledQuotes: false)
  }

  /// `01` in every byte of a word.
  private static let everyByte: UInt64 = 0x0101_0101_0101_0101
  private static let lineFeeds = UInt64(ASCII.lineFeed) &* everyByte
  private static let carriageReturns = UInt64(ASCII.carriageReturn) &* everyByte

  /// The high bit of each byte of `word` that is 00 — and possibly of bytes above one that
  /// is, which a borrow can reach — and no other.
  @inline(__always)
  private static func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- everyByte) & ~word & 0x8080_8080_8080_8080
  }

  private mutating func readQuotedField() throws(FolioError) -> DelimitedField {
    hasReadQuotedField = true
    let count = bytes.count
    let openingQuote = offset
    var index = offset + 1
    var hasDoubledQuotes = false
    while true {
      while index < count, bytes[index] != ASCII.quote { index += 1 }
      guard index < count else {
        throw .format("a quoted field is not closed", at: openingQuote, in: bytes, from: start)
      }
      if index + 1 < count, bytes[index + 1] == ASCII.quote {
        hasDoubledQuotes = true
        index += 2
        continue
      }
      break
    }
    let closingQuote = index
    offset = closingQuote + 1
    if offset < count {
      let next = bytes[offset]
      if next != delimiter, next != ASCII.lineFeed, next != ASCII.carriageReturn {
        throw .format(
          "unexpected text after a closing quote (a quote inside a quoted field is written twice)",
          at: offset, in: bytes, from: start)
      }
    }
    return DelimitedField(range: openingQuote + 1..<closingQuote, hasDoubledQuotes: hasDoubledQuotes)
  }
}

/// Where a field's text lies in the bytes of a CSV or TSV file.
struct DelimitedField {
  /// The field's bytes, without the quotes around a quoted field.
  var range: Range<Int>
  /// Whether the bytes hold `""` pairs, each standing for one quote.
  var hasDoubledQuotes: Bool

  /// Calls `body` with the field's text as UTF-8: a slice of `bytes`, or, when quotes must be
  /// undoubled, `scratch` filled with the unescaped text.
  func withText<Result>(
    in bytes: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8],
    _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    let text = UnsafeBufferPointer(rebasing: bytes[range])
    guard hasDoubledQuotes else { return body(text) }
    scratch.removeAll(keepingCapacity: true)
    scratch.reserveCapacity(text.count)
    var index = 0
    while index < text.count {
      let byte = text[index]
      scratch.append(byte)
      // Inside a checked quoted field every quote is the first of a pair.
      index += byte == ASCII.quote ? 2 : 1
    }
    return scratch.withUnsafeBufferPointer(body)
  }

  /// The field's text.
  func string(in bytes: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) -> String {
    withText(in: bytes, scratch: &scratch) { String(decoding: $0, as: UTF8.self) }
  }
}
