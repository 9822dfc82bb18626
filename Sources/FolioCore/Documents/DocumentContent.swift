/// What a document holds.
public enum DocumentContent: Equatable, Sendable {
  case text(TextContent)
  case table(TableModel)

  /// The kind of document.
  public var kind: DocumentKind {
    switch self {
    case .text: .text
    case .table: .table
    }
  }

  /// A rough size in bytes, for undo budgets.
  var estimatedSize: Int {
    switch self {
    case .text(let text): text.lines.reduce(0) { $0 + $1.utf8.count + 16 }
    case .table(let table): table.rows.reduce(0) { $0 + $1.cells.count * 24 + 16 }
    }
  }
}

/// A row of a table with its stable id: the id survives sorting and edits, so selections
/// and plugins can refer to rows.
public struct TableRow: Equatable, Sendable {
  public var id: Int
  public var cells: [TableCell]

  public init(id: Int, cells: [TableCell]) {
    self.id = id
    self.cells = cells
  }
}

/// A table document's rows and columns, each row with a stable id.
public struct TableModel: Equatable, Sendable {
  public private(set) var columns: [String]
  public private(set) var rows: [TableRow]
  public var dialect: TableDialect
  private var nextRowID: Int

  /// Wraps decoded content, numbering its rows from 1.
  public init(_ content: TableContent) {
    columns = content.columns
    rows = content.rows.enumerated().map { TableRow(id: $0.offset + 1, cells: $0.element) }
    dialect = content.dialect
    nextRowID = rows.count + 1
  }

  /// The content to encode.
  public var content: TableContent {
    TableContent(columns: columns, rows: rows.map(\.cells), dialect: dialect)
  }

  /// The position of a column by name.
  public func columnIndex(_ name: String) -> Int? { columns.firstIndex(of: name) }

  /// The position of a row by id.
  public func rowIndex(id: Int) -> Int? { rows.firstIndex { $0.id == id } }

  /// Appends a row (missing cells empty) and returns its id.
  @discardableResult
  public mutating func appendRow(_ cells: [TableCell]) -> Int {
    let id = nextRowID
    nextRowID += 1
    var cells = cells
    while cells.count < columns.count { cells.append(.string("")) }
    rows.append(TableRow(id: id, cells: cells))
    return id
  }

  /// Puts a removed row back where it was.
  mutating func insert(_ row: TableRow, at index: Int) {
    rows.insert(row, at: min(index, rows.count))
  }

  /// Removes a row by position.
  @discardableResult
  mutating func removeRow(at index: Int) -> TableRow {
    rows.remove(at: index)
  }

  /// Sets one cell.
  mutating func setCell(row index: Int, column: Int, to value: TableCell) {
    rows[index].cells[column] = value
  }
}
