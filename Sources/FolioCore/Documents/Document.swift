/// What an undo step does to keep a sorted table in order after its edit (`Document.perform`).
enum OrderUpkeep {
  /// Puts the rows the edit described changing back in order; all of them when it did not
  /// say which.
  case changedRows
  /// The edit changed cells of one column (0-based) only: its rows move when the column is a
  /// sort key, and stay where they are otherwise, with no key read.
  case changedColumn(Int)
  /// The edit only removed rows: the rest are in order, but a key's column may now compare
  /// as numbers.
  case rowsRemoved
  /// The step keeps the order itself (a sort) or moves no row (a rename).
  case none
}

/// An open document: its content, where it lives, whether it has unsaved changes, and its
/// undo history. One document is one window.
public final class Document {
  /// A number that identifies the window for the whole session.
  public let windowID: Int
  /// The file, or nil for an untitled document never saved.
  public internal(set) var path: String?
  /// The title: the file name without its extension, or "Untitled", "Untitled 2", ….
  public internal(set) var title: String
  /// The content.
  public internal(set) var content: DocumentContent
  /// How the file is encoded.
  public internal(set) var format: DocumentFormat
  /// How the file was read beyond its format (`open`'s delimiter), for `revert` to read it
  /// the same way.
  public internal(set) var readOptions = ReadOptions()
  /// The file as last read or written, to notice changes made behind our back.
  var snapshot: FileSnapshot?
  /// The undo and redo history.
  var undoStack = UndoStack()
  /// The ids of the selected rows of a table [selection: Set<ID>]; empty for text. Ids, not
  /// positions, so the selection survives sorting. Every change is published, wherever it is
  /// made (a selection, a deletion, an undo, a rolled-back plugin command).
  public internal(set) var selection: Set<Int> = [] {
    didSet {
      guard selection != oldValue else { return }
      events.publish(
        .selectionChanged(SelectionChange(windowID: windowID, previous: oldValue, current: selection)))
    }
  }
  /// The keys the rows are kept in order by [`@State var sortOrder`]; empty while no order is
  /// set and the rows stay where edits put them.
  public var sortOrder: [TableSortKey] { ordering?.keys ?? [] }
  /// The order the rows are kept in, with how it compares; nil while none is set. Every edit
  /// puts the rows it changed back in this order, in the same undo step (`perform`).
  var ordering: TableOrdering?
  /// The `favorite` cell each row held before it was first marked or unmarked in this
  /// session, by row id: unmarking gives it back, spelling and all.
  var favoriteSpellings: [Int: TableCell] = [:]
  /// Whether the Favorite toggle added the `favorite` column in this session: unmarking the
  /// last row that fills it takes the column away again, so the file is as it was.
  var addedFavoriteColumn = false
  /// Whether the window is in edit mode [EditButton], where several rows can be selected
  /// without a keyboard.
  public internal(set) var isEditing = false
  /// Counts content changes: the document is dirty when it differs from the saved revision.
  /// Each change (an edit, an undo, a redo) is published.
  public internal(set) var revision = 0 {
    didSet {
      guard revision != oldValue else { return }
      version += 1
      events.publish(.documentChanged(windowID: windowID))
    }
  }
  /// Counts every change of `revision` and only grows (LSP's document version): an undo
  /// takes `revision` back to an earlier one, and `version` on to the next.
  public private(set) var version = 0
  /// The name of the change an undo would take back ("Edit Cell"); nil when there is none.
  public var undoName: String? { undoStack.undoName }
  /// The name of the change a redo would make again; nil when there is none.
  public var redoName: String? { undoStack.redoName }
  private var savedRevision = 0
  var nextRevision = 1
  /// The steps recorded since `beginGroup`, and what to restore on `rollbackGroup`; nil
  /// outside a group.
  var group: Group?
  /// Counts `takeContentChange` calls, so that a rollback knows whether a front end heard of
  /// a change made inside the group.
  private var frontEndTakes = 0
  /// What changed in the content since the recovery journal last took it, as steps its log
  /// can replay (runs, rows moved, a sort's new order); nil when nothing.
  var journalChange: JournalChange?
  /// What changed in the content since a front end last took it (`takeContentChange()`).
  private var frontEndChange: ContentChange?
  /// Whether the edit being made described its change (`noteChange`).
  private var isChangeDescribed = false
  /// What the edit being made changed, as it described it; nil when it changed nothing.
  private var editChange: ContentChange?
  /// Where changes of the content and the selection are published: the workspace's bus.
  let events: EventBus
  /// What changed since the change details were last taken (`takeChangeDetails`), kept while
  /// the bus asks for it; nil when nothing changed or nothing is kept.
  var changeRecord: DocumentChangeRecord?

