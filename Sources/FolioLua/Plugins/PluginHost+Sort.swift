import FolioCore

/// `d:sort{ "city", "name:desc" }`: sorts a table by typed keys, as `sort` does.
///
/// Each key is a column name, optionally with `:asc` or `:desc` (also `:ascending`,
/// `:descending`; the last colon splits, so a column named `a:b` is `a:b:asc`). The keys are
/// read before anything moves; an unknown column is `sort`'s own error. The sort joins the
/// running callback's transaction (one undo step with its edits, taken back when it fails),
/// keeps the table sorted afterwards as `sort` does, and is refused in `enabled`, `visible`
/// and state `get`.
extension PluginHost {
  /// The handle method that sorts a table, made once per plugin state.
  func makeDocumentSortMethods(for plugin: Plugin) -> [String: LuaState.DataFunction] {
    [
      "sort": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let document = try document(arguments, of: plugin, method: "sort")
        guard case .table = document.content else {
          throw LuaError(message: "d:sort: '\(document.title)' is a text document, not a table")
        }
        let keys = try Self.sortKeys(arguments[1, depth: 1])
        if isReadingOnly {
          throw LuaError(
            message: "d:sort: documents are read-only in enabled, visible and state get functions")
        }
        if transaction != nil, !document.isGrouping {
          document.beginGroup()
          transaction?.append(document)
        }
        do {
          return [.integer(try surface.workspace.sort(document, by: keys))]
        } catch {
          throw LuaError(message: "d:sort: \(FolioError.from(error).message)")
        }
      }
    ]
  }

  /// The keys of `d:sort{…}`: a non-empty list of `name`, `name:asc` or `name:desc`.
  private static func sortKeys(_ given: LuaData) throws(LuaError) -> [TableSortKey] {
    let list: [LuaData]
    switch given {
    case .string: list = [given]
    case .table(let table) where table.fields.isEmpty && !table.array.isEmpty: list = table.array
    default:
      throw LuaError(
        message: "d:sort: expects a list of sort keys, { \"city\", \"name:desc\" }, got \(given.typeName)")
    }
    var keys: [TableSortKey] = []
    for (position, item) in list.enumerated() {
      guard let text = item.string else {
        throw LuaError(message: "d:sort: key \(position + 1) must be a string, got \(item.typeName)")
      }
      var name = Substring(text)
      var order = TableSortKey.Order.ascending
      if let colon = text.lastIndex(of: ":") {
        name = text[..<colon]
        switch text[text.index(after: colon)...].lowercased() {
        case "asc", "ascending": order = .ascending
        case "desc", "descending": order = .descending
        default:
          throw LuaError(
            message: "d:sort: '\(text.cutToMessageLimit())': a sort direction is asc or desc (name:desc)")
        }
      }
      guard !name.isEmpty else { throw LuaError(message: "d:sort: '\(text)' names no column") }
      keys.append(TableSortKey(column: String(name), order: order))
    }
    return keys
  }
}
