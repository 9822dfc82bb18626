/// Reads and writes JSON table documents: an array of objects, one object a row.
///
/// Columns are the objects' keys in the order they first appear. Values keep their JSON
/// type (`TableCell`), so a file is written back as it was read, in the layout it was read
/// in (`JSONStyle`), with its line breaks, byte order mark and final line break
/// (`JSONTextEnds`).
public enum JSONTableFormat: TableFormat {
  /// How a table is written: its layout and its ends.
  struct Options: Equatable {
    var style: JSONStyle
    var ends: JSONTextEnds = .standard
  }

  /// How `table` is written as JSON: in its own style and ends, or pretty-printed with the
  /// standard ends for a CSV or TSV table.
  static func options(of table: TableModel) -> Options {
    guard case .json(let style, let ends) = table.dialect else { return Options(style: .pretty(indent: 2)) }
    return Options(style: style, ends: ends)
  }

  /// Reads a JSON array of objects into a table.
  ///
  /// The parser follows RFC 8259: every escape including surrogate pairs, the number
  /// grammar, `true`, `false` and `null`. Numbers keep their literal, nested objects and
  /// arrays become `.json` with their compact text, and a key an object lacks is `.absent`.
  /// A leading UTF-8 byte order mark is skipped. The layout is detected: `.pretty(indent:)`
  /// when a line break follows the opening bracket, with the indent of the first row,
  /// otherwise `.compact`; an empty array is `.compact`. So are the ends (`JSONTextEnds`):
  /// the first line break's kind, the byte order mark, and whether a line break follows
  /// the closing bracket, so that an edited file is written back with them.
  ///
  /// - Parameters:
  ///   - bytes: The file's content.
  ///   - cancellation: checked every 4,096 rows.
  /// - Returns: The table, with a `.json` dialect.
  /// - Throws: `FolioError` with code `.format` and a message starting "line L, column C: ":
  ///   "expected an array of objects" when the document or one of its elements is something
  ///   else; the syntax error otherwise (e.g. "expected ',' or '}', found 'x'", "invalid
  ///   number: …", "unpaired UTF-16 surrogate …", "duplicate key …", "nesting deeper than
  ///   512 arrays and objects"). Also the invalid UTF-8 and NUL byte errors of `TextFormat`;
  ///   `FolioError.interrupted` once `cancellation` is cancelled.
  public static func decode(
    _ bytes: [UInt8], cancellation: CancellationToken? = nil
  ) throws(FolioError) -> TableContent {
    try bytes.withUnsafeBufferPointer { (buffer) throws(FolioError) -> TableContent in
      let start = ASCII.hasByteOrderMark(buffer) ? 3 : 0
      try UTF8Validation.validate(buffer, from: start)
      try cancellation?.check()
      var parser = JSONParser(bytes: buffer, start: start, cancellation: cancellation)
      let table = try parser.parseTable()
      let ends = JSONTextEnds.read(buffer, end: table.end, style: table.style)
      return TableContent(columns: table.columns, rows: table.rows, dialect: .json(table.style, ends: ends))
    }
  }

  /// Reads a JSON array of objects into a table, numbering its rows from 1.
  ///
  /// - Throws: The errors of `decode(_:cancellation:)`.
  public static func decodeTable(
    _ bytes: [UInt8], cancellation: CancellationToken? = nil
  ) throws(FolioError) -> TableModel {
    TableModel(try decode(bytes, cancellation: cancellation))
  }

  /// Writes a table as a JSON array of objects.
  ///
  /// Uses the table's JSON style and ends, or `.pretty(indent: 2)` with LF line breaks and a
  /// final one for a CSV or TSV table. `.absent`
  /// cells leave their key out. A `.number` that is not a JSON number literal, or a `.json`
  /// that is not valid JSON, is written as a string so that the file stays valid.
  ///
  /// `decode(encode(table))` gives back the table when it is one `decode` can produce: each
  /// column has a value in some row, in the order columns first appear, and pretty tables
  /// have rows. `encode(decode(file))` gives back the file when it is written in its style's
  /// canonical form.
  public static func encode(_ content: TableContent) -> [UInt8] {
    encode(TableModel(content))
  }

  /// Writes a table as a JSON array of objects in the given style with the standard ends,
  /// whatever the table's own dialect.
  public static func encode(_ content: TableContent, style: JSONStyle) -> [UInt8] {
    encode(TableModel(content), style: style)
  }

  /// Writes a table as a JSON array of objects in its own JSON style, or pretty-printed for a
  /// CSV or TSV table, as `encode(_:)` does for `TableContent`.
  public static func encode(_ table: TableModel) -> [UInt8] {
    encode(table, as: options(of: table))
  }

  /// Writes a table as a JSON array of objects in the given style with the standard ends,
  /// whatever the table's own dialect.
  ///
  /// Rows read from a CSV or TSV file are written from its bytes, one at a time, without
  /// making their cells.
  public static func encode(_ table: TableModel, style: JSONStyle) -> [UInt8] {
    encode(table, as: Options(style: style))
  }

