/// What changed in a document's content since the recovery journal last took it, as steps
/// its log can replay: runs of rows or lines replaced and rows moved, in the order they were
/// made; or a change no step describes (a column, a whole new content).
///
/// Runs that follow one another merge into one run (`ContentChange.then`), so a command that
/// edits, adds or deletes rows is one step. A row an edit moved to keep a sorted table in
/// order adds a step of its own, the move, a few bytes however far the row went, where a run
/// would cover every row between its old and new places.
enum JournalChange: Equatable {
  case steps([Step])
  case unknown

  /// One step of a change.
  enum Step: Equatable {
    /// From position `start`, `removed` rows or lines became `inserted` ones.
    case run(start: Int, removed: Int, inserted: Int)
    /// Rows moved (a few rows to new places, or a new order of every row); no cell changed.
    case reordered(RowReordering)
  }

  /// The most steps a change keeps; one with more is unknown, and its journal written whole.
  static let maximumSteps = 256

  /// This change followed by `step`. A new order of every row is kept only as the first
  /// step: the rows of a run before it would have to be followed through it, a look at
  /// every row.
  func then(_ step: Step) -> JournalChange {
    guard case .steps(var steps) = self else { return .unknown }
    switch (steps.last, step) {
    case (.run(let start, let removed, let inserted)?, .run(let nextStart, let nextRemoved, let nextInserted)):
      let merged = ContentChange.run(start: start, removed: removed, inserted: inserted).then(
        .run(start: nextStart, removed: nextRemoved, inserted: nextInserted))
      guard case .run(let mergedStart, let mergedRemoved, let mergedInserted) = merged else {
        return .unknown
      }
      steps[steps.count - 1] = .run(start: mergedStart, removed: mergedRemoved, inserted: mergedInserted)
    case (_?, .reordered(.permutation)):
      return .unknown
    default:
      steps.append(step)
    }
    return steps.count <= Self.maximumSteps ? .steps(steps) : .unknown
  }

  /// The log records that replay this change on the content the journal held, each run's
  /// new rows or lines read from `content` (the content now) where later steps took them;
  /// nil for an unknown change, one of more than `JournalDelta.maximumItems` rows, lines and
  /// moves, or a text that mixes line endings (whose endings a run of lines does not carry).
  ///
  /// A row a later step removed is recorded empty: the step that removes it replays too. A
  /// row no later run replaced has, now, the cells the run gave it: moves change no cell.
  func deltas(of content: DocumentContent) -> [JournalDelta]? {
    guard case .steps(let steps) = self else { return nil }
    var items = 0
    var deltas: [JournalDelta] = []
    for (index, step) in steps.enumerated() {
      switch step {
      case .reordered(.permutation(let order)):
        deltas.append(JournalDelta(order: order))
      case .reordered(.moves(let moves)):
        items += moves.count
        deltas.append(JournalDelta(start: 0, removed: 0, items: .moves(moves)))
      case .run(let start, let removed, let inserted):
        guard start >= 0, removed >= 0, inserted >= 0, inserted <= JournalDelta.maximumItems - items else {
          return nil
        }
        items += inserted
        let later = steps[(index + 1)...]
        let positions = (start..<(start + inserted)).map { position in
          later.reduce(Optional(position)) { position, step in position.flatMap(step.position(after:)) }
        }
        guard let delta = JournalDelta(start: start, removed: removed, itemsAt: positions, of: content) else {
          return nil
        }
        deltas.append(delta)
      }
    }
    return items <= JournalDelta.maximumItems ? deltas : nil
  }
}

extension JournalChange.Step {
  /// Where the row or line at `position` is after this step; nil when the step removed it.
  func position(after position: Int) -> Int? {
    switch self {
    case .run(let start, let removed, let inserted):
      if position < start { return position }
      return position < start + removed ? nil : position - removed + inserted
    case .reordered(let reordering):
      return reordering.position(after: position)
    }
  }
}
