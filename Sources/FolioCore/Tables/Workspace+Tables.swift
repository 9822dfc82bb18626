/// How `select` combines the rows it names with the selection.
public enum SelectionMode: Sendable, Equatable {
  /// The rows become the selection.
  case replace
  /// The rows join the selection.
  case add
  /// Each row leaves the selection when in it, and joins it otherwise.
  case toggle
}

extension Workspace {
  /// The column the Favorite toggle keeps its state in, so it is saved with the document.
  public static let favoriteColumn = "favorite"

  /// Sorts a table's rows by `keys` as one undoable step [KeyPathComparator], and keeps them
  /// in that order from now on [`.onChange(of: sortOrder)`]: each later edit puts the rows
  /// it changed back in place, in its own undo step, until `clearSortOrder(of:)`.
  ///
  /// The step holds the permutation of rows, not a copy of the table; row ids and the
  /// selection stay with their rows. Undo gives back the rows and the order before.
  ///
  /// The sort is in the recovery journal when it returns, and a Ctrl-C before takes the sort
  /// back (`journaling`): the journal's log takes the new order of the rows (a few bytes a
  /// row) when the journal held the table just before, else the sorted table is journaled
  /// whole.
  ///
  /// - Returns: the number of rows.
  /// - Throws: `FolioError.invalidArgument` for a text document, a key naming no column, or
  ///   a column named by two keys (so there are at most as many keys as columns), before
  ///   anything is made for the sort; `FolioError.interrupted` when `cancellation` stops it,
  ///   the rows unmoved.
  @discardableResult
  public func sort(_ document: Document, by keys: [TableSortKey]) throws -> Int {
    let (ordering, permutation) = try sortOrdering(document, by: keys)
    try journaling(document, stepName: Self.sortStepName) {
      try applySort(permutation, ordering: ordering, to: document)
    }
    return permutation.count
  }

  /// The name of a sort's undo step.
  private static let sortStepName = "Sort"

  /// Gives a table the sort order it starts with, as it opens [`@State var sortOrder =
  /// [KeyPathComparator(\Place.name)]`].
  ///
  /// In a window just opened on a file with no unsaved changes (`isNewWindow`), the order is
  /// the window's view order, as the seed's is, not an edit: the rows are put in it with no
  /// undo step, and the document stays clean — a save with no edit leaves the file as it is,
  /// and once rows are edited a save writes them in the window's order. Rows already in that
  /// order — a file saved sorted — take the order without a change anywhere. Otherwise (a
  /// window already open and focused again, a document with recovered changes) the rows are
  /// sorted as `sort` does, one undoable step that `undo` takes back, in the recovery journal
  /// when it returns (a Ctrl-C while that is written takes the sort back, as for
  /// `sort(_:by:)`).
  ///
  /// - Returns: whether rows moved.
  /// - Throws: what `sort(_:by:)` throws.
  @discardableResult
  public func applyInitialSortOrder(
    _ keys: [TableSortKey], to document: Document, isNewWindow: Bool
  ) throws -> Bool {
    let (ordering, permutation) = try sortOrdering(document, by: keys)
    guard !permutation.elementsEqual(permutation.indices) else {
      document.ordering = ordering
      return false
    }
    if isNewWindow, !document.isDirty {
      // No journal holds a clean document, and no front end has shown its rows yet: the
      // first edit journals the table whole, in this order.
      try document.modifyTable { $0.reorder(by: permutation) }
      document.ordering = ordering
      return true
    }
    try journaling(document, stepName: Self.sortStepName) {
      try applySort(permutation, ordering: ordering, to: document)
    }
    return true
  }

  /// Forgets a table's sort order as one undoable step: the rows stay where they are, and
  /// edits no longer move them. Saves nothing: the file is the same with or without it.
  ///
  /// - Throws: `FolioError.disabled` when the table has no sort order;
  ///   `FolioError.invalidArgument` for a text document.
  public func clearSortOrder(of document: Document) throws {
    try requireTable(document)
    guard document.ordering != nil else {
      throw FolioError(.disabled, "'\(document.title)' has no sort order")
    }
    try document.perform(
      "Clear Sort Order", changesContent: false, keepingOrder: .none,
      apply: { document in
        document.ordering = nil
        document.noteContentUnchanged()
      },
      revert: { $0.noteContentUnchanged() })
  }

