#if canImport(Glibc)
  import Glibc
#endif

/// Reads and writes CSV and TSV table documents, following RFC 4180 for both.
///
/// The first record names the columns; every other record is a row with one field per
/// column. Fields may be quoted (`"a, ""b"""`) to hold delimiters, quotes and line breaks.
/// TSV uses the same quoting as CSV.
public enum DelimitedFormat: TableFormat {
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
  ///   - cancellation: checked every 8,192 records.
  /// - Returns: The table, its rows numbered from 1, with a `.delimited` dialect.
  /// - Throws: The errors of `decode(_:delimiter:)`; `FolioError.interrupted` once
  ///   `cancellation` is cancelled.
  public static func decodeTable(
    _ bytes: [UInt8], delimiter: DelimitedDialect.Delimiter, cancellation: CancellationToken? = nil
  ) throws(FolioError) -> TableModel {
    let (columns, offsets, recordEnding, dialect) = try bytes.withUnsafeBufferPointer {
      (buffer) throws(FolioError) -> ([String], [Int], LineEnding?, DelimitedDialect) in
      try scan(buffer, delimiter: delimiter, cancellation: cancellation)
    }
    let records = DelimitedRecords(
      bytes: bytes, delimiter: delimiter.rawValue, start: dialect.hasByteOrderMark ? 3 : 0,
      plainEnding: recordEnding)
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
  /// cells; see `write(_:as:into:chunkSize:to:)`.
  public static func encode(_ table: TableModel, dialect: DelimitedDialect) -> [UInt8] {
    encode(table, as: dialect)
  }

  /// Reserves what a table's text takes when written whole; in chunks, a chunk's worth (up to
  /// 16 MiB), without a look at the rows.
  static func capacity(for table: TableModel, as dialect: DelimitedDialect, chunkSize: Int) -> Int {
    guard chunkSize == .max else { return min(chunkSize, 1 << 24) + 4096 }
    let estimate = table.estimatedTextSize + table.rowCount * (table.columns.count + 2)
    return estimate + estimate / 16 + table.columns.reduce(64) { $0 + $1.utf8.count + 3 }
  }

  /// Writes a table as CSV or TSV in the given dialect, into `output`, handing `output`
  /// to `sink` and emptying it whenever it holds `chunkSize` bytes or more; what is left at
  /// the end stays in `output`.
  ///
  /// A row read from the file and not edited since (or edited back to its cells, to the
  /// byte) is copied from the file's bytes as it is, its quoting as written (a field quoted
  /// without need stays quoted), and a run of such rows that follow each other in the file
  /// (an unsorted table, but for its edited rows) goes to `sink` straight from the file's
  /// bytes; only its terminator becomes the dialect's. Other rows are encoded cell by cell.
  /// When the file has no quoted field and its records all end with the dialect's
  /// terminator (`DelimitedRecords.plainEnding`), every record ends at its first CR or LF,
  /// which `memchr` finds; otherwise each is scanned for quotes. In such a file,
  /// rows that are records in the file's order come in blocks of thousands, each checked to
  /// hold no other record by one count of the terminators it spans
  /// (`recordBlock(from:of:in:ending:)`): a table of a million rows with one edited cell is
  /// written without a look at each row.
  static func write<Failure: Error>(
    _ table: TableModel, as dialect: DelimitedDialect, into output: inout [UInt8], chunkSize: Int,
    to sink: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
  ) throws(Failure) {
    let columns = table.columns
    let rowCount = table.rowCount
    let lineEnding = dialect.lineEnding
    var writer = Writer(delimiter: dialect.delimiter.rawValue, width: columns.count)
    swap(&writer.output, &output)
    defer { swap(&writer.output, &output) }
    if dialect.hasByteOrderMark { writer.output.append(contentsOf: ASCII.byteOrderMark) }
    writer.startRecord()
    for var name in columns {
      name.withUTF8 { writer.writeField($0) }
    }
    writer.finishRecord()
    if rowCount > 0 || dialect.endsWithNewline { lineEnding.write(to: &writer.output) }
    try table.withRowReader { (reader) throws(Failure) in
      let file = reader.bytes
      let recordsStart = table.records?.start ?? 0
      var canCopyRecords = false
      if let records = table.records, records.delimiter == dialect.delimiter.rawValue {
        var fieldCount = 0
        DelimitedRecords.forEachField(
          ofRecordAt: records.start, in: file, delimiter: records.delimiter, start: records.start
        ) { _ in
          fieldCount += 1
          return true
        }
        canCopyRecords = fieldCount == columns.count
      }
      // Bytes of the file waiting to be written: whole records, and their terminators where
      // these are the dialect's.
      var run = 0..<0
      func drain() throws(Failure) {
        guard !writer.output.isEmpty else { return }
        try writer.output.withUnsafeBufferPointer { (buffer) throws(Failure) in try sink(buffer) }
        writer.output.removeAll(keepingCapacity: true)
      }
      func writeRun() throws(Failure) {
        guard !run.isEmpty else { return }
        let bytes = UnsafeBufferPointer(rebasing: file[run])
        run = 0..<0
        if bytes.count >= chunkSize / 2 {
          try drain()
          try sink(bytes)
        } else {
          writer.output.append(contentsOf: bytes)
        }
      }
      // The terminator of every record, when the file has no quoted field and its records all
      // end with the dialect's terminator: a record then ends at the first CR or LF after its
      // start, which `memchr` finds faster than the scan for quotes.
      let plainEnding = canCopyRecords && table.records?.plainEnding == lineEnding ? lineEnding : nil
      // The first 8 bytes of the records of the next rows, read a batch at a time: the rows of
      // a sorted table lie anywhere in the file, and reads made together wait for memory
      // together rather than one after another.
      var firstWords = [UInt64](repeating: 0, count: 16)
      // The row whose record's first word is `firstWords[0]`.
      var batchStart = -firstWords.count
      // Rows before this one are not tried as a block again: a block that failed is written a
      // row at a time.
      var rowByRowUntil = 0
      var index = 0
      while index < rowCount {
        defer { index += 1 }
        let isTerminated = index < rowCount - 1 || dialect.endsWithNewline
        if let plainEnding, columns.count > 1, index >= rowByRowUntil {
          switch recordBlock(from: index, of: table, in: file, ending: plainEnding) {
          case .records(let last, let start, let end, let ending):
            if run.isEmpty || run.upperBound != start {
              try writeRun()
              run = start..<end
            } else {
              run = run.lowerBound..<end
            }
            if last < rowCount - 1 || dialect.endsWithNewline {
              if ending == lineEnding {
                run = run.lowerBound..<end + lineEnding.byteCount
              } else {
                try writeRun()
                lineEnding.write(to: &writer.output)
              }
            }
            if writer.output.count >= chunkSize { try drain() }
            index = last
            continue
          case .rowByRow(let last): rowByRowUntil = last + 1
          }
        }
        if canCopyRecords, index >= batchStart + firstWords.count {
          batchStart = index
          for ahead in 0..<min(firstWords.count, rowCount - index) {
            firstWords[ahead] = word(at: table.locations[index + ahead], in: file)
          }
        }
        let location = canCopyRecords ? table.recordOffset(ofRow: index) ?? -1 : -1
        // In a file without quoted fields whose records all end with the dialect's terminator,
        // any record, a sorted table's too, ends at its first CR or LF: `memchr` finds it.
        // (The batch above has brought its first bytes into the cache all the same.)
        let byTerminator = plainEnding != nil && location >= 0
        // An edited row whose cells are its record's again is copied from that record.
        let firstWord =
          location < 0 || byTerminator
          ? 0
          : location == table.locations[index]
            ? firstWords[index - batchStart] : word(at: location, in: file)
        // A lone empty field must be quoted, so such a record is never copied.
        if location >= 0,
          let (end, ending) =
            byTerminator
            ? terminatedRecord(at: location, in: file, ending: plainEnding ?? lineEnding)
            : plainRecord(at: location, in: file, firstWord: firstWord)
              ?? quotedRecord(
                at: location, in: file, delimiter: dialect.delimiter.rawValue, start: recordsStart),
          end > location || columns.count > 1
        {
          if run.isEmpty || run.upperBound != location {
            try writeRun()
            run = location..<end
          } else {
            run = run.lowerBound..<end
          }
          if isTerminated {
            if ending == lineEnding {
              run = run.lowerBound..<end + lineEnding.byteCount
            } else {
              try writeRun()
              lineEnding.write(to: &writer.output)
            }
          }
        } else {
          try writeRun()
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
          if isTerminated { lineEnding.write(to: &writer.output) }
        }
        if writer.output.count >= chunkSize { try drain() }
      }
      try writeRun()
    }
  }

  /// What `recordBlock(from:of:in:ending:)` found.
  private enum RecordBlock {
    /// The records of the rows from the first through `last` follow each other in the file
    /// from `start`; the last one's ends at `end` with `ending` (nil at the end of the file).
    case records(last: Int, start: Int, end: Int, ending: LineEnding?)
    /// The rows from the first through `last` are to be written a row at a time: too few of
    /// them are read from the file in its order to make a block worth checking (none, when
    /// the first row is edited or added), or some record lies between two of theirs (a row
    /// was removed). No block starts among them either.
    case rowByRow(last: Int)
  }

  /// The fewest and the most rows `recordBlock(from:of:in:ending:)` takes at a time.
  private static let blockRows = (least: 16, most: 4096)

  /// Whether the rows from `first` on are records that follow each other in the file, as the
  /// rows of an unsorted table are but for the edited, added and removed ones, so that they
  /// are written as one slice of its bytes without a look at each: the rows whose locations
  /// (their records' starts, unedited) increase, `blockRows.least` to `blockRows.most` of
  /// them.
  ///
  /// In a file without quoted fields whose records all end with `ending` (`plainEnding`),
  /// every CR or LF belongs to a record's terminator and every terminator holds exactly one
  /// byte `ending.lastByte`, so the bytes from the first record's start to the last's hold as
  /// many such bytes as the records before the last lie there; the rows' records are that
  /// many of them, all different, so there is no other, which `ASCII.count(_:in:stoppingOver:)`
  /// tells, reading little further than one more terminator.
  private static func recordBlock(
    from first: Int, of table: TableModel, in file: UnsafeBufferPointer<UInt8>, ending: LineEnding
  ) -> RecordBlock {
    table.locations.withUnsafeBufferPointer { locations in
      let start = locations[first]
      guard start >= 0 else { return .rowByRow(last: first) }
      let limit = min(locations.count, first + blockRows.most)
      var last = first
      while last + 1 < limit, locations[last + 1] > locations[last] { last += 1 }
      guard last - first + 1 >= blockRows.least else { return .rowByRow(last: last) }
      let terminators = last - first
      let span = UnsafeBufferPointer(rebasing: file[start..<locations[last]])
      guard ASCII.count(ending.lastByte, in: span, stoppingOver: terminators) == terminators else {
        return .rowByRow(last: last)
      }
      let (end, lastEnding) = terminatedRecord(at: locations[last], in: file, ending: ending)
      return .records(last: last, start: start, end: end, ending: lastEnding)
    }
  }

  /// Where the record that starts at `offset` ends, and its terminator (nil at the end of the
  /// file), in a file without quoted fields whose records all end with `ending`: at the first
  /// CR or LF, found by `memchr`.
  private static func terminatedRecord(
    at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, ending: LineEnding
  ) -> (end: Int, ending: LineEnding?) {
    let byte = ending == .lf ? ASCII.lineFeed : ASCII.carriageReturn
    guard let base = bytes.baseAddress, offset < bytes.count,
      let found = memchr(base + offset, Int32(byte), bytes.count - offset)
    else { return (bytes.count, nil) }
    return (UnsafeRawPointer(found) - UnsafeRawPointer(base), ending)
  }

  /// Where the record that starts at `offset` ends, and its terminator (nil at the end of the
  /// file), for a record that holds a quote: it was checked when the file was read, so its
  /// quoting is kept as written.
  private static func quotedRecord(
    at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, start: Int
  ) -> (end: Int, ending: LineEnding?)? {
    var parser = DelimitedParser(bytes: bytes, delimiter: delimiter, start: start, offset: offset)
    guard let (_, ending) = try? parser.skipRecord() else { return nil }
    return (parser.offset - (ending?.byteCount ?? 0), ending)
  }

  /// Where the record that starts at `offset` ends, and its terminator (nil at the end of the
  /// file), when it holds no quote; nil when it does.
  ///
  /// Such a record is written back as it is: none of its fields is quoted, and none needs to
  /// be, since none holds a delimiter, quote or line break. The bytes are scanned 8 at a time.
  ///
  /// - Parameter firstWord: `word(at: offset, in: bytes)`, read beforehand.
  private static func plainRecord(
    at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, firstWord: UInt64
  ) -> (end: Int, ending: LineEnding?)? {
    let count = bytes.count
    var index = offset
    if let base = bytes.baseAddress {
      while index + 8 <= count {
        let word =
          index == offset
          ? firstWord : UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        let found =
          bytesEqual(word, ASCII.lineFeed) | bytesEqual(word, ASCII.carriageReturn)
          | bytesEqual(word, ASCII.quote)
        if found != 0 {
          index += found.trailingZeroBitCount / 8
          break
        }
        index += 8
      }
    }
    while index < count, bytes[index] != ASCII.lineFeed, bytes[index] != ASCII.carriageReturn,
      bytes[index] != ASCII.quote
    {
      index += 1
    }
    guard index < count else { return (count, nil) }
    guard bytes[index] != ASCII.quote else { return nil }
    return (index, LineEnding.read(at: index, in: bytes))
  }

  /// The 8 bytes at `offset` as a little-endian integer (the first byte lowest); 0 when fewer
  /// than 8 bytes are left or `offset` is negative.
  @inline(__always)
  private static func word(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    guard offset >= 0, offset + 8 <= bytes.count, let base = bytes.baseAddress else { return 0 }
    return UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
  }

  /// The high bit of each byte of `word` that equals `byte`, at least up to the first such
  /// byte (bytes after it may be marked too).
  @inline(__always)
  private static func bytesEqual(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let difference = word ^ (ones &* UInt64(byte))
    return (difference &- ones) & ~difference & 0x8080_8080_8080_8080
  }

  /// Checks a whole file and finds its columns, where each row's record starts, the
  /// terminator all its records end with when it has no quoted field (nil otherwise), and its
  /// dialect.
  private static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, delimiter: DelimitedDialect.Delimiter,
    cancellation: CancellationToken? = nil
  ) throws(FolioError) -> ([String], [Int], LineEnding?, DelimitedDialect) {
    let hasByteOrderMark = ASCII.hasByteOrderMark(bytes)
    let start = hasByteOrderMark ? 3 : 0
    guard start < bytes.count else { throw FolioError(.format, "empty file: a table needs a header row") }
    // At least the number of records: one more than the CR and LF bytes, so that the offsets
    // of the rows are stored without growing and copying their array.
    let lineBreaks = try UTF8Validation.validateCountingLineBreaks(bytes, from: start)

    var parser = DelimitedParser(bytes: bytes, delimiter: delimiter.rawValue, start: start)
    var header: [TableCell] = []
    let firstEnding = try parser.readRecord(into: &header)
    let columns = try columnNames(header)

    var offsets: [Int] = []
    offsets.reserveCapacity(lineBreaks + 1)
    var lastEnding = firstEnding
    // The terminator of the records, while they all share one.
    var sharedEnding: LineEnding?
    var endingsDiffer = false
    while !parser.isAtEnd {
      let recordStart = parser.offset
      let (fieldCount, ending) = try parser.skipRecord()
      guard fieldCount == columns.count else {
        let line = TextPosition.locate(recordStart, in: bytes, from: start).line
        throw FolioError(.format, "line \(line): expected \(columns.count) fields, found \(fieldCount)")
      }
      if let ending {
        if sharedEnding == nil {
          sharedEnding = ending
        } else if ending != sharedEnding {
          endingsDiffer = true
        }
      }
      offsets.append(recordStart)
      lastEnding = ending
      if offsets.count & 8191 == 0 { try cancellation?.check() }
    }
    let dialect = DelimitedDialect(
      delimiter: delimiter,
      lineEnding: firstEnding ?? .lf,
      hasByteOrderMark: hasByteOrderMark,
      endsWithNewline: lastEnding != nil
    )
    return (columns, offsets, endingsDiffer || parser.hasReadQuotedField ? nil : sharedEnding, dialect)
  }

  private static func columnNames(_ header: [TableCell]) throws(FolioError) -> [String] {
    var names: [String] = []
    names.reserveCapacity(header.count)
    var positions: [ColumnKey: Int] = [:]
    for (index, cell) in header.enumerated() {
      let name = cell.description
      if let earlier = positions[ColumnKey(name)] {
        throw FolioError(
          .format, "line 1: duplicate column name \"\(name)\" (fields \(earlier + 1) and \(index + 1))")
      }
      positions[ColumnKey(name)] = index
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
