import FolioCore

/// Finds, loads and unloads Lua plugins, one `LuaState` each.
///
/// Loading is atomic: what a plugin declares while `plugin.lua` runs is collected and only
/// registered once the whole file ran without error, so a plugin that fails contributes
/// nothing. Everything a plugin contributes carries the owner `plugin NAME`, which is how
/// unloading removes it.
public final class PluginHost {
  /// The most lines kept in each plugin's log.
  public static let logLimit = 200

  /// The plugins found, in discovery order.
  public private(set) var plugins: [Plugin] = []
  /// The instructions each callback may run (checked every 1,000; pattern-matching steps
  /// count too).
  public var instructionBudget = PluginHost.defaultInstructionBudget
  /// The wall-clock milliseconds each callback may take.
  public var timeBudget = PluginHost.defaultTimeBudget
  /// The bytes each plugin's Lua state may hold; a change applies to loaded plugins too.
  public var memoryBudget = PluginHost.defaultMemoryBudget {
    didSet { for plugin in plugins { plugin.lua?.memoryLimit = memoryBudget } }
  }

  /// 10,000,000 instructions per callback.
  public static let defaultInstructionBudget = 10_000_000
  /// 5,000 ms per callback.
  public static let defaultTimeBudget = 5_000
  /// 32 MB per plugin.
  public static let defaultMemoryBudget = 32 << 20
  /// The instructions `plugin.lua` may run while loading, whatever the callbacks' budget.
  public static let loadInstructionBudget = 10_000_000
  /// The wall-clock milliseconds `plugin.lua` may take while loading, whatever the callbacks'
  /// budget: a plugin can never hold up Folio's start for long.
  public static let loadTimeBudget = 5_000
  /// The bytes one `folio.state` value may take, its key included.
  public var stateValueQuota = PluginHost.defaultStateValueQuota
  /// The bytes all of a plugin's `folio.state` values may take, their keys included.
  public var stateQuota = PluginHost.defaultStateQuota
  /// 64 KB per `folio.state` value.
  public static let defaultStateValueQuota = 64 << 10
  /// 1 MB of `folio.state` per plugin.
  public static let defaultStateQuota = 1 << 20
  /// The most bytes of a plugin's message (an error, a notice, a log line) kept; the rest is
  /// cut with a note saying how much.
  public static let messageLimit = 4096

  unowned let surface: PluginSurface
  /// Plugin values kept when there is no state store, so `reload` keeps them too.
  var unsavedValues: [String: [String: String]] = [:]
  /// What the plugin being loaded declared so far; nil outside loading.
  var pending: [Contribution]?
  /// The `ctx:notify` messages of the callback running now.
  var notices: [String] = []
  /// The documents the running callback changed, each grouping its changes into one undo
  /// step; nil outside a callback.
  var transaction: [Document]?
  /// The `folio.state` writes of the running callback (or of the plugin loading), stored
  /// when it succeeds; nil outside one.
  var stateWrites: PluginStateWrites?
  /// Whether the running callback is a predicate or a state's getter (`enabled`, `visible`,
  /// `state.get`), which may read documents but not change them: menus run them to render.
  var isReadingOnly = false
  /// The dialog `ctx:confirm` asked for while the running command yielded; nil otherwise.
  var confirmRequest: ConfirmRequest?
  /// The commands waiting for an answer to their `ctx:confirm`.
  var suspended: [SuspendedCommand] = []
  /// The number of the last `ctx:confirm` dialog shown.
  var lastConfirmation = 0
  /// The host's handler on the workspace's event bus, which runs plugins' `folio.on`
  /// handlers.
  private var eventSubscription: Subscription?
  /// Where the host publishes plugin events: the workspace's bus, held weakly so a host that
  /// outlives its surface publishes nothing.
  private weak var events: EventBus?

  /// Something a plugin declares while it loads; those that name commands keep the
  /// `FILE:LINE: ` of their declaration for the errors of `checkCommandReferences`.
  enum Contribution {
    case command(Command)
    case menu(Menu, at: String)
    case contextMenu(ContextMenuEntry, elements: [MenuElement], at: String)
    case shareTarget(ShareTarget)
    case toolbarItem(ToolbarItem, at: String)
    case menuContribution(MenuContribution, at: String)
    case handler(event: String, function: LuaFunctionReference)
  }