  /// The order sorting by `keys` gives, and the ordering it sets.
  private func sortOrdering(_ document: Document, by keys: [TableSortKey]) throws -> (TableOrdering, [Int]) {
    guard !keys.isEmpty else { throw FolioError.invalidArgument("sorting needs at least one column") }
    let collation = sortCollation()
    let (permutation, kinds) = try document.modifyTable { table throws in
      let rowCount = table.rowCount
      return try table.sortOrder(by: keys, collation: collation, cancellation: cancellation) {
        [progress] rows in
        progress?(
          WorkProgress(task: .sort, document: document.title, done: rows, total: rowCount, unit: .rows))
      }
    }
    return (TableOrdering(keys: keys, collation: collation, kinds: kinds), permutation)
  }

  /// Moves the rows as `permutation` says and sets `ordering`, as one undoable step.
  private func applySort(_ permutation: [Int], ordering: TableOrdering, to document: Document) throws {
    let inverse = TableModel.inverse(of: permutation)
    try document.perform(
      Self.sortStepName, cost: 16 * permutation.count + 64, keepingOrder: .none,
      apply: { document in
        try document.modifyTable { $0.reorder(by: permutation) }
        document.noteReordered(permutation)
        document.ordering = ordering
      },
      revert: { document in
        try document.modifyTable { $0.reorder(by: inverse) }
        document.noteReordered(inverse)
      })
  }

  /// Changes a table's selection [selection: Set<ID>].
  ///
  /// - Parameters:
  ///   - ids: the rows named, by id.
  ///   - mode: whether they replace, join or toggle the selection.
  ///   - environment: where the rule for several rows comes from: without edit mode, several
  ///     rows can be selected only on a Mac or with a keyboard.
  /// - Throws: `FolioError.disabled` when the rule refuses several rows; the selection is
  ///   unchanged then. `FolioError.invalidArgument` for a text document.
  public func select(
    _ ids: [Int], mode: SelectionMode, in document: Document, environment: AppEnvironment
  ) throws {
    _ = try document.modifyTable { $0.rowCount }
    var selection = mode == .replace ? [] : document.selection
    for id in ids {
      if mode == .toggle, selection.contains(id) {
        selection.remove(id)
      } else {
        selection.insert(id)
      }
    }
    if selection.count > 1, environment.multipleSelectionNeedsEditMode, !document.isEditing {
      throw FolioError(
        .disabled, "selecting several rows on \(environment.platform.rawValue) needs edit mode",
        remedies: [
          .run("selection.edit-mode", ["value": .bool(true)], effect: "turns it on"),
          .run(
            "scene.env", ["name": .string("keyboard"), "value": .string("on")], effect: "attaches a keyboard"),
        ])
    }
    document.selection = selection
  }

  /// Turns a window's edit mode on or off [EditButton]. Leaving it where several rows need it
  /// deselects them all, as a list does on a phone.
  ///
  /// - Returns: whether the selection was cleared.
  @discardableResult
  public func setEditing(_ isEditing: Bool, in document: Document, environment: AppEnvironment) -> Bool {
    document.isEditing = isEditing
    guard !isEditing, document.selection.count > 1, environment.multipleSelectionNeedsEditMode else {
      return false
    }
    document.selection = []
    return true
  }

  /// What a table's selection is: the rows in table order with positions and ids.
  public func selectionReport(of document: Document) -> SelectionReport {
    var rows: [(position: Int, id: Int)] = []
    if case .table(let table) = document.content {
      rows = table.positions(ofIDs: document.selection).map { ($0 + 1, table.id(ofRow: $0)) }
    }
    return SelectionReport(document: document.title, rows: rows, isEditing: document.isEditing)
  }

