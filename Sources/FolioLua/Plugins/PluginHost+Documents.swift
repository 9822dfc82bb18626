import CLuaHost
import FolioCore

/// The methods of `ctx.document` handles.
///
/// A handle is a table with the document's fields that the host made for a `ctx` and
/// recorded, by identity, with its document's window id; a table a plugin makes is never a
/// handle. Each method finds the document again by that id, so a handle outliving its window
/// raises "document closed". Numbers are checked against their valid range and the text an
/// edit adds is charged to the plugin's memory budget before any work. Edits go through the
/// workspace's undoable operations and join the transaction of the callback running now.
extension PluginHost {
  /// Makes the handle methods once per plugin state.
  func makeDocumentMethods(in lua: LuaState, for plugin: Plugin) -> [String: LuaFunctionReference] {
    let methods: [String: LuaState.DataFunction] = [
      "columns": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let table = try table(arguments, of: plugin, method: "columns")
        return [.table(LuaTable(array: table.columns.map(LuaData.string)))]
      },
      "get": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let document = try document(arguments, of: plugin, method: "get")
        let table = try Self.table(of: document, method: "get")
        let index = try Self.row(arguments, 1, in: table, method: "get")
        let column = try Self.column(arguments, 2, in: table, method: "get")
        let kinds = columnKinds(of: document)
        return [
          Self.data(
            of: table.cell(row: index, column: column),
            kind: kinds.indices.contains(column) ? kinds[column] : .text)
        ]
      },
      "set": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let document = try document(arguments, of: plugin, method: "set")
        // The row and column are looked up in a copy of the table that is gone before the
        // edit: one kept across it would make the edit copy the table's rows (issue 35).
        let (rowID, column) = try Self.cellAddress(arguments, of: document, method: "set")
        let value = try Self.cellValue(arguments[3, depth: 0], method: "set", field: "value")
        let keptBefore = document.groupedCellEditBytes
        var changed = false
        try edit(document, adding: value.description.utf8.count, arguments, method: "set") {
          changed = try surface.workspace.setCell(rowID: rowID, column: column, to: value, in: document)
        }
        // What the undo history keeps for it: 16 bytes in a callback's batch of cell edits
        // (and the old cell when the file does not hold it), else a step of its own.
        let kept = document.groupedCellEditBytes - keptBefore
        try charge(kept > 0 ? kept : changed ? Self.keptItemBytes : 0, arguments, method: "set")
        return []
      },
      "add": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let document = try document(arguments, of: plugin, method: "add")
        let (values, size) = try Self.addedRow(arguments, of: document)
        var id = 0
        try edit(document, adding: size, arguments, method: "add") {
          id = try surface.workspace.addRow(cells: values, to: document)
        }
        return [.integer(id)]
      },
      "add_column": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let document = try document(arguments, of: plugin, method: "add_column")
        _ = try Self.table(of: document, method: "add_column")
        let name = try Self.string(arguments[1, depth: 0], method: "add_column", field: "name")
        try edit(document, adding: name.utf8.count + Self.keptItemBytes, arguments, method: "add_column") {
          try surface.workspace.addColumn(name, to: document)
        }
        return []
      },
      "delete": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let document = try document(arguments, of: plugin, method: "delete")
        let ids = try Self.deletedIDs(arguments, of: document)
        guard !ids.isEmpty else { return [.integer(0)] }
        var count = 0
        try edit(document, adding: 0, arguments, method: "delete") {
          count = try surface.workspace.deleteRows(ids, from: document)
        }
        return [.integer(count)]
      },
      "lines": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let lines = try lines(of: try document(arguments, of: plugin, method: "lines"), method: "lines")
        return [.table(LuaTable(array: lines.map(LuaData.string)))]
      },
      "line": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let lines = try lines(of: try document(arguments, of: plugin, method: "line"), method: "line")
        let number = try Self.integer(arguments[1, depth: 0], method: "line", field: "n", in: 1...Int.max)
        return [number <= lines.count ? .string(lines[number - 1]) : .nil]
      },
      "set_line": { [unowned self, unowned plugin] arguments throws(LuaError) in
        try lineEdit(arguments, of: plugin, method: "set_line", past: 0) {
          workspace, document, number, text in
          try workspace.replaceLine(number, with: text, in: document)
        }
      },
      "insert": { [unowned self, unowned plugin] arguments throws(LuaError) in
        try lineEdit(arguments, of: plugin, method: "insert", past: 1) { workspace, document, number, text in
          try workspace.insertLine(text, at: number, in: document)
        }
      },
      "delete_lines": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let document = try document(arguments, of: plugin, method: "delete_lines")
        let lines = try Self.lineNumbers(
          try lines(of: document, method: "delete_lines"), document, method: "delete_lines")
        let first = try Self.integer(arguments[1, depth: 0], method: "delete_lines", field: "a", in: lines)
        let last =
          arguments[2, depth: 0] == .nil
          ? first
          : try Self.integer(
            arguments[2, depth: 0], method: "delete_lines", field: "b", in: first...lines.upperBound)
        var deleted = 0
        try edit(document, adding: 0, arguments, method: "delete_lines") {
          deleted = try surface.workspace.deleteLines(Array(first...last), from: document)
        }
        return [.integer(deleted)]
      },
    ]
    return methods.merging(makeDocumentFileMethods(for: plugin)) { own, _ in own }.merging(
      makeDocumentSortMethods(for: plugin)
    ) { own, _ in own }.merging(makeReadingMethods(for: plugin)) { own, _ in own }.reduce(into: [:]) {
      functions, method in
      functions[method.key] = lua.makeFunction(name: "d:" + method.key, method.value)
    }.merging(makeIterationMethods(in: lua, for: plugin)) { own, _ in own }
  }

  /// `ctx.selection:rows()`: the selected rows in table order, each like `d:rows()` gives
  /// them; empty with no document or a text document.
  func makeSelectionRows(in lua: LuaState, for plugin: Plugin) -> LuaFunctionReference {
    lua.makeFunction(name: "selection:rows") { [unowned self, unowned plugin] arguments throws(LuaError) in
      var window: Int64 = 0
      switch folio_lua_handle_window(arguments.state, plugin.contextTemplate, 1, &window) {
      case 1: break
      case 0: return [.table(LuaTable())]
      default: throw LuaError(message: "selection:rows: call it as a method, ctx.selection:rows()")
      }
      guard let document = surface.workspace.documents.first(where: { $0.windowID == window }) else {
        throw LuaError(message: "selection:rows: document closed")
      }
      guard case .table(let table) = document.content else { return [.table(LuaTable())] }
      let kinds = columnKinds(of: document)
      let rows = table.positions(ofIDs: document.selection).sorted().map {
        Self.row(at: $0, of: table, kinds: kinds)
      }
      return [.table(LuaTable(array: rows))]
    }
  }

  /// A row as Lua sees it: `id` and one field per column, typed by the column's kind.
  static func row(at index: Int, of table: TableModel, kinds: [TableValueKind]) -> LuaData {
    var fields: [String: LuaData] = ["id": .integer(table.id(ofRow: index))]
    for (position, (column, cell)) in zip(table.columns, table.cells(ofRow: index)).enumerated()
    where column != "id" {
      fields[column] = data(of: cell, kind: kinds.indices.contains(position) ? kinds[position] : .text)
    }
    return .table(LuaTable(fields: fields))
  }

  /// The value kinds that type a table document's text cells (`Workspace.readingKinds(of:)`):
  /// for CSV and TSV the kinds Folio infers (worked out once, kept until the table changes);
  /// text for JSON, whose cells carry their own types, so its strings stay strings.
  func columnKinds(of document: Document) -> [TableValueKind] {
    (try? surface.workspace.readingKinds(of: document)) ?? []
  }

  // MARK: Transactions

  /// A text method taking a line number `n` from 1 to the line count plus `past` and a string
  /// `s`: `d:set_line(n, s)`, `d:insert(n, s)`.
  private func lineEdit(
    _ arguments: LuaArguments, of plugin: Plugin, method: String, past: Int,
    _ change: (Workspace, Document, Int, String) throws -> Void
  ) throws(LuaError) -> [LuaData] {
    let document = try document(arguments, of: plugin, method: method)
    let lines = try Self.lineNumbers(
      try lines(of: document, method: method), document, past: past, method: method)
    let number = try Self.integer(arguments[1, depth: 0], method: method, field: "n", in: lines)
    let text = try Self.string(arguments[2, depth: 0], method: method, field: "s")
    try edit(document, adding: text.utf8.count + Self.keptItemBytes, arguments, method: method) {
      try change(surface.workspace, document, number, text)
    }
    return []
  }

  /// Charges `size` bytes the host keeps for the plugin to its memory budget.
  private func charge(_ size: Int, _ arguments: LuaArguments, method: String) throws(LuaError) {
    guard size > 0 else { return }
    guard folio_lua_charge_memory(arguments.state, size) != 0 else {
      throw LuaError(message: "d:\(method): not enough memory")
    }
  }

  /// Runs an edit that adds `size` bytes of text as part of the running callback's
  /// transaction, starting the document's group on its first edit; the bytes are charged to
  /// the plugin's memory budget first. Errors name the method.
  private func edit(
    _ document: Document, adding size: Int, _ arguments: LuaArguments, method: String,
    _ body: () throws -> Void
  ) throws(LuaError) {
    if isReadingOnly {
      throw LuaError(
        message: "d:\(method): documents are read-only in enabled, visible and state get functions")
    }
    guard folio_lua_charge_memory(arguments.state, size) != 0 else {
      throw LuaError(message: "d:\(method): not enough memory")
    }
    if transaction != nil, !document.isGrouping {
      document.beginGroup()
      transaction?.append(document)
    }
    do {
      try body()
    } catch {
      throw LuaError(message: "d:\(method): \(FolioError.from(error))")
    }
  }

  // MARK: Arguments

  /// The document of the handle the method was called on: only a handle a `ctx` handed out.
  func document(_ arguments: LuaArguments, of plugin: Plugin, method: String) throws(LuaError)
    -> Document
  {
    var window: Int64 = 0
    guard folio_lua_handle_window(arguments.state, plugin.contextTemplate, 1, &window) == 1 else {
      throw LuaError(
        message: "d:\(method): call it as a method on a document handle from ctx, d:\(method)(…)")
    }
    guard let document = surface.workspace.documents.first(where: { $0.windowID == window }) else {
      throw LuaError(message: "d:\(method): document closed")
    }
    return document
  }

  private func table(_ arguments: LuaArguments, of plugin: Plugin, method: String) throws(LuaError)
    -> TableModel
  {
    try Self.table(of: try document(arguments, of: plugin, method: method), method: method)
  }

  private static func table(of document: Document, method: String) throws(LuaError) -> TableModel {
    guard case .table(let table) = document.content else {
      throw LuaError(message: "d:\(method): '\(document.title)' is a text document, not a table")
    }
    return table
  }

  private func lines(of document: Document, method: String) throws(LuaError) -> [String] {
    guard case .text(let text) = document.content else {
      throw LuaError(message: "d:\(method): '\(document.title)' is a table, not a text document")
    }
    return text.lines
  }

  /// The line numbers 1 to the line count plus `past`; an error when there are none.
  private static func lineNumbers(_ lines: [String], _ document: Document, past: Int = 0, method: String)
    throws(LuaError) -> ClosedRange<Int>
  {
    guard lines.count + past >= 1 else {
      throw LuaError(message: "d:\(method): '\(document.title)' has no lines")
    }
    return 1...lines.count + past
  }

  /// The ids `d:delete(ids)` names, each checked, read from a copy of the table that ends
  /// with this call.
  private static func deletedIDs(_ arguments: LuaArguments, of document: Document) throws(LuaError) -> Set<
    Int
  > {
    let table = try table(of: document, method: "delete")
    let given = arguments[1, depth: 1]
    let list: [LuaData]
    switch given {
    case .integer: list = [given]
    case .table(let array): list = array.array
    default: throw LuaError(message: "d:delete: 'ids' must be an array of row ids, got \(given.typeName)")
    }
    var ids: Set<Int> = []
    for (position, value) in list.enumerated() {
      guard case .integer(let id) = value else {
        throw LuaError(message: "d:delete: 'ids[\(position + 1)]' must be a row id, got \(value.typeName)")
      }
      guard table.rowIndex(id: id) != nil else {
        throw LuaError(message: "d:delete: no row with id \(id)")
      }
      ids.insert(id)
    }
    return ids
  }

  /// The cells `d:add(fields)` adds, by column index, and the bytes the host keeps for the
  /// row — its text, its id, its cells and its undo record — read from a copy of the table
  /// that ends with this call, so the edit does not copy the table's rows.
  private static func addedRow(_ arguments: LuaArguments, of document: Document) throws(LuaError)
    -> (values: [Int: CellValue], size: Int)
  {
    let table = try table(of: document, method: "add")
    let given = arguments[1, depth: 1]
    guard let fields = given.table else {
      throw LuaError(message: "d:add: 'fields' must be a table of column = value, got \(given.typeName)")
    }
    // Each name is looked up here, once, as a name; the workspace gets column indices.
    var values: [Int: CellValue] = [:]
    for (column, value) in fields.fields.sorted(by: { $0.key < $1.key }) {
      guard let index = table.columnIndex(column) else {
        throw LuaError(
          message: "d:add: no column '\(column)' (columns: \(table.columns.joined(separator: ", ")))")
      }
      values[index] = try cellValue(value, method: "add", field: column)
    }
    let size =
      values.values.reduce(0) { $0 + $1.description.utf8.count } + keptItemBytes
      + keptCellBytes * table.columns.count
    return (values, size)
  }

  /// The row id and column index of the cell a method's arguments 1 and 2 name (`id`,
  /// `col`), looked up in a copy of the table that ends with this call.
  private static func cellAddress(_ arguments: LuaArguments, of document: Document, method: String)
    throws(LuaError) -> (rowID: Int, column: Int)
  {
    let table = try table(of: document, method: method)
    let index = try row(arguments, 1, in: table, method: method)
    return (table.id(ofRow: index), try column(arguments, 2, in: table, method: method))
  }

  private static func row(_ arguments: LuaArguments, _ position: Int, in table: TableModel, method: String)
    throws(LuaError) -> Int
  {
    let id = try integer(arguments[position, depth: 0], method: method, field: "id")
    guard let index = table.rowIndex(id: id) else {
      throw LuaError(message: "d:\(method): no row with id \(id)")
    }
    return index
  }

  private static func column(_ arguments: LuaArguments, _ position: Int, in table: TableModel, method: String)
    throws(LuaError) -> Int
  {
    let name = try string(arguments[position, depth: 0], method: method, field: "col")
    guard let column = table.columnIndex(name) else {
      throw LuaError(
        message: "d:\(method): no column '\(name)' (columns: \(table.columns.joined(separator: ", ")))")
    }
    return column
  }

  /// An integer argument within `range`, else an error naming the value and the range.
  private static func integer(
    _ value: LuaData, method: String, field: String, in range: ClosedRange<Int> = Int.min...Int.max
  ) throws(LuaError) -> Int {
    let number: Int?
    switch value {
    case .integer(let integer): number = integer
    case .number(let real): number = real.wholeNumber
    default: throw LuaError(message: "d:\(method): '\(field)' must be an integer, got \(value.typeName)")
    }
    guard let number, range.contains(number) else {
      let given = value.scalar?.description ?? value.typeName
      let valid =
        range.upperBound == Int.max
        ? "an integer of at least \(range.lowerBound)"
        : "an integer from \(range.lowerBound) to \(range.upperBound)"
      throw LuaError(message: "d:\(method): '\(field)' must be \(valid), got \(given)")
    }
    return number
  }

  private static func string(_ value: LuaData, method: String, field: String) throws(LuaError) -> String {
    guard let text = value.string else {
      throw LuaError(message: "d:\(method): '\(field)' must be a string, got \(value.typeName)")
    }
    return text
  }

  /// A cell value from Lua, typed: strings as text, integers and finite numbers as numbers,
  /// booleans as yes/no, nil as empty. How it is written is the workspace's rule
  /// (`Workspace.setCell(rowID:column:to:in:)`): the value a cell reads as already leaves
  /// it alone, and a new one takes its column's spelling.
  private static func cellValue(_ value: LuaData, method: String, field: String) throws(LuaError) -> CellValue
  {
    switch value {
    case .nil: return .empty
    case .string(let text): return .text(text)
    case .integer(let number): return .integer(number)
    case .number(let number):
      guard number.isFinite else {
        throw LuaError(message: "d:\(method): '\(field)' must be a finite number, got \(number)")
      }
      return .number(number)
    case .boolean(let flag): return .bool(flag)
    case .table, .function:
      throw LuaError(
        message: "d:\(method): '\(field)' must be a string, number, boolean or nil, got \(value.typeName)")
    }
  }

  /// A cell as Lua sees it: what it reads as by its column's kind (`TableCell.value(as:)`,
  /// `.text` for JSON strings) — a number in a number column, a boolean in a yes/no column,
  /// a string in a text column (so `0042` stays "0042"); an empty cell is nil.
  static func data(of cell: TableCell, kind: TableValueKind) -> LuaData {
    switch cell.value(as: kind) {
    case .empty: .nil
    case .text(let text): .string(text)
    case .integer(let number): .integer(number)
    case .number(let number): .number(number)
    case .bool(let flag): .boolean(flag)
    }
  }
}
