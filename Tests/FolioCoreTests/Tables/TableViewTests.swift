import Testing

@testable import FolioCore

/// `show` as a model: the columns shown and their order, kinds, widths fitted to the rows
/// shown and to the window, and truncation that counts wide characters.
@Suite struct TableViewTests {
  private static let places = """
    name,city,comfort,noise
    Café Central,Vienna,4,6
    蔦屋書店 Daikanyama,Tokyo,5,3
    The Long Quiet Gallery of the Old Botanical Garden Conservatory,Copenhagen,5,
    Ōhori Park Teahouse,Fukuoka,4,2

    """

  private static func document(_ csv: String = places) throws -> (Workspace, Document) {
    let workspace = Workspace(store: nil, currentDirectory: "/", home: nil)
    let document = try workspace.newDocument(kind: .table, columns: ["x"])
    document.content = .table(try DelimitedFormat.decodeTable(Array(csv.utf8), delimiter: .comma))
    return (workspace, document)
  }

  private static func view(
    _ positions: [Int]? = nil, columns: [TableViewColumn]? = nil, compact: Bool = false, width: Int? = 100
  ) throws -> TableView {
    let (workspace, document) = try document()
    return try workspace.tableView(
      of: document, positions: positions, columns: columns, compact: compact, width: width, metrics: .text)
  }

  @Test("every column in table order, with kinds, alignment and natural widths capped at 40")
  func allColumns() throws {
    let view = try Self.view()
    #expect(view.columns.map(\.title) == ["name", "city", "comfort", "noise"])
    #expect(view.columns.map(\.index) == [0, 1, 2, 3])
    #expect(view.columns.map(\.kind) == [.text, .text, .number, .number])
    #expect(view.columns.map(\.alignment) == [.leading, .leading, .trailing, .trailing])
    #expect(view.columns.map(\.width) == [40, 10, 7, 5])
    #expect(view.rows.map(\.cells.count) == [4, 4, 4, 4])
  }

  @Test("widths fit the rows shown only, and wide characters count two columns")
  func widthsFromShownRows() throws {
    #expect(try Self.view([1]).columns.map(\.width) == [12, 6, 7, 5])
    #expect(try Self.view([2]).columns.map(\.width) == [19, 5, 7, 5])
  }