  init(
    windowID: Int, path: String?, title: String, content: DocumentContent, format: DocumentFormat,
    snapshot: FileSnapshot?, events: EventBus
  ) {
    self.events = events
    self.windowID = windowID
    self.path = path
    self.title = title
    self.content = content
    self.format = format
    self.snapshot = snapshot
  }

  /// The kind of document.
  public var kind: DocumentKind { content.kind }

  /// Whether the content has changes not saved to its file.
  public var isDirty: Bool { revision != savedRevision }

  /// The document's `file://` URL, or nil when untitled.
  public var url: String? { path.map(FileURL.string(fromPath:)) }

  /// Drops from the selection the ids of rows that no longer exist.
  func pruneSelection() {
    guard !selection.isEmpty else { return }
    guard case .table(let table) = content else {
      selection = []
      return
    }
    let present = Set(table.positions(ofIDs: selection).map(table.id(ofRow:)))
    if present.count != selection.count { selection = present }
  }

  /// Records that the current content is what the file holds.
  func markSaved() { savedRevision = revision }

  /// Makes a change as one undoable step.
  ///
  /// - Parameters:
  ///   - name: the step's name for undo messages ("Edit Cell").
  ///   - cost: an estimate of the memory the step holds.
  ///   - changesContent: whether the step changes what a save writes; a step that does not
  ///     (a rename) leaves the document clean, or dirty, as it was.
  ///   - apply: makes the change; throwing leaves the document as it was.
  ///   - revert: takes the change back.
  ///
  /// `apply` and `revert` tell the recovery journal what they change with `noteChange` (or
  /// `noteContentUnchanged`); one that does not is taken to have changed anything.
  ///
  /// While the table has a sort order, the rows `apply` changed are put back in that order
  /// as part of the step, as `upkeep` says; undoing the step moves them back first, then
  /// reverts the edit, and gives back the order as it was.
  func perform(
    _ name: String, cost: Int = 64, changesContent: Bool = true,
    keepingOrder upkeep: OrderUpkeep = .changedRows,
    apply: @escaping (Document) throws -> Void, revert: @escaping (Document) throws -> Void
  ) throws {
    var moved: RowReordering?
    var orderingBefore = ordering
    let applying: (Document) throws -> Void = { document in
      orderingBefore = document.ordering
      try apply(document)
      moved = document.keepOrder(upkeep)
    }
    let reverting: (Document) throws -> Void = { document in
      if let moved { document.reorderRows(moved.inverse) }
      try revert(document)
      document.ordering = orderingBefore
    }
    try making(applying)
    let revisionBefore = revision
    let revisionAfter = changesContent ? nextRevision : revision
    if changesContent { nextRevision += 1 }
    revision = revisionAfter
    let step = UndoStep(
      name: name, cost: cost,
      undo: { [unowned self] in
        try making(reverting)
        revision = revisionBefore
      },
      redo: { [unowned self] in
        try making(applying)
        revision = revisionAfter
      })
    if group != nil {
      group?.steps.append(step)
      group?.cellBatch = nil
    } else {
      undoStack.record(step)
    }
  }

  /// Makes an edit, noting an undescribed change as unknown.
  func making(_ edit: (Document) throws -> Void) throws {
    beginChangeRecord()
    isChangeDescribed = false
    editChange = nil
    defer { if !isChangeDescribed { noteUnknownChange() } }
    try edit(self)
  }

  /// Notes a change of the content that no run of rows or lines describes.
  func noteUnknownChange() {
    changeRecord?.isUnknown = true
    journalChange = .unknown
    frontEndChange = .unknown
    editChange = .unknown
  }

  /// What changed in the content since the last call — one run of rows or lines, or a change
  /// no run describes (a sort, a column, a revert) — or nil when nothing did; the next call
  /// starts afresh. For a front end that redraws only what changed: the embedding protocol
  /// sends it in `document.changed`.
  public func takeContentChange() -> ContentChange? {
    frontEndTakes &+= 1
    defer { frontEndChange = nil }
    return frontEndChange
  }

  /// Describes the edit being made (in `perform`'s `apply` or `revert`) for the recovery
  /// journal: from position `start`, `removed` rows or lines became `inserted` ones.
  func noteChange(start: Int, removed: Int, inserted: Int) {
    recordRun(start: start, removed: removed, inserted: inserted, inPlace: true)
    noteChange(
      start: start, removed: removed, inserted: inserted,
      journaled: .run(start: start, removed: removed, inserted: inserted))
  }

