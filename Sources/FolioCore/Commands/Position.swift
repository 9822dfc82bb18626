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

  /// The element at position `number` (from 1) of `items`, or nil when there is none.
  public static func element<Items: RandomAccessCollection>(_ number: Int, of items: Items) -> Items.Element?
  where Items.Index == Int {
    guard number >= 1, number <= items.count else { return nil }
    return items[items.startIndex + (number - 1)]
  }

  /// The 1-based number of a 0-based `index`, as people count, written out: exact even for
  /// `Int.max`, whose number no `Int` holds.
  public static func number(ofIndex index: Int) -> String {
    index == .max ? "9223372036854775808" : String(index + 1)
  }

  /// The error for positions `text` (`7` or `2-9`) that are not all in 1…`count`.
  public static func outside(_ text: String, count: Int, kind: String) -> FolioError {
    let plural = text.contains("-") && !text.hasPrefix("-")
    return .invalidArgument(
      count == 0
        ? "the document has no \(kind)s"
        : "\(kind)\(plural ? "s" : "") \(text) \(plural ? "are" : "is") outside 1–\(count)")
  }
}
