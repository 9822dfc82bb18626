import FolioCore

/// The commands that sort a table, select its rows and delete or mark them: `sort`,
/// `select`, `count`, `summary`, `selection`, `edit-mode`, `delete`, `favorite` and `actions`.
enum TableCommands {
  /// Every table command, in the order help lists them.
  static var declarations: [any DeclaredCommand<CommandContext>.Type] {
    [
      Sort.self, Select.self, Count.self, Summary.self, ShowSelection.self, EditMode.self, Delete.self,
      Favorite.self, RowActions.self,
    ]
  }

  /// `sort [COLUMN[:asc|:desc]…]`; bare, it shows the order; `--clear` forgets it.
  enum Sort: DocumentAction {
    static let keys = ParameterKey.rest(
      "keys", summary: "COLUMN or COLUMN:asc or COLUMN:desc", valueName: "COLUMN[:asc|:desc]")
    static let clear = ParameterKey.flag(
      "clear", summary: "forget the sort order: the rows stay where they are, and edits no longer move them")

    static let configuration = CommandConfiguration(
      id: "view.sort", verb: "sort", title: "Sort", icon: "arrow.up.arrow.down", category: "Tables",
      summary:
        "sort rows by columns, first key first, and keep them sorted: name noise:desc; bare 'sort' shows the order",
      details: """
        A stable sort: rows equal by every key keep their order. A column whose non-empty \
        cells are all numbers sorts as numbers, others as text the way people expect (letters \
        first, then accents, then case; numbers inside text by value: item 9 before item 10), \
        or by bytes with the setting sort.collation binary; empty cells go last either way. \
        One undoable step; row ids and the selection stay with their rows. The table keeps \
        the order: an edit, an added row or a plugin's change puts the rows it changed back \
        in place, in the same undo step. 'sort --clear' forgets the order; 'open PATH \
        --sort name' opens a table with one.
        """,
      parameters: [keys, clear])

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let document = context.document
      // The keys take every word from the first that is not `--clear` on; an unquoted
      // `--name` among them is an option, not a column.
      if let option = arguments[Self.keys].first(where: { $0.text.hasPrefix("--") && $0.isPlain(through: 2) })
      {
        let name = String(option.text.prefix { $0 != "=" })
        throw name == "--clear" ? clearTakesNoColumns : configuration.unknownOption(name)
      }
      let words = arguments[Self.keys].map(\.text)
      if arguments[Self.clear] {
        guard words.isEmpty else { throw clearTakesNoColumns }
        try context.workspace.clearSortOrder(of: document)
        return .sortOrder(SortReport(document: document.title, keys: [], sortedRows: nil, wasCleared: true))
      }
      guard !words.isEmpty else {
        try context.workspace.requireTable(document)
        return .sortOrder(SortReport(document: document.title, keys: document.sortOrder, sortedRows: nil))
      }
      let keys = try words.map { word throws in try TableSortKey(parsing: word) }
      let count = try context.workspace.sort(document, by: keys)
      return .sortOrder(SortReport(document: document.title, keys: keys, sortedRows: count))
    }

