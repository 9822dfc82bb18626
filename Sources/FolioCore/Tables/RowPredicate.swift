/// A test on a table's rows, made once from an expression a front end read (`select where`,
/// `count where`, `delete where`) and asked of every row.
///
/// Columns are 0-based indices checked against the table when it was made; values are typed
/// (`PredicateValue`) and patterns compiled, so testing a row does no parsing.
public indirect enum RowPredicate: Sendable {
  /// The cell compared with a value: as numbers where the column reads as numbers and the
  /// value is one, else as text by its UTF-8 bytes.
  case compare(column: Int, RowComparison, PredicateValue)
  /// The cell holds a match of the pattern (`~ REGEX`, `contains TEXT`).
  case matches(column: Int, TextPattern)
  /// The cell is empty.
  case isEmpty(column: Int)
  /// The test does not hold.
  case not(RowPredicate)
  /// Both tests hold.
  case and(RowPredicate, RowPredicate)
  /// Either test holds.
  case or(RowPredicate, RowPredicate)

  /// The columns the test reads, ascending, each once.
  public var columns: [Int] {
    var found = Set<Int>()
    collectColumns(into: &found)
    return found.sorted()
  }

  private func collectColumns(into found: inout Set<Int>) {
    switch self {
    case .compare(let column, _, _), .matches(let column, _), .isEmpty(let column): found.insert(column)
    case .not(let inner): inner.collectColumns(into: &found)
    case .and(let left, let right), .or(let left, let right):
      left.collectColumns(into: &found)
      right.collectColumns(into: &found)
    }
  }
}

/// How `RowPredicate.compare` compares a cell with its value.
public enum RowComparison: String, Sendable, Equatable, CaseIterable {
  case equal = "="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="

  /// Whether the comparison holds for a cell that orders as `order` against the value
  /// (negative: before it, zero: equal, positive: after it).
  func holds(_ order: Int) -> Bool {
    switch self {
    case .equal: order == 0
    case .notEqual: order != 0
    case .less: order < 0
    case .lessOrEqual: order <= 0
    case .greater: order > 0
    case .greaterOrEqual: order >= 0
    }
  }
}

/// The value a cell is compared with, read once: its text, and the number and yes/no value
/// it reads as, if any.
public struct PredicateValue: Sendable, Equatable {
  /// The value as written.
  public let text: String
  /// The finite number it reads as (`3`, `-2.5`, `1e3`); nil for other text.
  public let number: Double?
  /// The yes/no value it reads as (`yes`, `no`, `true`, …, any case); nil for other text.
  public let flag: Bool?

  /// Reads a value.
  public init(_ text: String) {
    self.text = text
    number = TableValueKind.isNumber(text) ? Double(text).flatMap { $0.isFinite ? $0 : nil } : nil
    flag = TableValueKind.isBoolWord(text) ? ["yes", "true", "y", "on"].contains(text.lowercased()) : nil
  }
}

/// How many rows of a table a predicate holds for (`count [where EXPR]`).
public struct RowCountReport: Sendable, Equatable {
  /// The document's title.
  public var document: String
  /// The rows counted: those the predicate holds for, or every row without one.
  public var count: Int
  /// The table's rows.
  public var total: Int
  /// The expression as a front end writes it; nil when every row was counted.
  public var expression: String?

  public init(document: String, count: Int, total: Int, expression: String?) {
    self.document = document
    self.count = count
    self.total = total
    self.expression = expression
  }
}

extension TableModel {
  /// Calls `body` with the position (0-based) and id of every row `predicate` holds for, in
  /// order.
  ///
  /// The kinds the test compares by are read once (`readingKinds(ofColumns:)`); a row's
  /// record is read once when the test reads several of its columns.
  ///
  /// - Throws: `FolioError.interrupted` when `cancellation` stops it (every 4,096 rows).
  public mutating func forEachRow(
    matching predicate: RowPredicate, cancellation: CancellationToken?,
    _ body: (_ position: Int, _ id: Int) -> Void
  ) throws(FolioError) {
    let used = predicate.columns.filter { $0 < columns.count }
    let kinds = readingKinds(ofColumns: used)
    var kindOf = [TableValueKind](repeating: .text, count: columns.count)
    for (column, kind) in zip(used, kinds) { kindOf[column] = kind }
    var row = RowCells(table: self, readsWhole: used.count > 1)
    for index in 0..<rowCount {
      if index & 4095 == 4095 { try cancellation?.check() }
      row.move(to: index)
      if Self.holds(predicate, for: &row, kinds: kindOf) { body(index, id(ofRow: index)) }
    }
  }