  /// Creates a host that contributes to `surface`.
  public init(surface: PluginSurface) {
    self.surface = surface
    events = surface.workspace.events
    eventSubscription = surface.workspace.events.subscribe { [weak self] event in self?.deliver(event) }
  }

  /// The folders searched, in order: the shipped folder, `$XDG_CONFIG_HOME/folio/plugins`
  /// (else `~/.config/folio/plugins`), then each extra folder.
  ///
  /// - Parameters:
  ///   - shipped: the `plugins/` folder shipped with Folio, if known.
  ///   - environment: the process environment.
  ///   - extra: the `--plugins DIR` folders.
  public static func searchFolders(shipped: String?, environment: [String: String], extra: [String])
    -> [String]
  {
    var folders: [String] = shipped.map { [$0] } ?? []
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      folders.append(config + "/folio/plugins")
    } else if let home = environment["HOME"] {
      folders.append(home + "/.config/folio/plugins")
    }
    return folders + extra
  }

  /// The `plugins/` folder shipped with Folio: `$FOLIO_PLUGINS_DIR` when set (empty means
  /// none), else `share/folio/plugins` beside the executable's `bin` folder when it exists,
  /// else — for a development build such as `.build/debug/folio` — the `plugins/` folder of
  /// the package it was built in: the nearest of the four folders above the executable's that
  /// holds both `Package.swift` and `plugins/`.
  ///
  /// - Parameters:
  ///   - environment: the process environment.
  ///   - executable: the executable's absolute path, if known.
  public static func shippedFolder(environment: [String: String], executable: String?) -> String? {
    if let folder = environment["FOLIO_PLUGINS_DIR"] { return folder.isEmpty ? nil : folder }
    guard let executable, executable.hasPrefix("/") else { return nil }
    var folder = parent(of: executable)
    let installed = parent(of: folder) + "/share/folio/plugins"
    if PluginFiles.isDirectory(installed) { return installed }
    for _ in 0..<4 where folder != "/" {
      folder = parent(of: folder)
      let root = folder == "/" ? "" : folder
      if PluginFiles.isFile(root + "/Package.swift"), PluginFiles.isDirectory(root + "/plugins") {
        return root + "/plugins"
      }
    }
    return nil
  }

  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }

  /// Finds the plugins in `folders` and loads each; returns those that failed.
  ///
  /// A folder is a plugin when it holds `plugin.lua`, and its name is the plugin's: its
  /// identity, which keys its `folio.state`. A later folder with the name of an earlier one
  /// fails with a message naming both folders, and never runs.
  @discardableResult
  public func discoverAndLoad(in folders: [String]) -> [Plugin] {
    for folder in folders {
      for name in PluginFiles.subfolders(of: folder) where PluginFiles.isFile("\(folder)/\(name)/plugin.lua")
      {
        let plugin = Plugin(name: name, folder: "\(folder)/\(name)")
        let earlier = self.plugin(named: name)
        plugins.append(plugin)
        if let earlier {
          let reason = "\(plugin.folder) has the name of \(earlier.folder), found first; rename one folder"
          setStatus(.failed(reason), of: plugin)
          plugin.appendLog("load failed: \(reason)")
        } else {
          load(plugin)
        }
      }
    }
    return plugins.filter { if case .failed = $0.status { true } else { false } }
  }

  /// The plugin with this name.
  public func plugin(named name: String) -> Plugin? {
    plugins.first { $0.name == name }
  }

  /// Loads a disabled or failed plugin again, reading its files afresh.
  ///
  /// - Throws: `FolioError` when there is no such plugin, it is loaded already, or loading
  ///   failed (the plugin then shows as failed).
  public func load(named name: String) throws(FolioError) {
    let plugin = try find(name)
    if plugin.status.isActive { throw FolioError(.conflict, "plugin \(name) is already loaded") }
    load(plugin)
    if case .failed(let reason) = plugin.status { throw FolioError(.lua, "plugin \(name): \(reason)") }
  }

  /// Unloads a plugin: removes everything it contributed and closes its Lua state.
  ///
  /// - Throws: `FolioError` when there is no such plugin or it is not loaded.
  public func unload(named name: String) throws(FolioError) {
    let plugin = try find(name)
    guard plugin.status.isActive else { throw FolioError(.conflict, "plugin \(name) is not loaded") }
    removeContributions(of: plugin)
    abandonSuspendedCommands(of: plugin)
    plugin.lua = nil
    setStatus(.disabled, of: plugin)
  }

  /// Unloads a plugin if loaded and loads it again; its `folio.state` values stay and a
  /// quarantine ends.
  ///
  /// - Throws: `FolioError` when there is no such plugin or loading failed.
  public func reload(named name: String) throws(FolioError) {
    let plugin = try find(name)
    if plugin.status.isActive { try unload(named: name) }
    try load(named: name)
  }

  private func find(_ name: String) throws(FolioError) -> Plugin {
    guard let plugin = plugin(named: name) else {
      let known = plugins.map(\.name)
      throw FolioError(
        .invalidArgument,
        "no plugin named '\(name)'" + (known.isEmpty ? "" : " (plugins: \(known.joined(separator: ", ")))"))
    }
    return plugin
  }

  private func removeContributions(of plugin: Plugin) {
    surface.registry.unregisterAll(ownedBy: plugin.owner)
    surface.removeMenus(ownedBy: plugin.owner)
    surface.workspace.contextMenus.removeEntries(ownedBy: plugin.owner)
    surface.workspace.shareTargets.unregisterAll(ownedBy: plugin.owner)
    surface.removeToolbarItems(ownedBy: plugin.owner)
    surface.removeMenuContributions(ownedBy: plugin.owner)
    plugin.handlers = []
    plugin.contributions = PluginContributions()
  }

  /// Reads the manifest, runs `plugin.lua` and registers what it declared — or nothing.
  private func load(_ plugin: Plugin) {
    plugin.status = .disabled
    do throws(FolioError) {
      guard !plugin.name.isEmpty,
        plugin.name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
      else {
        throw FolioError(
          .invalidArgument, "the folder's name, the plugin's, must be letters, digits, '-' or '_'")
      }
      try readManifest(of: plugin)
      guard let source = PluginFiles.read(plugin.folder + "/plugin.lua") else {
        throw FolioError(.io, "cannot read \(plugin.folder)/plugin.lua")
      }
      let lua: LuaState
      do {
        lua = try LuaState(memoryLimit: memoryBudget)
      } catch {
        throw FolioError(.lua, error.message)
      }
      lua.instructionBudget = Self.loadInstructionBudget
      lua.timeBudget = Self.loadTimeBudget
      lua.installRequire(folder: plugin.folder)
      installAPI(in: lua, for: plugin)
      pending = []
      stateWrites = PluginStateWrites()
      defer {
        pending = nil
        stateWrites = nil
      }
      do {
        try lua.run(source, name: "@plugin.lua")
      } catch {
        // Ctrl-C stopped this plugin's loading: the plugins after it still load.
        if error.stop == .interrupted { LuaState.clearInterrupt() }
        throw failure(error, in: plugin, whileLoading: true)
      }
      let contributions = pending ?? []
      pending = nil
      try checkCommandReferences(contributions, of: plugin)
      do throws(FolioError) {
        for contribution in contributions { try apply(contribution, of: plugin) }
        try commitStateWrites()
      } catch {
        removeContributions(of: plugin)
        throw error
      }
      plugin.lua = lua
      setStatus(.loaded, of: plugin)
    } catch {
      plugin.lua = nil
      let text = error.description
      setStatus(
        .failed(
          text.hasPrefix("plugin \(plugin.name): ")
            ? String(text.dropFirst("plugin \(plugin.name): ".count)) : text), of: plugin)
      plugin.appendLog("load failed: \(text)")
    }
  }

  /// Sets a plugin's status and publishes it: `pluginLoaded`, `pluginUnloaded` (disabled),
  /// or `pluginFailed` with the reason it failed or was quarantined.
  func setStatus(_ status: Plugin.Status, of plugin: Plugin) {
    plugin.status = status
    switch status {
    case .loaded: events?.publish(.pluginLoaded(name: plugin.name))
    case .failed(let reason), .quarantined(let reason):
      events?.publish(.pluginFailed(name: plugin.name, reason: reason))
    case .disabled: events?.publish(.pluginUnloaded(name: plugin.name))
    }
  }

  private func apply(_ contribution: Contribution, of plugin: Plugin) throws(FolioError) {
    switch contribution {
    case .shareTarget(let target):
      try surface.workspace.shareTargets.register(target)
      plugin.contributions.shareTargets.append(target.id)
    case .toolbarItem(let item, _):
      try surface.addToolbarItem(item)
      plugin.contributions.toolbarItems.append(item.id)
    case .menuContribution(let contribution, _):
      try surface.addMenuContribution(contribution)
      let commands = Self.references(in: contribution.elements, at: "").map(\.command)
      plugin.contributions.menuContributions.append(
        "\(contribution.menu): \(commands.joined(separator: ", "))")
    case .handler(let event, let function):
      plugin.handlers.append((event, function))
      plugin.contributions.eventHandlers.append(event)
    case .command(let command):
      try surface.registry.register(command)
      plugin.contributions.commands.append(command.id)
    case .menu(let menu, _):
      try surface.addMenu(menu)
      plugin.contributions.menus.append(menu.id)
    case .contextMenu(let entry, let elements, _):
      surface.workspace.contextMenus.add(entry)
      let commands = Self.references(in: elements, at: "").map(\.command)
      let cases = ContextMenuCase.allCases.filter(entry.cases.contains).map(\.rawValue)
      plugin.contributions.contextMenuEntries.append(
        "\(commands.joined(separator: ", ")) (\(cases.joined(separator: ", ")))")
    }
  }

  /// Runs `manifest.lua`, if there is one, and copies its fields. Each manifest runs in a
  /// Lua state of its own, with small limits, so none can change the libraries another sees;
  /// its `print` writes to the plugin's log.
  private func readManifest(of plugin: Plugin) throws(FolioError) {
    let path = plugin.folder + "/manifest.lua"
    guard PluginFiles.isFile(path) else { return }
    guard let source = PluginFiles.read(path) else { throw FolioError(.io, "cannot read \(path)") }
    let manifest: LuaTable
    do throws(LuaError) {
      let lua = try LuaState(memoryLimit: 1 << 20)
      lua.instructionBudget = 100_000
      lua.setGlobal("print", .function(makeLogFunction(in: lua, for: plugin)))
      let chunk = try lua.load(source, name: "@manifest.lua")
      defer { lua.release(chunk) }
      guard let table = try lua.call(chunk, []).first?.table else {
        throw LuaError(message: "manifest.lua: must return a table")
      }
      manifest = table
    } catch {
      throw FolioError(.lua, error.message.cutToMessageLimit())
    }
    switch manifest["name"] {
    case .nil: break
    case .string(let name) where name == plugin.name: break
    case .string(let name):
      throw FolioError(
        .invalidArgument,
        "manifest.lua: field 'name' is '\(name.cutToMessageLimit())' but the folder is '\(plugin.name)': "
          + "a plugin is named by its folder")
    default: throw FolioError(.invalidArgument, "manifest.lua: field 'name' must be a string")
    }
    switch manifest["api"] {
    case .nil, .integer(1): break
    default:
      throw FolioError(.invalidArgument, "manifest.lua: field 'api' must be 1 (this Folio's plugin API)")
    }
    plugin.version = manifest["version"].string
    plugin.summary = manifest["description"].string
    plugin.permissions = manifest["permissions"].table?.array.compactMap(\.string) ?? []
  }

  /// The error a failed callback, or `plugin.lua` `whileLoading`, becomes: `plugin NAME:
  /// FILE:LINE: message`, with the traceback in the plugin's log. A spent budget says which
  /// and how large it was.
  func failure(_ error: LuaError, in plugin: Plugin, whileLoading: Bool = false) -> FolioError {
    var message = error.message.cutToMessageLimit()
    let isStopMessage = message.hasSuffix("exceeded") || message.hasSuffix("pattern")
    let instructions = whileLoading ? Self.loadInstructionBudget : instructionBudget
    let milliseconds = whileLoading ? Self.loadTimeBudget : timeBudget
    let per = whileLoading ? "while loading" : "per callback"
    switch error.stop {
    case .memory: message += " (memory budget of \(memoryBudget >> 20) MB exceeded)"
    case .instructions where isStopMessage: message += " (\(instructions) instructions \(per))"
    case .time where isStopMessage: message += " (\(milliseconds) ms \(per))"
    case nil where message.hasSuffix("not enough memory"):
      message += " (memory budget of \(memoryBudget >> 20) MB exceeded)"
    default: break
    }
    plugin.appendLog("error: \(message)")
    if !error.traceback.isEmpty { plugin.appendLog(error.traceback) }
    return FolioError(.lua, "plugin \(plugin.name): \(message)")
  }
}
