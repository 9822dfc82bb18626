import FolioCore
import FolioLua

extension Session: PluginSurface {
  public func structuredResult(of output: CommandOutput) -> JSONValue? { resultRenderer?(output) }
}

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
    pluginShippedFolder = shippedFolder
    applyPluginLimits()
    let folders = PluginHost.searchFolders(
      shipped: shippedFolder, environment: environment, extra: extraFolders)
    return host.discoverAndLoad(in: folders)
  }

  /// Gives the plugin host the budgets the settings name; called at launch and whenever one
  /// of them changes.
  func applyPluginLimits() {
    guard let host = pluginHost else { return }
    let values = persistedValues(Self.persistedSettings.filter { $0.key.hasPrefix("plugins.") }).mapValues {
      Int($0) ?? 0
    }
    host.instructionBudget = values["plugins.instructions"] ?? PluginHost.defaultInstructionBudget
    host.timeBudget = values["plugins.time"] ?? PluginHost.defaultTimeBudget
    host.memoryBudget = (values["plugins.memory"] ?? PluginHost.defaultMemoryBudget >> 20) << 20
    host.stateValueQuota = (values["plugins.state-value"] ?? PluginHost.defaultStateValueQuota >> 10) << 10
    host.stateQuota = (values["plugins.state-total"] ?? PluginHost.defaultStateQuota >> 10) << 10
    let caps = PluginBudgetCaps()
    host.budgetCaps = PluginBudgetCaps(
      instructions: values["plugins.max-instructions"] ?? caps.instructions,
      milliseconds: values["plugins.max-time"] ?? caps.milliseconds,
      memoryBytes: (values["plugins.max-memory"] ?? caps.memoryBytes >> 20) << 20)
  }
}

/// `plugins` and `plugin info|load|unload|reload NAME`.
enum PluginCommands {
  /// Every plugin command, in the order help lists them.
  static var declarations: [any DeclaredCommand<AppContext>.Type] { [ListPlugins.self, ManagePlugin.self] }

  /// `plugins`: the plugins and their state.
  enum ListPlugins: AppAction {
    static let configuration = CommandConfiguration(
      id: "plugin.list", verb: "plugins", title: "Plugins", icon: "puzzlepiece", category: "Plugins",
      summary: "list the plugins and their state", access: .reads)

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      .pluginList((context.session.pluginHost?.plugins ?? []).map(PluginSummary.init))
    }
  }

  /// `plugin info|load|unload|reload NAME`.
  enum ManagePlugin: AppAction {
    static let action = ParameterKey.argument(
      "action", .choice(["info", "load", "unload", "reload", "watch", "new", "test", "check"]),
      summary: "what to do")
    static let name = ParameterKey.argument(
      "name", summary: "the plugin's name (for test and check, also its folder: a path with a '/')")
    static let folder = ParameterKey.option(
      "dir", .path, summary: "new: the folder to make the plugin in (default: your plugins folder)",
      valueName: "DIR")

    static let configuration = CommandConfiguration(
      id: "plugin.manage", verb: "plugin", title: "Plugin", icon: "puzzlepiece", category: "Plugins",
      summary: "show, load, unload, reload or watch a plugin; make a new one; run its tests; check it",
      details: "'plugin watch NAME' reloads the plugin whenever one of its .lua files changes, before "
        + "the next command. 'plugin new NAME [--dir DIR]' makes DIR/NAME with manifest.lua, a ten-line plugin.lua, "
        + "tests/ (a script, its data and its expected output) and .luarc.json for LuaLS. 'plugin test "
        + "NAME|DIR' runs each tests/*.folio of the plugin in a scratch session (fresh state, no other "
        + "plugins, in the tests folder) and compares its output with the .expected file beside it, "
        + "printing a diff; it fails when any differs. 'plugin check NAME|DIR' loads the plugin in a "
        + "scratch session and says whether it loads and what it contributes, then runs luacheck over "
        + "its Lua with Folio's globals; it fails on a load error or a warning.",
      parameters: [action, name, folder])

    static func run(_ arguments: Arguments, in context: AppContext) throws -> CommandOutput {
      let name = arguments[Self.name]
      switch arguments[Self.action] {
      case "new": return try makePlugin(name, in: arguments[Self.folder], session: context.session)
      case "test", "check":
        let isTest = arguments[Self.action] == "test"
        guard let runner = isTest ? context.session.pluginTestRunner : context.session.pluginChecker else {
          throw FolioError(
            .disabled, "this front end cannot \(isTest ? "run plugin tests" : "check plugins")")
        }
        let folder =
          name.contains("/") ? name : context.session.pluginHost?.plugin(named: name)?.folder ?? name
        return .text(try runner(context.session.workspace.absolutePath(folder)))
      default: break
      }
      guard let host = context.session.pluginHost else {
        throw FolioError(.disabled, "plugins are off (--no-plugins)")
      }
      switch arguments[Self.action] {
      case "load":
        try host.load(named: name)
        return .pluginChanged(name: name, .loaded)
      case "unload":
        try host.unload(named: name)
        return .pluginChanged(name: name, .unloaded)
      case "reload":
        try host.reload(named: name)
        return .pluginChanged(name: name, .reloaded)
      case "watch":
        try host.watch(named: name)
        return .message(
          "Watching plugin \(name): it reloads when one of its .lua files changes, before the next command.")
      default:
        guard let plugin = host.plugin(named: name) else {
          throw FolioError(.invalidArgument, "no plugin named '\(name)'")
        }
        return .pluginInfo(
          PluginSummary(plugin),
          budgets: PluginBudgets(
            instructions: host.instructionBudget, milliseconds: host.timeBudget,
            memoryBytes: host.memoryBudget, stateValueBytes: host.stateValueQuota,
            stateBytes: host.stateQuota))
      }
    }
  }
}

extension PluginCommands.ManagePlugin {
  /// `plugin new NAME [--dir DIR]`: writes the scaffold, by default into the user's plugins
  /// folder (`$XDG_CONFIG_HOME/folio/plugins`, else `~/.config/folio/plugins`).
  static func makePlugin(_ name: String, in folder: String?, session: Session) throws -> CommandOutput {
    let target: String
    if let folder {
      target = try session.workspace.absolutePath(folder)
    } else if let user = PluginHost.searchFolders(shipped: nil, environment: session.environment, extra: [])
      .first
    {
      target = user
    } else {
      throw FolioError(
        .invalidArgument, "no plugins folder is known (HOME is not set); give one with --dir DIR")
    }
    let definitions = session.pluginShippedFolder.map { folder -> String in
      let parent = folder.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
        separator: "/")
      return parent + "/docs/folio.lua"
    }
    let root = try PluginScaffold.write(
      name: name, in: target, definitions: definitions.flatMap { PluginScaffold.isFile($0) ? $0 : nil })
    return .message(
      "Made plugin \(name) in \(root): manifest.lua, plugin.lua, tests/count.folio (with places.csv and "
        + "count.expected) and .luarc.json. 'plugin test \(root)' runs its test.")
  }
}

extension PluginSummary {
  /// A snapshot of `plugin` now.
  init(_ plugin: Plugin) {
    self.init(
      name: plugin.name, version: plugin.version, summary: plugin.summary,
      folder: plugin.folder, status: plugin.status, contributions: plugin.contributions, log: plugin.log)
  }
}
