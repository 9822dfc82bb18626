import FolioCore

/// The pages `print --pages` prints.
enum PageRange {
  /// Reads `--pages`: a page `3` or a range `2-5`, from 1.
  ///
  /// - Throws: `FolioError.invalidArgument` for anything else, or a range that ends before
  ///   it starts.
  static func parsing(_ text: String) throws(FolioError) -> ClosedRange<Int> {
    let bounds = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(
      Parameter.integer)
    guard let first = bounds.first ?? nil, first >= 1, bounds.allSatisfy({ $0 != nil }) else {
      throw .invalidArgument("'pages' expects a page or a range such as 2-5, got '\(text)'")
    }
    let last = bounds.count == 2 ? (bounds[1] ?? first) : first
    guard last >= first else { throw .invalidArgument("'pages' \(text) ends before it starts") }
    return first...last
  }
}
