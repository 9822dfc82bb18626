import FolioCore

extension DocumentCommands {
  /// `undo`.
  enum Undo: DocumentAction {
    static let configuration = CommandConfiguration(
      id: "edit.undo", verb: "undo", title: "Undo", icon: "arrow.uturn.backward", shortcut: "⌘Z",
      category: "Editing",
      summary: "take back the active document's last change")

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      context.report(.undone(action: try context.workspace.undo(context.document)))
    }
  }

  /// `redo`.
  enum Redo: DocumentAction {
    static let configuration = CommandConfiguration(
      id: "edit.redo", verb: "redo", title: "Redo", icon: "arrow.uturn.forward", shortcut: "⇧⌘Z",
      category: "Editing",
      summary: "make the last undone change again")

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      context.report(.redone(action: try context.workspace.redo(context.document)))
    }
  }

  /// `show [ROWS] [columns=a,b] [--from-column C] [--all] [--vertical]`.
  enum Show: DocumentAction {
    static let rows = ParameterKey.optionalArgument(
      "rows", summary: "positions and ranges: 3, 2-5, 11- (to the end), 1,4-6, id:7")
    static let columns = ParameterKey.optionalArgument(
      "columns", summary: "the columns to show, in order; name:N fixes a width", valueName: "columns=a,b")
    static let all = ParameterKey.flag(
      "all", summary: "every row at once, where the REPL would stop a long table at the screen")
    static let fromColumn = ParameterKey.option(
      "from-column", summary: "start at this column (a name or its number), to page through wide tables",
      valueName: "C")
    static let vertical = ParameterKey.flag(
      "vertical", summary: "a table's rows as blocks, one column a line: column │ value")

    static let configuration = CommandConfiguration(
      id: "view.show", verb: "show", title: "Show", icon: "eye", category: "Editing",
      summary: "show lines of a text document or rows of a table: all, or ROWS such as 2-5,9 or 11-",
      parameters: [rows, columns, fromColumn, all, vertical], access: .reads)

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let window = context.environment()
      let document = context.document
      let rows = arguments[Self.rows]
      let columnText = arguments[Self.columns]
      let positions: [Int]?
      var columns: [TableViewColumn]?
      switch document.content {
      case .text(let text):
        if columnText != nil {
          throw FolioError.invalidArgument("'\(document.title)' is a text document: columns= is for tables")
        }
        if arguments[Self.fromColumn] != nil {
          throw FolioError.invalidArgument(
            "'\(document.title)' is a text document: --from-column is for tables")
        }
        positions = try rows.map { selector throws(FolioError) in
          try RowSelector.positions(selector, count: text.lines.count, kind: "line")
        }
      case .table(let table):
        positions = try rows.map(table.rowPositions)
        columns = try columnText.map { text throws(FolioError) in try ColumnSelection.columns(text, in: table)
        }
        if let from = arguments[Self.fromColumn] {
          columns = try ColumnSelection.columns(from: from, of: columns, in: table)
        }
      }
      var view = try context.workspace.view(
        // A block per row reads at any width: a compact window keeps every column there.
        of: document, positions: positions, columns: columns,
        compact: window.sizeClass == .compact && !arguments[Self.vertical],
        width: window.width, metrics: context.tableMetrics)
      if case .table(var table) = view {
        table.isWhole = arguments[Self.all]
        table.isVertical = arguments[Self.vertical]
        view = .table(table)
      } else if arguments[Self.vertical] {
        throw FolioError.invalidArgument("'\(document.title)' is a text document: --vertical is for tables")
      }
      return .documentView(view)
    }
  }

  /// `append TEXT…`.
  enum Append: DocumentAction {
    static let text = ParameterKey.restText("text", summary: "the line")

    static let configuration = CommandConfiguration(
      id: "edit.append", verb: "append", title: "Append Line", icon: "text.append", category: "Editing",
      summary: "add a line at the end of a text document",
      parameters: [text])

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let document = context.document
      try context.workspace.appendLine(arguments[Self.text], to: document)
      let count = if case .text(let text) = document.content { text.lines.count } else { 0 }
      return context.report(.lineAppended(line: count))
    }
  }

  /// `insert LINE TEXT…`.
  enum Insert: DocumentAction {
    static let line = ParameterKey.integer("line", summary: "the line number it takes")
    static let text = ParameterKey.restText("text", summary: "the line")

    static let configuration = CommandConfiguration(
      id: "edit.insert", verb: "insert", title: "Insert Line", icon: "text.insert", category: "Editing",
      summary: "insert a line before line LINE of a text document",
      parameters: [line, text])

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let line = arguments[Self.line]
      try context.workspace.insertLine(arguments[Self.text], at: line, in: context.document)
      return context.report(.lineInserted(line: line))
    }
  }

  /// `replace LINE TEXT…`.
  enum Replace: DocumentAction {
    static let line = ParameterKey.integer("line", summary: "the line number")
    static let text = ParameterKey.restText("text", summary: "the new text")

    static let configuration = CommandConfiguration(
      id: "edit.replace", verb: "replace", title: "Replace Line", icon: "pencil.line", category: "Editing",
      summary: "replace line LINE of a text document",
      parameters: [line, text])

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let line = arguments[Self.line]
      try context.workspace.replaceLine(line, with: arguments[Self.text], in: context.document)
      return context.report(.lineReplaced(line: line))
    }
  }

  /// `add column=value…`.
  enum AddRow: DocumentAction {
    static let cells = ParameterKey.rest("cells", summary: "column=value words", valueName: "k=v")

    static let configuration = CommandConfiguration(
      id: "edit.add", verb: "add", title: "Add Row", icon: "plus", category: "Editing",
      summary: "add a row to a table: column=value for each cell to fill",
      parameters: [cells])

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let values = try arguments[Self.cells].map { word throws -> (column: String, value: String) in
        guard let equals = word.text.firstIndex(of: "=") else {
          throw FolioError.invalidArgument("'add' takes column=value words, got '\(word.text)'")
        }
        return (String(word.text[..<equals]), String(word.text[word.text.index(after: equals)...]))
      }
      let id = try context.workspace.addRow(values, to: context.document)
      return context.report(.rowAdded(id: id))
    }
  }

  /// `cell ROW COLUMN VALUE`.
  enum SetCell: DocumentAction {
    static let row = ParameterKey.argument("row", summary: "a position or id:N")
    static let column = ParameterKey.argument("column", summary: "a name or number")
    static let value = ParameterKey.argument("value", summary: "the new text")

    static let configuration = CommandConfiguration(
      id: "edit.cell", verb: "cell", title: "Edit Cell", icon: "tablecells", category: "Editing",
      summary: "set one cell: ROW (position or id:N), COLUMN (name or number), VALUE",
      parameters: [row, column, value])

    static func run(_ arguments: Arguments, in context: DocumentContext) throws -> CommandOutput {
      let document = context.document
      let row = arguments[Self.row]
      let column = arguments[Self.column]
      let cell = try document.readTable { table throws(FolioError) in
        try CellReference(row: row, column: column, in: table)
      }
      let changed = try context.workspace.setCell(
        rowID: cell.rowID, column: cell.column, to: arguments[Self.value], in: document)
      return context.report(.cellSet(row: row, column: column, changed: changed))
    }
  }
}
