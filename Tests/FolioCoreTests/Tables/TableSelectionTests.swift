import Testing

@testable import FolioCore

/// Sorting, selecting, deleting and context menus on tables: ids are what every one of them
/// keeps, and each change is one undo step.
@Suite struct TableSelectionTests {
  private static func table(_ csv: String) throws -> TableModel {
    try DelimitedFormat.decodeTable(Array(csv.utf8), delimiter: .comma)
  }

  private static let spots = "name,comfort,noise\nZen,8,2\nalcove,5,10\nBakery,8,\nCanal,10,7\nDock,,3\n"

  private static func names(_ table: TableModel) -> [String] {
    (0..<table.rowCount).map { table.cell(row: $0, column: 0).description }
  }

  private static func document(_ csv: String = spots) throws -> (Workspace, Document) {
    let workspace = Workspace(store: nil, currentDirectory: "/", home: nil)
    let document = try workspace.newDocument(kind: .table, columns: ["x"])
    document.content = .table(try table(csv))
    return (workspace, document)
  }

  private static func model(_ document: Document) throws -> TableModel {
    try document.modifyTable { $0 }
  }

  @Test("numbers sort as numbers, text ignoring case, empty cells last in both directions")
  func sortRules() throws {
    let table = try Self.table(Self.spots)
    #expect(try table.sortPermutation(by: [TableSortKey(column: "noise")]) == [0, 4, 3, 1, 2])
    #expect(
      try table.sortPermutation(by: [TableSortKey(column: "noise", order: .descending)]) == [1, 3, 4, 0, 2])
    #expect(try table.sortPermutation(by: [TableSortKey(column: "name")]) == [1, 2, 3, 4, 0])
    #expect(
      try table.sortPermutation(by: [
        TableSortKey(column: "comfort", order: .descending), TableSortKey(column: "name"),
      ])
        == [3, 2, 0, 1, 4])
  }

  @Test("the sort is stable: equal rows keep their order, for every size")
  func stable() throws {
    for count in 0..<20 {
      var csv = "k,v\n"
      for row in 0..<count { csv += "\(row % 3),\(row)\n" }
      let table = try Self.table(csv)
      let permutation = try table.sortPermutation(by: [TableSortKey(column: "k")])
      let expected = (0..<count).sorted { ($0 % 3, $0) < ($1 % 3, $1) }
      #expect(permutation == expected)
    }
  }

  @Test("sorting is one undo step that keeps ids and the selection, and stores no cells")
  func sortUndo() throws {
    let (workspace, document) = try Self.document()
    document.selection = [2]
    let before = try Self.model(document)
    try workspace.sort(document, by: [TableSortKey(column: "name")])
    let sorted = try Self.model(document)
    #expect(Self.names(sorted) == ["alcove", "Bakery", "Canal", "Dock", "Zen"])
    #expect((0..<5).map(sorted.id(ofRow:)) == [2, 3, 4, 5, 1])
    #expect(sorted.storedRows.isEmpty)
    #expect(document.selection == [2])
    #expect(document.sortOrder == [TableSortKey(column: "name")])
    #expect(try workspace.undo(document) == "Sort")
    #expect(try Self.model(document) == before)
    #expect(document.sortOrder.isEmpty)
    _ = try workspace.redo(document)
    #expect(try Self.model(document) == sorted)
  }

  @Test("removing and putting back rows at any positions restores the table exactly")
  func removeInsert() throws {
    let original = try Self.table(Self.spots)
    for mask in 1..<(1 << 5) {
      var table = original
      let positions = (0..<5).filter { mask & (1 << $0) != 0 }
      let removed = table.removeRows(at: positions)
      #expect(table.rowCount == 5 - positions.count)
      #expect(removed.map(\.id) == positions.map { $0 + 1 })
      table.insertRows(removed, at: positions)
      #expect(table == original)
    }
  }

  @Test("deleted rows leave the selection; undo puts them back with their ids")
  func delete() throws {
    let (workspace, document) = try Self.document()
    let before = try Self.model(document)
    document.selection = [2, 4, 5]
    #expect(try workspace.deleteRows([2, 4], from: document) == 2)
    #expect(document.selection == [5])
    #expect(Self.names(try Self.model(document)) == ["Zen", "Bakery", "Dock"])
    #expect(try workspace.undo(document) == "Delete 2 Rows")
    #expect(try Self.model(document) == before)
  }

  @Test("several rows need edit mode on iphone and ipad without a keyboard, not on mac")
  func editModeRule() throws {
    let (workspace, document) = try Self.document()
    for platform in MenuPlatform.allCases {
      for keyboard in [false, true] {
        for editing in [false, true] {
          var environment = AppEnvironment(platform: platform)
          environment.hasKeyboard = keyboard || platform == .mac
          document.isEditing = editing
          document.selection = []
          try workspace.select([1], mode: .replace, in: document, environment: environment)
          let allowed = editing || environment.hasKeyboard
          if allowed {
            try workspace.select([1, 2], mode: .replace, in: document, environment: environment)
            #expect(document.selection == [1, 2])
          } else {
            #expect(throws: FolioError.self) {
              try workspace.select([3], mode: .add, in: document, environment: environment)
            }
            #expect(document.selection == [1])
          }
        }
      }
    }
  }

  @Test("toggle flips each row")
  func toggle() throws {
    let (workspace, document) = try Self.document()
    document.selection = [1, 2]
    try workspace.select([2, 3], mode: .toggle, in: document, environment: AppEnvironment())
    #expect(document.selection == [1, 3])
  }

  @Test("Favorite adds the favorite column, and undo takes it away")
  func favorite() throws {
    let (workspace, document) = try Self.document()
    let before = try Self.model(document)
    document.selection = [3]
    #expect(!workspace.isFavorite(document))
    try workspace.setFavorite(true, in: document)
    #expect(workspace.isFavorite(document))
    let table = try Self.model(document)
    #expect(table.columns == ["name", "comfort", "noise", "favorite"])
    #expect(table.cell(row: 2, column: 3) == .string("yes"))
    #expect(table.cell(row: 0, column: 3) == .absent)
    _ = try workspace.undo(document)
    #expect(try Self.model(document) == before)
    document.selection = []
    #expect(throws: FolioError.self) { try workspace.setFavorite(true, in: document) }
  }

  @Test("the context menu has one case: empty, one row, several rows; none for text")
  func contextMenus() throws {
    let (workspace, document) = try Self.document()
    let titles = { (menu: Menu?) in
      menu?.elements.compactMap { element -> String? in
        if case .item(let item) = element { return item.title }
        return nil
      }
    }
    #expect(titles(workspace.contextMenu(for: document)) == ["New Row"])
    document.selection = [2]
    #expect(titles(workspace.contextMenu(for: document)) == ["Favorite", "Delete", "Actions…"])
    #expect(workspace.contextMenu(for: document)?.title == "alcove")
    document.selection = [1, 2, 3]
    #expect(titles(workspace.contextMenu(for: document)) == ["Delete 3 Rows"])
    let text = try workspace.newDocument(kind: .text, columns: [])
    #expect(workspace.contextMenu(for: text) == nil)

    let registry = ContextMenuRegistry(includingBuiltIns: false)
    #expect(
      registry.menu(for: ContextMenuContext(selectionCount: 1, documentKind: .table), title: "t") == nil)
    registry.add(ContextMenuEntry(cases: [.single], owner: "plugin demo") { Button(command: "demo.go") })
    #expect(
      registry.menu(for: ContextMenuContext(selectionCount: 1, documentKind: .table), title: "t") != nil)
    registry.removeEntries(ownedBy: "plugin demo")
    #expect(registry.entries.isEmpty)
  }

  @Test("an entry applies to exactly its cases and kinds, also after they are changed")
  func entryApplies() {
    var entry = ContextMenuEntry(cases: [.single, .multiple], documentKinds: [.table]) { _ in [] }
    let pairs = ContextMenuCase.allCases.flatMap { selectionCase in
      DocumentKind.allCases.map { (selectionCase, $0) }
    }
    func applying() -> [String] {
      pairs.filter { selectionCase, kind in
        let count = selectionCase == .empty ? 0 : selectionCase == .single ? 1 : 2
        return entry.applies(to: ContextMenuContext(selectionCount: count, documentKind: kind))
      }.map { "\($0.0.rawValue) \($0.1.rawValue)" }
    }
    #expect(applying() == ["single table", "multiple table"])
    entry.cases = [.empty]
    entry.documentKinds = [.text, .table]
    #expect(applying() == ["empty text", "empty table"])
    entry.documentKinds = []
    #expect(applying().isEmpty)
  }
}
