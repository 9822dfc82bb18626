import CLuaHost
import FolioCore

/// The handle methods that read a large table a part at a time — `d:count()`, `d:ids()`,
/// `d:rows{ from =, count = }`, `d:column(name)`, `d:each()` — and `d:update(fn)`, which
/// edits it row by row (issue 35 §6).
///
/// `d:each` and `d:update` are Lua, made once per plugin state from `iterationSource` with
/// Swift's row reader as an upvalue, so the plugin's loop, the rows it is given and the
/// edits it returns all run under the callback's budgets, Ctrl-C included, with no call from
/// Swift back into Lua.
extension PluginHost {
  /// The reading methods, by name, and the Swift function `d:each` and `d:update` read rows
  /// with.
  func makeReadingMethods(for plugin: Plugin) -> [String: LuaState.DataFunction] {
    [
      "count": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let document = try document(arguments, of: plugin, method: "count")
        switch document.content {
        case .table(let table): return [.integer(table.rowCount)]
        case .text(let text): return [.integer(text.lines.count)]
        }
      },
      "ids": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let document = try document(arguments, of: plugin, method: "ids")
        let table = try Self.readingTable(of: document, method: "ids")
        let range = try Self.rowRange(arguments[1, depth: 1], in: table, method: "ids")
        return [.table(LuaTable(array: range.map { .integer(table.id(ofRow: $0)) }))]
      },
      "rows": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let document = try document(arguments, of: plugin, method: "rows")
        let table = try Self.readingTable(of: document, method: "rows")
        let range = try Self.rowRange(arguments[1, depth: 1], in: table, method: "rows")
        let kinds = columnKinds(of: document)
        return [.table(LuaTable(array: range.map { Self.row(at: $0, of: table, kinds: kinds) }))]
      },
      "column": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let document = try document(arguments, of: plugin, method: "column")
        let table = try Self.readingTable(of: document, method: "column")
        let name = arguments[1, depth: 0]
        guard let text = name.string else {
          throw LuaError(message: "d:column: 'name' must be a string, got \(name.typeName)")
        }
        guard let column = table.columnIndex(text) else {
          throw LuaError(
            message: "d:column: no column '\(text)' (columns: \(table.columns.joined(separator: ", ")))")
        }
        let range = try Self.rowRange(arguments[2, depth: 1], in: table, method: "column")
        let kind = columnKinds(of: document).dropFirst(column).first ?? .text
        // Empty cells are nil: the list keeps every position, so `#` may stop at a hole;
        // a plain loop over the count reads them all.
        return [
          .table(
            LuaTable(array: range.map { Self.data(of: table.cell(row: $0, column: column), kind: kind) }))
        ]
      },
    ]
  }

  /// Makes `d:each` and `d:update` in `lua`: Lua functions reading rows through Swift
  /// functions of the handle kept as their upvalues (a row by position, a row by id, and what
  /// `update` visits).
  func makeIterationMethods(in lua: LuaState, for plugin: Plugin) -> [String: LuaFunctionReference] {
    let rowAt = lua.makeFunction(name: "d:each") {
      [unowned self, unowned plugin] arguments throws(LuaError) in
      let document = try document(arguments, of: plugin, method: "each")
      let table = try Self.readingTable(of: document, method: "each")
      guard case .integer(let position) = arguments[1, depth: 0], position >= 1, position <= table.rowCount
      else { return [.nil] }
      return [Self.row(at: position - 1, of: table, kinds: columnKinds(of: document))]
    }
    let rowOf = lua.makeFunction(name: "d:update") {
      [unowned self, unowned plugin] arguments throws(LuaError) in
      let document = try document(arguments, of: plugin, method: "update")
      let table = try Self.readingTable(of: document, method: "update")
      guard case .integer(let id) = arguments[1, depth: 0], let index = table.rowIndex(id: id) else {
        return [.nil]
      }
      return [Self.row(at: index, of: table, kinds: columnKinds(of: document))]
    }
    let visiting = lua.makeFunction(name: "d:update") {
      [unowned self, unowned plugin] arguments throws(LuaError) in
      let document = try document(arguments, of: plugin, method: "update")
      let table = try Self.readingTable(of: document, method: "update")
      // Edits of a table kept in order move rows: visit its rows by id, as they were.
      guard document.sortOrder.isEmpty else {
        return [.table(LuaTable(array: (0..<table.rowCount).map { .integer(table.id(ofRow: $0)) }))]
      }
      return [.integer(table.rowCount)]
    }
    // Where a function passed to `d:update` was written, for its errors: a call of d:update
    // that is a tail call (`return d:update(…)`) leaves no caller's line to name.
    let locate = lua.makeFunction(name: "d:update") { [unowned lua] arguments throws(LuaError) in
      guard case .function(let function) = arguments[0, depth: 0] else { return [.string("")] }
      defer { lua.release(function) }
      let location = lua.location(of: function)
      return [.string(location.isEmpty ? "" : location + " ")]
    }
    // The chunk hands its two functions to `keep`: a call's results do not keep functions.
    var made: [String: LuaFunctionReference] = [:]
    let keep = lua.makeFunction(name: "folio") { arguments throws(LuaError) in
      if case .function(let each) = arguments[0, depth: 0] { made["each"] = each }
      if case .function(let update) = arguments[1, depth: 0] { made["update"] = update }
      return []
    }
    guard let chunk = try? lua.load(Self.iterationSource, name: "=folio") else { return [:] }
    _ = try? lua.call(
      chunk, [.function(rowAt), .function(rowOf), .function(visiting), .function(locate), .function(keep)])
    lua.release(chunk)
    return made
  }

  /// `d:each()` and `d:update(fn)` in Lua (errors about `fn`'s result name the line `fn`
  /// was written on). `each` counts the rows when it starts and makes
  /// one row at a time; rows deleted meanwhile end it early. `update` visits the rows in
  /// table order; in a table kept sorted, whose edits move rows, the rows it had when it
  /// started, by id, in their order then.
  static let iterationSource = """
    local row_at, row_of, visiting, locate, keep = ...
    local type, pairs, error, tostring = type, pairs, error, tostring
    local function each(d)
      local n, i = d:count(), 0
      return function()
        i = i + 1
        if i <= n then return row_at(d, i) end
      end
    end
    local function update(d, fn)
      if type(fn) ~= "function" then
        error("d:update: expects a function(row) returning the changes (a table) or nil, got " .. type(fn), 2)
      end
      local plan, changed = visiting(d), 0
      local byID = type(plan) == "table"
      for i = 1, byID and #plan or plan do
        local row
        if byID then row = row_of(d, plan[i]) else row = row_at(d, i) end
        if row ~= nil then
          local changes = fn(row)
          if changes ~= nil then
            if type(changes) ~= "table" then
              error(locate(fn) .. "d:update: the function returned " .. type(changes) .. " for row "
                .. tostring(row.id) .. "; return a table of column = value, or nil", 0)
            end
            for column, value in pairs(changes) do
              if column ~= "id" then d:set(row.id, column, value) end
            end
            changed = changed + 1
          end
        elseif not byID then
          break
        end
      end
      return changed
    end
    keep(each, update)
    """

  /// The table of a document, for reading.
  static func readingTable(of document: Document, method: String) throws(LuaError) -> TableModel {
    guard case .table(let table) = document.content else {
      throw LuaError(message: "d:\(method): '\(document.title)' is a text document, not a table")
    }
    return table
  }

  /// The rows `{ from =, count = }` names (0-based positions): `from` from 1 (the default) to
  /// one past the last row, `count` from 0 (all the rest by default); nil means every row.
  static func rowRange(_ options: LuaData, in table: TableModel, method: String) throws(LuaError)
    -> Range<Int>
  {
    let rows = table.rowCount
    switch options {
    case .nil: return 0..<rows
    case .table(let fields):
      if let unknown = fields.fields.keys.sorted().first(where: { $0 != "from" && $0 != "count" }) {
        throw LuaError(message: "d:\(method): unknown field '\(unknown)' (fields: count, from)")
      }
      guard fields.array.isEmpty else {
        throw LuaError(message: "d:\(method): expects { from = N, count = N }, got a list")
      }
      let from = try position(fields.fields["from"], field: "from", in: 1...(rows + 1), method: method) ?? 1
      let count =
        try position(fields.fields["count"], field: "count", in: 0...Int.max, method: method)
        ?? (rows - from + 1)
      return (from - 1)..<(from - 1 + min(count, rows - from + 1))
    default:
      throw LuaError(
        message: "d:\(method): expects a table { from = N, count = N } or nothing, got \(options.typeName)")
    }
  }

  /// An optional integer field within `range`, else an error naming it, the value and the range.
  private static func position(_ value: LuaData?, field: String, in range: ClosedRange<Int>, method: String)
    throws(LuaError) -> Int?
  {
    guard let value, value != .nil else { return nil }
    let number: Int?
    switch value {
    case .integer(let integer): number = integer
    case .number(let real): number = real.wholeNumber
    default: throw LuaError(message: "d:\(method): '\(field)' must be an integer, got \(value.typeName)")
    }
    guard let number, range.contains(number) else {
      let valid =
        range.upperBound == Int.max
        ? "an integer of at least \(range.lowerBound)"
        : "an integer from \(range.lowerBound) to \(range.upperBound)"
      throw LuaError(
        message:
          "d:\(method): '\(field)' must be \(valid), got \(value.scalar?.description ?? value.typeName)")
    }
    return number
  }
}
