/// The row decorations and cell formats tables are shown with: plugins' (`folio.row_decoration`,
/// `folio.cell_format`), applied to every table that has the column each names.
public final class TableDecorationRegistry {
  /// The row decorations, in the order they were added; a row shows the symbols of all
  /// those whose condition it meets, in this order.
  public private(set) var rowDecorations: [RowDecoration] = []
  /// The cell formats, in the order they were added; of two for one column the first wins.
  public private(set) var cellFormats: [CellFormat] = []

  /// Creates an empty registry.
  public init() {}

  /// Adds a row decoration after the others.
  ///
  /// - Throws: `FolioError.conflict` when its id is taken.
  public func add(_ decoration: RowDecoration) throws(FolioError) {
    try Self.append(decoration, to: &rowDecorations, kind: "row decoration")
  }

  /// Adds a cell format after the others.
  ///
  /// - Throws: `FolioError.conflict` when its id is taken.
  public func add(_ format: CellFormat) throws(FolioError) {
    try Self.append(format, to: &cellFormats, kind: "cell format")
  }

  /// Appends `declaration` to `list`, refusing one whose id a declaration there has; `kind`
  /// names it in the error.
  private static func append<Declaration: TableDeclaration>(
    _ declaration: Declaration, to list: inout [Declaration], kind: String
  ) throws(FolioError) {
    if let taken = list.first(where: { $0.id == declaration.id }) {
      throw FolioError(
        .conflict, "the \(kind) '\(declaration.id)' is declared already (by \(taken.owner))",
        values: ["id": declaration.id])
    }
    list.append(declaration)
  }

  /// Removes every decoration and format `owner` added.
  public func removeAll(ownedBy owner: String) {
    rowDecorations.removeAll { $0.owner == owner }
    cellFormats.removeAll { $0.owner == owner }
  }

  /// What applies to a table with these column names when the columns at `shown` (0-based
  /// table indices, in order) are shown: worked out once a view, so each row only compares
  /// cells.
  public func plan(columns: [String], shown: [Int]) -> TableDecorationPlan {
    guard !rowDecorations.isEmpty || !cellFormats.isEmpty else { return TableDecorationPlan() }
    func index(_ name: String) -> Int? { columns.firstIndex(of: name) }
    let decorations = rowDecorations.compactMap { decoration in
      index(decoration.column).map { TableDecorationPlan.Applied(decoration: decoration, column: $0) }
    }
    // Each format's column is found once, not once per column shown: the first format
    // declared for a column is the one it gets.
    var formatOfColumn: [Int: CellFormat] = [:]
    for format in cellFormats {
      guard let column = index(format.column), formatOfColumn[column] == nil else { continue }
      formatOfColumn[column] = format
    }
    var formats = formatOfColumn.isEmpty ? [] : shown.map { formatOfColumn[$0] }
    if formats.allSatisfy({ $0 == nil }) { formats = [] }
    return TableDecorationPlan(decorations: decorations, formats: formats)
  }
}

/// What a plugin declares for tables, kept once per id: a row decoration or a cell format.
private protocol TableDeclaration {
  /// The id no other declaration of its kind has.
  var id: String { get }
  /// Who declared it.
  var owner: String { get }
}

extension RowDecoration: TableDeclaration {}
extension CellFormat: TableDeclaration {}

/// The row decorations and cell formats that apply to one view of a table, with the columns
/// they read resolved to indices.
public struct TableDecorationPlan: Sendable, Equatable {
  /// A decoration with the index of the column it reads.
  public struct Applied: Sendable, Equatable {
    /// The decoration.
    public var decoration: RowDecoration
    /// The 0-based index of its column in the table.
    public var column: Int
  }

  /// The decorations whose column the table has, in the registry's order.
  public var decorations: [Applied] = []
  /// The format of each column shown (nil for none); empty when no column shown has one.
  public var formats: [CellFormat?] = []

  /// No decorations and no formats.
  public init() {}

  /// A plan of decorations and formats.
  public init(decorations: [Applied], formats: [CellFormat?]) {
    self.decorations = decorations
    self.formats = formats
  }

  /// Whether nothing applies: rows are shown as they are.
  public var isEmpty: Bool { decorations.isEmpty && formats.isEmpty }

  /// The decorations a row shows, given a way to read its cells by table column.
  public func decorations(cell: (Int) -> String) -> [RowDecoration] {
    guard !decorations.isEmpty else { return [] }
    return decorations.compactMap { $0.decoration.condition.isMet(by: cell($0.column)) ? $0.decoration : nil }
  }

  /// One place per decoration of `all`: its glyph when it is among `met`, else a blank.
  public static func glyphs(of all: [RowDecoration], met: [RowDecoration]) -> String {
    guard !met.isEmpty else { return String(repeating: " ", count: all.count) }
    if all.count == 1 { return all[0].glyph }
    return all.map { decoration in met.contains { $0.id == decoration.id } ? decoration.glyph : " " }.joined()
  }

  /// The displayed form of each cell shown that a format applies to (nil for the others);
  /// empty when no column shown has a format.
  public func formatted(_ cells: [String]) -> [String?] {
    guard !formats.isEmpty else { return [] }
    return zip(formats, cells).map { format, cell in format?.display(cell) }
  }
}