  @Test("the columns asked for show in their order with their width rules; compact keeps the first")
  func columnSelection() throws {
    let view = try Self.view(columns: [
      TableViewColumn(index: 3), TableViewColumn(index: 0, widthRule: .fixed(8)),
    ])
    #expect(view.columns.map(\.title) == ["noise", "name"])
    #expect(view.columns.map(\.width) == [5, 8])
    #expect(view.rows[0].cells == ["6", "Café Central"])
    #expect(view.columns[1].format("Café Central") == "Café Ce…")
    #expect(try Self.view(compact: true).columns.map(\.title) == ["name"])
    #expect(
      try Self.view(columns: [TableViewColumn(index: 1), TableViewColumn(index: 0)], compact: true).columns
        .map(\.title) == ["city"])
  }

  @Test("a row or column outside the table is an error naming it, never a trap")
  func outside() throws {
    #expect(throws: FolioError.invalidArgument("column 5 is outside 1–4")) {
      try Self.view(columns: [TableViewColumn(index: 4)])
    }
    #expect(throws: FolioError.invalidArgument("column 9223372036854775808 is outside 1–4")) {
      try Self.view(columns: [TableViewColumn(index: Int.max)])
    }
    #expect(throws: FolioError.invalidArgument("row \(Int.max) is outside 1–4")) { try Self.view([Int.max]) }
    #expect(throws: FolioError.invalidArgument("row 0 is outside 1–4")) { try Self.view([0]) }
  }

  @Test("a narrow window narrows the widest fitted columns first, never below four, fixed ones never")
  func fitsTheWindow() throws {
    for width in 20...100 {
      let view = try Self.view(width: width)
      let natural = try Self.view(width: nil)
      for (column, full) in zip(view.columns, natural.columns) {
        #expect(column.width <= full.width)
        #expect(column.width >= min(full.width, TableMetrics.text.minimumColumnWidth))
      }
      let fits = view.lineWidth <= width
      let atMinimum = view.columns.allSatisfy {
        $0.width == min(TableMetrics.text.minimumColumnWidth, $0.width)
      }
      #expect(fits || atMinimum, "width \(width): line \(view.lineWidth)")
    }
    let view = try Self.view(width: 50)
    #expect(view.lineWidth == 50)
    #expect(view.columns.map(\.width) == [13, 10, 7, 5])
    let fixed = try Self.view(
      columns: [TableViewColumn(index: 0, widthRule: .fixed(30)), TableViewColumn(index: 1)], width: 30)
    #expect(fixed.columns.map(\.width) == [30, 4])
  }

  @Test("cells are cut with … to the width, wide characters never split, numbers padded on the left")
  func formatting() {
    var column = TableColumn(title: "name", index: 0, widthRule: .fixed(8))
    #expect(column.format("Café") == "Café    ")
    #expect(column.format("蔦屋書店 Daikanyama") == "蔦屋書… ")
    #expect(column.format("ab蔦屋書店") == "ab蔦屋… ")
    #expect(column.format("two\nlines") == "two⏎lin…")
    #expect(column.format("e\u{301}e\u{301}e\u{301}") == "e\u{301}e\u{301}e\u{301}     ")
    column.kind = .number
    #expect(column.format("4.5") == "     4.5")
    #expect(column.format("123456789") == "1234567…")
    #expect("anything".truncated(toCells: 0) == "")
    #expect("蔦屋".truncated(toCells: 2) == "…")
  }

  @Test("the gutter and the row numbers take their columns in the line width")
  func lineWidth() throws {
    let (workspace, document) = try Self.document()
    var view = try workspace.tableView(
      of: document, positions: [1], columns: [TableViewColumn(index: 0)], compact: false, width: nil,
      metrics: .text)
    #expect(view.lineWidth == 1 + 3 + 12 + 2)
    document.selection = [1]
    view = try workspace.tableView(
      of: document, positions: [1], columns: [TableViewColumn(index: 0)], compact: false, width: nil,
      metrics: .text)
    #expect(view.hasGutter)
    #expect(view.lineWidth == 2 + 3 + 1 + 3 + 12 + 2)
  }

  @Test("in edit mode every row has a selection cell; the gutter then marks favorites only")
  func editModeSelectionColumn() throws {
    let (workspace, document) = try Self.document()
    func view() throws -> TableView {
      try workspace.tableView(
        of: document, positions: [1, 2], columns: [TableViewColumn(index: 0)], compact: false, width: nil,
        metrics: .text)
    }
    let plain = try view()
    #expect(!plain.isEditing && !plain.hasGutter)
    workspace.setEditing(true, in: document, environment: AppEnvironment(platform: .ipad))
    let editing = try view()
    #expect(editing.isEditing && !editing.hasGutter)
    #expect(editing.lineWidth == plain.lineWidth + TableMetrics.text.selectionMarkWidth + 3)
    document.selection = [1]
    let selected = try view()
    #expect(!selected.hasGutter, "the selection column marks the selection; the gutter stays away")
    #expect(selected.rows.map(\.isSelected) == [true, false])
    workspace.setEditing(false, in: document, environment: AppEnvironment(platform: .ipad))
    #expect(try view().hasGutter && !view().isEditing)
  }

  @Test("the line width and the fitting use the front end's metrics, not the text renderer's")
  func frontEndMetrics() throws {
    let (workspace, document) = try Self.document()
    let wide = TableMetrics(separatorWidth: 5, edgeWidth: 0, gutterWidth: 4, minimumColumnWidth: 6)
    document.selection = [1]
    let view = try workspace.tableView(
      of: document, positions: [1], columns: [TableViewColumn(index: 0)], compact: false, width: nil,
      metrics: wide)
    #expect(view.lineWidth == 4 + 5 + 1 + 5 + 12)
    let narrow = try workspace.tableView(
      of: document, positions: nil, columns: nil, compact: false, width: 20, metrics: wide)
    #expect(narrow.columns.map(\.width) == [6, 6, 6, 5])
    let text = try workspace.tableView(
      of: document, positions: nil, columns: nil, compact: false, width: 20, metrics: .text)
    #expect(text.columns.map(\.width) == [4, 4, 4, 4])
  }

  @Test("past the sample limit widths come from a sample: a wider cell outside it is cut, not measured")
  func sampledWidths() throws {
    let count = 5_000
    // Row index 1001 is outside the sample: the first 1,000 rows and every fourth after.
    let csv =
      "name\n"
      + (0..<count).map { $0 == 1_001 ? String(repeating: "w", count: 30) + "\n" : "r\($0)\n" }.joined()
    let (workspace, document) = try Self.document(csv)
    let view = try workspace.tableView(
      of: document, positions: nil, columns: nil, compact: false, width: nil, metrics: .text)
    #expect(view.rows.count == count)
    #expect(view.columns[0].width == "r4999".count)
    #expect(view.columns[0].format(view.rows[1_001].cells[0]) == "wwww…")
    #expect(view.positionWidth == 4)
    #expect(!view.hasGutter)
    let few = try workspace.tableView(
      of: document, positions: Array(1_000...1_003), columns: nil, compact: false, width: nil, metrics: .text)
    #expect(few.columns[0].width == 30)
  }

  @Test("rows are made when read, from the table as it was when show ran")
  func rowsAreASnapshot() throws {
    let (workspace, document) = try Self.document()
    let view = try workspace.tableView(
      of: document, positions: [2], columns: nil, compact: false, width: nil, metrics: .text)
    try workspace.setCell(rowID: 2, column: 0, to: "Changed", in: document)
    #expect(view.rows.map(\.cells[0]) == ["蔦屋書店 Daikanyama"])
  }

  /// A one-row CSV of `count` columns, `c0,c1,…` over `0,1,…`.
  private static func wide(_ count: Int) -> String {
    (0..<count).map { "c\($0)" }.joined(separator: ",") + "\n"
      + (0..<count).map { String($0) }.joined(separator: ",") + "\n"
  }

  @Test("a layout of 100,000 columns checks for a stop every 4,096 columns and once a sampled row")
  func wideLayoutChecks() throws {
    let (workspace, document) = try Self.document(Self.wide(100_000))
    let view = try workspace.tableView(
      of: document, positions: nil, columns: nil, compact: false, width: 80, metrics: .text)
    var checks = 0
    let again = TableView(
      title: view.title, columns: view.columns, rows: view.rows, width: 80, metrics: .text, isEditing: false
    ) { () throws(Never) in checks += 1 }
    #expect(again == view)
    #expect(checks >= 100_000 / TableView.columnsBetweenChecks + 1)
    // Every column narrowed to fit, none below four.
    #expect(view.columns.count == 100_000)
    #expect(view.columns.allSatisfy { $0.width <= 4 })

    struct Stop: Error {}
    var left = 5
    #expect(throws: Stop.self) {
      _ = try TableView(
        title: view.title, columns: view.columns, rows: view.rows, width: 80, metrics: .text, isEditing: false
      ) { () throws(Stop) in
        left -= 1
        if left == 0 { throw Stop() }
      }
    }
  }

  @Test("a cancelled token stops show's layout with interrupted, the table untouched")
  func cancelledLayout() throws {
    let (workspace, document) = try Self.document(Self.wide(10_000))
    workspace.cancellation.cancel()
    defer { workspace.cancellation.reset() }
    #expect {
      try workspace.tableView(
        of: document, positions: nil, columns: nil, compact: false, width: 80, metrics: .text)
    } throws: {
      ($0 as? FolioError)?.code == .interrupted
    }
    workspace.cancellation.reset()
    #expect(
      try workspace.tableView(
        of: document, positions: [1], columns: nil, compact: false, width: nil, metrics: .text
      ).columns.count == 10_000)
  }
}
