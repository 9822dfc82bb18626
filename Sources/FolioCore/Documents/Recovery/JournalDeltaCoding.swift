/// The bytes of a `JournalDelta` in a journal log: a kind byte (0 lines, 1 rows), then
/// `start`, `removed` and the number of items as unsigned LEB128 numbers, then the items —
/// a line as a string; a row as its number of cells, then each cell as a tag byte (0
/// string, 1 number, 2 true, 3 false, 4 null, 5 JSON, 6 absent) followed, for 0, 1 and 5,
/// by its text. A string is its UTF-8 length, then its bytes. A new order of every row is
/// kind byte 4, `start` (0), `removed` and the number of rows, then for each row, in its new
/// order, its position before. Rows moved are kind byte 5, the number of moves, then each
/// move's place before and after. A log record holds one or more deltas back to back: a
/// command's changes, replayed together or not at all.
///
/// A log's `JournalShape` is kind byte 2 for a text — its line ending (0 LF, 1 CRLF, 2 CR),
/// a flags byte (1 byte order mark, 2 ends with a newline) and its number of lines — or 3
/// for a table: its number of rows, its dialect (0, the delimiter byte, line ending and
/// flags; or 1 and 0 for compact JSON, the indent plus 1 for pretty), its number of columns
/// and their names.
///
/// Decoding trusts nothing: every count and length is checked against the bytes left
/// before anything is allocated for it.
enum JournalDeltaCoding {
  static func encoded(_ delta: JournalDelta) -> [UInt8] {
    var bytes: [UInt8] = []
    switch delta.items {
    case .lines(let lines):
      bytes.append(0)
      for number in [delta.start, delta.removed, lines.count] { appendNumber(number, to: &bytes) }
      for line in lines { appendString(line, to: &bytes) }
    case .rows(let rows):
      bytes.append(1)
      for number in [delta.start, delta.removed, rows.count] { appendNumber(number, to: &bytes) }
      for row in rows {
        appendNumber(row.count, to: &bytes)
        for cell in row { append(cell, to: &bytes) }
      }
    case .order(let order):
      bytes.append(4)
      for number in [delta.start, delta.removed, order.count] { appendNumber(number, to: &bytes) }
      for position in order { appendNumber(position, to: &bytes) }
    case .moves(let moves):
      bytes.append(5)
      appendNumber(moves.count, to: &bytes)
      for move in moves {
        appendNumber(move.from, to: &bytes)
        appendNumber(move.to, to: &bytes)
      }
    }
    return bytes
  }

  /// The bytes of several deltas back to back, as one log record holds them.
  static func encoded(_ deltas: [JournalDelta]) -> [UInt8] {
    deltas.flatMap { encoded($0) }
  }

  /// The deltas in `bytes`, one or more back to back; nil unless they are exactly that, each
  /// well-formed.
  static func decoded(_ bytes: [UInt8]) -> [JournalDelta]? {
    var reader = Reader(bytes: bytes)
    var deltas: [JournalDelta] = []
    repeat {
      guard let delta = delta(from: &reader) else { return nil }
      deltas.append(delta)
    } while !reader.isAtEnd
    return deltas
  }

  /// The delta at the reader's offset, moving past it; nil when the bytes there are none.
  private static func delta(from reader: inout Reader) -> JournalDelta? {
    guard let kind = reader.byte() else { return nil }
    if kind == 5 {
      guard let count = reader.count() else { return nil }
      var moves: [RowReordering.Move] = []
      for _ in 0..<count {
        guard let from = reader.number(), let to = reader.number() else { return nil }
        moves.append(RowReordering.Move(from: from, to: to))
      }
      return JournalDelta(start: 0, removed: 0, items: .moves(moves))
    }
    guard let start = reader.number(), let removed = reader.number(), let count = reader.count() else {
      return nil
    }
    let items: JournalDelta.Items
    switch kind {
    case 0:
      var lines: [String] = []
      for _ in 0..<count {
        guard let line = reader.string() else { return nil }
        lines.append(line)
      }
      items = .lines(lines)
    case 1:
      var rows: [[TableCell]] = []
      for _ in 0..<count {
        guard let cellCount = reader.count() else { return nil }
        var row: [TableCell] = []
        for _ in 0..<cellCount {
          guard let cell = reader.cell() else { return nil }
          row.append(cell)
        }
        rows.append(row)
      }
      items = .rows(rows)
    case 4:
      var order: [Int] = []
      order.reserveCapacity(count)
      for _ in 0..<count {
        guard let position = reader.number() else { return nil }
        order.append(position)
      }
      items = .order(order)
    default:
      return nil
    }
    return JournalDelta(start: start, removed: removed, items: items)
  }

  static func encoded(_ shape: JournalShape) -> [UInt8] {
    var bytes: [UInt8] = []
    switch shape {
    case .text(let lineEnding, let hasByteOrderMark, let endsWithNewline, let lineCount):
      bytes += [2, code(of: lineEnding), flags(hasByteOrderMark, endsWithNewline)]
      appendNumber(lineCount, to: &bytes)
    case .table(let columns, let dialect, let rowCount):
      bytes.append(3)
      appendNumber(rowCount, to: &bytes)
      switch dialect {
      case .delimited(let delimited):
        bytes += [
          0, delimited.delimiter.rawValue, code(of: delimited.lineEnding),
          flags(delimited.hasByteOrderMark, delimited.endsWithNewline),
        ]
      case .json(let style, let ends):
        // A file with the standard ends keeps the encoding Folio wrote before it kept them.
        bytes.append(ends == .standard ? 1 : 2)
        if case .pretty(let indent) = style {
          appendNumber(max(indent, 0) + 1, to: &bytes)
        } else {
          bytes.append(0)
        }
        if ends != .standard {
          bytes += [code(of: ends.lineEnding), flags(ends.hasByteOrderMark, ends.endsWithNewline)]
        }
      }
      appendNumber(columns.count, to: &bytes)
      for column in columns { appendString(column, to: &bytes) }
    }
    return bytes
  }

