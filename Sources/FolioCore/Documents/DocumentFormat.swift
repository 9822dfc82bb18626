/// The kind of a document: lines of text, or a table of rows and named columns.
public enum DocumentKind: String, Sendable, Equatable, CaseIterable {
  case text
  case table
}

/// How a document's file is encoded, chosen by its extension.
public enum DocumentFormat: String, Sendable, Equatable, CaseIterable {
  case text
  case csv
  case tsv
  case json

  /// The format for a file name: `.csv`, `.tsv` and `.json` are tables, anything else text.
  public init(fileName: String) {
    let name = fileName.lowercased()
    if name.hasSuffix(".csv") {
      self = .csv
    } else if name.hasSuffix(".tsv") {
      self = .tsv
    } else if name.hasSuffix(".json") {
      self = .json
    } else {
      self = .text
    }
  }

  /// The format of bytes whose format is unmistakable, JSON: the first byte after a UTF-8
  /// byte order mark and white space is `[`. Nil otherwise (CSV, TSV and text cannot be told
  /// apart for sure: a line of prose may hold commas).
  public init?(recognizing bytes: [UInt8]) {
    var index = bytes.starts(with: ASCII.byteOrderMark) ? ASCII.byteOrderMark.count : 0
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
    self = .json
  }

  /// The kind of document this format holds.
  public var kind: DocumentKind { self == .text ? .text : .table }

  /// Decodes a file's bytes, read as `options` say: a CSV's delimiter given, or told from its
  /// first records (`DelimitedDialect.sniff`); a TSV's is a tab unless given.
  ///
  /// - Throws: `FolioError.format` naming the line and column of the problem.
  func decode(
    _ bytes: [UInt8], options: ReadOptions = ReadOptions(), cancellation: CancellationToken? = nil
  ) throws(FolioError) -> DocumentContent {
    if options.delimiter != nil, kind == .text || self == .json {
      throw .invalidArgument("only CSV and TSV files have a delimiter; this one is read as \(rawValue)")
    }
    if let encoding = options.encoding {
      var plain = options
      plain.encoding = nil
      return try decode(try encoding.decode(bytes), options: plain, cancellation: cancellation)
    }
    switch self {
    case .text: return .text(try TextFormat.decode(bytes))
    case .csv, .tsv:
      let delimiter =
        options.delimiter
        ?? (self == .tsv
          ? .tab
          : bytes.withUnsafeBufferPointer { buffer in
            DelimitedDialect.sniff(buffer, from: ASCII.hasByteOrderMark(buffer) ? 3 : 0)
          })
      return .table(try DelimitedFormat.decodeTable(bytes, delimiter: delimiter, cancellation: cancellation))
    case .json: return .table(try JSONTableFormat.decodeTable(bytes, cancellation: cancellation))
    }
  }

  /// Encodes content in this format; a table saved in another table format than `source`
  /// (its document's) takes that format's default dialect.
  func encode(_ content: DocumentContent, from source: DocumentFormat? = nil) throws(FolioError) -> [UInt8] {
    switch (self, content) {
    case (.text, .text(let text)): return try refusingNul(TextFormat.encode(text))
    case (.csv, .table(let table)), (.tsv, .table(let table)):
      return try refusingNul(
        DelimitedFormat.encode(table, dialect: delimitedDialect(of: table, from: source)))
    case (.json, .table(let table)):
      return JSONTableFormat.encode(table)
    case (.text, .table):
      throw .invalidArgument("a table cannot be saved as text; use a .csv, .tsv or .json name")
    case (_, .text):
      throw .invalidArgument(
        "a text document cannot be saved as .\(rawValue); use a name such as .txt or .md")
    }
  }

  /// What saving content in this format writes: for tables, the encoder itself, which hands
  /// the file to the save a chunk at a time — unedited CSV and TSV rows straight from the
  /// file's bytes — so that the file is never held whole a second time; the bytes are those
  /// of `encode(_:)`, and so are its errors.
  ///
  /// - Parameter source: the document's own format: saved in it, a CSV keeps whatever
  ///   delimiter it was read with (a tab too).
  func saveContent(_ content: DocumentContent, from source: DocumentFormat? = nil) throws(FolioError)
    -> SaveContent
  {
    let chunkSize = 1 << 20
    switch (self, content) {
    case (.csv, .table(let table)), (.tsv, .table(let table)):
      // Only cells kept as values can hold a NUL byte (a file that did was refused): such a
      // table is encoded whole, for the error to say where.
      let mayHoldNul =
        table.columns.contains { $0.utf8.contains(ASCII.nul) }
        || table.storedRows.contains { row in row.contains { $0.description.utf8.contains(ASCII.nul) } }
      guard !mayHoldNul else { return SaveContent(try encode(content, from: source)) }
      let dialect = delimitedDialect(of: table, from: source)
      return SaveContent { (sink) throws(FolioError) in
        try DelimitedFormat.write(table, as: dialect, chunkSize: chunkSize, to: sink)
      }
    case (.json, .table(let table)):
      let options = JSONTableFormat.options(of: table)
      return SaveContent { (sink) throws(FolioError) in
        try JSONTableFormat.write(table, as: options, chunkSize: chunkSize, to: sink)
      }
    default:
      return SaveContent(try encode(content))
    }
  }

  /// The dialect a table is saved in as CSV or TSV: its own, or CSV's default for a JSON table.
  /// A CSV saved as TSV (or back) takes the other delimiter and keeps the rest of its shape;
  /// saved in its own format (`source`), it keeps its delimiter.
  private func delimitedDialect(of table: TableModel, from source: DocumentFormat?) -> DelimitedDialect {
    var dialect = DelimitedDialect(delimiter: .comma)
    if case .delimited(let existing) = table.dialect { dialect = existing }
    if source == self { return dialect }
    if self == .tsv, dialect.delimiter != .tab { dialect.delimiter = .tab }
    if self == .csv, dialect.delimiter == .tab { dialect.delimiter = .comma }
    return dialect
  }

  /// Returns `bytes` unless they hold a NUL byte, which `decode` reads as binary data: a JSON
  /// string with `\u0000` saved as CSV, or such a line saved as text, would make a file that
  /// does not open again.
  private func refusingNul(_ bytes: [UInt8]) throws(FolioError) -> [UInt8] {
    guard let offset = bytes.firstIndex(of: ASCII.nul) else { return bytes }
    let position = bytes.withUnsafeBufferPointer { buffer in
      TextPosition.locate(offset, in: buffer, from: ASCII.hasByteOrderMark(buffer) ? 3 : 0)
    }
    let name = self == .text ? "text" : ".\(rawValue)"
    let advice = kind == .table ? "; save it as .json to keep it" : ""
    throw FolioError(
      .format,
      "cannot save as \(name): \(position) would hold a NUL character, which is read as binary data\(advice)")
  }
}