  /// Deletes rows of a table by id as one undoable step [onDelete]; undo puts them back
  /// where they were, with their ids. Deleted rows leave the selection.
  ///
  /// - Returns: how many rows were deleted.
  @discardableResult
  public func deleteRows(_ ids: Set<Int>, from document: Document) throws -> Int {
    let positions = try document.modifyTable { $0.positions(ofIDs: ids) }
    guard let first = positions.min(), let last = positions.max() else {
      throw FolioError.invalidArgument("no rows to delete")
    }
    // The run of rows the deletion changes, from the first deleted to the last.
    let span = first..<(last + 1)
    var removed: [TableRow] = []
    try document.perform(
      positions.count == 1 ? "Delete Row" : "Delete \(positions.count) Rows", cost: 64 * positions.count + 64,
      keepingOrder: .rowsRemoved,
      apply: { document in
        removed = try document.modifyTable { $0.removeRows(at: positions) }
        document.selection.subtract(removed.map(\.id))
        document.noteChange(
          start: span.lowerBound, removed: span.count, inserted: span.count - positions.count)
      },
      revert: { document in
        try document.modifyTable { $0.insertRows(removed, at: positions) }
        document.noteChange(
          start: span.lowerBound, removed: span.count - positions.count, inserted: span.count)
      })
    return positions.count
  }

  /// Deletes lines of a text document (1-based numbers, any order) as one undoable step.
  ///
  /// - Returns: how many lines were deleted.
  @discardableResult
  public func deleteLines(_ numbers: [Int], from document: Document) throws -> Int {
    let positions = Array(Set(numbers.map { $0 - 1 })).sorted()
    let count = try document.modifyText { $0.lines.count }
    guard let last = positions.last, last < count, let first = positions.first, first >= 0 else {
      throw FolioError.invalidArgument("no lines to delete")
    }
    var removed: [String] = []
    try document.perform(
      positions.count == 1 ? "Delete Line" : "Delete \(positions.count) Lines",
      cost: 64 * positions.count + 64,
      apply: { document in
        try document.modifyText { text in
          removed = positions.map { text.lines[$0] }
          for position in positions.reversed() { text.lines.remove(at: position) }
        }
        document.noteChange(
          start: first, removed: last - first + 1, inserted: last - first + 1 - positions.count)
      },
      revert: { document in
        try document.modifyText { text in
          for (position, line) in zip(positions, removed) { text.lines.insert(line, at: position) }
        }
        document.noteChange(
          start: first, removed: last - first + 1 - positions.count, inserted: last - first + 1)
      })
    return positions.count
  }

  /// Whether the single selected row is a favorite; false unless exactly one row is selected.
  public func isFavorite(_ document: Document) -> Bool {
    guard document.selection.count == 1, let id = document.selection.first else { return false }
    return isFavorite(rowID: id, in: document)
  }

  /// Whether the row with this id is a favorite; false when no row has it.
  public func isFavorite(rowID id: Int, in document: Document) -> Bool {
    guard case .table(let table) = document.content, let index = table.rowIndex(id: id),
      let column = table.columnIndex(Self.favoriteColumn)
    else { return false }
    return Self.isFavoriteText(table.cell(row: index, column: column).description)
  }

  /// Whether a `favorite` cell's text means yes.
  static func isFavoriteText(_ text: String) -> Bool {
    ["yes", "true", "1", "on", "y", "x", "★"].contains(text.lowercased())
  }

  /// Marks or unmarks the single selected row as a favorite, as one undoable step: the
  /// `favorite` column holds it (added when missing), so it is saved with the document. The
  /// cell is written in the column's own spelling (`FavoriteSpelling`), so marking and
  /// unmarking a row gives back its bytes; a column the toggle added in this session goes
  /// again, in the same step, when unmarking leaves every cell of it empty and it is still
  /// the last column, so the file is as it was. A row that already is (or is not) a
  /// favorite is left alone: no step, no unsaved change. A column added or taken away is in
  /// the recovery journal when it returns, as for `addColumn(_:to:)`: the table is journaled
  /// whole then.
  ///
  /// - Throws: `FolioError.disabled` unless exactly one row is selected.
  public func setFavorite(_ isFavorite: Bool, in document: Document) throws {
    guard document.selection.count == 1, let id = document.selection.first else {
      throw FolioError(
        .disabled, "select one row first",
        remedies: [.run("selection.select", ["rows": .string("3")], effect: "selects the third")])
    }
    try setFavorite(isFavorite, rowID: id, in: document)
  }