    private static let clearTakesNoColumns = FolioError.invalidArgument("'sort --clear' takes no columns")
  }

  /// `select ROWS|all|none [--add|--toggle]`, `select where EXPR [--add|--toggle]`.
  enum Select: DocumentAction {
    static let rows = ParameterKey.optionalArgument(
      "rows", summary: "positions, ranges, id:N, all or none; or where and an expression",
      valueName: "ROWS|all|none")
    static let expression = ParameterKey.rest(
      "expression", summary: "after where: the test, such as city = Paris and noise < 3",
      valueName: "where EXPR")
    static let add = ParameterKey.flag("add", summary: "add to the selection")
    static let toggle = ParameterKey.flag("toggle", summary: "flip each row's selection")
    static let whereText = ParameterKey.option(
      "where", summary: "select the rows this expression holds for (one string)", valueName: "EXPR")

    static let configuration = CommandConfiguration(
      id: "selection.select", verb: "select", title: "Select", icon: "checkmark.circle", category: "Tables",
      summary: "select rows: positions 3, ranges 2-5, lists 1,4-6, id:7, all, none, or where EXPR",
      details: """
        --add adds the rows to the selection, --toggle flips each. Several rows need edit \
        mode ('edit-mode on') on iphone and ipad without a keyboard; on mac or with \
        'env keyboard on' they do not. The selection is of row ids: it survives sorting. \
        'select where EXPR' selects the rows EXPR holds for: COLUMN = VALUE, !=, <, <=, >, \
        >= (as numbers where the column holds numbers), COLUMN ~ REGEX (POSIX extended, \
        case exact; ~* either case), COLUMN contains TEXT, COLUMN empty, with not, and, or \
        and parentheses; quote names and values with spaces. --where 'EXPR' takes it as one \
        string.
        """,
      parameters: [rows, expression, add, toggle, whereText])

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let document = context.document
      let split = try WhereExpression.splitOptions(
        arguments[Self.expression], names: ["add", "toggle"], configuration: configuration)
      let isAdding = arguments[Self.add] || split.options.contains("add")
      let isToggling = arguments[Self.toggle] || split.options.contains("toggle")
      guard !(isAdding && isToggling) else {
        throw FolioError.invalidArgument("'select' takes --add or --toggle, not both")
      }
      let mode: SelectionMode = isAdding ? .add : isToggling ? .toggle : .replace
      let rows = arguments[Self.rows]
      let expression = try document.readTable { table throws(FolioError) in
        try WhereExpression.given(
          rowsWord: rows, words: split.words, typed: arguments[Self.whereText], command: "select", in: table)
      }
      if let expression {
        let ids = try context.workspace.rowIDs(matching: expression.predicate, in: document)
        try context.workspace.select(ids, mode: mode, in: document, environment: context.environment())
        return .selection(context.workspace.selectionReport(of: document))
      }
      guard let rows else {
        throw FolioError.invalidArgument("missing argument ROWS|all|none or where EXPR for 'select'")
      }
      let ids = try document.readTable { table throws(FolioError) -> [Int]? in
        switch rows.lowercased() {
        case "all": return (0..<table.rowCount).map(table.id(ofRow:))
        // No rows: the selection empties when replaced, and adding none changes nothing.
        case "none": return mode == .add ? nil : []
        default: return try table.rowIDs(rows)
        }
      }
      if let ids {
        try context.workspace.select(ids, mode: mode, in: document, environment: context.environment())
      }
      return .selection(context.workspace.selectionReport(of: document))
    }
  }

  /// `count [where EXPR]`: how many rows a table has, or how many an expression holds for.
  enum Count: DocumentAction {
    static let expression = ParameterKey.rest(
      "expression", summary: "where and the test, such as where city = Paris", valueName: "where EXPR")
    static let whereText = ParameterKey.option(
      "where", summary: "count the rows this expression holds for (one string)", valueName: "EXPR")

    static let configuration = CommandConfiguration(
      id: "view.count", verb: "count", title: "Count Rows", icon: "number", category: "Tables",
      summary: "how many rows the table has, or how many 'where EXPR' holds for",
      details: """
        EXPR is as for 'select where': COLUMN = VALUE, !=, <, <=, >, >=, ~ REGEX, contains \
        TEXT, empty, not, and, or, parentheses. Reads every row once and changes nothing.
        """,
      parameters: [expression, whereText], access: .reads)

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let document = context.document
      var words = arguments[Self.expression]
      var rowsWord: String?
      if let first = words.first, first.isPlain, first.text.lowercased() == "where" {
        rowsWord = first.text
        words.removeFirst()
      }
      let expression = try document.readTable { table throws(FolioError) in
        try WhereExpression.given(
          rowsWord: rowsWord, words: words, typed: arguments[Self.whereText], command: "count", in: table)
      }
      return .rowCount(
        try context.workspace.countRows(
          matching: expression?.predicate, expression: expression?.text, in: document))
    }
  }

  /// `selection`: the selected rows.
  enum ShowSelection: DocumentAction {
    static let configuration = CommandConfiguration(
      id: "selection.show", verb: "selection", title: "Selection", icon: "checklist", category: "Tables",
      summary: "the selected rows, with their positions and ids", access: .reads)

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      try context.workspace.requireTable(context.document)
      return .selection(context.workspace.selectionReport(of: context.document))
    }
  }

  /// `edit-mode [on|off]` [EditButton].
  enum EditMode: SessionToggle {
    static let configuration = CommandConfiguration(
      id: "selection.edit-mode", verb: "edit-mode", title: "Edit Mode", icon: "pencil", category: "Tables",
      summary: "turn the window's edit mode on or off [EditButton]: several rows can then be selected",
      details: """
        Leaving edit mode on iphone or ipad without a keyboard deselects the rows when \
        several are selected.
        """)

    static func availability(in context: CommandContext) -> Availability {
      context.workspace.documentAvailability
    }

    static func isOn(in context: CommandContext) -> Bool { context.workspace.active?.isEditing ?? false }

    static func set(_ isOn: Bool, in context: CommandContext) throws {
      let workspace = context.workspace
      workspace.setEditing(isOn, in: try workspace.requireActive(), environment: context.environment())
    }
  }

  /// `favorite [on|off]`: marks the one selected row.
  enum Favorite: SessionToggle {
    static let configuration = CommandConfiguration(
      id: "row.favorite", verb: "favorite", title: "Favorite", icon: "star", category: "Tables",
      summary: "mark the selected row as a favorite (★), saved in its 'favorite' column",
      details: """
        The 'favorite' column is added when the table has none, so the mark is saved with \
        the document. One undoable step.
        """)

    static func availability(in context: CommandContext) -> Availability {
      guard let active = context.workspace.active else { return context.workspace.documentAvailability }
      guard active.kind == .table else { return .disabled(reason: "'\(active.title)' is not a table") }
      return active.selection.count == 1 ? .enabled : .disabled(reason: "select one row first ('select 3')")
    }

    static func isOn(in context: CommandContext) -> Bool {
      context.workspace.active.map(context.workspace.isFavorite) ?? false
    }

    static func set(_ isOn: Bool, in context: CommandContext) throws {
      let workspace = context.workspace
      try workspace.setFavorite(isOn, in: try workspace.requireActive())
    }
  }
}