  /// The shape in `bytes`; nil unless they are exactly one well-formed shape.
  static func decodedShape(_ bytes: [UInt8]) -> JournalShape? {
    var reader = Reader(bytes: bytes)
    let shape: JournalShape
    switch reader.byte() {
    case 2:
      guard let lineEnding = reader.lineEnding(), let flags = reader.byte(), flags < 4,
        let lineCount = reader.number()
      else { return nil }
      shape = .text(
        lineEnding: lineEnding, hasByteOrderMark: flags & 1 != 0, endsWithNewline: flags & 2 != 0,
        lineCount: lineCount)
    case 3:
      guard let rowCount = reader.number() else { return nil }
      let dialect: TableDialect
      switch reader.byte() {
      case 0:
        guard let delimiter = reader.byte().flatMap(DelimitedDialect.Delimiter.init(rawValue:)),
          let lineEnding = reader.lineEnding(), let flags = reader.byte(), flags < 4
        else { return nil }
        dialect = .delimited(
          DelimitedDialect(
            delimiter: delimiter, lineEnding: lineEnding, hasByteOrderMark: flags & 1 != 0,
            endsWithNewline: flags & 2 != 0))
      case 1:
        guard let style = reader.number() else { return nil }
        dialect = .json(style == 0 ? .compact : .pretty(indent: style - 1))
      case 2:
        guard let style = reader.number(), let lineEnding = reader.lineEnding(), let flags = reader.byte(),
          flags < 4
        else { return nil }
        dialect = .json(
          style == 0 ? .compact : .pretty(indent: style - 1),
          ends: JSONTextEnds(
            lineEnding: lineEnding, hasByteOrderMark: flags & 1 != 0, endsWithNewline: flags & 2 != 0))
      default:
        return nil
      }
      guard let count = reader.count() else { return nil }
      var columns: [String] = []
      for _ in 0..<count {
        guard let column = reader.string() else { return nil }
        columns.append(column)
      }
      shape = .table(columns: columns, dialect: dialect, rowCount: rowCount)
    default:
      return nil
    }
    guard reader.isAtEnd else { return nil }
    return shape
  }

  private static let lineEndings: [LineEnding] = [.lf, .crlf, .cr]

  private static func code(of lineEnding: LineEnding) -> UInt8 {
    UInt8(lineEndings.firstIndex(of: lineEnding) ?? 0)
  }

  private static func flags(_ hasByteOrderMark: Bool, _ endsWithNewline: Bool) -> UInt8 {
    (hasByteOrderMark ? 1 : 0) | (endsWithNewline ? 2 : 0)
  }

  private static func append(_ cell: TableCell, to bytes: inout [UInt8]) {
    switch cell {
    case .string(let text):
      bytes.append(0)
      appendString(text, to: &bytes)
    case .number(let text):
      bytes.append(1)
      appendString(text, to: &bytes)
    case .bool(let value): bytes.append(value ? 2 : 3)
    case .null: bytes.append(4)
    case .json(let text):
      bytes.append(5)
      appendString(text, to: &bytes)
    case .absent: bytes.append(6)
    }
  }

  private static func appendNumber(_ number: Int, to bytes: inout [UInt8]) {
    var value = UInt64(number)
    while value >= 0x80 {
      bytes.append(UInt8(value & 0x7F) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  private static func appendString(_ text: String, to bytes: inout [UInt8]) {
    appendNumber(text.utf8.count, to: &bytes)
    bytes.append(contentsOf: text.utf8)
  }

  /// Reads a payload front to back; every read fails past its end.
  private struct Reader {
    let bytes: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() -> UInt8? {
      guard offset < bytes.count else { return nil }
      defer { offset += 1 }
      return bytes[offset]
    }

    /// A number that fits in an `Int`: at most 9 bytes of 7 bits.
    mutating func number() -> Int? {
      var value = 0
      for shift in stride(from: 0, to: 63, by: 7) {
        guard let byte = byte() else { return nil }
        value |= Int(byte & 0x7F) << shift
        if byte < 0x80 { return value }
      }
      return nil
    }

    /// A count of items that each take at least one byte, so no more than the bytes left.
    mutating func count() -> Int? {
      guard let count = number(), count <= bytes.count - offset else { return nil }
      return count
    }

    mutating func string() -> String? {
      guard let length = count() else { return nil }
      defer { offset += length }
      return String(validating: bytes[offset..<(offset + length)], as: UTF8.self)
    }

    mutating func lineEnding() -> LineEnding? {
      guard let code = byte(), Int(code) < JournalDeltaCoding.lineEndings.count else { return nil }
      return JournalDeltaCoding.lineEndings[Int(code)]
    }

    mutating func cell() -> TableCell? {
      switch byte() {
      case 0: string().map(TableCell.string)
      case 1: string().map(TableCell.number)
      case 2: .bool(true)
      case 3: .bool(false)
      case 4: .null
      case 5: string().map(TableCell.json)
      case 6: .absent
      default: nil
      }
    }
  }
}
