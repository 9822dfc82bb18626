import CLua
import CLuaHost
import FolioCore

/// Everything a callback's `ctx` describes, taken when the callback starts, under the serial
/// its `ctx` holds: Lua reads it only when the callback first reads `ctx.document`,
/// `ctx.selection` or `ctx.env` (`PluginHost.context(serial:)`), so a callback that reads
/// none of them costs no Lua strings or userdata for them.
///
/// It is also the key of a plugin's shared `ctx`: one made for a key is passed again to the
/// plugin's next predicate while the key describes the active document, so the 1,000
/// `enabled` predicates of one menu share one `ctx`. Comparing the selection costs nothing
/// while it is the same set (Swift compares a set's storage first).
struct ContextKey {
  /// The serial of the `ctx` this describes (unique in the host).
  var serial: Int64
  var document: ObjectIdentifier?
  var kind: DocumentKind
  var window: Int
  var title: String
  var path: String?
  var dirty: Bool
  var selection: Set<Int>
  var environment: AppEnvironment

  init(document: Document?, environment: AppEnvironment, serial: Int64) {
    self.serial = serial
    self.document = document.map(ObjectIdentifier.init)
    kind = document?.kind ?? .text
    window = document?.windowID ?? 0
    title = document?.title ?? ""
    path = document?.path
    dirty = document?.isDirty ?? false
    selection = document?.selection ?? []
    self.environment = environment
  }

  /// Whether this key is what `ContextKey(document:environment:serial:)` would make now,
  /// but for the serial, compared field by field without copying them (cheapest and
  /// likeliest to differ first).
  func describes(_ document: Document?, environment: AppEnvironment) -> Bool {
    guard let document else {
      return self.document == nil && window == 0 && title.isEmpty && path == nil && !dirty
        && selection.isEmpty
        && self.environment == environment
    }
    return self.document == ObjectIdentifier(document) && window == document.windowID
      && dirty == document.isDirty && selection == document.selection && title == document.title
      && path == document.path && self.environment == environment
  }

  /// Pushes the strings a `ctx` is made of — with a document its title, kind and url (or
  /// nil), then the platform and size class — and fills `values` with the rest; call with the
  /// memory limit lifted.
  func push(on state: OpaquePointer, into values: inout folio_context_values) {
    if document != nil {
      LuaState.push(.string(title), on: state)
      LuaState.push(.string(kind.rawValue), on: state)
      LuaState.push(path.map { .string("file://" + $0) } ?? .nil, on: state)
      values.has_document = 1
      values.window = Int64(window)
      values.dirty = dirty ? 1 : 0
      values.selection_count = Int64(selection.count)
      if !selection.isEmpty { values.selection = SelectionSnapshot(selection).retained() }
    }
    LuaState.push(.string(environment.platform.rawValue), on: state)
    LuaState.push(.string(environment.sizeClass.rawValue), on: state)
    values.width = Int64(environment.width)
    values.keyboard = environment.hasKeyboard ? 1 : 0
  }
}

/// The source of a template's `ctx` data (`folio_context_source`): what the callback with
/// this serial describes, from the host `source`; 0 when it has returned.
func pushContextValues(
  _ state: OpaquePointer?, _ source: UnsafeMutableRawPointer?, _ serial: Int64,
  _ values: UnsafeMutablePointer<folio_context_values>?
) -> Int32 {
  guard let state, let source, let values else { return 0 }
  let host = Unmanaged<PluginHost>.fromOpaque(source).takeUnretainedValue()
  guard let key = host.context(serial: serial) else { return 0 }
  key.push(on: state, into: &values.pointee)
  return 1
}
