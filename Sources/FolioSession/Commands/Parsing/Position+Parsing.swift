import FolioCore

extension Position {
  /// The 0-based index a word names: an integer (see `Parameter.integer`) in 1…`count`.
  ///
  /// - Throws: `FolioError.invalidArgument` for a word that is not an integer, or one
  ///   outside the range, naming the word and the range.
  static func index(parsing text: some StringProtocol, count: Int, kind: String) throws(FolioError)
    -> Int
  {
    guard let number = Parameter.integer(text) else {
      if Parameter.isTooLargeInteger(text) { throw outside(String(text), count: count, kind: kind) }
      throw .invalidArgument("'\(text)' is not a \(kind) number; \(kinds(kind, count: count))")
    }
    return try index(number, count: count, kind: kind)
  }

  /// "rows are 1–5", or "the document has no rows".
  private static func kinds(_ kind: String, count: Int) -> String {
    count == 0 ? "the document has no \(kind)s" : "\(kind)s are 1–\(count)"
  }
}
