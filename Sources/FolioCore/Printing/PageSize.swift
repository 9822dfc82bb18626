/// A paper size a document can be printed on.
public enum PageSize: String, Sendable, CaseIterable {
  /// ISO A4, 210 × 297 mm: 595 × 842 points.
  case a4
  /// US Letter, 8.5 × 11 in: 612 × 792 points.
  case letter

  /// The page width in PostScript points (1/72 in), rounded to whole points as PDF
  /// viewers report it.
  public var width: Double {
    switch self {
    case .a4: 595
    case .letter: 612
    }
  }

  /// The page height in PostScript points.
  public var height: Double {
    switch self {
    case .a4: 842
    case .letter: 792
    }
  }
}
