/// What is shared: the document's title and a file name, and the bytes of one
/// representation.
public struct ShareItem: Sendable, Equatable {
  /// The document's title, e.g. `Places`; mail drafts use it as the subject.
  public var title: String
  /// The file name for this representation, e.g. `Places.csv` or `Notes.txt`.
  public var fileName: String
  /// Which representation the bytes are.
  public var representation: Representation
  /// The media type of the bytes, e.g. `text/csv; charset=utf-8`.
  public var mediaType: String
  /// The content.
  public var bytes: [UInt8]

  /// Creates an item.
  ///
  /// - Parameters:
  ///   - title: The document's title.
  ///   - fileName: The file name for this representation.
  ///   - representation: Which representation the bytes are.
  ///   - mediaType: The media type; by default the representation's, or for `file` the one
  ///     its extension implies (`application/octet-stream` when unknown).
  ///   - bytes: The content.
  public init(
    title: String, fileName: String, representation: Representation, mediaType: String? = nil, bytes: [UInt8]
  ) {
    self.title = title
    self.fileName = fileName
    self.representation = representation
    self.mediaType = mediaType ?? representation.mediaType ?? MediaType.forFileName(fileName)
    self.bytes = bytes
  }
}
