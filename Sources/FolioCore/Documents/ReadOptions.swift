/// How a file is read beyond what its format says: given to `open`, kept by the document so
/// that `revert` reads it the same way.
public struct ReadOptions: Sendable, Equatable {
  /// The field separator of a CSV or TSV file; nil to tell a CSV's from its first records
  /// (a TSV's is a tab).
  public var delimiter: DelimitedDialect.Delimiter?
  /// The file's character encoding when it is not UTF-8; nil for UTF-8 (a UTF-16 byte order
  /// mark is honoured without it). Saves convert back to it.
  public var encoding: TextEncoding?

  /// Creates options; none given reads the file as its format says.
  public init(delimiter: DelimitedDialect.Delimiter? = nil, encoding: TextEncoding? = nil) {
    self.delimiter = delimiter
    self.encoding = encoding
  }

  /// These options for a file holding `bytes`: the encoding as its byte order mark says.
  func resolved(for bytes: [UInt8]) -> ReadOptions {
    var options = self
    options.encoding = TextEncoding.reading(bytes, as: encoding)
    return options
  }

  /// The same bytes as `content`, converted into the encoding, if any.
  func encoding(_ content: SaveContent) -> SaveContent {
    encoding.map { $0.encoding(content) } ?? content
  }
}
