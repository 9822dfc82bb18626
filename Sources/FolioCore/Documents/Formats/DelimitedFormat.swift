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
    try bytes.withUnsafeBufferPointer { (buffer) throws(FolioError) -> TableContent in
      try decode(buffer, delimiter: delimiter)
    }
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
    guard case .delimited(let dialect) = content.dialect else {
      return encode(content, dialect: .csv)
    }
    return encode(content, dialect: dialect)
  }

  /// Writes a table as CSV or TSV in the given dialect, whatever the table's own dialect.
  public static func encode(_ content: TableContent, dialect: DelimitedDialect) -> [UInt8] {
    var writer = Writer(delimiter: dialect.delimiter.rawValue)
    if dialect.hasByteOrderMark { writer.output.append(contentsOf: ASCII.byteOrderMark) }
    writer.writeRecord(content.columns, width: content.columns.count, isFirst: true)
    if !content.rows.isEmpty || dialect.endsWithNewline { dialect.lineEnding.write(to: &writer.output) }
    for (index, row) in content.rows.enumerated() {
      writer.writeRecord(row.lazy.map(\.description), width: content.columns.count, isFirst: false)
      let isLast = index == content.rows.count - 1
      if !isLast || dialect.endsWithNewline { dialect.lineEnding.write(to: &writer.output) }
    }
    return writer.output
  }

  private static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, delimiter: DelimitedDialect.Delimiter
  ) throws(FolioError) -> TableContent {
    let hasByteOrderMark = ASCII.hasByteOrderMark(bytes)
    let start = hasByteOrderMark ? 3 : 0
    guard start < bytes.count else { throw FolioError(.format, "empty file: a table needs a header row") }
    try UTF8Validation.validate(bytes, from: start)

    var parser = DelimitedParser(bytes: bytes, delimiter: delimiter.rawValue, start: start)
    var header: [TableCell] = []
    let firstEnding = try parser.readRecord(into: &header)
    let columns = try columnNames(header)

    var rows: [[TableCell]] = []
    var lastEnding = firstEnding
    while !parser.isAtEnd {
      let recordStart = parser.offset
      var row: [TableCell] = []
      row.reserveCapacity(columns.count)
      lastEnding = try parser.readRecord(into: &row)
      guard row.count == columns.count else {
        let line = TextPosition.locate(recordStart, in: bytes, from: start).line
        throw FolioError(.format, "line \(line): expected \(columns.count) fields, found \(row.count)")
      }
      rows.append(row)
    }
    let dialect = DelimitedDialect(
      delimiter: delimiter,
      lineEnding: firstEnding ?? .lf,
      hasByteOrderMark: hasByteOrderMark,
      endsWithNewline: lastEnding != nil
    )
    return TableContent(columns: columns, rows: rows, dialect: .delimited(dialect))
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
    var output: [UInt8] = []

    init(delimiter: UInt8) {
      self.delimiter = delimiter
    }

    mutating func writeRecord(_ fields: some Collection<String>, width: Int, isFirst: Bool) {
      var written = 0
      for field in fields.prefix(width) {
        if written > 0 { output.append(delimiter) }
        let mustQuote =
          (width == 1 && field.isEmpty)
          || (isFirst && written == 0 && field.unicodeScalars.first == "\u{FEFF}")
        writeField(field, mustQuote: mustQuote)
        written += 1
      }
      // Rows shorter than the header get empty fields, like `.absent` cells.
      while written < width {
        if written > 0 { output.append(delimiter) }
        if width == 1 { output.append(contentsOf: [ASCII.quote, ASCII.quote]) }
        written += 1
      }
    }

    private mutating func writeField(_ field: String, mustQuote: Bool) {
      let utf8 = field.utf8
      let needsQuotes =
        mustQuote
        || utf8.contains { byte in
          byte == delimiter || byte == ASCII.quote || byte == ASCII.lineFeed || byte == ASCII.carriageReturn
        }
      guard needsQuotes else {
        output.append(contentsOf: utf8)
        return
      }
      output.append(ASCII.quote)
      for byte in utf8 {
        output.append(byte)
        if byte == ASCII.quote { output.append(ASCII.quote) }
      }
      output.append(ASCII.quote)
    }
  }
}