  /// The cells of one row as a test reads them: the whole record once, or one cell at a time.
  struct RowCells {
    let table: TableModel
    let readsWhole: Bool
    var index = 0
    var cells: [TableCell]?

    init(table: TableModel, readsWhole: Bool) {
      self.table = table
      self.readsWhole = readsWhole
    }

    mutating func move(to index: Int) {
      self.index = index
      cells = nil
    }

    mutating func cell(_ column: Int) -> TableCell {
      guard readsWhole else { return table.cell(row: index, column: column) }
      if cells == nil { cells = table.cells(ofRow: index) }
      guard let cells, cells.indices.contains(column) else { return .absent }
      return cells[column]
    }
  }

  static func holds(_ predicate: RowPredicate, for row: inout RowCells, kinds: [TableValueKind]) -> Bool {
    switch predicate {
    case .compare(let column, let comparison, let value):
      let kind = kinds.indices.contains(column) ? kinds[column] : .text
      return Self.compare(row.cell(column), kind: kind, comparison, value)
    case .matches(let column, let pattern):
      let cell = row.cell(column)
      return pattern.matches(cell.description)
    case .isEmpty(let column): return row.cell(column).description.isEmpty
    case .not(let inner): return !holds(inner, for: &row, kinds: kinds)
    case .and(let left, let right):
      return holds(left, for: &row, kinds: kinds) && holds(right, for: &row, kinds: kinds)
    case .or(let left, let right):
      return holds(left, for: &row, kinds: kinds) || holds(right, for: &row, kinds: kinds)
    }
  }

  /// Compares one cell with a value. A column that reads as numbers (or a JSON number cell)
  /// compares as numbers with a value that is one; a cell there that is no number (`n/a`) or
  /// is empty is equal to nothing and in no order, so only `!=` holds for it. A yes/no column
  /// compares yes/no words by what they mean for `=` and `!=`. Everything else compares as
  /// text by its UTF-8 bytes, an empty cell included (it orders first).
  static func compare(
    _ cell: TableCell, kind: TableValueKind, _ comparison: RowComparison, _ value: PredicateValue
  )
    -> Bool
  {
    let text = cell.description
    if let number = value.number {
      let isNumberCell = if case .number = cell { true } else { false }
      if kind == .number || isNumberCell {
        guard !text.isEmpty, TableValueKind.isNumber(text), let cellNumber = Double(text) else {
          return comparison == .notEqual
        }
        return comparison.holds(cellNumber < number ? -1 : cellNumber > number ? 1 : 0)
      }
    }
    if kind == .bool, let flag = value.flag, comparison == .equal || comparison == .notEqual {
      guard TableValueKind.isBoolWord(text) else { return comparison == .notEqual }
      let cellFlag = ["yes", "true", "y", "on"].contains(text.lowercased())
      return comparison.holds(cellFlag == flag ? 0 : 1)
    }
    if case .bool(let cellFlag) = cell, let flag = value.flag, comparison == .equal || comparison == .notEqual
    {
      return comparison.holds(cellFlag == flag ? 0 : 1)
    }
    return comparison.holds(Self.byteOrder(text, value.text))
  }

  /// How `left` orders against `right` by their UTF-8 bytes.
  static func byteOrder(_ left: String, _ right: String) -> Int {
    var left = left
    var right = right
    return left.withUTF8 { a in
      right.withUTF8 { b in
        let common = min(a.count, b.count)
        for index in 0..<common where a[index] != b[index] { return a[index] < b[index] ? -1 : 1 }
        return a.count == b.count ? 0 : a.count < b.count ? -1 : 1
      }
    }
  }
}
