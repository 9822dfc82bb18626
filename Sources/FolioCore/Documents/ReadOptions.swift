/// How a file is read beyond what its format says: given to `open`, kept by the document so
/// that `revert` reads it the same way.
public struct ReadOptions: Sendable, Equatable {
  /// The field separator of a CSV or TSV file; nil to tell a CSV's from its first records
  /// (a TSV's is a tab).
  public var delimiter: DelimitedDialect.Delimiter?

  /// Creates options; none given reads the file as its format says.
  public init(delimiter: DelimitedDialect.Delimiter? = nil) {
    self.delimiter = delimiter
  }
}
