/// What a print job prints: a text document's lines or a table document's cells.
public enum PrintBody: Sendable, Equatable {
  /// A text document's lines, without line terminators. Lines longer than the page is wide
  /// wrap.
  case lines([String])
  /// A table document's column names and rows of cells, as text.
  case table(PrintTable)
}
