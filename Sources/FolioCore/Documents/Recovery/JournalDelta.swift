/// One change to a document's content since the recovery journal last held it: from
/// position `start`, `removed` rows (of a table) or lines (of a text) replaced by `items`;
/// or rows moved.
///
/// Appended to the document's journal log after a command (`JournalChange.deltas(of:)`), it
/// costs what the command changed, not the size of the document. A sort (or its undo) right
/// after the journal took the content is the new order of the rows; a row an edit moved to
/// keep a sorted table in order is its move, however far it went. Any other change the edits
/// did not describe as runs and moves (`ContentChange.unknown`: a column, a whole new
/// content), or one of more than `maximumItems` rows, lines and moves, has no delta: the
/// whole journal is written again instead.
struct JournalDelta: Equatable {
  /// What replaces the removed run.
  enum Items: Equatable {
    case rows([[TableCell]])
    case lines([String])
    /// Every row of a table in a new order (a sort): the row now at `i` was at `order[i]`.
    case order([Int])
    /// Rows of a table each moved from one place to another, the rows between shifting over
    /// (`RowReordering.moves`); `start` and `removed` are 0.
    case moves([RowReordering.Move])
  }

  var start: Int
  var removed: Int
  var items: Items

  /// The most rows, lines and moves the deltas of one command hold.
  static let maximumItems = 4096

  /// The run from `start` where `removed` rows or lines became as many as `positions`, read
  /// from `content` at those positions (a nil position, an item removed since, reads as an
  /// empty row or line); nil when a position does not fit the content, or for a text that
  /// mixes line endings (whose endings a run of lines does not carry).
  init?(start: Int, removed: Int, itemsAt positions: [Int?], of content: DocumentContent) {
    let fits = { (count: Int) in positions.allSatisfy { $0.map((0..<count).contains) ?? true } }
    switch content {
    case .text(let text):
      guard text.lineEndings == nil, fits(text.lines.count) else { return nil }
      self.init(
        start: start, removed: removed, items: .lines(positions.map { $0.map { text.lines[$0] } ?? "" }))
    case .table(let table):
      guard fits(table.rowCount) else { return nil }
      self.init(
        start: start, removed: removed, items: .rows(positions.map { $0.map(table.cells(ofRow:)) ?? [] }))
    }
  }

  /// Every row of a table reordered: the row now at `i` was at `order[i]`.
  init(order: [Int]) {
    self.init(start: 0, removed: order.count, items: .order(order))
  }

  init(start: Int, removed: Int, items: Items) {
    self.start = start
    self.removed = removed
    self.items = items
  }

  /// Content decoded from a journal with `deltas` applied in order, in the shape the
  /// document had when the journal was written (`shape`, from the log's header).
  ///
  /// A journal's bytes do not always decode back to that shape: a JSON table's columns are
  /// its keys in the order they first appear (a column without values is gone), and a text
  /// without lines decodes as ending with a newline. The content is brought back to `shape`
  /// first — a table's columns found by name — so that each row is applied under the columns
  /// it was recorded with; a table read from CSV or TSV keeps its file's bytes, and rows no
  /// delta replaced are written back from them.
  ///
  /// - Throws: `FolioError.io` when a delta or the shape does not fit the content (a log of
  ///   another document, columns that cannot be matched by name): nothing is applied then.
  static func apply(_ deltas: [JournalDelta], to content: DocumentContent, shape: JournalShape)
    throws(FolioError) -> DocumentContent
  {
    switch (content, shape) {
    case (.text(var text), .text(let lineEnding, let hasByteOrderMark, let endsWithNewline, let lineCount)):
      if text.lines.isEmpty, lineCount == 1 {
        // One empty unterminated line is written as nothing, which reads as no lines.
        text.lines = [""]
      }
      guard text.lines.count == lineCount else { throw misfit }
      // Deltas are only made for a text whose lines all end alike (`init?(_:of:)`).
      text.lineEndings = nil
      text.lineEnding = lineEnding
      text.hasByteOrderMark = hasByteOrderMark
      text.endsWithNewline = endsWithNewline
      for delta in deltas {
        guard case .lines(let lines) = delta.items, delta.fits(text.lines.count) else { throw misfit }
        text.lines.replaceSubrange(delta.start..<(delta.start + delta.removed), with: lines)
      }
      return .text(text)
    case (.table(var table), .table(let columns, let dialect, let rowCount)):
      guard table.rowCount == rowCount else { throw misfit }
      if !table.columns.elementsEqual(columns, by: { $0.utf8.elementsEqual($1.utf8) }) {
        table = try reordered(table, to: columns, dialect: dialect)
      }
      table.dialect = dialect
      for delta in deltas {
        switch delta.items {
        case .rows(let rows):
          guard delta.fits(table.rowCount) else { throw misfit }
          table.replaceRows(delta.start..<(delta.start + delta.removed), with: rows)
        case .order(let order):
          guard delta.start == 0, delta.removed == order.count, isPermutation(order, of: table.rowCount)
          else { throw misfit }
          table.reorder(by: order)
        case .moves(let moves):
          guard areMoves(moves, within: table.rowCount) else { throw misfit }
          table.reorder(.moves(moves))
        case .lines:
          throw misfit
        }
      }
      return .table(table)
    default:
      throw misfit
    }
  }

