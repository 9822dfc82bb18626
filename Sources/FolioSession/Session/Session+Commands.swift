import FolioCore

extension Session {
  /// The error for a name (an id, a verb or an alias) no registered command has, the same
  /// wherever the name came from: a plugin's command whose plugin failed to load says why it
  /// is missing; any other names the closest known names in `values["suggestions"]` (joined
  /// by spaces) and in its message. `values["command"]` is the name.
  public func unknownCommand(named name: String) -> FolioError {
    if let plugin = pluginHost?.failedPlugin(forCommand: name), case .failed(let reason) = plugin.status {
      return FolioError(
        .unknownCommand, "plugin \(plugin.name) failed to load: \(reason)",
        values: ["command": name, "plugin": plugin.name])
    }
    let suggestions = registry.suggestions(for: name)
    var values = ["command": name]
    var message = "no command has the name or id '\(name)'"
    if !suggestions.isEmpty {
      values["suggestions"] = suggestions.joined(separator: " ")
      message += "; did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }
    return FolioError(.unknownCommand, message, values: values)
  }

  /// Closes the open menu.
  ///
  /// - Throws: `FolioError.disabled` when no menu is open, or while a dialog waits.
  public func closeMenu() throws(FolioError) {
    try refuseWhileDialogWaits(.changes)
    guard menuSession != nil else { throw FolioError(.disabled, "no menu is open") }
    menuSession = nil
  }
}
