/// Splits CSV or TSV bytes into records of fields, following RFC 4180.
///
/// The bytes must already be valid UTF-8 (`UTF8Validation`), so the scanner only looks for
/// ASCII delimiters, quotes and line ends, and builds each field's string once from its
/// byte slice. Records end at LF, CRLF or a lone CR outside quotes. A field that starts with
/// a quote runs to the next single quote, `""` standing for one quote; a quote elsewhere in
/// a field is an ordinary character.
struct DelimitedParser {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let delimiter: UInt8
  private let start: Int
  /// Where the next record starts.
  private(set) var offset: Int
  /// Unescaped bytes of a quoted field with `""` in it; reused to spare allocations.
  private var scratch: [UInt8] = []

  init(bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, start: Int) {
    self.bytes = bytes
    self.delimiter = delimiter
    self.start = start
    self.offset = start
  }

  var isAtEnd: Bool { offset >= bytes.count }

  /// Reads the record at `offset`, appending its fields to `fields`.
  ///
  /// - Returns: The record's terminator, or nil when it ends at the end of the file.
  /// - Throws: `FolioError` with code `.format` for an unclosed quoted field or text after a
  ///   closing quote, naming the line and column.
  mutating func readRecord(into fields: inout [TableCell]) throws(FolioError) -> LineEnding? {
    while true {
      fields.append(.string(try readField()))
      guard offset < bytes.count else { return nil }
      let byte = bytes[offset]
      if byte == delimiter {
        offset += 1
        continue
      }
      let ending = LineEnding.read(at: offset, in: bytes)
      offset += ending.byteCount
      return ending
    }
  }

  /// Reads one field and leaves `offset` on the delimiter or line end after it.
  private mutating func readField() throws(FolioError) -> String {
    let count = bytes.count
    if offset < count, bytes[offset] == ASCII.quote { return try readQuotedField() }
    let fieldStart = offset
    var index = offset
    while index < count {
      let byte = bytes[index]
      if byte == delimiter || byte == ASCII.lineFeed || byte == ASCII.carriageReturn { break }
      index += 1
    }
    offset = index
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[fieldStart..<index]), as: UTF8.self)
  }

  private mutating func readQuotedField() throws(FolioError) -> String {
    let count = bytes.count
    let openingQuote = offset
    var segmentStart = offset + 1
    var index = segmentStart
    var isEscaped = false
    while true {
      while index < count, bytes[index] != ASCII.quote { index += 1 }
      guard index < count else {
        throw .format("a quoted field is not closed", at: openingQuote, in: bytes, from: start)
      }
      if index + 1 < count, bytes[index + 1] == ASCII.quote {
        if !isEscaped {
          scratch.removeAll(keepingCapacity: true)
          isEscaped = true
        }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart...index]))
        index += 2
        segmentStart = index
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
    let tail = UnsafeBufferPointer(rebasing: bytes[segmentStart..<closingQuote])
    guard isEscaped else { return String(decoding: tail, as: UTF8.self) }
    scratch.append(contentsOf: tail)
    return String(decoding: scratch, as: UTF8.self)
  }
}
