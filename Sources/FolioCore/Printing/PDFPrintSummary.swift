/// What writing a PDF produced, for the caller to report.
public struct PDFPrintSummary: Sendable, Equatable {
  /// The number of pages written.
  public var pageCount: Int
  /// Characters the font has no glyph for, in code point order: they print as empty boxes,
  /// though text extracted from the PDF still contains them. Zero-width format characters
  /// and variation selectors are left out, as they draw nothing either way.
  public var charactersWithoutGlyphs: [Unicode.Scalar]

  /// Creates a summary.
  public init(pageCount: Int, charactersWithoutGlyphs: [Unicode.Scalar]) {
    self.pageCount = pageCount
    self.charactersWithoutGlyphs = charactersWithoutGlyphs
  }
}
