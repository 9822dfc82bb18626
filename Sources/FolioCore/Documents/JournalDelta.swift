/// One change to a document's content since the recovery journal last held it: from
/// position `start`, `removed` rows (of a table) or lines (of a text) replaced by `items`.
///
/// Appended to the document's journal log after a command, it costs what the command
/// changed, not the size of the document. A change that is not one run of rows or lines
/// (columns, line endings, the file's dialect), or one larger than `maximumItems`, has no
/// delta: the whole journal is written again instead.
struct JournalDelta: Equatable {
  /// What replaces the removed run.
  enum Items: Equatable {
    case rows([[TableCell]])
    case lines([String])
  }

  var start: Int
  var removed: Int
  var items: Items

  /// The most rows or lines one delta holds.
  static let maximumItems = 4096

  /// The change from `old` to `new` as one run; nil when there is none that small.
  static func between(_ old: DocumentContent, _ new: DocumentContent) -> JournalDelta? {
    switch (old, new) {
    case (.text(let old), .text(let new)):
      guard old.lineEnding == new.lineEnding, old.hasByteOrderMark == new.hasByteOrderMark,
        old.endsWithNewline == new.endsWithNewline, old.lineEndings == nil, new.lineEndings == nil
      else { return nil }
      let run = changedRun(old.lines.count, new.lines.count) { old.lines[$0] == new.lines[$1] }
      guard run.newEnd - run.start <= maximumItems else { return nil }
      return JournalDelta(
        start: run.start, removed: run.oldEnd - run.start,
        items: .lines(Array(new.lines[run.start..<run.newEnd])))
    case (.table(let old), .table(let new)):
      guard old.hasSameShape(as: new) else { return nil }
      let run = changedRun(old.rowCount, new.rowCount) { old.isSameRow($0, as: new, row: $1) }
      guard run.newEnd - run.start <= maximumItems else { return nil }
      return JournalDelta(
        start: run.start, removed: run.oldEnd - run.start,
        items: .rows((run.start..<run.newEnd).map(new.cells(ofRow:))))
    default:
      return nil
    }
  }

  /// Whether it changes nothing.
  var isEmpty: Bool {
    switch items {
    case .rows(let rows): removed == 0 && rows.isEmpty
    case .lines(let lines): removed == 0 && lines.isEmpty
    }
  }

  /// The first and the ends of the differing runs of two sequences that agree before and
  /// after them.
  private static func changedRun(_ oldCount: Int, _ newCount: Int, same: (Int, Int) -> Bool)
    -> (start: Int, oldEnd: Int, newEnd: Int)
  {
    var start = 0
    while start < oldCount, start < newCount, same(start, start) { start += 1 }
    var (oldEnd, newEnd) = (oldCount, newCount)
    while oldEnd > start, newEnd > start, same(oldEnd - 1, newEnd - 1) {
      oldEnd -= 1
      newEnd -= 1
    }
    return (start, oldEnd, newEnd)
  }

  /// Content decoded from a journal with `deltas` applied in order.
  ///
  /// - Throws: `FolioError.io` when a delta does not fit the content (a log of another
  ///   document): nothing is applied then.
  static func apply(_ deltas: [JournalDelta], to content: DocumentContent) throws(FolioError)
    -> DocumentContent
  {
    switch content {
    case .text(var text):
      for delta in deltas {
        guard case .lines(let lines) = delta.items, delta.fits(text.lines.count) else { throw misfit }
        text.lines.replaceSubrange(delta.start..<(delta.start + delta.removed), with: lines)
      }
      return .text(text)
    case .table(let table):
      var decoded = table.content
      for delta in deltas {
        guard case .rows(let rows) = delta.items, delta.fits(decoded.rows.count) else { throw misfit }
        decoded.rows.replaceSubrange(delta.start..<(delta.start + delta.removed), with: rows)
      }
      return .table(TableModel(decoded))
    }
  }

  private static let misfit = FolioError(.io, "the recovery journal's log does not fit its content")

  /// Whether the removed run lies within `count` items.
  private func fits(_ count: Int) -> Bool {
    start >= 0 && removed >= 0 && start <= count && removed <= count - start
  }
}
