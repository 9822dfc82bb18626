/// An RFC 8259 JSON parser specialised for table documents: an array of objects.
///
/// It reads bytes that are already valid UTF-8 (`UTF8Validation`). Row objects become rows of
/// cells; values nested inside a row are checked in full but kept as compact JSON text.
/// Nesting deeper than `maximumDepth` arrays and objects, the table's own array and row
/// objects included, is refused so that hostile files cannot exhaust memory or time.
struct JSONParser {
  /// The deepest nesting of arrays and objects a document may have.
  static let maximumDepth = 512
  /// The depth of a container that is a cell's value: inside the table array and a row.
  static let cellDepth = 3

  /// How many rows are read between two checks of the cancellation token: about a
  /// millisecond's work.
  static let rowsBetweenChecks = 4096

  private let bytes: UnsafeBufferPointer<UInt8>
  private let start: Int
  private var offset: Int
  /// Unescaped bytes of the string being read when it has escapes; reused.
  private var scratch: [UInt8] = []
  /// Stops `parseTable` between rows once cancelled.
  private let cancellation: CancellationToken?

  init(bytes: UnsafeBufferPointer<UInt8>, start: Int, cancellation: CancellationToken? = nil) {
    self.bytes = bytes
    self.start = start
    self.offset = start
    self.cancellation = cancellation
  }

  // MARK: - The table

  /// Reads the whole document as a table.
  ///
  /// Columns come in the order keys first appear across the rows; a row without a key has
  /// `.absent` in that column.
  ///
  /// - Throws: `FolioError` with code `.format`, its message starting "line L, column C: ";
  ///   `FolioError.interrupted` once the cancellation token is cancelled (checked every
  ///   `rowsBetweenChecks` rows).
  /// - Returns: the columns, the rows, the layout, and the offset just past the closing
  ///   bracket.
  mutating func parseTable() throws(FolioError) -> (
    columns: [String], rows: [[TableCell]], style: JSONStyle, end: Int
  ) {
    skipWhitespace()
    guard current == ASCII.openBracket else { throw error("expected an array of objects", at: offset) }
    let arrayStart = offset
    offset += 1
    skipWhitespace()
    let firstElement = offset
    var columns: [String] = []
    var columnIndices: [ColumnKey: Int] = [:]
    var rows: [[TableCell]] = []
    if current == ASCII.closeBracket {
      offset += 1
    } else {
      while true {
        guard current == ASCII.openBrace else { throw error("expected an array of objects", at: offset) }
        rows.append(try parseRow(columns: &columns, columnIndices: &columnIndices))
        if rows.count % Self.rowsBetweenChecks == 0 { try cancellation?.check() }
        skipWhitespace()
        if current == ASCII.closeBracket {
          offset += 1
          break
        }
        guard current == ASCII.comma else { throw expected("',' or ']'") }
        offset += 1
        skipWhitespace()
        if current == ASCII.closeBracket { throw error("a trailing comma is not allowed", at: offset) }
      }
    }
    let end = offset
    skipWhitespace()
    guard offset == bytes.count else { throw error("unexpected text after the array", at: offset) }

    for index in rows.indices where rows[index].count < columns.count {
      rows[index].append(contentsOf: repeatElement(.absent, count: columns.count - rows[index].count))
    }
    let style = rows.isEmpty ? .compact : detectStyle(arrayStart: arrayStart, firstElement: firstElement)
    return (columns, rows, style, end)
  }

  /// Reads a row object at `offset`, adding keys not seen before as columns.
  private mutating func parseRow(
    columns: inout [String], columnIndices: inout [ColumnKey: Int]
  ) throws(FolioError) -> [TableCell] {
    offset += 1
    var row = [TableCell](repeating: .absent, count: columns.count)
    var previousIndex = -1
    skipWhitespace()
    if current == ASCII.closeBrace {
      offset += 1
      return row
    }
    while true {
      guard current == ASCII.quote else { throw expected("a string key") }
      let keyOffset = offset
      let key = try parseString()
      try readColon()
      let cell = try parseCell()

      // Rows usually list keys in the same order, so try the column after the last one first
      // and hash only when that guess fails.
      let guess = previousIndex + 1
      let index: Int
      if guess < columns.count, columns[guess].utf8.elementsEqual(key.utf8) {
        index = guess
      } else if let known = columnIndices[ColumnKey(key)] {
        index = known
      } else {
        index = columns.count
        columns.append(key)
        columnIndices[ColumnKey(key)] = index
      }
      if index >= row.count { row.append(contentsOf: repeatElement(.absent, count: index + 1 - row.count)) }
      guard case .absent = row[index] else {
        throw error("duplicate key \"\(key)\" in an object", at: keyOffset)
      }
      row[index] = cell
      previousIndex = index

      skipWhitespace()
      if current == ASCII.closeBrace {
        offset += 1
        return row
      }
      guard current == ASCII.comma else { throw expected("',' or '}'") }
      offset += 1
      skipWhitespace()
      if current == ASCII.closeBrace { throw error("a trailing comma is not allowed", at: offset) }
    }
  }

