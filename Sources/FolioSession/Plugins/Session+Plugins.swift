import FolioCore
import FolioLua

extension Session: PluginSurface {}

extension Session {
  /// Finds and loads the plugins of the plugin folders; the session goes on without those
  /// that fail.
  ///
  /// - Parameters:
  ///   - extraFolders: absolute `--plugins DIR` folders, searched last.
  ///   - shippedFolder: the `plugins/` folder shipped with Folio, if any.
  /// - Returns: the plugins that failed to load, each with its status.
  @discardableResult
  public func loadPlugins(extraFolders: [String], shippedFolder: String?) -> [Plugin] {
    let host = PluginHost(surface: self)
    pluginHost = host
    applyPluginLimits()
    let folders = PluginHost.searchFolders(
      shipped: shippedFolder, environment: environment, extra: extraFolders)
    return host.discoverAndLoad(in: folders)
  }

  /// Gives the plugin host the budgets the settings name; called at launch and whenever one
  /// of them changes.
  func applyPluginLimits() {
    guard let host = pluginHost else { return }
    let values = Dictionary(
      uniqueKeysWithValues: Self.persistedSettings.filter { $0.key.hasPrefix("plugins.") }.map {
        ($0.key, Int(persistedValue($0)) ?? 0)
      })
    host.instructionBudget = values["plugins.instructions"] ?? PluginHost.defaultInstructionBudget
    host.timeBudget = values["plugins.time"] ?? PluginHost.defaultTimeBudget
    host.memoryBudget = (values["plugins.memory"] ?? PluginHost.defaultMemoryBudget >> 20) << 20
    host.stateValueQuota = (values["plugins.state-value"] ?? PluginHost.defaultStateValueQuota >> 10) << 10
    host.stateQuota = (values["plugins.state-total"] ?? PluginHost.defaultStateQuota >> 10) << 10
  }

  /// `plugins` and `plugin info|load|unload|reload NAME`.
  var pluginCommands: [Command] { makeCommands(PluginCommands.declarations) }
}

/// `plugins` and `plugin info|load|unload|reload NAME`.
enum PluginCommands {
  /// Every plugin command, in the order help lists them.
  static var declarations: [any DeclaredCommand<AppContext>.Type] { [ListPlugins.self, ManagePlugin.self] }

  /// `plugins`: the plugins and their state.
  enum ListPlugins: AppAction {
    static let configuration = CommandConfiguration(
      id: "plugin.list", verb: "plugins", title: "Plugins", icon: "puzzlepiece", category: "Plugins",
      summary: "list the plugins and their state")

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let plugins = context.session.pluginHost?.plugins ?? []
      guard !plugins.isEmpty else { return .message("no plugins") }
      return .text(
        plugins.map { "\($0.name)\($0.version.map { " " + $0 } ?? "")  \($0.status)" }.joined(
          separator: "\n"))
    }
  }

  /// `plugin info|load|unload|reload NAME`.
  enum ManagePlugin: AppAction {
    static let action = ParameterKey.argument(
      "action", .choice(["info", "load", "unload", "reload"]), summary: "what to do")
    static let name = ParameterKey.argument("name", summary: "the plugin's name")

    static let configuration = CommandConfiguration(
      id: "plugin.manage", verb: "plugin", title: "Plugin", icon: "puzzlepiece", category: "Plugins",
      summary: "show, load, unload or reload a plugin", parameters: [action, name])

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      guard let host = context.session.pluginHost else {
        throw FolioError(.disabled, "plugins are off (--no-plugins)")
      }
      let name = arguments[Self.name]
      switch arguments[Self.action] {
      case "load":
        try host.load(named: name)
        return .message("loaded plugin \(name)")
      case "unload":
        try host.unload(named: name)
        return .message("unloaded plugin \(name)")
      case "reload":
        try host.reload(named: name)
        return .message("reloaded plugin \(name)")
      default:
        guard let plugin = host.plugin(named: name) else {
          throw FolioError(.invalidArgument, "no plugin named '\(name)'")
        }
        let budgets =
          "budgets: \(host.instructionBudget) instructions and \(host.timeBudget) ms per callback, "
          + "\(host.memoryBudget >> 20) MB of memory; folio.state: \(host.stateValueQuota >> 10) KB a value, "
          + "\(host.stateQuota >> 10) KB in all"
        var lines = [
          "name: \(plugin.name)", "version: \(plugin.version ?? "-")",
          "description: \(plugin.summary ?? "-")",
          "permissions: \(plugin.permissions.isEmpty ? "-" : plugin.permissions.joined(separator: ", "))",
          "folder: \(plugin.folder)", "state: \(plugin.status)",
        ]
        for (label, items, separator) in plugin.contributions.kinds {
          lines.append("\(label): \(items.isEmpty ? "-" : items.joined(separator: separator))")
        }
        lines.append(budgets)
        if !plugin.log.isEmpty { lines += ["log:"] + plugin.log.map { "  " + $0 } }
        return .text(lines.joined(separator: "\n"))
      }
    }
  }
}
