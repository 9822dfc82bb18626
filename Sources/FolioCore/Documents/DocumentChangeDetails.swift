/// What one command changed in a document, for subscribers that react to the change itself
/// (plugins' `document.changed` handlers): the kind of change and the rows or lines it
/// changed, added and removed.
///
/// Documents keep what each change touched only while their bus asks for it
/// (`EventBus.recordsChangeDetails`), and `Document.takeChangeDetails(limit:)` hands it out
/// once: the next call describes what changed after it.
public struct DocumentChangeDetails: Equatable, Sendable {
  /// What kind of change it was; the first that applies, in this order: a whole new content,
  /// a change of the columns, else the rows of a table or the lines of a text.
  public enum Kind: String, Sendable, CaseIterable {
    /// The cells of rows changed, rows were added or removed, or moved.
    case rows
    /// Lines of a text changed, were added or removed.
    case lines
    /// A table's columns were added, removed, renamed or moved (rows may have changed too).
    case columns
    /// The whole content was replaced (revert, reload from disk).
    case reload
  }

  /// The kind of change.
  public var kind: Kind
  /// For a table, the ids of rows whose cells changed, in table order; for a text, the
  /// 1-based numbers of the lines changed in place.
  public var changed: [Int]
  /// For a table, the ids of rows added, in table order; for a text, the numbers of the lines
  /// added (as numbered now).
  public var added: [Int]
  /// For a table, the ids of rows removed, ascending; for a text, the numbers the removed
  /// lines had before the change.
  public var removed: [Int]
  /// The names of columns added (a rename is one removed, one added).
  public var addedColumns: [String]
  /// The names of columns removed.
  public var removedColumns: [String]
  /// Whether rows moved (a sort, or rows kept in a sort order).
  public var isReordered: Bool
  /// Whether any of `changed`, `added` and `removed` was cut to the limit asked for.
  public var isTruncated: Bool

  /// Creates a description of a change.
  public init(
    kind: Kind, changed: [Int] = [], added: [Int] = [], removed: [Int] = [], addedColumns: [String] = [],
    removedColumns: [String] = [], isReordered: Bool = false, isTruncated: Bool = false
  ) {
    self.kind = kind
    self.changed = changed
    self.added = added
    self.removed = removed
    self.addedColumns = addedColumns
    self.removedColumns = removedColumns
    self.isReordered = isReordered
    self.isTruncated = isTruncated
  }
}

/// What a document kept of its content before the first change since its change details were
/// last taken, and what each change touched since (`Document.changeRecord`).
struct DocumentChangeRecord {
  /// The revision before the first change: a command that ends where it began (an edit
  /// rolled back, an undo and its redo) changed nothing.
  let revision: Int
  /// The row ids before (shared with the table until an edit copies them), nil while they
  /// were the rows' positions; with `rowCount`.
  let rowIDs: [Int]?
  let rowCount: Int
  /// The lines of a text before (`nil` for a table).
  let lineCount: Int?
  /// The column names before.
  let columns: [String]
  /// The runs of rows or lines changed since, merged; nil while no run was described.
  var run: ContentChange?
  /// Whether a change no run describes was made (besides moves and reloads).
  var isUnknown = false
  /// Whether every row was given a new order (a sort): positions before and after differ.
  var isReordered = false
  /// Whether rows moved to keep a sort order (described by runs, positions kept).
  var movedRows = false
  /// Whether the whole content was replaced.
  var isReloaded = false
  /// The ids of rows edited in place (a run that replaced as many rows as it removed).
  var touched: Set<Int> = []

  init(of document: Document) {
    revision = document.revision
    switch document.content {
    case .table(let table):
      rowIDs = table.ids?.order
      rowCount = table.rowCount
      lineCount = nil
      columns = table.columns
    case .text(let text):
      rowIDs = nil
      rowCount = 0
      lineCount = text.lines.count
      columns = []
    }
  }

  /// The id the row at `position` had before.
  func rowID(before position: Int) -> Int { rowIDs?[position] ?? position + 1 }
}