  /// A table's rows under `columns`, each cell found by its column's name; a column the
  /// table lacks has no cells. Throws unless every column of the table is one of `columns`
  /// and their names are distinct.
  private static func reordered(_ table: TableModel, to columns: [String], dialect: TableDialect)
    throws(FolioError) -> TableModel
  {
    guard Set(columns.map(ColumnKey.init)).count == columns.count else { throw misfit }
    var positions: [Int] = []
    for column in table.columns {
      guard let position = ColumnKey.index(of: column, in: columns) else { throw misfit }
      positions.append(position)
    }
    guard Set(positions).count == positions.count else { throw misfit }
    let rows = table.rows.map { row in
      var cells = [TableCell](repeating: .absent, count: columns.count)
      for (index, position) in positions.enumerated() where row.cells.indices.contains(index) {
        cells[position] = row.cells[index]
      }
      return cells
    }
    return TableModel(TableContent(columns: columns, rows: rows, dialect: dialect))
  }

  private static let misfit = FolioError(.io, "the recovery journal's log does not fit its content")

  /// Whether `order` names each of `count` positions once.
  private static func isPermutation(_ order: [Int], of count: Int) -> Bool {
    guard order.count == count else { return false }
    var seen = [Bool](repeating: false, count: count)
    for position in order {
      guard position >= 0, position < count, !seen[position] else { return false }
      seen[position] = true
    }
    return true
  }

  /// Whether `moves` take rows from distinct places among `count` to distinct places among
  /// them, as `TableModel.reorder(_:)` needs.
  private static func areMoves(_ moves: [RowReordering.Move], within count: Int) -> Bool {
    let inRange = moves.allSatisfy { $0.from >= 0 && $0.from < count && $0.to >= 0 && $0.to < count }
    return inRange && Set(moves.map(\.from)).count == moves.count && Set(moves.map(\.to)).count == moves.count
  }

  /// Whether the removed run lies within `count` items.
  private func fits(_ count: Int) -> Bool {
    start >= 0 && removed >= 0 && start <= count && removed <= count - start
  }
}

/// The shape of a document's content when its journal was written, kept in the journal's
/// log: what the log's deltas were made against and the journal's bytes may not decode back
/// to (see `JournalDelta.apply(_:to:shape:)`). Its number of rows or lines is the
/// journal's, before the log's first delta; the rest holds for every delta, since a change
/// to columns, a dialect or a whole content is no run and writes the whole journal again.
enum JournalShape: Equatable {
  case text(lineEnding: LineEnding, hasByteOrderMark: Bool, endsWithNewline: Bool, lineCount: Int)
  case table(columns: [String], dialect: TableDialect, rowCount: Int)

  /// The shape of `content`.
  init(_ content: DocumentContent) {
    switch content {
    case .text(let text):
      self = .text(
        lineEnding: text.lineEnding, hasByteOrderMark: text.hasByteOrderMark,
        endsWithNewline: text.endsWithNewline, lineCount: text.lines.count)
    case .table(let table):
      self = .table(columns: table.columns, dialect: table.dialect, rowCount: table.rowCount)
    }
  }
}
