extension ShareSource {
  /// The representations of a document: `file` when it has one on disk, `text`, and for
  /// tables `csv` and `json`.
  ///
  /// `file` is the file as saved, read when it is shared; unsaved changes are in the other
  /// representations only. `text` has no byte order mark; a table's `text` is tab-separated,
  /// as spreadsheets copy tables as plain text. A table's `json` keeps the layout of a JSON
  /// document and is pretty-printed otherwise.
  ///
  /// - Parameters:
  ///   - title: The document's title, which names the files of the representations.
  ///   - path: The document's file, or nil when it was never saved.
  ///   - content: The content as it is now.
  ///   - cancellation: checked while an item is made (a table's text a megabyte at a time, a
  ///     file each 64 KiB read); making it then throws `FolioError.interrupted`.
  public init(title: String, path: String?, content: DocumentContent, cancellation: CancellationToken? = nil)
  {
    var offered: [Representation] = path == nil ? [] : [.file]
    offered.append(.text)
    if case .table = content { offered += [.csv, .json] }
    self.init(title: title, offered: offered) { (representation) throws(FolioError) -> ShareItem in
      switch representation {
      case .file:
        guard let path else { throw .invalidArgument("'\(title)' has no file yet; save it first") }
        return try Self.fileItem(title: title, path: path, kind: content.kind, cancellation: cancellation)
      case .text, .csv, .json:
        guard let bytes = try Self.encode(content, as: representation, cancellation: cancellation) else {
          throw .invalidArgument("'\(title)' cannot be shared as \(representation.rawValue): it is text")
        }
        let name = title + "." + (representation.fileExtension ?? "txt")
        return ShareItem(title: title, fileName: name, representation: representation, bytes: bytes)
      }
    }
  }

  private static func fileItem(
    title: String, path: String, kind: DocumentKind, cancellation: CancellationToken?
  ) throws(FolioError) -> ShareItem {
    let name = DocumentFile.fileName(of: path)
    var mediaType = MediaType.forFileName(name)
    // Folio opens only UTF-8 text as text documents, whatever their extension.
    if kind == .text, mediaType == MediaType.octetStream { mediaType = MediaType.plainText }
    return ShareItem(
      title: title, fileName: name, representation: .file, mediaType: mediaType,
      bytes: try DocumentFile.read(path, cancellation: cancellation).bytes)
  }

  /// The bytes of a representation, nil for one the content cannot make. Without a token a
  /// table is encoded whole; with one, a megabyte at a time, checking it between them.
  private static func encode(
    _ content: DocumentContent, as representation: Representation, cancellation: CancellationToken?
  ) throws(FolioError) -> [UInt8]? {
    switch (content, representation) {
    case (.text(var text), .text):
      text.hasByteOrderMark = false
      return TextFormat.encode(text)
    case (.table(let table), .text), (.table(let table), .csv):
      let dialect: DelimitedDialect = representation == .csv ? .csv : .tsv
      guard let cancellation else { return DelimitedFormat.encode(table, dialect: dialect) }
      return try collect(cancellation) { (sink) throws(FolioError) in
        try DelimitedFormat.write(table, as: dialect, chunkSize: chunkSize, to: sink)
      }
    case (.table(let table), .json):
      let style: JSONStyle
      if case .json(let documentStyle, _) = table.dialect {
        style = documentStyle
      } else {
        style = .pretty(indent: 2)
      }
      guard let cancellation else { return JSONTableFormat.encode(table, style: style) }
      return try collect(cancellation) { (sink) throws(FolioError) in
        try JSONTableFormat.write(table, as: style, chunkSize: chunkSize, to: sink)
      }
    default:
      return nil
    }
  }

  /// How many bytes an item is made in between checks of the token: about a millisecond's work.
  private static let chunkSize = 1 << 20

  /// The chunks `write` hands on, joined, checking `cancellation` before each.
  private static func collect(
    _ cancellation: CancellationToken,
    _ write: ((UnsafeBufferPointer<UInt8>) throws(FolioError) -> Void) throws(FolioError) -> Void
  ) throws(FolioError) -> [UInt8] {
    try cancellation.check()
    var bytes: [UInt8] = []
    try write { (chunk) throws(FolioError) in
      try cancellation.check()
      bytes.append(contentsOf: chunk)
    }
    try cancellation.check()
    return bytes
  }
}

extension Document {
  /// The representations this document offers for sharing, made from its content as it is
  /// now (and its file as saved, for `file`).
  public var shareSource: ShareSource {
    ShareSource(title: title, path: path, content: content)
  }
}
