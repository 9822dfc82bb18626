/// Reads and writes CSV and TSV table documents, following RFC 4180 for both.
///
/// The first record names the columns; every other record is a row with one field per
/// column. Fields may be quoted (`"a, ""b"""`) to hold delimiters, quotes and line breaks.
/// TSV uses the same quoting as CSV.
public enum DelimitedFormat {
  /// Reads a CSV or TSV file into a table whose cells are all `.string`.
  ///
  /// Records end at LF, CRLF or a lone CR; the first terminator, a byte order mark and the
  /// final newline are recorded in the dialect. Inside a quoted field line breaks are kept as
  /// written. A quote in the middle of an unquoted field is taken literally, as spreadsheets
  /// do. Empty column names are allowed; repeated ones are not, since columns are addressed
  /// by name. A file with a header and no rows is a valid empty table.
  ///
  /// - Parameters:
  ///   - bytes: The file's content.
  ///   - delimiter: The field separator: `.comma` for CSV, `.tab` for TSV.
  /// - Returns: The table, with a `.delimited` dialect.
  /// - Throws: `FolioError` with code `.format`: "empty file: a table needs a header row";
  ///   "line L: expected N fields, found M" for a row of the wrong width (L is where the
  ///   record starts); "line L, column C: a quoted field is not closed"; "line L, column C:
  ///   unexpected text after a closing quote …"; "line 1: duplicate column name …"; and the
  ///   invalid UTF-8 and NUL byte errors of `TextFormat`.
  public static func decode(
    _ bytes: [UInt8], delimiter: DelimitedDialect.Delimiter
  ) throws(FolioError) -> TableContent {
    try decodeTable(bytes, delimiter: delimiter).content
  }

  /// Reads a CSV or TSV file into a table that keeps the file's bytes and reads each row's
  /// cells from them when they are wanted.
  ///
  /// The whole file is checked as `decode(_:delimiter:)` does, with the same errors; what is
  /// kept is the bytes and the offset of each record, so the table takes little more memory
  /// than the file.
  ///
  /// - Parameters:
  ///   - bytes: The file's content.
  ///   - delimiter: The field separator: `.comma` for CSV, `.tab` for TSV.
  /// - Returns: The table, its rows numbered from 1, with a `.delimited` dialect.
  /// - Throws: The errors of `decode(_:delimiter:)`.
  public static func decodeTable(
    _ bytes: [UInt8], delimiter: DelimitedDialect.Delimiter
  ) throws(FolioError) -> TableModel {
    let (columns, offsets, dialect) = try bytes.withUnsafeBufferPointer {
      (buffer) throws(FolioError) -> ([String], [Int], DelimitedDialect) in
      try scan(buffer, delimiter: delimiter)
    }
    let records = DelimitedRecords(
      bytes: bytes, delimiter: delimiter.rawValue, start: dialect.hasByteOrderMark ? 3 : 0)
    return TableModel(
      columns: columns, dialect: .delimited(dialect), records: records, recordOffsets: offsets)
  }

  /// Writes a table as CSV or TSV.
  ///
  /// Uses the table's delimited dialect, or `DelimitedDialect.csv` for a JSON table. Cells are
  /// written as their `description`. A field is quoted only when it must be, so that it reads
  /// back the same: when it holds the delimiter, a quote, a CR or an LF; when it is the only
  /// field of its record and empty (an empty line would read as nothing, or end the file);
  /// and when it is the file's first field and starts with U+FEFF (it would read as a byte
  /// order mark). Spaces are data and never cause quoting.
  ///
  /// `decode(encode(table))` gives back the table when its cells are strings, it has a column
  /// and its column names differ (a lone unterminated header holds no line ending, so that
  /// one reads back as `.lf`). `encode(decode(file))` gives back the file when it is quoted
  /// this way and uses one kind of record terminator.
  public static func encode(_ content: TableContent) -> [UInt8] {
    encode(TableModel(content))
  }

  /// Writes a table as CSV or TSV in the given dialect, whatever the table's own dialect.
  public static func encode(_ content: TableContent, dialect: DelimitedDialect) -> [UInt8] {
    encode(TableModel(content), dialect: dialect)
  }

  /// Writes a table as CSV or TSV in its own delimited dialect, or as CSV for a JSON table,
  /// as `encode(_:)` does for `TableContent`.
  public static func encode(_ table: TableModel) -> [UInt8] {
    guard case .delimited(let dialect) = table.dialect else { return encode(table, dialect: .csv) }
    return encode(table, dialect: dialect)
  }

