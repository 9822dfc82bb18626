import FolioCore
import FuzzSupport

/// The CSV and TSV reader, with every delimiter: it agrees with a plain second reader on what it
/// accepts and what it reads; reading what it writes gives the same table; a second save
/// writes the same bytes; rows copied from the file's bytes read back, in any dialect, as the
/// cells say; and a table written as JSON reads back with the same cells.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzDelimited(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Fuzzer.bytes(data, size)
  for delimiter in DelimitedDialect.Delimiter.allCases {
    check(bytes, delimiter: delimiter)
  }
  return 0
}

func check(_ bytes: [UInt8], delimiter: DelimitedDialect.Delimiter) {
  var reader = ReferenceReader(bytes: bytes, delimiter: delimiter.rawValue)
  let reference = reader.read()
  let table: TableModel
  do {
    table = try DelimitedFormat.decodeTable(bytes, delimiter: delimiter)
  } catch {
    Fuzzer.require(reference == nil, "refused a file the reference reads: \(error)")
    Fuzzer.require(error.code == .format, "refused with code \(error.code): \(error)")
    return
  }
  guard let reference else {
    Fuzzer.require(false, "accepted a file the reference refuses")
    return
  }
  let content = table.content
  Fuzzer.require(content.columns == reference.columns, "columns \(content.columns), not \(reference.columns)")
  let rows = content.rows.map { $0.map(\.description) }
  Fuzzer.require(rows == reference.rows, "rows \(rows), not \(reference.rows)")
  Fuzzer.require(
    content.dialect == .delimited(reference.dialect), "dialect \(content.dialect), not \(reference.dialect)")
  Fuzzer.require(
    (try? DelimitedFormat.decode(bytes, delimiter: delimiter)) == content, "decode and decodeTable differ")

  // Rows are copied from the file's bytes, quoting and all, so what is written may differ
  // from what the cells alone would give; it must read back as the same cells.
  let written = DelimitedFormat.encode(table)
  // Saved in another dialect (as TSV, with CRLF, …), rows copied from the file's bytes must
  // still read back as the cells say.
  for other in otherDialects(reference.dialect) {
    let fromBytes = try? DelimitedFormat.decode(
      DelimitedFormat.encode(table, dialect: other), delimiter: other.delimiter)
    let fromCells = try? DelimitedFormat.decode(
      DelimitedFormat.encode(content, dialect: other), delimiter: other.delimiter)
    Fuzzer.require(fromBytes == fromCells, "writing from the file's bytes and from cells differ in \(other)")
  }
  guard let reread = try? DelimitedFormat.decode(written, delimiter: delimiter),
    let rereadTable = try? DelimitedFormat.decodeTable(written, delimiter: delimiter)
  else {
    Fuzzer.require(false, "what was written does not read back")
    return
  }
  Fuzzer.require(reread == content, "read back as \(reread), not \(content)")
  Fuzzer.require(DelimitedFormat.encode(rereadTable) == written, "a second save writes other bytes")

  // An added row is written after the rows read from the file and reads back with them.
  var edited = table
  let added = content.columns.indices.map { TableCell.string(String(repeating: "\",\t\r\n", count: $0)) }
  edited.appendRow(added)
  let editedRows = (try? DelimitedFormat.decode(DelimitedFormat.encode(edited), delimiter: delimiter))?.rows
  Fuzzer.require(
    editedRows == content.rows + [added], "an added row reads back as \(String(describing: editedRows))")

  // The same table as JSON: the same cells, as strings.
  guard !content.rows.isEmpty else { return }
  let json = JSONTableFormat.encode(table)
  guard let fromJSON = try? JSONTableFormat.decode(json) else {
    Fuzzer.require(false, "the table written as JSON does not read back")
    return
  }
  Fuzzer.require(fromJSON.columns == content.columns, "JSON columns \(fromJSON.columns)")
  Fuzzer.require(fromJSON.rows == content.rows, "JSON rows \(fromJSON.rows)")
}

/// The dialect with one thing changed at a time: each other delimiter, each other line
/// ending, the byte order mark and the final newline.
func otherDialects(_ dialect: DelimitedDialect) -> [DelimitedDialect] {
  var dialects: [DelimitedDialect] = []
  for delimiter in DelimitedDialect.Delimiter.allCases where delimiter != dialect.delimiter {
    var other = dialect
    other.delimiter = delimiter
    dialects.append(other)
  }
  for lineEnding in LineEnding.allCases where lineEnding != dialect.lineEnding {
    var other = dialect
    other.lineEnding = lineEnding
    dialects.append(other)
  }
  var other = dialect
  other.hasByteOrderMark.toggle()
  other.endsWithNewline.toggle()
  return dialects + [other]
}

/// A second CSV reader, written plainly from RFC 4180 and the rules in `DelimitedFormat.decode`.
struct ReferenceReader {
  struct Table {
    var columns: [String]
    var rows: [[String]]
    var dialect: DelimitedDialect
  }

  let bytes: [UInt8]
  let delimiter: UInt8
  private var index = 0

  init(bytes: [UInt8], delimiter: UInt8) {
    self.bytes = bytes
    self.delimiter = delimiter
  }

  mutating func read() -> Table? {
    let hasByteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
    index = hasByteOrderMark ? 3 : 0
    guard index < bytes.count, String(validating: bytes[index...], as: UTF8.self) != nil, !bytes.contains(0)
    else { return nil }
    var records: [[String]] = []
    var endings: [LineEnding?] = []
    repeat {
      guard let (record, ending) = readRecord() else { return nil }
      records.append(record)
      endings.append(ending)
    } while index < bytes.count
    let columns = records[0]
    guard Set(columns).count == columns.count, records.allSatisfy({ $0.count == columns.count }) else {
      return nil
    }
    let dialect = DelimitedDialect(
      delimiter: DelimitedDialect.Delimiter(rawValue: delimiter)!, lineEnding: endings[0] ?? .lf,
      hasByteOrderMark: hasByteOrderMark, endsWithNewline: endings.last! != nil)
    return Table(columns: columns, rows: Array(records.dropFirst()), dialect: dialect)
  }

  private mutating func readRecord() -> ([String], LineEnding?)? {
    var fields: [String] = []
    while true {
      var field: [UInt8] = []
      if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
        index += 1
        while true {
          guard index < bytes.count else { return nil }
          if bytes[index] == UInt8(ascii: "\"") {
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
              field.append(bytes[index])
              index += 2
              continue
            }
            index += 1
            break
          }
          field.append(bytes[index])
          index += 1
        }
        if index < bytes.count, ![delimiter, 10, 13].contains(bytes[index]) { return nil }
      } else {
        while index < bytes.count, ![delimiter, 10, 13].contains(bytes[index]) {
          field.append(bytes[index])
          index += 1
        }
      }
      fields.append(String(decoding: field, as: UTF8.self))
      guard index < bytes.count else { return (fields, nil) }
      if bytes[index] == delimiter {
        index += 1
        continue
      }
      if bytes[index] == 13, index + 1 < bytes.count, bytes[index + 1] == 10 {
        index += 2
        return (fields, .crlf)
      }
      index += 1
      return (fields, bytes[index - 1] == 10 ? .lf : .cr)
    }
  }
}

Fuzzer.run(fuzzDelimited)