  /// Marks or unmarks the row with this id as a favorite, as `setFavorite(_:in:)` does for
  /// the selected row, whatever is selected.
  ///
  /// - Throws: `FolioError.invalidArgument` when no row has the id; `FolioError.interrupted`
  ///   when a Ctrl-C arrives before its journal is written (for a column added, the whole
  ///   table), the row not marked.
  public func setFavorite(_ isFavorite: Bool, rowID id: Int, in document: Document) throws {
    let (column, old, new, addsColumn, removedCells) = try document.modifyTable { table throws in
      guard let index = table.rowIndex(id: id) else {
        throw FolioError.invalidArgument("no row with id:\(id)")
      }
      let found = table.columnIndex(Self.favoriteColumn)
      let column = found ?? table.columns.count
      let old = found.map { table.cell(row: index, column: $0) } ?? .absent
      let new = FavoriteSpelling.cell(
        marking: isFavorite, replacing: old, remembered: document.favoriteSpellings[id], column: column,
        in: table)
      let removedCells =
        document.addedFavoriteColumn && new.description.isEmpty
        ? Self.cellsOfEmptyLastColumn(column, in: table, exceptRow: index) : nil
      return (column, old, new, found == nil, removedCells)
    }
    guard Self.isFavoriteText(old.description) != isFavorite else { return }
    let name = isFavorite ? "Favorite" : "Unfavorite"
    // A new column is a change no run of rows describes: the journal is written whole.
    try journaling(document, stepName: name) {
      try document.perform(
        name,
        apply: { document in
          if addsColumn { try document.modifyTable { $0.appendColumn(Self.favoriteColumn) } }
          if removedCells != nil {
            // The column Folio added is empty again: it goes, and the rows are as they were.
            try document.modifyTable { $0.removeLastColumn() }
            document.noteUnknownChange()
            return
          }
          try Self.setCell(id: id, column: column, to: new, in: document)
          if addsColumn { document.noteUnknownChange() }
        },
        revert: { document in
          if let removedCells {
            try document.modifyTable { $0.appendColumn(Self.favoriteColumn) }
            for (row, cell) in removedCells {
              try Self.setCell(id: row, column: column, to: cell, in: document)
            }
            try Self.setCell(id: id, column: column, to: old, in: document)
            document.noteUnknownChange()
            return
          }
          try Self.setCell(id: id, column: column, to: old, in: document)
          if addsColumn {
            try document.modifyTable { $0.removeLastColumn() }
            document.noteUnknownChange()
          }
        })
    }
    if addsColumn { document.addedFavoriteColumn = true }
    if document.favoriteSpellings[id] == nil { document.favoriteSpellings[id] = old }
  }

  /// The cells other rows hold in `column` when it is the table's last column and every one
  /// of them is empty, by row id (those with no cell left out), so that taking the column
  /// away loses nothing; nil when it is not the last column or a row besides the one at
  /// `index` has a value in it.
  private static func cellsOfEmptyLastColumn(_ column: Int, in table: TableModel, exceptRow index: Int)
    -> [(id: Int, cell: TableCell)]?
  {
    guard column == table.columns.count - 1 else { return nil }
    var cells: [(id: Int, cell: TableCell)] = []
    for row in 0..<table.rowCount where row != index {
      let cell = table.cell(row: row, column: column)
      guard cell.description.isEmpty else { return nil }
      if cell != .absent { cells.append((table.id(ofRow: row), cell)) }
    }
    return cells
  }

