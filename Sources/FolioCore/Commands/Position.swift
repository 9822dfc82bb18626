/// A 1-based position a user, a script or a plugin names — a line, row, column, window,
/// journal or recent document — checked against how many there are before any arithmetic is
/// done with it, so no number, however large or negative, can trap.
public enum Position {
  /// The 0-based index of position `number` among `count` things.
  ///
  /// - Throws: `FolioError.invalidArgument` naming the number and the valid range.
  public static func index(_ number: Int, count: Int, kind: String) throws(FolioError) -> Int {
    guard number >= 1, number <= count else { throw outside(String(number), count: count, kind: kind) }
    return number - 1
  }

  /// The 0-based index a word names: an integer (see `Parameter.integer`) in 1…`count`.
  ///
  /// - Throws: `FolioError.invalidArgument` for a word that is not an integer, or one
  ///   outside the range, naming the word and the range.
  public static func index(parsing text: some StringProtocol, count: Int, kind: String) throws(FolioError)
    -> Int
  {
    guard let number = Parameter.integer(text) else {
      if Parameter.isTooLargeInteger(text) { throw outside(String(text), count: count, kind: kind) }
      throw .invalidArgument("'\(text)' is not a \(kind) number; \(kinds(kind, count: count))")
    }
    return try index(number, count: count, kind: kind)
  }

  /// The element at position `number` (from 1) of `items`, or nil when there is none.
  public static func element<Items: RandomAccessCollection>(_ number: Int, of items: Items) -> Items.Element?
  where Items.Index == Int {
    guard number >= 1, number <= items.count else { return nil }
    return items[items.startIndex + (number - 1)]
  }

  /// The error for positions `text` (`7` or `2-9`) that are not all in 1…`count`.
  static func outside(_ text: String, count: Int, kind: String) -> FolioError {
    let plural = text.contains("-") && !text.hasPrefix("-")
    return .invalidArgument(
      count == 0
        ? "the document has no \(kind)s"
        : "\(kind)\(plural ? "s" : "") \(text) \(plural ? "are" : "is") outside 1–\(count)")
  }

  /// "rows are 1–5", or "the document has no rows".
  private static func kinds(_ kind: String, count: Int) -> String {
    count == 0 ? "the document has no \(kind)s" : "\(kind)s are 1–\(count)"
  }
}
