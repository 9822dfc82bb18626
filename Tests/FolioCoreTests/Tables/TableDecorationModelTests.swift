import Testing

@testable import FolioCore

/// Row conditions, bar formats and the plan a view is shown with.
@Suite struct TableDecorationModelTests {
  @Test(
    "a condition is met by the cells it names",
    arguments: [
      (RowCondition.yes, ["yes", "YES", "true", "1", "on", "y", "x", "★"], ["no", "", "0", "maybe"]),
      (.filled, ["a", "0", " "], [""]),
      (.equals("Paris"), ["Paris"], ["paris", "Paris ", ""]),
      (.range(atLeast: 2, atMost: 4), ["2", "3.5", "4"], ["1.99", "4.01", "", "three", "nan", "inf"]),
      (.range(atLeast: nil, atMost: 3), ["-10", "3"], ["3.1", ""]),
    ])
  func conditions(_ condition: RowCondition, _ met: [String], _ unmet: [String]) {
    for cell in met { #expect(condition.isMet(by: cell), "\(cell)") }
    for cell in unmet { #expect(!condition.isMet(by: cell), "\(cell)") }
  }

  @Test("a bar fills its share of min…max, rounded and clamped; other cells are not formatted")
  func bar() {
    let format = CellFormat(
      id: "b", column: "noise", style: .bar(minimum: 0, maximum: 10, width: 5, filled: "#", empty: "."),
      owner: "t")
    let cases = [
      ("0", "....."), ("1", "#...."), ("2", "#...."), ("5", "###.."), ("7", "####."), ("10", "#####"),
      ("-3", "....."), ("42", "#####"), ("2.5", "#...."), ("3", "##..."),
    ]
    for (cell, bar) in cases { #expect(format.display(cell) == bar, "\(cell)") }
    for cell in ["", "loud", "nan", "inf"] { #expect(format.display(cell) == nil, "\(cell)") }
  }

  @Test("a plan keeps the decorations whose column the table has, and the formats of the columns shown")
  func plan() throws {
    let registry = TableDecorationRegistry()
    let seal = RowDecoration(
      id: "s", symbol: "checkmark.seal.fill", column: "visited", condition: .yes, owner: "t")
    let other = RowDecoration(id: "o", symbol: "star", column: "missing", condition: .filled, owner: "t")
    let bar = CellFormat(
      id: "b", column: "noise", style: .bar(minimum: 0, maximum: 10, width: 2, filled: "#", empty: "."),
      owner: "t")
    try registry.add(seal)
    try registry.add(other)
    try registry.add(bar)
    #expect(throws: FolioError.self) { try registry.add(seal) }
    let columns = ["name", "noise", "visited"]
    let plan = registry.plan(columns: columns, shown: [0, 1])
    #expect(plan.decorations == [TableDecorationPlan.Applied(decoration: seal, column: 2)])
    #expect(plan.formats == [nil, bar])
    let cells = ["Dock", "10", "yes"]
    #expect(plan.decorations { cells[$0] } == [seal])
    #expect(plan.formatted(["Dock", "10"]) == [nil, "##"])
    // Showing only the name: no format applies, so rows keep their cells as they are.
    #expect(registry.plan(columns: columns, shown: [0]).formats.isEmpty)
    registry.removeAll(ownedBy: "t")
    #expect(registry.plan(columns: columns, shown: [0, 1]).isEmpty)
  }

  @Test("show's rows carry their decorations and displayed cells; widths fit the displayed cells")
  func view() throws {
    let workspace = Workspace(store: nil, currentDirectory: "/", home: nil)
    let document = try workspace.newDocument(kind: .table, columns: ["x"])
    document.content = .table(
      try DelimitedFormat.decodeTable(
        Array("name,noise,visited\nDock,10,yes\nBakery,,\n".utf8), delimiter: .comma))
    let seal = RowDecoration(
      id: "s", symbol: "checkmark.seal.fill", column: "visited", condition: .yes, owner: "t")
    try workspace.tableDecorations.add(seal)
    try workspace.tableDecorations.add(
      CellFormat(
        id: "b", column: "noise",
        style: .bar(minimum: 0, maximum: 10, width: 8, filled: "#", empty: "."), owner: "t"))
    let view = try workspace.tableView(
      of: document, positions: nil, columns: nil, compact: false, width: nil, metrics: .text)
    #expect(view.decorationWidth == 1)
    #expect(view.columns.map(\.width) == [6, 8, 7])
    let rows = Array(view.rows)
    #expect(rows[0].cells == ["Dock", "10", "yes"])
    #expect(rows[0].displayedCells == ["Dock", "########", "yes"])
    #expect(rows[0].decorations == [seal])
    #expect(rows[1].displayedCells == ["Bakery", "", ""])
    #expect(rows[1].decorations.isEmpty)
  }
}