  /// The context menu for a document's selection [contextMenu(forSelectionType:)], built from
  /// the entries registered for its case; nil when none applies.
  public func contextMenu(for document: Document) -> Menu? {
    let context = ContextMenuContext(selectionCount: document.selection.count, documentKind: document.kind)
    let title: String
    switch context.selectionCase {
    case .empty: title = document.title
    case .multiple: title = "\(context.selectionCount) Rows"
    case .single:
      var name = ""
      if case .table(let table) = document.content, let id = document.selection.first,
        let index = table.rowIndex(id: id), !table.columns.isEmpty
      {
        name = table.cell(row: index, column: 0).description
      }
      title = name.isEmpty ? "Row id:\(document.selection.first ?? 0)" : name
    }
    return contextMenus.menu(for: context, title: title)
  }
}

/// A table's selection as `select` and `selection` report it.
public struct SelectionReport: Sendable, Equatable {
  /// The document's title.
  public var document: String
  /// The selected rows in table order: 1-based positions and ids.
  public var rows: [(position: Int, id: Int)]
  /// Whether the window is in edit mode.
  public var isEditing: Bool

  /// Creates a report.
  public init(document: String, rows: [(position: Int, id: Int)], isEditing: Bool) {
    self.document = document
    self.rows = rows
    self.isEditing = isEditing
  }

  public static func == (lhs: SelectionReport, rhs: SelectionReport) -> Bool {
    lhs.document == rhs.document && lhs.isEditing == rhs.isEditing && lhs.rows.count == rhs.rows.count
      && zip(lhs.rows, rhs.rows).allSatisfy { $0.position == $1.position && $0.id == $1.id }
  }
}

/// A table's sort order as `sort` reports it.
public struct SortReport: Sendable, Equatable {
  /// The document's title.
  public var document: String
  /// The keys, first first; empty when no order is set.
  public var keys: [TableSortKey]
  /// How many rows sorting just ordered, or nil when only the order was asked for.
  public var sortedRows: Int?
  /// Whether the order was just cleared (`sort --clear`).
  public var wasCleared: Bool

  /// Creates a report.
  public init(document: String, keys: [TableSortKey], sortedRows: Int?, wasCleared: Bool = false) {
    self.document = document
    self.keys = keys
    self.sortedRows = sortedRows
    self.wasCleared = wasCleared
  }
}

extension Workspace {
  /// The value kind of each of a table's columns, in order, worked out once and kept until
  /// the table changes (`TableModel.valueKinds(ofColumns:)`).
  ///
  /// - Throws: `FolioError.invalidArgument` for a text document.
  public func columnKinds(of document: Document) throws -> [TableValueKind] {
    try document.modifyTable { table in table.valueKinds(ofColumns: Array(table.columns.indices)) }
  }

  /// The kind that reads each of a table's columns as values (`TableCell.value(as:)`), in
  /// order: for CSV and TSV the kinds `columnKinds(of:)` gives; text for JSON, whose cells
  /// carry their own types.
  ///
  /// - Throws: `FolioError.invalidArgument` for a text document.
  public func readingKinds(of document: Document) throws -> [TableValueKind] {
    try document.modifyTable { table in table.readingKinds(ofColumns: Array(table.columns.indices)) }
  }