  /// Reads a row's value at `offset`.
  private mutating func parseCell() throws(FolioError) -> TableCell {
    guard let byte = current else { throw expected("a value") }
    switch byte {
    case ASCII.quote:
      return .string(try parseString())
    case ASCII.openBrace, ASCII.openBracket:
      let valueStart = offset
      try skipContainer(depth: Self.cellDepth)
      let text = UnsafeBufferPointer(rebasing: bytes[valueStart..<offset])
      return .json(JSONLayout.relayout(text, style: .compact, level: 0))
    default:
      return try parseScalar()
    }
  }

  /// Reads a number, `true`, `false` or `null`.
  private mutating func parseScalar() throws(FolioError) -> TableCell {
    guard let byte = current else { throw expected("a value") }
    switch byte {
    case ASCII.minus, ASCII.zero...ASCII.nine:
      let literal = try scanNumber()
      return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[literal]), as: UTF8.self))
    case UInt8(ascii: "t"):
      try readLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try readLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try readLiteral("null")
      return .null
    default:
      throw expected("a value")
    }
  }

  /// The layout the file was written in: pretty when a line break follows the opening
  /// bracket, indented by the spaces before the first row (2 when there are none).
  private func detectStyle(arrayStart: Int, firstElement: Int) -> JSONStyle {
    let gap = bytes[(arrayStart + 1)..<firstElement]
    guard gap.contains(ASCII.lineFeed) || gap.contains(ASCII.carriageReturn) else { return .compact }
    var indent = 0
    while firstElement - indent - 1 > arrayStart, bytes[firstElement - indent - 1] == ASCII.space {
      indent += 1
    }
    return .pretty(indent: indent == 0 ? 2 : indent)
  }

  // MARK: - Any value

  /// Whether `text` is exactly one JSON value that could sit at `depth` without nesting too
  /// deep, with optional whitespace around it.
  static func isValue(_ text: String, atDepth depth: Int) -> Bool {
    var text = text
    return text.withUTF8 { buffer in
      var parser = JSONParser(bytes: buffer, start: 0)
      do {
        parser.skipWhitespace()
        if parser.current == ASCII.openBrace || parser.current == ASCII.openBracket {
          try parser.skipContainer(depth: depth)
        } else if parser.current == ASCII.quote {
          try parser.skipString()
        } else {
          _ = try parser.parseScalar()
        }
        parser.skipWhitespace()
        return parser.offset == buffer.count
      } catch {
        return false
      }
    }
  }

  /// Whether `text` is exactly a JSON number literal.
  static func isNumber(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { buffer in
      var parser = JSONParser(bytes: buffer, start: 0)
      guard let first = parser.current, first == ASCII.minus || ASCII.isDigit(first) else { return false }
      do {
        _ = try parser.scanNumber()
        return parser.offset == buffer.count
      } catch {
        return false
      }
    }
  }

  /// Checks the object or array at `offset`, of nesting depth `depth`, and moves past it.
  ///
  /// Iterative, so that the depth limit and not the stack bounds how deep documents go.
  private mutating func skipContainer(depth: Int) throws(FolioError) {
    var closers: [UInt8] = []
    var needsValue = true
    while true {
      if needsValue {
        skipWhitespace()
        guard let byte = current else { throw expected("a value") }
        if byte == ASCII.openBrace || byte == ASCII.openBracket {
          if depth + closers.count > Self.maximumDepth {
            throw error("nesting deeper than \(Self.maximumDepth) arrays and objects", at: offset)
          }
          let closer = byte == ASCII.openBrace ? ASCII.closeBrace : ASCII.closeBracket
          offset += 1
          skipWhitespace()
          if current == closer {
            offset += 1
          } else {
            closers.append(closer)
            if closer == ASCII.closeBrace { try readKey() }
            continue
          }
        } else if byte == ASCII.quote {
          try skipString()
        } else {
          _ = try parseScalar()
        }
        needsValue = false
      }
      guard let closer = closers.last else { return }
      skipWhitespace()
      if current == closer {
        offset += 1
        closers.removeLast()
      } else if current == ASCII.comma {
        offset += 1
        skipWhitespace()
        if current == closer { throw error("a trailing comma is not allowed", at: offset) }
        if closer == ASCII.closeBrace { try readKey() }
        needsValue = true
      } else {
        throw expected(closer == ASCII.closeBrace ? "',' or '}'" : "',' or ']'")
      }
    }
  }

  /// Reads a nested object's key and the colon after it.
  private mutating func readKey() throws(FolioError) {
    skipWhitespace()
    guard current == ASCII.quote else { throw expected("a string key") }
    try skipString()
    try readColon()
  }

  private mutating func readColon() throws(FolioError) {
    skipWhitespace()
    guard current == ASCII.colon else { throw expected("':'") }
    offset += 1
    skipWhitespace()
  }

  private mutating func readLiteral(_ word: StaticString) throws(FolioError) {
    let literalStart = offset
    let length = word.utf8CodeUnitCount
    let matches =
      literalStart + length <= bytes.count
      && word.withUTF8Buffer { expected in
        expected.indices.allSatisfy { bytes[literalStart + $0] == expected[$0] }
      }
    guard matches else { throw error("expected \(word)", at: literalStart) }
    offset += length
  }

  // MARK: - Numbers

  /// Checks the number at `offset` against the RFC 8259 grammar and returns its bytes.
  private mutating func scanNumber() throws(FolioError) -> Range<Int> {
    let numberStart = offset
    if current == ASCII.minus { offset += 1 }
    guard let first = current, ASCII.isDigit(first) else {
      throw invalidNumber("expected a digit, found \(found)")
    }
    offset += 1
    if first == ASCII.zero {
      if let next = current, ASCII.isDigit(next) {
        throw invalidNumber("a leading zero must not be followed by digits")
      }
    } else {
      skipDigits()
    }
    if current == ASCII.period {
      offset += 1
      guard let digit = current, ASCII.isDigit(digit) else {
        throw invalidNumber("expected a digit after '.', found \(found)")
      }
      skipDigits()
    }
    if current == ASCII.lowerE || current == ASCII.upperE {
      offset += 1
      if current == ASCII.plus || current == ASCII.minus { offset += 1 }
      guard let digit = current, ASCII.isDigit(digit) else {
        throw invalidNumber("expected a digit in the exponent, found \(found)")
      }
      skipDigits()
    }
    return numberStart..<offset
  }

  private mutating func skipDigits() {
    while let byte = current, ASCII.isDigit(byte) { offset += 1 }
  }

  private func invalidNumber(_ reason: String) -> FolioError {
    error("invalid number: \(reason)", at: offset)
  }

  // MARK: - Strings

  /// Reads the string at `offset` and returns its value.
  private mutating func parseString() throws(FolioError) -> String {
    try scanString(collecting: true) ?? ""
  }

  /// Checks the string at `offset` and moves past it.
  private mutating func skipString() throws(FolioError) {
    _ = try scanString(collecting: false)
  }

  /// Checks the string at `offset` and moves past it, returning its value when `collecting`.
  ///
  /// Strings without escapes, most of them, are built straight from their bytes.
  private mutating func scanString(collecting: Bool) throws(FolioError) -> String? {
    let openingQuote = offset
    let contentStart = offset + 1
    let count = bytes.count
    var index = contentStart
    while index < count {
      let byte = bytes[index]
      if byte == ASCII.quote {
        offset = index + 1
        guard collecting else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]), as: UTF8.self)
      }
      if byte == ASCII.backslash { break }
      if byte < 0x20 { throw controlCharacter(at: index) }
      index += 1
    }
    if collecting {
      scratch.removeAll(keepingCapacity: true)
      scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
    }
    while index < count {
      let byte = bytes[index]
      if byte == ASCII.quote {
        offset = index + 1
        return collecting ? String(decoding: scratch, as: UTF8.self) : nil
      }
      if byte == ASCII.backslash {
        let (scalar, next) = try readEscape(at: index)
        if collecting { UTF8.encode(scalar) { scratch.append($0) } }
        index = next
      } else {
        if byte < 0x20 { throw controlCharacter(at: index) }
        if collecting { scratch.append(byte) }
        index += 1
      }
    }
    throw error("a string is not closed", at: openingQuote)
  }

  /// Reads the escape sequence at `index` (a backslash) and returns its character and the
  /// offset after it. A UTF-16 surrogate pair written as two `\u` escapes is one character.
  private func readEscape(at index: Int) throws(FolioError) -> (Unicode.Scalar, Int) {
    guard index + 1 < bytes.count else { throw error("a string is not closed", at: index) }
    let simple: Unicode.Scalar
    switch bytes[index + 1] {
    case ASCII.quote: simple = "\""
    case ASCII.backslash: simple = "\\"
    case ASCII.slash: simple = "/"
    case UInt8(ascii: "b"): simple = "\u{08}"
    case UInt8(ascii: "f"): simple = "\u{0C}"
    case UInt8(ascii: "n"): simple = "\n"
    case UInt8(ascii: "r"): simple = "\r"
    case UInt8(ascii: "t"): simple = "\t"
    case UInt8(ascii: "u"): return try readUnicodeEscape(at: index)
    default:
      throw error("invalid escape \"\\\(scalarText(at: index + 1))\" in a string", at: index)
    }
    return (simple, index + 2)
  }

  private func readUnicodeEscape(at index: Int) throws(FolioError) -> (Unicode.Scalar, Int) {
    let first = try hexValue(at: index)
    var value = first
    var next = index + 6
    switch first {
    case 0xD800...0xDBFF:
      guard next + 1 < bytes.count, bytes[next] == ASCII.backslash, bytes[next + 1] == UInt8(ascii: "u")
      else {
        throw unpairedSurrogate(at: index)
      }
      let second = try hexValue(at: next)
      guard (0xDC00...0xDFFF).contains(second) else { throw unpairedSurrogate(at: index) }
      value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
      next += 6
    case 0xDC00...0xDFFF:
      throw unpairedSurrogate(at: index)
    default:
      break
    }
    guard let scalar = Unicode.Scalar(value) else { throw unpairedSurrogate(at: index) }
    return (scalar, next)
  }

  /// The value of the four hex digits after the `\u` at `index`.
  private func hexValue(at index: Int) throws(FolioError) -> UInt32 {
    var value: UInt32 = 0
    for position in (index + 2)..<(index + 6) {
      guard position < bytes.count else { throw invalidUnicodeEscape(at: index) }
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case ASCII.zero...ASCII.nine: digit = byte - ASCII.zero
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw invalidUnicodeEscape(at: index)
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  private func invalidUnicodeEscape(at index: Int) -> FolioError {
    error("invalid escape in a string: \\u must be followed by four hex digits", at: index)
  }

  private func unpairedSurrogate(at index: Int) -> FolioError {
    let escape = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<(index + 6)]), as: UTF8.self)
    return error("unpaired UTF-16 surrogate \"\(escape)\" in a string", at: index)
  }

  private func controlCharacter(at index: Int) -> FolioError {
    error("control character \(scalarText(at: index)) in a string must be escaped", at: index)
  }

  // MARK: - Scanning

  private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  private mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case ASCII.space, ASCII.tab, ASCII.lineFeed, ASCII.carriageReturn: offset += 1
      default: return
      }
    }
  }

  /// What sits at `offset`, for messages: a quoted character, a control character's code
  /// or the end of the file.
  private var found: String {
    guard offset < bytes.count else { return "the end of the file" }
    let text = scalarText(at: offset)
    return bytes[offset] < 0x20 || bytes[offset] == 0x7F ? text : "'\(text)'"
  }

  /// The character that starts at `index`, written so that a control character is visible.
  private func scalarText(at index: Int) -> String {
    let lead = bytes[index]
    let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    let end = min(index + length, bytes.count)
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
    if let scalar = text.unicodeScalars.first, scalar.value < 0x20 || scalar.value == 0x7F {
      return "U+" + String(repeating: "0", count: scalar.value < 0x10 ? 3 : 2)
        + String(scalar.value, radix: 16, uppercase: true)
    }
    return text
  }

  private func expected(_ what: String) -> FolioError {
    error("expected \(what), found \(found)", at: offset)
  }

  private func error(_ message: String, at errorOffset: Int) -> FolioError {
    .format(message, at: errorOffset, in: bytes, from: start)
  }
}
