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
  public init(title: String, path: String?, content: DocumentContent) {
    var offered: [Representation] = path == nil ? [] : [.file]
    offered.append(.text)
    if case .table = content { offered += [.csv, .json] }
    self.init(title: title, offered: offered) { (representation) throws(FolioError) -> ShareItem in
      switch representation {
      case .file:
        guard let path else { throw .invalidArgument("'\(title)' has no file yet; save it first") }
        return try Self.fileItem(title: title, path: path, kind: content.kind)
      case .text, .csv, .json:
        guard let bytes = Self.encode(content, as: representation) else {
          throw .invalidArgument("'\(title)' cannot be shared as \(representation.rawValue): it is text")
        }
        let name = title + "." + (representation.fileExtension ?? "txt")
        return ShareItem(title: title, fileName: name, representation: representation, bytes: bytes)
      }
    }
  }

  private static func fileItem(title: String, path: String, kind: DocumentKind) throws(FolioError)
    -> ShareItem
  {
    let name = DocumentFile.fileName(of: path)
    var mediaType = MediaType.forFileName(name)
    // Folio opens only UTF-8 text as text documents, whatever their extension.
    if kind == .text, mediaType == MediaType.octetStream { mediaType = MediaType.plainText }
    return ShareItem(
      title: title, fileName: name, representation: .file, mediaType: mediaType,
      bytes: try DocumentFile.read(path).bytes)
  }

  private static func encode(_ content: DocumentContent, as representation: Representation) -> [UInt8]? {
    switch (content, representation) {
    case (.text(var text), .text):
      text.hasByteOrderMark = false
      return TextFormat.encode(text)
    case (.table(let table), .text):
      return DelimitedFormat.encode(table, dialect: .tsv)
    case (.table(let table), .csv):
      return DelimitedFormat.encode(table, dialect: .csv)
    case (.table(let table), .json):
      let style: JSONStyle
      if case .json(let documentStyle) = table.dialect {
        style = documentStyle
      } else {
        style = .pretty(indent: 2)
      }
      return JSONTableFormat.encode(table, style: style)
    default:
      return nil
    }
  }
}

extension Document {
  /// The representations this document offers for sharing, made from its content as it is
  /// now (and its file as saved, for `file`).
  public var shareSource: ShareSource {
    ShareSource(title: title, path: path, content: content)
  }
}