  /// Rows of a table as `show` lays them out [Table, TableColumn].
  ///
  /// Only the rows shown are read to fit widths (a sample of them past
  /// `TableView.sampleLimit`), and each row is read when the front end asks for it
  /// (`TableViewRows`); the kinds of the columns shown are worked
  /// out once and kept until the table changes (`TableModel.valueKinds(ofColumns:)`).
  /// The work is linear in the columns shown, and `cancellation` is checked between its
  /// steps, after each sampled row and every `TableView.columnsBetweenChecks` columns.
  ///
  /// - Parameters:
  ///   - positions: the rows to show, by 1-based position, in order; nil for every row.
  ///   - columns: the columns to show, in order, with their width rules; nil for every
  ///     column.
  ///   - compact: whether only the first column (of those asked for) shows, as in the
  ///     compact size class.
  ///   - width: the window's width to fit; nil for natural widths.
  ///   - metrics: the widths of what the front end draws around the cells.
  /// - Throws: `FolioError.invalidArgument` for a text document, or a position or column
  ///   outside the table; `FolioError.interrupted` once `cancellation` is cancelled.
  public func tableView(
    of document: Document, positions: [Int]?, columns: [TableViewColumn]?, compact: Bool, width: Int?,
    metrics: TableMetrics
  ) throws -> TableView {
    try document.modifyTable { table throws in
      if let positions {
        for position in positions { _ = try Position.index(position, count: table.rowCount, kind: "row") }
      }
      var shown = try Self.columns(columns, of: table)
      var omitted: [String] = []
      if compact {
        omitted = shown.dropFirst().map(\.title)
        shown = Array(shown.prefix(1))
      }
      try cancellation.check()
      let indices = shown.map(\.index)
      let kinds = table.valueKinds(ofColumns: indices)
      for index in shown.indices { shown[index].kind = kinds[index] }
      try cancellation.check()
      let rows = TableViewRows(
        table: table, positions: positions, columns: indices, selection: document.selection,
        favoriteColumn: table.columnIndex(Self.favoriteColumn),
        decorations: tableDecorations.plan(columns: table.columns, shown: indices))
      var view = try TableView(
        title: document.title, columns: shown, rows: rows, width: width, metrics: metrics,
        isEditing: document.isEditing, cancellation: cancellation)
      view.omittedColumns = omitted
      return view
    }
  }

  /// `positions` when each is in 1…`count`, or every position when nil.
  ///
  /// - Throws: `FolioError.invalidArgument` naming the first position outside.
  static func checked(_ positions: [Int]?, count: Int, kind: String) throws(FolioError) -> [Int] {
    guard let positions else { return count == 0 ? [] : Array(1...count) }
    for position in positions { _ = try Position.index(position, count: count, kind: kind) }
    return positions
  }

  /// The columns of `table` that `choices` name, in their order; every column when nil.
  private static func columns(_ choices: [TableViewColumn]?, of table: TableModel) throws(FolioError)
    -> [TableColumn]
  {
    guard let choices else {
      return table.columns.enumerated().map { TableColumn(title: $1, index: $0) }
    }
    return try choices.map { choice throws(FolioError) in
      guard table.columns.indices.contains(choice.index) else {
        throw Position.outside(
          Position.number(ofIndex: choice.index), count: table.columns.count, kind: "column")
      }
      return TableColumn(title: table.columns[choice.index], index: choice.index, widthRule: choice.widthRule)
    }
  }
}

extension Workspace {
  /// The row with this id of a table, as a dialog presents it [confirmationDialog's
  /// `presenting:`]: named by its first non-empty cell (its first line, cut to 60
  /// columns with `…`), or by its position when every cell is empty.
  ///
  /// - Throws: `FolioError.invalidArgument` when the document is not a table or no row has
  ///   the id.
  public func presentedRow(id: Int, in document: Document) throws -> PresentedRow {
    try document.readTable { table throws -> PresentedRow in
      guard let index = table.rowIndex(id: id) else {
        throw FolioError(
          .invalidArgument, "no row of '\(document.title)' has the id \(id)", values: ["id": "\(id)"])
      }
      let text = table.cells(ofRow: index).lazy.map(\.description)
        .first { !$0.allSatisfy(\.isWhitespace) }
      let title = text.map {
        ($0.split(whereSeparator: \.isNewline).first ?? "").truncated(toCells: 60, trimmingBlanks: true)
      }
      return PresentedRow(
        windowID: document.windowID, rowID: id,
        title: title.flatMap { $0.isEmpty ? nil : $0 } ?? "Row \(index + 1)")
    }
  }

  /// Why a row a dialog presents is gone, or nil while its window is open and the row there.
  public func absence(of row: PresentedRow) -> DialogDismissalReason? {
    guard let document = documents.first(where: { $0.windowID == row.windowID }) else { return .windowClosed }
    guard case .table(let table) = document.content, table.rowIndex(id: row.rowID) != nil else {
      return .rowDeleted
    }
    return nil
  }
}