extension Document {
  /// Starts keeping what changes from now on, when the bus asks for it and nothing is kept
  /// yet: called before each edit, undo and redo is made.
  func beginChangeRecord() {
    guard changeRecord == nil, events.recordsChangeDetails else { return }
    changeRecord = DocumentChangeRecord(of: self)
  }

  /// Notes a run described by an edit: rows it replaced one for one were edited in place.
  func recordRun(start: Int, removed: Int, inserted: Int, inPlace: Bool) {
    guard var record = changeRecord else { return }
    changeRecord = nil
    defer { changeRecord = record }
    let run = ContentChange.run(start: start, removed: removed, inserted: inserted)
    record.run = record.run.map { $0.then(run) } ?? run
    guard inPlace, removed == inserted, inserted > 0, case .table(let table) = content else { return }
    let end = min(table.rowCount, start + inserted)
    guard start >= 0, start < end else { return }
    for position in start..<end { record.touched.insert(table.id(ofRow: position)) }
  }

  /// Whether a change is kept that `takeChangeDetails` would describe (or find undone).
  public var hasChangeDetails: Bool { changeRecord != nil }

  /// Drops what was kept of changes since the details were last taken: changes that no one
  /// should hear of as a change of their own (a `document.changed` handler's edits).
  public func discardChangeDetails() {
    changeRecord = nil
  }

  /// What changed in the content since the last call, or nil when nothing did (or the bus did
  /// not ask documents to keep it): at most `limit` ids or line numbers in each list, the
  /// description `isTruncated` when more.
  public func takeChangeDetails(limit: Int = .max) -> DocumentChangeDetails? {
    guard let record = changeRecord else { return nil }
    changeRecord = nil
    guard record.revision != revision || record.isReloaded else { return nil }
    let limit = max(0, limit)
    var details: DocumentChangeDetails
    switch content {
    case .text(let text):
      if record.isReloaded { return DocumentChangeDetails(kind: .reload) }
      let before = record.lineCount ?? 0
      var start = 0
      var removed = before
      var inserted = text.lines.count
      if !record.isUnknown, case .run(let runStart, let runRemoved, let runInserted)? = record.run {
        (start, removed, inserted) = (runStart, runRemoved, runInserted)
      }
      let kept = min(removed, inserted)
      details = DocumentChangeDetails(
        kind: .lines, changed: Array((start + 1)..<(start + kept + 1)),
        added: Array((start + kept + 1)..<(start + inserted + 1)),
        removed: Array((start + kept + 1)..<(start + removed + 1)))
    case .table(let table):
      if record.isReloaded { return DocumentChangeDetails(kind: .reload) }
      details = DocumentChangeDetails(kind: .rows, isReordered: record.isReordered || record.movedRows)
      if record.columns != table.columns {
        details.kind = .columns
        let before = Set(record.columns)
        let now = Set(table.columns)
        details.addedColumns = table.columns.filter { !before.contains($0) }
        details.removedColumns = record.columns.filter { !now.contains($0) }
      }
      // Rows moved and nothing else: no row changed, came or went.
      if record.isReordered, record.run == nil, !record.isUnknown {
        break
      }
      var start = 0
      var removed = record.rowCount
      var inserted = table.rowCount
      if !record.isUnknown, !record.isReordered,
        case .run(let runStart, let runRemoved, let runInserted)? = record.run
      {
        (start, removed, inserted) = (runStart, runRemoved, runInserted)
      }
      guard start >= 0, start + removed <= record.rowCount, start + inserted <= table.rowCount else { break }
      let old = (start..<(start + removed)).map(record.rowID(before:))
      let new = (start..<(start + inserted)).map(table.id(ofRow:))
      let oldSet = Set(old)
      let newSet = Set(new)
      details.added = new.filter { !oldSet.contains($0) }
      details.removed = old.filter { !newSet.contains($0) }.sorted()
      details.changed = new.filter { oldSet.contains($0) && record.touched.contains($0) }
    }
    if details.changed.count > limit || details.added.count > limit || details.removed.count > limit {
      details.isTruncated = true
      details.changed = Array(details.changed.prefix(limit))
      details.added = Array(details.added.prefix(limit))
      details.removed = Array(details.removed.prefix(limit))
    }
    return details
  }
}
