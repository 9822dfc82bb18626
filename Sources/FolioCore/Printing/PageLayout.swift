/// The fixed monospace grid a page is printed on.
///
/// Every page is a grid of character cells set in DejaVu Sans Mono at 9 pt. A cell is as
/// wide as the font's advance (1233/2048 em, about 5.42 pt) and a row is 1.2 × the font
/// size (10.8 pt); the grid fills the page inside a 48 pt margin on every side. Rows are
/// used top to bottom as: the header (the title), a blank row, the body, a blank row, and
/// the footer ("page N of M") on the last row.
///
/// | page size | columns | rows | body lines |
/// |---|---|---|---|
/// | A4, 595 × 842 pt | 92 | 69 | 65 |
/// | Letter, 612 × 792 pt | 95 | 64 | 60 |
/// | A4 landscape, 842 × 595 pt | 137 | 46 | 42 |
/// | Letter landscape, 792 × 612 pt | 128 | 47 | 43 |
///
/// The text printer and the PDF printer share this grid, so a page holds the same lines in
/// both, and a line never needs more than ``columns`` cells.
public struct PageLayout: Sendable, Equatable {
  /// The font family every page is set in.
  public static let fontFamily = "DejaVu Sans Mono"
  /// The font size in points.
  public static let fontSize = 9.0
  /// The width of one character cell in points: DejaVu Sans Mono advances every glyph by
  /// 1233 units of its 2048-unit em.
  public static let cellWidth = fontSize * 1233 / 2048
  /// The distance between baselines in points.
  public static let lineHeight = fontSize * 1.2
  /// The blank border around the grid on every side, in points.
  public static let margin = 48.0
  /// Rows of every page that are not body: header, blank, blank, footer.
  static let frameRows = 4

  /// The paper the grid is laid on.
  public let pageSize: PageSize
  /// Whether the paper is turned, its long side across.
  public let isLandscape: Bool
  /// Character cells per line.
  public let columns: Int
  /// Text rows per page, header and footer included.
  public let rows: Int

  /// Creates the grid for a paper size, upright or turned.
  public init(_ pageSize: PageSize, isLandscape: Bool = false) {
    self.pageSize = pageSize
    self.isLandscape = isLandscape
    let width = isLandscape ? pageSize.height : pageSize.width
    let height = isLandscape ? pageSize.width : pageSize.height
    columns = Int((width - 2 * Self.margin) / Self.cellWidth)
    rows = Int((height - 2 * Self.margin) / Self.lineHeight)
  }

  /// The page's width in points, as printed (the paper's height when turned).
  public var width: Double { isLandscape ? pageSize.height : pageSize.width }

  /// The page's height in points, as printed.
  public var height: Double { isLandscape ? pageSize.width : pageSize.height }

  /// Body lines per page: the rows left after the header, the footer and the blank row
  /// next to each.
  public var bodyLines: Int { rows - Self.frameRows }

  /// The row the footer sits on, counted from 0 at the top.
  var footerRow: Int { rows - 1 }

  /// The x coordinate, in points from the left edge, where a column's cell starts.
  func x(ofColumn column: Int) -> Double {
    Self.margin + Double(column) * Self.cellWidth
  }

  /// The y coordinate, in points from the top edge, of a row's baseline.
  func baseline(ofRow row: Int) -> Double {
    // The baseline sits a font size below the top of the row, which leaves room for the
    // ascenders above it and the descenders in the rest of the 1.2 line height.
    Self.margin + Double(row) * Self.lineHeight + Self.fontSize
  }
}
