/// The rows `show` shows, made one at a time as they are read rather than all at once.
///
/// A view over the table as it was when `show` ran (the table is a value, so later edits do
/// not reach it): a row's cells are read and turned into text only when the row is asked
/// for, so a front end that writes each row as it gets it shows a million rows in the memory
/// of one, and stops reading as soon as it stops asking.
public struct TableViewRows: RandomAccessCollection, Sendable, Equatable {
  enum Source: Sendable {
    case made([DocumentViewRow])
    case table(
      TableModel, positions: Positions, columns: [Int], selection: Set<Int>, favoriteColumn: Int?,
      decorations: TableDecorationPlan)
  }

  /// The 1-based positions shown: every row in order, or the ones asked for.
  enum Positions: Sendable {
    case all(count: Int)
    case chosen([Int])

    var count: Int {
      switch self {
      case .all(let count): count
      case .chosen(let positions): positions.count
      }
    }

    subscript(index: Int) -> Int {
      switch self {
      case .all: index + 1
      case .chosen(let positions): positions[index]
      }
    }

    var largest: Int {
      switch self {
      case .all(let count): count
      case .chosen(let positions): positions.max() ?? 0
      }
    }
  }

  let source: Source

  /// Rows already made, as they are.
  public init(_ rows: [DocumentViewRow]) {
    source = .made(rows)
  }

  /// The rows of `table` at `positions` (1-based, each checked), nil for every row, with
  /// the cells of `columns` (0-based), decorated and formatted as `decorations` says.
  init(
    table: TableModel, positions: [Int]?, columns: [Int], selection: Set<Int>, favoriteColumn: Int?,
    decorations: TableDecorationPlan = TableDecorationPlan()
  ) {
    source = .table(
      table, positions: positions.map(Positions.chosen) ?? .all(count: table.rowCount), columns: columns,
      selection: selection, favoriteColumn: favoriteColumn, decorations: decorations)
  }

  /// The first row's index: 0.
  public var startIndex: Int { 0 }

  /// The number of rows shown.
  public var endIndex: Int {
    switch source {
    case .made(let rows): rows.count
    case .table(_, let positions, _, _, _, _): positions.count
    }
  }

  /// The row at `index` (0-based among the rows shown), its cells read now.
  public subscript(index: Int) -> DocumentViewRow {
    switch source {
    case .made(let rows): return rows[index]
    case .table(let table, let positions, let columns, let selection, let favoriteColumn, let plan):
      let position = positions[index]
      let id = table.id(ofRow: position - 1)
      let cells = table.cells(ofRow: position - 1)
      func text(_ column: Int) -> String { cells.indices.contains(column) ? cells[column].description : "" }
      let shown = columns.map(text)
      return DocumentViewRow(
        position: position, id: id, cells: shown, isSelected: selection.contains(id),
        isFavorite: favoriteColumn.map { Workspace.isFavoriteText(text($0)) } ?? false,
        decorations: plan.decorations(cell: text), formattedCells: plan.formatted(shown))
    }
  }

  /// The 1-based position of the row at `index` (0-based among the rows shown), its cells
  /// not read.
  public func position(at index: Int) -> Int {
    switch source {
    case .made(let rows): rows[index].position
    case .table(_, let positions, _, _, _, _): positions[index]
    }
  }

  /// Whether every row of the table shows, in order (`show` with no rows named).
  public var isEveryRow: Bool {
    if case .table(_, .all, _, _, _, _) = source { return true }
    return false
  }

  /// How many rows the table these rows come from has; for rows already made, how many
  /// there are.
  public var tableRowCount: Int {
    switch source {
    case .made(let rows): rows.count
    case .table(let table, _, _, _, _, _): table.rowCount
    }
  }

  /// The largest position shown, 0 when none is.
  public var largestPosition: Int {
    switch source {
    case .made(let rows): rows.map(\.position).max() ?? 0
    case .table(_, let positions, _, _, _, _): positions.largest
    }
  }

  /// Whether some row shown may carry a mark (selected or favorite), found without reading
  /// cells: a selected row among those shown, or a favorite column.
  var mayHaveMarks: Bool {
    switch source {
    case .made(let rows): return rows.contains { $0.isSelected || $0.isFavorite }
    case .table(let table, let positions, _, let selection, let favoriteColumn, _):
      if favoriteColumn != nil { return true }
      guard !selection.isEmpty else { return false }
      return (0..<positions.count).contains { selection.contains(table.id(ofRow: positions[$0] - 1)) }
    }
  }

  /// The row decorations rows shown may carry, in order, found without reading cells: those
  /// that apply to the table (for rows already made, those they carry, in order of first
  /// appearance).
  var applicableDecorations: [RowDecoration] {
    switch source {
    case .made(let rows):
      var found: [RowDecoration] = []
      for decoration in rows.lazy.flatMap(\.decorations)
      where !found.contains(where: { $0.id == decoration.id }) {
        found.append(decoration)
      }
      return found
    case .table(_, _, _, _, _, let plan): return plan.decorations.map(\.decoration)
    }
  }

  /// The rows column widths are fitted to: every row when there are at most `limit`, else
  /// the first half of `limit` and the other half spread evenly over the rest.
  ///
  /// - Parameter check: called after each row is made; what it throws stops the sample.
  func sample<Failure: Error>(limit: Int, checking check: () throws(Failure) -> Void) throws(Failure)
    -> [DocumentViewRow]
  {
    let indices: [Int]
    if count > limit {
      let head = limit / 2
      let spread = limit - head
      let stride = Double(count - head) / Double(spread)
      indices = Array(0..<head) + (0..<spread).map { head + Int(Double($0) * stride) }
    } else {
      indices = Array(0..<count)
    }
    var rows: [DocumentViewRow] = []
    rows.reserveCapacity(indices.count)
    for index in indices {
      rows.append(self[index])
      try check()
    }
    return rows
  }

  /// Whether two views show the same rows, read and compared one by one.
  public static func == (lhs: TableViewRows, rhs: TableViewRows) -> Bool {
    lhs.elementsEqual(rhs)
  }
}
