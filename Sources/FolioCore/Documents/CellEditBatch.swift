/// The cell edits a group collects in a row as one undo step (a plugin callback writing a
/// column cell by cell, `Document.setCellInGroup`): for each edit its row id, its column and
/// where its old cell is — 16 bytes an edit, rather than an undo step of closures each, so
/// that a million edits in one callback keep 16 MB. The old cell of a row still read from the
/// file is its record's cell, read again on undo; only other old cells are kept.
final class CellEditBatch {
  private var ids: [Int] = []
  private var columns: [Int32] = []
  /// For each edit, the index of its old cell in `oldCells`, or -1 for its row's record's.
  private var oldSlots: [Int32] = []
  private var oldCells: [TableCell] = []
  /// The bytes the old cells kept hold besides their slots.
  private var oldBytes = 0
  /// The cells the edits made, taken by `undo` for `redo`.
  private var newCells: [TableCell] = []
  /// The document's revision before the first edit and after it.
  let revisionBefore: Int
  let revisionAfter: Int

  init(revisionBefore: Int, revisionAfter: Int) {
    self.revisionBefore = revisionBefore
    self.revisionAfter = revisionAfter
  }

  /// The bytes the batch holds: each edit's record, and each old cell it keeps.
  var keptBytes: Int { ids.count * Self.bytesPerEdit + oldBytes }

  /// The bytes an edit's record takes: its row id, its column and its old cell's slot.
  static let bytesPerEdit = 16

  /// The bytes an old cell kept takes besides its text.
  static let bytesPerOldCell = 24

  /// Notes an edit of the cell at `column` of the row with id `id`, whose old cell is `old`,
  /// or its record's when nil.
  func append(id: Int, column: Int32, old: TableCell?) {
    ids.append(id)
    columns.append(column)
    guard let old else { return oldSlots.append(-1) }
    oldSlots.append(Int32(truncatingIfNeeded: oldCells.count))
    oldCells.append(old)
    oldBytes += Self.bytesPerOldCell + old.description.utf8.count
  }

  /// Whether the batch can note another edit whose old cell it must keep.
  var canKeepOldCell: Bool { oldCells.count < Int32.max }

  /// Takes the edits back, newest first, keeping the cells they made for `redo`.
  func undo(in document: Document) throws {
    var made = [TableCell](repeating: .absent, count: ids.count)
    var span: ClosedRange<Int>?
    try document.modifyTable { table in
      for edit in ids.indices.reversed() {
        guard let index = table.rowIndex(id: ids[edit]) else { continue }
        let column = Int(columns[edit])
        made[edit] = table.cell(row: index, column: column)
        let slot = oldSlots[edit]
        let old = slot >= 0 ? oldCells[Int(slot)] : table.recordCell(row: index, column: column) ?? .absent
        table.setCell(row: index, column: column, to: old)
        span = span.map { min($0.lowerBound, index)...max($0.upperBound, index) } ?? index...index
      }
    }
    newCells = made
    note(span, in: document)
  }

  /// Makes the edits again, oldest first.
  func redo(in document: Document) throws {
    guard newCells.count == ids.count else { return }
    var span: ClosedRange<Int>?
    try document.modifyTable { table in
      for edit in ids.indices {
        guard let index = table.rowIndex(id: ids[edit]) else { continue }
        table.setCell(row: index, column: Int(columns[edit]), to: newCells[edit])
        span = span.map { min($0.lowerBound, index)...max($0.upperBound, index) } ?? index...index
      }
    }
    newCells = []
    note(span, in: document)
  }

  /// Describes the rows from the first changed to the last as the change, or none.
  private func note(_ span: ClosedRange<Int>?, in document: Document) {
    guard let span else { return document.noteContentUnchanged() }
    document.noteChange(start: span.lowerBound, removed: span.count, inserted: span.count)
  }
}

extension Document {
  /// Sets a cell as an edit of the group being collected (`beginGroup`), adding it to the
  /// group's batch of cell edits when its last step is one, else starting one: one undo step
  /// for any number of cell edits in a row, each keeping 16 bytes (`CellEditBatch`). Only
  /// while no sort order is kept: an edit of a sorted table moves its row, as its own step.
  ///
  /// - Returns: false, with nothing done, outside a group or with a sort order, for the
  ///   caller to make the edit a step of its own.
  /// - Throws: when there is no row with id `rowID`; nothing changes then.
  func setCellInGroup(rowID: Int, column: Int, to new: TableCell) throws -> Bool {
    guard group != nil, ordering == nil, let column32 = Int32(exactly: column) else { return false }
    let open = group?.cellBatch
    guard open?.canKeepOldCell ?? true else { return false }
    let batch = open ?? CellEditBatch(revisionBefore: revision, revisionAfter: nextRevision)
    try making { document in
      let index = try document.modifyTable { table throws -> Int in
        guard let index = table.rowIndex(id: rowID) else {
          throw FolioError.invalidArgument("no row with id:\(rowID)")
        }
        let old = table.cell(row: index, column: column)
        batch.append(id: rowID, column: column32, old: table.isReadFromFile(row: index) ? nil : old)
        table.setCell(row: index, column: column, to: new)
        return index
      }
      document.noteChange(start: index, removed: 1, inserted: 1)
    }
    if open == nil {
      nextRevision += 1
      group?.steps.append(
        UndoStep(
          name: "Edit Cells", cost: 0,
          undo: { [unowned self] in
            try making { try batch.undo(in: $0) }
            revision = batch.revisionBefore
          },
          redo: { [unowned self] in
            try making { try batch.redo(in: $0) }
            revision = batch.revisionAfter
          }))
      group?.cellBatch = batch
      revision = batch.revisionAfter
    }
    if let last = group?.steps.indices.last { group?.steps[last].cost = batch.keptBytes }
    return true
  }

  /// The bytes the cell edits of the open group keep (`CellEditBatch.keptBytes`); 0 outside a
  /// group or before its first batched edit.
  public var groupedCellEditBytes: Int { group?.cellBatch?.keptBytes ?? 0 }
}
