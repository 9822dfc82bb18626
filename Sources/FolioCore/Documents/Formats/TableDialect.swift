/// The file format of a table document and the details needed to write it back as it was.
public enum TableDialect: Equatable, Sendable {
  /// CSV or TSV.
  case delimited(DelimitedDialect)
  /// A JSON array of objects: its layout, and its line breaks, byte order mark and final
  /// line break.
  case json(JSONStyle, ends: JSONTextEnds = .standard)
}