  /// Describes the edit being made as a run for front ends and the edit's own order upkeep,
  /// and as `step` for the recovery journal.
  private func noteChange(start: Int, removed: Int, inserted: Int, journaled step: JournalChange.Step) {
    isChangeDescribed = true
    let run = ContentChange.run(start: start, removed: removed, inserted: inserted)
    journalChange = (journalChange ?? .steps([])).then(step)
    frontEndChange = frontEndChange.map { $0.then(run) } ?? run
    editChange = editChange.map { $0.then(run) } ?? run
  }

  /// Describes the edit being made as a new order of every row: the row now at `i` was at
  /// `order[i]`. No run describes it; the recovery journal takes it as that permutation when
  /// it held the content just before.
  func noteReordered(_ order: [Int]) {
    let journaled = (journalChange ?? .steps([])).then(.reordered(.permutation(order)))
    let wasUnknown = changeRecord?.isUnknown ?? false
    noteUnknownChange()
    changeRecord?.isUnknown = wasUnknown
    changeRecord?.isReordered = true
    isChangeDescribed = true
    journalChange = journaled
  }

  /// Notes that the recovery journal holds the content as it is now.
  func noteJournaled() { journalChange = nil }

  /// Says the edit being made leaves the content as it is (a rename).
  func noteContentUnchanged() { isChangeDescribed = true }

  /// Moves through the undo history with `move` (an undo or a redo; the rows it removes
  /// leave the selection), then runs `then`. When `then` throws, `takeBack` makes the
  /// opposite move, and the selection and what front ends are told changed are as they were
  /// before, so that no front end hears of the move; a move that `takeBack` cannot undo
  /// stands, and its name is returned. A `move` that throws changes nothing.
  ///
  /// - Returns: what `move` returns: the step's name, or nil when there was none (`then`
  ///   does not run then).
  func movingThroughHistory(
    _ move: () throws -> String?, then: () throws -> Void, takeBack: () throws -> Void
  ) throws -> String? {
    let selectionBefore = selection
    let change = frontEndChange
    let takes = frontEndTakes
    guard let name = try move() else { return nil }
    pruneSelection()
    do {
      try then()
    } catch {
      // A move that cannot be taken back stands, and the command with it: its journal is then
      // written after the command, as any change's is.
      do { try takeBack() } catch { return name }
      selection = selectionBefore
      if frontEndTakes == takes { frontEndChange = change }
      throw error
    }
    return name
  }

  /// Whether changes are being collected into one step by `beginGroup`.
  public var isGrouping: Bool { group != nil }

  /// Starts collecting the changes made from now on into one undo step, made by
  /// `commitGroup` or taken back by `rollbackGroup`. Does nothing while grouping already.
  public func beginGroup() {
    guard group == nil else { return }
    group = Group(
      revision: revision, selection: selection, ordering: ordering, frontEndChange: frontEndChange,
      frontEndTakes: frontEndTakes)
  }

  /// Records the changes made since `beginGroup` as one undo step named `name` (a plugin
  /// command's title), also when there was only one change. Nothing is recorded when nothing
  /// changed.
  ///
  /// With `joiningLastMove`, the changes join the step the last edit, undo or redo of the
  /// history moved (`UndoStack.join`): a `document.changed` handler's edits are one step with
  /// the command that changed the document.
  public func commitGroup(name: String, joiningLastMove: Bool = false) {
    guard let collected = group?.steps else { return }
    group = nil
    guard !collected.isEmpty else { return }
    let step: UndoStep
    if collected.count == 1, let only = collected.first {
      step = UndoStep(name: name, cost: only.cost, undo: only.undo, redo: only.redo)
    } else {
      step = UndoStep(
        name: name, cost: collected.reduce(0) { $0 + $1.cost },
        undo: { for step in collected.reversed() { try step.undo() } },
        redo: { for step in collected { try step.redo() } })
    }
    if joiningLastMove {
      undoStack.join(step)
    } else {
      undoStack.record(step)
    }
  }

  /// Takes back the changes made since `beginGroup`, newest first: the content, the
  /// selection, the sort order and the dirty flag are as they were then, and the undo
  /// history is unchanged. What front ends are told changed is as it was too, unless one took
  /// a change made inside the group (it must hear of the way back); the journal's record stays
  /// a change no run describes, so that its next write is whole and never trusts a journal
  /// written inside the group.
  public func rollbackGroup() {
    guard let collected = group else { return }
    group = nil
    for step in collected.steps.reversed() { try? step.undo() }
    revision = collected.revision
    selection = collected.selection
    ordering = collected.ordering
    if frontEndTakes == collected.frontEndTakes { frontEndChange = collected.frontEndChange }
  }

