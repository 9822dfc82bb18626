/// One page laid out on the monospace grid, ready for a printer to draw.
public struct PrintedPage: Sendable, Equatable {
  /// The page's 1-based number in the whole document.
  public var number: Int
  /// The number of pages in the whole document, printed or not.
  public var count: Int
  /// The document's title, truncated with "…" to fit a line.
  public var header: String
  /// The body lines, each at most ``PageLayout/columns`` cells wide and without trailing
  /// blanks; at most ``PageLayout/bodyLines`` of them.
  public var lines: PrintedLines
  /// "page N of M".
  public var footer: String
}
