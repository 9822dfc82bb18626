/// One change to a document's content since the recovery journal last held it: from
/// position `start`, `removed` rows (of a table) or lines (of a text) replaced by `items`.
///
/// Appended to the document's journal log after a command, it costs what the command
/// changed, not the size of the document. A change the edits did not describe as one run
/// (`ContentChange.unknown`: a sort, a column, a whole new content), or one larger than
/// `maximumItems`, has no delta: the whole journal is written again instead.
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

  /// The rows or lines a described change made, read from the content it made; nil for an
  /// unknown change, one of more than `maximumItems`, one that does not fit the content, or
  /// a text that mixes line endings (whose endings a run of lines does not carry).
  init?(_ change: ContentChange, of content: DocumentContent) {
    guard case .run(let start, let removed, let inserted) = change, start >= 0, removed >= 0, inserted >= 0,
      inserted <= Self.maximumItems
    else { return nil }
    switch content {
    case .text(let text):
      guard text.lineEndings == nil, inserted <= text.lines.count - start else { return nil }
      self.init(start: start, removed: removed, items: .lines(Array(text.lines[start..<(start + inserted)])))
    case .table(let table):
      guard inserted <= table.rowCount - start else { return nil }
      self.init(
        start: start, removed: removed, items: .rows((start..<(start + inserted)).map(table.cells(ofRow:))))
    }
  }

  init(start: Int, removed: Int, items: Items) {
    self.start = start
    self.removed = removed
    self.items = items
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
