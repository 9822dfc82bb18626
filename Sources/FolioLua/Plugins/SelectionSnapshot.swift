import CLua
import CLuaHost

/// A document's selection when a callback's `ctx` was made, kept (a copy-on-write `Set`, so
/// no ids are copied) until Lua collects the `ctx.selection` holding it; `ctx.selection.ids`
/// is built from it only when read.
final class SelectionSnapshot {
  let ids: Set<Int>

  init(_ ids: Set<Int>) { self.ids = ids }

  /// Hands a retained snapshot to Lua, which releases it through `releaseSnapshot`.
  func retained() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }
}

/// Pushes the snapshot's ids, sorted, as a Lua array; the C side has lifted the memory limit.
func pushSnapshotIDs(_ state: OpaquePointer?, _ snapshot: UnsafeMutableRawPointer?) {
  guard let state, let snapshot else { return }
  let ids = Unmanaged<SelectionSnapshot>.fromOpaque(snapshot).takeUnretainedValue().ids.sorted()
  lua_createtable(state, Int32(clamping: ids.count), 0)
  for (position, id) in ids.enumerated() {
    lua_pushinteger(state, lua_Integer(id))
    lua_rawseti(state, -2, lua_Integer(position + 1))
  }
}

/// Releases a snapshot Lua collected.
func releaseSnapshot(_ snapshot: UnsafeMutableRawPointer?) {
  guard let snapshot else { return }
  Unmanaged<SelectionSnapshot>.fromOpaque(snapshot).release()
}