  /// Writes a table in `style` with the standard ends, handing the bytes to `sink` in chunks
  /// of about `chunkSize` bytes, as `write(_:as:chunkSize:to:)` does with options.
  static func write<Failure: Error>(
    _ table: TableModel, as style: JSONStyle, chunkSize: Int,
    to sink: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
  ) throws(Failure) {
    try write(table, as: Options(style: style), chunkSize: chunkSize, to: sink)
  }

  /// Reserves about what a table's JSON text takes — about three times a CSV file's size,
  /// never held whole when written in chunks — or a chunk's worth when that is less.
  static func capacity(for table: TableModel, as options: Options, chunkSize: Int) -> Int {
    var indent = 0
    if case .pretty(let spaces) = options.style { indent = max(0, spaces) }
    let bytesPerRow = table.columns.reduce(4 + 2 * indent) { $0 + $1.utf8.count + 9 + 2 * indent }
    let estimate = table.estimatedTextSize + table.rowCount * bytesPerRow
    let size = estimate + estimate / 8 + 64
    return chunkSize == .max ? size : min(chunkSize, size) + 4096
  }

  /// Writes a table into `output`, handing `output` to `sink` and emptying it whenever it
  /// holds `chunkSize` bytes or more; what is left at the end stays in `output`.
  ///
  /// The text is made with LF line breaks, and each chunk given the file's own
  /// (`JSONTextEnds.appendConverting`) before it is handed on or left in `output`.
  static func write<Failure: Error>(
    _ table: TableModel, as options: Options, into output: inout [UInt8], chunkSize: Int,
    to sink: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
  ) throws(Failure) {
    guard options.ends.lineEnding != .lf else {
      return try write(table, as: options, lineFeedsInto: &output, chunkSize: chunkSize, to: sink)
    }
    var converted: [UInt8] = []
    try write(table, as: options, lineFeedsInto: &output, chunkSize: chunkSize) {
      (chunk) throws(Failure) in
      converted.removeAll(keepingCapacity: true)
      options.ends.appendConverting(chunk, to: &converted)
      try converted.withUnsafeBufferPointer { (buffer) throws(Failure) in try sink(buffer) }
    }
    let rest = output
    output.removeAll(keepingCapacity: true)
    rest.withUnsafeBufferPointer { options.ends.appendConverting($0, to: &output) }
  }

  /// Writes a table into `output` with LF line breaks, as `write(_:as:into:chunkSize:to:)`.
  private static func write<Failure: Error>(
    _ table: TableModel, as options: Options, lineFeedsInto output: inout [UInt8], chunkSize: Int,
    to sink: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
  ) throws(Failure) {
    let style = options.style
    if options.ends.hasByteOrderMark { output.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
    // Each key is escaped once, with its colon, rather than once a row.
    let keys = table.columns.map { column in
      var key: [UInt8] = []
      JSONLayout.writeString(column, into: &key)
      key.append(ASCII.colon)
      if style != .compact { key.append(ASCII.space) }
      return key
    }
    let rowCount = table.rowCount
    output.append(ASCII.openBracket)
    try table.withRowReader { (reader) throws(Failure) in
      for rowIndex in 0..<rowCount {
        if rowIndex > 0 { output.append(ASCII.comma) }
        JSONLayout.newline(level: 1, style: style, into: &output)
        output.append(ASCII.openBrace)
        var written = 0
        var column = 0
        reader.forEachCell(inRow: rowIndex) { cell in
          defer { column += 1 }
          guard column < keys.count else { return }
          if case .value(.absent) = cell { return }
          if written > 0 { output.append(ASCII.comma) }
          JSONLayout.newline(level: 2, style: style, into: &output)
          output.append(contentsOf: keys[column])
          switch cell {
          case .text(let text): JSONLayout.writeString(text, into: &output)
          case .value(let value): write(value, style: style, into: &output)
          }
          written += 1
        }
        if written > 0 { JSONLayout.newline(level: 1, style: style, into: &output) }
        output.append(ASCII.closeBrace)
        if output.count >= chunkSize {
          try output.withUnsafeBufferPointer { (buffer) throws(Failure) in try sink(buffer) }
          output.removeAll(keepingCapacity: true)
        }
      }
    }
    if rowCount > 0 { JSONLayout.newline(level: 0, style: style, into: &output) }
    output.append(ASCII.closeBracket)
    if options.ends.endsWithNewline { output.append(ASCII.lineFeed) }
  }

  private static func write(_ cell: TableCell, style: JSONStyle, into output: inout [UInt8]) {
    switch cell {
    case .string(let text):
      JSONLayout.writeString(text, into: &output)
    case .number(let literal):
      if JSONParser.isNumber(literal) {
        output.append(contentsOf: literal.utf8)
      } else {
        JSONLayout.writeString(literal, into: &output)
      }
    case .bool(let value):
      output.append(contentsOf: (value ? "true" : "false").utf8)
    case .null, .absent:
      output.append(contentsOf: "null".utf8)
    case .json(var text):
      if JSONParser.isValue(text, atDepth: JSONParser.cellDepth) {
        text.withUTF8 { JSONLayout.relayout($0, style: style, level: 2, into: &output) }
      } else {
        JSONLayout.writeString(text, into: &output)
      }
    }
  }
}
