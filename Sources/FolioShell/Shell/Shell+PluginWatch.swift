import FolioCore
import FolioSession

extension Shell {
  /// Before each command, reloads the plugins `plugin watch` watches whose files changed,
  /// saying so (or why a plugin failed to load again).
  func reloadWatchedPlugins() {
    for (name, error) in session.pluginHost?.reloadChanged() ?? [] {
      if let error {
        let prefix = "plugin \(name): "
        let reason =
          error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
        console.printError("folio: plugin \(name) changed and failed to load again: \(reason)")
      } else if !options.isQuiet {
        console.print("Reloaded plugin \(name): its files changed.")
      }
    }
  }
}
