import FolioCore

extension PluginHost {
  /// Builds a row decoration from `folio.row_decoration{ id, symbol, column, when | equals |
  /// at_least / at_most, text?, tint? }`.
  ///
  /// The condition is declared, never a function: a row is decided by comparing one of its
  /// cells, with no Lua call, so showing a million rows costs no plugin time and no budget.
  func makeRowDecoration(_ options: LuaData, plugin: Plugin) throws(LuaError) -> RowDecoration {
    let function = "folio.row_decoration"
    let fields = try PluginFields(
      options, function: function,
      known: ["id", "symbol", "text", "tint", "column", "when", "equals", "at_least", "at_most"])
    let id = try fields.requiredString("id")
    let symbol = try fields.requiredString("symbol")
    let column = try fields.requiredString("column")
    let when = try fields.oneOf("when", ["yes", "filled"])
    let equals = try fields.string("equals")
    let low = try fields.number("at_least")
    let high = try fields.number("at_most")
    let condition: RowCondition
    switch (when, equals, low != nil || high != nil) {
    case ("yes"?, nil, false): condition = .yes
    case (_?, nil, false): condition = .filled
    case (nil, let text?, false): condition = .equals(text)
    case (nil, nil, true):
      if let low, let high, low > high {
        throw LuaError(message: "\(function): 'at_least' (\(low)) is greater than 'at_most' (\(high))")
      }
      condition = .range(atLeast: low, atMost: high)
    default:
      throw LuaError(
        message: "\(function): give one condition: 'when' (\"yes\" or \"filled\"), 'equals', or 'at_least' "
          + "and/or 'at_most'")
    }
    return RowDecoration(
      id: id, symbol: symbol, text: try fields.string("text"),
      tint: try fields.oneOf("tint", SymbolTint.self),
      column: column, condition: condition, owner: plugin.owner)
  }

  /// Builds a cell format from `folio.cell_format{ id, column, kind = "bar", min, max, width?,
  /// glyphs? }`: a bar of `width` (1–20, 5 by default) glyphs, `glyphs[1]` for the filled
  /// share and `glyphs[2]` for the rest (`▮` and `▯` by default).
  ///
  /// Declared, never a function, for the same reason as row decorations: formatting a cell
  /// is arithmetic, with no Lua call.
  func makeCellFormat(_ options: LuaData, plugin: Plugin) throws(LuaError) -> CellFormat {
    let function = "folio.cell_format"
    let fields = try PluginFields(
      options, function: function, known: ["id", "column", "kind", "min", "max", "width", "glyphs"])
    let id = try fields.requiredString("id")
    let column = try fields.requiredString("column")
    guard try fields.oneOf("kind", ["bar"]) != nil else { throw fields.error("kind", "\"bar\"") }
    guard let minimum = try fields.number("min"), minimum.isFinite else {
      throw fields.error("min", "a number")
    }
    guard let maximum = try fields.number("max"), maximum.isFinite else {
      throw fields.error("max", "a number")
    }
    guard maximum > minimum else {
      throw LuaError(message: "\(function): 'max' (\(maximum)) must be greater than 'min' (\(minimum))")
    }
    let width = try fields.number("width") ?? 5
    guard width == width.rounded(), width >= 1, width <= Double(CellFormat.maximumBarWidth) else {
      throw LuaError(
        message: "\(function): field 'width' must be a whole number from 1 to \(CellFormat.maximumBarWidth), "
          + "got \(width)")
    }
    let glyphs = try fields.strings("glyphs") ?? ["▮", "▯"]
    guard glyphs.count == 2, glyphs.allSatisfy({ $0.count == 1 && $0.cells == 1 }) else {
      throw fields.error("glyphs", "a list of two one-column characters { filled, empty }")
    }
    return CellFormat(
      id: id, column: column,
      style: .bar(minimum: minimum, maximum: maximum, width: Int(width), filled: glyphs[0], empty: glyphs[1]),
      owner: plugin.owner)
  }
}
