import FolioCore

extension PluginHost {
  /// Quarantines a plugin whose callback blew its instruction, time or memory budget: its
  /// commands are disabled with the reason (so are the menu, context-menu and toolbar items
  /// that run them), its event handlers and predicates no longer run, and nothing of it runs
  /// until `plugin reload`. A callback stopped by Ctrl-C does not quarantine: the user chose
  /// to stop that one call.
  func quarantineIfBudgetSpent(_ plugin: Plugin, by error: LuaError, failure: FolioError) {
    guard let stop = error.stop, stop != .interrupted, plugin.status == .loaded else { return }
    let prefix = "plugin \(plugin.name): "
    let reason =
      failure.message.hasPrefix(prefix) ? String(failure.message.dropFirst(prefix.count)) : failure.message
    setStatus(.quarantined(reason), of: plugin)
    plugin.appendLog("quarantined: \(reason)")
    let why = "plugin \(plugin.name) is quarantined (\(reason)); 'plugin reload \(plugin.name)' lifts it"
    let commands = surface.registry.commands.filter { $0.owner == plugin.owner }
    surface.registry.unregisterAll(ownedBy: plugin.owner)
    for var command in commands {
      command.availability = { .disabled(reason: why) }
      // The ids were free a moment ago: registering them again cannot clash.
      try? surface.registry.register(command)
    }
    abandonSuspendedCommands(of: plugin)
  }

  /// Refuses to run a quarantined plugin's code.
  func refuseIfQuarantined(_ plugin: Plugin) throws(FolioError) {
    if case .quarantined(let reason) = plugin.status {
      throw FolioError(
        .disabled, "plugin \(plugin.name) is quarantined (\(reason))", values: ["plugin": plugin.name],
        remedies: [
          .run(
            "plugin.manage", ["action": .string("reload"), "name": .string(plugin.name)], effect: "lifts it")
        ])
    }
  }
}
