/// The file format of a table document and the details needed to write it back as it was.
public enum TableDialect: Equatable, Sendable {
  /// CSV or TSV.
  case delimited(DelimitedDialect)
  /// A JSON array of objects.
  case json(JSONStyle)
}
