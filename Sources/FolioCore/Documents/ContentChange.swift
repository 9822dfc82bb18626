/// What changed in a document's content since the recovery journal (or a front end, with
/// `Document.takeContentChange()`) last took it, as the edits described themselves: one run of
/// rows (of a table) or lines (of a text) replaced, or a change no run describes.
public enum ContentChange: Equatable, Sendable {
  /// From position `start` (0-based), `removed` rows or lines became `inserted` ones.
  case run(start: Int, removed: Int, inserted: Int)
  /// A change no run describes: a sort, a column, a whole new content.
  case unknown

  /// This change followed by `next`: one run covering both (with whatever lies between
  /// them), or unknown when either is.
  func then(_ next: ContentChange) -> ContentChange {
    guard case .run(let first, let firstRemoved, let firstInserted) = self,
      case .run(let second, let secondRemoved, let secondInserted) = next
    else { return .unknown }
    // Both runs in the positions between the two changes: the first's new rows, the
    // second's old ones; what lies outside the first's new rows is unchanged from before it.
    let start = min(first, second)
    let length = max(first + firstInserted, second + secondRemoved) - start
    return .run(
      start: start, removed: length - firstInserted + firstRemoved,
      inserted: length - secondRemoved + secondInserted)
  }
}
