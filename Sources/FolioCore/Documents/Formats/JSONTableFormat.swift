/// Reads and writes JSON table documents: an array of objects, one object a row.
///
/// Columns are the objects' keys in the order they first appear. Values keep their JSON
/// type (`TableCell`), so a file is written back as it was read, in the layout it was read
/// in (`JSONStyle`).
public enum JSONTableFormat {
  /// Reads a JSON array of objects into a table.
  ///
  /// The parser follows RFC 8259: every escape including surrogate pairs, the number
  /// grammar, `true`, `false` and `null`. Numbers keep their literal, nested objects and
  /// arrays become `.json` with their compact text, and a key an object lacks is `.absent`.
  /// A leading UTF-8 byte order mark is ignored (and not written back, as RFC 8259 asks).
  /// The layout is detected: `.pretty(indent:)` when a line break follows the opening
  /// bracket, with the indent of the first row, otherwise `.compact`; an empty array is
  /// `.compact`.
  ///
  /// - Parameter bytes: The file's content.
  /// - Returns: The table, with a `.json` dialect.
  /// - Throws: `FolioError` with code `.format` and a message starting "line L, column C: ":
  ///   "expected an array of objects" when the document or one of its elements is something
  ///   else; the syntax error otherwise (e.g. "expected ',' or '}', found 'x'", "invalid
  ///   number: …", "unpaired UTF-16 surrogate …", "duplicate key …", "nesting deeper than
  ///   512 arrays and objects"). Also the invalid UTF-8 and NUL byte errors of `TextFormat`.
  public static func decode(_ bytes: [UInt8]) throws(FolioError) -> TableContent {
    try bytes.withUnsafeBufferPointer { (buffer) throws(FolioError) -> TableContent in
      let start = ASCII.hasByteOrderMark(buffer) ? 3 : 0
      try UTF8Validation.validate(buffer, from: start)
      var parser = JSONParser(bytes: buffer, start: start)
      let table = try parser.parseTable()
      return TableContent(columns: table.columns, rows: table.rows, dialect: .json(table.style))
    }
  }

  /// Writes a table as a JSON array of objects, ending with a newline.
  ///
  /// Uses the table's JSON style, or `.pretty(indent: 2)` for a CSV or TSV table. `.absent`
  /// cells leave their key out. A `.number` that is not a JSON number literal, or a `.json`
  /// that is not valid JSON, is written as a string so that the file stays valid.
  ///
  /// `decode(encode(table))` gives back the table when it is one `decode` can produce: each
  /// column has a value in some row, in the order columns first appear, and pretty tables
  /// have rows. `encode(decode(file))` gives back the file when it is written in its style's
  /// canonical form.
  public static func encode(_ content: TableContent) -> [UInt8] {
    guard case .json(let style) = content.dialect else {
      return encode(content, style: .pretty(indent: 2))
    }
    return encode(content, style: style)
  }

  /// Writes a table as a JSON array of objects in the given style, whatever the table's own
  /// dialect.
  public static func encode(_ content: TableContent, style: JSONStyle) -> [UInt8] {
    var output: [UInt8] = [ASCII.openBracket]
    for (rowIndex, row) in content.rows.enumerated() {
      if rowIndex > 0 { output.append(ASCII.comma) }
      JSONLayout.newline(level: 1, style: style, into: &output)
      output.append(ASCII.openBrace)
      var written = 0
      for (column, cell) in zip(content.columns, row) {
        if case .absent = cell { continue }
        if written > 0 { output.append(ASCII.comma) }
        JSONLayout.newline(level: 2, style: style, into: &output)
        JSONLayout.writeString(column, into: &output)
        output.append(ASCII.colon)
        if style != .compact { output.append(ASCII.space) }
        write(cell, style: style, into: &output)
        written += 1
      }
      if written > 0 { JSONLayout.newline(level: 1, style: style, into: &output) }
      output.append(ASCII.closeBrace)
    }
    if !content.rows.isEmpty { JSONLayout.newline(level: 0, style: style, into: &output) }
    output.append(ASCII.closeBracket)
    output.append(ASCII.lineFeed)
    return output
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
