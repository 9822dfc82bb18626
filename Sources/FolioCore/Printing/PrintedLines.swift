/// A page's body lines: the lines repeated at the top of every page (a table's heading),
/// then a run of the document's lines.
///
/// Every page of a document reads its lines from one buffer the document's pages share, so
/// a document of thousands of pages holds no `String` per line until one is read.
public struct PrintedLines: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
  /// The lines at the top of the page.
  private let heading: [String]
  /// The document's lines, of which the page shows `range`.
  private let text: PackedStrings
  private let range: Range<Int>

  /// The lines given.
  public init(_ lines: [String]) {
    heading = []
    text = PackedStrings(lines)
    range = 0..<lines.count
  }

  /// The lines given.
  public init(arrayLiteral lines: String...) {
    self.init(lines)
  }

  /// `heading`, then lines `range` of `text`.
  init(heading: [String], text: PackedStrings, range: Range<Int>) {
    self.heading = heading
    self.text = text
    self.range = range
  }

  /// The first line's position: 0.
  public var startIndex: Int { 0 }
  /// One past the last line's position: the number of lines.
  public var endIndex: Int { heading.count + range.count }

  /// The line at a 0-based position.
  public subscript(position: Int) -> String {
    position < heading.count ? heading[position] : text[range.lowerBound + position - heading.count]
  }

  /// Whether two pages hold the same lines.
  public static func == (lhs: PrintedLines, rhs: PrintedLines) -> Bool {
    lhs.elementsEqual(rhs)
  }
}
