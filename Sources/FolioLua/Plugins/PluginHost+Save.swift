import FolioCore

/// `d:save()` and `d:save{ as = path }`: the document handle's methods that write files.
///
/// A save makes the checks `save` makes — a file changed on disk since it was read, a
/// read-only file, another Folio's lock, a path that is not a regular file, an existing other
/// file for `as` — and never forces past them: the plugin gets `nil` and the reason, and the
/// file and the document stay as they were. A save is not taken back when the callback fails
/// later: the file keeps what was written, and the document's edits are rolled back as usual,
/// so it shows as unsaved.
extension PluginHost {
  /// The handle methods that write the document's file, made once per plugin state.
  func makeDocumentFileMethods(for plugin: Plugin) -> [String: LuaState.DataFunction] {
    [
      "save": { [unowned self, unowned plugin] arguments throws(LuaError) in
        let document = try document(arguments, of: plugin, method: "save")
        let path = try Self.savePath(arguments[1, depth: 1])
        if isReadingOnly {
          throw LuaError(
            message: "d:save: documents are read-only in enabled, visible and state get functions")
        }
        do throws(FolioError) {
          try surface.workspace.save(document, as: path)
          return [.boolean(true)]
        } catch {
          return [.nil, .string(error.message.cutToMessageLimit())]
        }
      }
    ]
  }

  /// The `as` path of `d:save{ as = path }`; nil for `d:save()`. Any other option, or an
  /// `as` that is not a non-empty string, is an error naming it.
  private static func savePath(_ options: LuaData) throws(LuaError) -> String? {
    switch options {
    case .nil: return nil
    case .table(let table):
      guard table.array.isEmpty else {
        throw LuaError(message: "d:save: expects a table of options, { as = PATH }, got a list")
      }
      if let unknown = table.fields.keys.sorted().first(where: { $0 != "as" }) {
        throw LuaError(message: "d:save: unknown option '\(unknown.cutToMessageLimit())' (options: as)")
      }
      switch table["as"] {
      case .nil: return nil
      case .string(let path) where !path.isEmpty: return path
      case let other:
        throw LuaError(message: "d:save: 'as' must be a non-empty path (a string), got \(other.typeName)")
      }
    default:
      throw LuaError(
        message: "d:save: expects nothing or a table of options, { as = PATH }, got \(options.typeName)")
    }
  }
}
