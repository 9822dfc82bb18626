import FolioCore
import FolioLua

extension CancellationToken {
  /// A token whose cancellation also stops the plugin callback running now, at its Lua
  /// code's next instruction-count check, and whose reset lets plugins run again: the token
  /// a front end gives its `Workspace` so that Ctrl-C (or a cancel request) reaches plugins
  /// too.
  public static func stoppingPlugins() -> CancellationToken {
    CancellationToken(onCancel: { LuaState.interrupt() }, onReset: { LuaState.clearInterrupt() })
  }
}