  /// What `beginGroup` keeps for `commitGroup` and `rollbackGroup`.
  struct Group {
    var steps: [UndoStep] = []
    /// The cell edits collected into the last of `steps`, while it is one (`CellEditBatch`).
    var cellBatch: CellEditBatch?
    let revision: Int
    let selection: Set<Int>
    let ordering: TableOrdering?
    let frontEndChange: ContentChange?
    let frontEndTakes: Int
  }

  /// Replaces the whole content as one undoable step (revert). The sort order goes with
  /// the content replaced: the rows are as the new content has them.
  func replaceContent(with newContent: DocumentContent, stepName: String) throws {
    let before = content
    try perform(
      stepName, cost: before.estimatedSize, keepingOrder: .none,
      apply: { document in
        document.content = newContent
        document.ordering = nil
        document.changeRecord?.isReloaded = true
      },
      revert: { document in
        document.content = before
        document.changeRecord?.isReloaded = true
      })
  }

  /// Puts the rows the edit being made changed back in the sort order, as `upkeep` says,
  /// and describes the move.
  ///
  /// - Returns: how the rows moved; nil when none did or no order is set.
  private func keepOrder(_ upkeep: OrderUpkeep) -> RowReordering? {
    guard var kept = ordering, case .table = content else { return nil }
    let changed: Range<Int>?
    switch upkeep {
    case .none: return nil
    case .rowsRemoved: changed = 0..<0
    case .changedColumn(let column):
      guard case .table(let table) = content,
        kept.keys.contains(where: { table.columnIndex($0.column) == column })
      else { return nil }
      fallthrough
    case .changedRows:
      switch isChangeDescribed ? editChange : .unknown {
      case nil: changed = 0..<0
      case .run(let start, _, let inserted)?: changed = start..<(start + inserted)
      case .unknown?: changed = nil
      }
    }
    let moved = try? modifyTable { $0.keepOrder(&kept, changed: changed) }
    ordering = kept
    guard let reordering = moved ?? nil else { return nil }
    describe(reordering)
    return reordering
  }

  /// Moves rows back as an undo does, and describes the move.
  private func reorderRows(_ reordering: RowReordering) {
    _ = try? modifyTable { $0.reorder(reordering) }
    describe(reordering)
  }

  /// Describes a move of rows: for front ends the run from the first row moved to the last,
  /// for the recovery journal the moves themselves; or a change no run describes for a new
  /// order of every row.
  private func describe(_ reordering: RowReordering) {
    guard let span = reordering.span else {
      let wasUnknown = changeRecord?.isUnknown ?? false
      noteUnknownChange()
      changeRecord?.isUnknown = wasUnknown
      changeRecord?.isReordered = true
      return
    }
    changeRecord?.movedRows = true
    recordRun(start: span.lowerBound, removed: span.count, inserted: span.count, inPlace: false)
    noteChange(
      start: span.lowerBound, removed: span.count, inserted: span.count, journaled: .reordered(reordering))
  }

  /// Runs `body` on the table in place, without copying it.
  ///
  /// - Throws: `FolioError.invalidArgument` when the document is not a table.
  func modifyTable<T>(_ body: (inout TableModel) throws -> T) throws -> T {
    guard case .table(var table) = content else {
      throw FolioError.invalidArgument("'\(title)' is a text document, not a table")
    }
    content = .text(TextContent(lines: []))  // drop the second reference so the edit is in place
    defer { content = .table(table) }
    return try body(&table)
  }

  /// Runs `body` on the table without copying it or changing it: for reading what a command
  /// names (rows, columns) before it acts.
  ///
  /// - Throws: `FolioError.invalidArgument` when the document is not a table; what `body`
  ///   throws.
  public func readTable<T>(_ body: (TableModel) throws -> T) throws -> T {
    try modifyTable { table in try body(table) }
  }

  /// Runs `body` on the text in place, without copying it.
  ///
  /// - Throws: `FolioError.invalidArgument` when the document is not text.
  func modifyText<T>(_ body: (inout TextContent) throws -> T) throws -> T {
    guard case .text(var text) = content else {
      throw FolioError.invalidArgument("'\(title)' is a table, not a text document")
    }
    content = .text(TextContent(lines: []))
    defer { content = .text(text) }
    return try body(&text)
  }
}