  /// Writes a table as CSV or TSV in the given dialect, whatever the table's own dialect.
  ///
  /// Rows read from a file are written from its bytes, one at a time, without making their
  /// cells.
  public static func encode(_ table: TableModel, dialect: DelimitedDialect) -> [UInt8] {
    let columns = table.columns
    let rowCount = table.rowCount
    var writer = Writer(delimiter: dialect.delimiter.rawValue, width: columns.count)
    let estimate = table.estimatedTextSize + rowCount * (columns.count + 2)
    writer.output.reserveCapacity(estimate + estimate / 16 + columns.reduce(64) { $0 + $1.utf8.count + 3 })
    if dialect.hasByteOrderMark { writer.output.append(contentsOf: ASCII.byteOrderMark) }
    writer.startRecord()
    for var name in columns {
      name.withUTF8 { writer.writeField($0) }
    }
    writer.finishRecord()
    if rowCount > 0 || dialect.endsWithNewline { dialect.lineEnding.write(to: &writer.output) }
    table.withRowReader { reader in
      for index in 0..<rowCount {
        writer.startRecord()
        reader.forEachCell(inRow: index) { cell in
          switch cell {
          case .text(let text):
            writer.writeField(text)
          case .value(let value):
            var text = value.description
            text.withUTF8 { writer.writeField($0) }
          }
        }
        writer.finishRecord()
        if index < rowCount - 1 || dialect.endsWithNewline { dialect.lineEnding.write(to: &writer.output) }
      }
    }
    return writer.output
  }

  /// Checks a whole file and finds its columns, where each row's record starts, and its
  /// dialect.
  private static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, delimiter: DelimitedDialect.Delimiter
  ) throws(FolioError) -> ([String], [Int], DelimitedDialect) {
    let hasByteOrderMark = ASCII.hasByteOrderMark(bytes)
    let start = hasByteOrderMark ? 3 : 0
    guard start < bytes.count else { throw FolioError(.format, "empty file: a table needs a header row") }
    try UTF8Validation.validate(bytes, from: start)

    var parser = DelimitedParser(bytes: bytes, delimiter: delimiter.rawValue, start: start)
    var header: [TableCell] = []
    let firstEnding = try parser.readRecord(into: &header)
    let columns = try columnNames(header)

    var offsets: [Int] = []
    offsets.reserveCapacity(recordCountBound(bytes))
    var lastEnding = firstEnding
    while !parser.isAtEnd {
      let recordStart = parser.offset
      let (fieldCount, ending) = try parser.skipRecord()
      guard fieldCount == columns.count else {
        let line = TextPosition.locate(recordStart, in: bytes, from: start).line
        throw FolioError(.format, "line \(line): expected \(columns.count) fields, found \(fieldCount)")
      }
      offsets.append(recordStart)
      lastEnding = ending
    }
    let dialect = DelimitedDialect(
      delimiter: delimiter,
      lineEnding: firstEnding ?? .lf,
      hasByteOrderMark: hasByteOrderMark,
      endsWithNewline: lastEnding != nil
    )
    return (columns, offsets, dialect)
  }

  /// At least the number of records in a file: one more than its CR and LF bytes, so that the
  /// offsets of the rows are stored without growing and copying their array.
  private static func recordCountBound(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var count = 1
    for byte in bytes where byte == ASCII.lineFeed || byte == ASCII.carriageReturn {
      count += 1
    }
    return count
  }

  private static func columnNames(_ header: [TableCell]) throws(FolioError) -> [String] {
    var names: [String] = []
    names.reserveCapacity(header.count)
    var positions: [String: Int] = [:]
    for (index, cell) in header.enumerated() {
      let name = cell.description
      if let earlier = positions[name] {
        throw FolioError(
          .format, "line 1: duplicate column name \"\(name)\" (fields \(earlier + 1) and \(index + 1))")
      }
      positions[name] = index
      names.append(name)
    }
    return names
  }

  /// Appends records to a byte buffer, quoting fields only where needed.
  private struct Writer {
    let delimiter: UInt8
    /// The number of columns: every record gets that many fields.
    let width: Int
    var output: [UInt8] = []
    /// The fields written in the current record.
    private var written = 0
    private var isFirstRecord = true

    init(delimiter: UInt8, width: Int) {
      self.delimiter = delimiter
      self.width = width
    }

    mutating func startRecord() { written = 0 }

    /// Writes the next field of the record; fields past the last column are left out.
    mutating func writeField(_ field: UnsafeBufferPointer<UInt8>) {
      guard written < width else { return }
      if written > 0 { output.append(delimiter) }
      let mustQuote =
        (width == 1 && field.isEmpty)
        || (isFirstRecord && written == 0 && field.starts(with: ASCII.byteOrderMark))
      write(field, mustQuote: mustQuote)
      written += 1
    }

    /// Ends the record: rows shorter than the header get empty fields, like `.absent` cells.
    mutating func finishRecord() {
      while written < width {
        if written > 0 { output.append(delimiter) }
        if width == 1 { output.append(contentsOf: [ASCII.quote, ASCII.quote]) }
        written += 1
      }
      isFirstRecord = false
    }

    private mutating func write(_ field: UnsafeBufferPointer<UInt8>, mustQuote: Bool) {
      let needsQuotes =
        mustQuote
        || field.contains { byte in
          byte == delimiter || byte == ASCII.quote || byte == ASCII.lineFeed || byte == ASCII.carriageReturn
        }
      guard needsQuotes else {
        output.append(contentsOf: field)
        return
      }
      output.append(ASCII.quote)
      for byte in field {
        output.append(byte)
        if byte == ASCII.quote { output.append(ASCII.quote) }
      }
      output.append(ASCII.quote)
    }
  }
}
