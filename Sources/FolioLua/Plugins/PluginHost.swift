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
  /// Whether loading notes every declaration problem in `Plugin.problems` and goes on, rather
  /// than stopping at the first (`plugin check`); the plugin fails all the same.
  public var collectsProblems = false
  /// The watcher of `plugin watch`, made on first use.
  private var watcher: PluginWatcher?
  /// The instructions each callback may run (checked every 1,000; pattern-matching steps
  /// count too).
  public var instructionBudget = PluginHost.defaultInstructionBudget
  /// The wall-clock milliseconds each callback may take.
  public var timeBudget = PluginHost.defaultTimeBudget
  /// The bytes each plugin's Lua state may hold; a change applies to loaded plugins too.
  public var memoryBudget = PluginHost.defaultMemoryBudget {
    didSet { for plugin in plugins { plugin.lua?.memoryLimit = memoryBudget(of: plugin) } }
  }
  /// The most a manifest's `budgets` is granted; a change applies to loaded plugins too.
  public var budgetCaps = PluginBudgetCaps() {
    didSet { for plugin in plugins { plugin.lua?.memoryLimit = memoryBudget(of: plugin) } }
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
  /// The declarations of the plugin being loaded so far, as the declaration cache keeps
  /// them; nil when not recording (outside loading, or when the plugin cannot be cached).
  var recording: [PluginDeclaration]?
  /// What the plugin being loaded did besides declaring (wrote to its log, used
  /// `folio.state`, …), which keeps it out of the declaration cache; nil when nothing.
  var loadSideEffect: String?
  /// Whether plugins whose last load only declared things are registered from the
  /// declaration cache at the next start (when there is a state store).
  public var usesDeclarationCache = true
  /// What tells this build of Folio from another in the declaration cache's key (the
  /// executable's build id): two builds of one commit never read each other's entries.
  var buildIdentity = PluginHost.executableIdentity
  /// The declaration cache entries to write once `discoverAndLoad` has loaded every plugin;
  /// nil outside it (entries are then written at once).
  var cacheWrites: [CacheWrite]?
  /// Every plugin's stored cache entry, read in one query while `discoverAndLoad` runs; nil
  /// outside it (a plugin's entry is then read on its own).
  var storedDeclarations: [String: (key: String, data: [UInt8])]?
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
  /// What the `ctx` of each running callback describes, innermost last (`beginContext`).
  var liveContexts: [ContextKey] = []
  /// The serial of the last `ctx` made.
  var lastContextSerial: Int64 = 0
  /// The number of the `readingTogether` call running now; 0 outside one. A plugin's shared
  /// `ctx` checked against the active document in this round is not checked again in it.
  var readingRound = 0
  /// The number of the last `readingTogether` call.
  var lastReadingRound = 0
  /// The failures of `folio.on` handlers since the front end last took them
  /// (`takeHandlerFailures`).
  var handlerFailures: [FolioError] = []
  /// How many `folio.run` calls are running, one inside another.
  var runDepth = 0
  /// The host's handler on the workspace's event bus, which runs plugins' `folio.on`
  /// handlers.
  private var eventSubscription: Subscription?
  /// Where the host publishes plugin events: the workspace's bus, held weakly so a host that
  /// outlives its surface publishes nothing.
  weak var events: EventBus?

  /// Something a plugin declares while it loads, with the `FILE:LINE: ` of its declaration
  /// for the errors of `checkCommandReferences` and of registering it (a taken id).
  enum Contribution {
    /// Held by reference: queued, checked and registered without copying the command.
    case command(RegisteredCommand, at: String)
    case menu(Menu, at: String)
    case contextMenu(ContextMenuEntry, elements: [MenuElement], at: String)
    case shareTarget(ShareTarget, at: String)
    case toolbarItem(ToolbarItem, at: String)
    case toolbar(Toolbar, at: String)
    case menuContribution(MenuContribution, at: String)
    case rowDecoration(RowDecoration, at: String)
    case cellFormat(CellFormat, at: String)
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
    cacheWrites = []
    storedDeclarations = usesDeclarationCache ? surface.workspace.stateStore?.allPluginDeclarations() : nil
    defer {
      storedDeclarations = nil
      writeCacheEntries()
    }
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

  /// Loads the one plugin in `folder` (a folder holding `plugin.lua`), named by the folder:
  /// what `plugin test` and `plugin check` load into a scratch session.
  ///
  /// - Returns: the plugin, loaded or failed.
  @discardableResult
  public func load(folder: String) -> Plugin {
    let trimmed = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
    let name = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    let plugin = Plugin(name: name, folder: trimmed)
    plugins.append(plugin)
    load(plugin)
    return plugin
  }

  /// Reloads the plugin `name` whenever one of its `.lua` files changes, from now until
  /// Folio quits (`plugin watch NAME`); `reloadChanged()` does the reloading between commands.
  ///
  /// - Throws: `FolioError` when there is no such plugin or its folder cannot be watched.
  public func watch(named name: String) throws(FolioError) {
    let plugin = try find(name)
    if watcher == nil { watcher = PluginWatcher() }
    guard let watcher else { throw FolioError(.io, "cannot watch files here: inotify is not available") }
    guard watcher.isWatching(name) || watcher.watch(plugin.folder, plugin: name) else {
      throw FolioError(.io, "cannot watch \(plugin.folder)")
    }
  }

  /// Reloads each watched plugin whose `.lua` files changed since the last call.
  ///
  /// - Returns: each plugin reloaded, with the error when it failed to load again.
  public func reloadChanged() -> [(name: String, error: FolioError?)] {
    guard let watcher else { return [] }
    return watcher.changedPlugins().map { name in
      do throws(FolioError) {
        try reload(named: name)
        return (name, nil)
      } catch {
        return (name, error)
      }
    }
  }

  /// The plugin with this name.
  public func plugin(named name: String) -> Plugin? {
    plugins.first { $0.name == name }
  }

  /// The plugin that failed to load whose command `id` would have been: one that declared it
  /// before failing, or whose name is the id's first part (`oops` for `oops.greet`).
  public func failedPlugin(forCommand id: String) -> Plugin? {
    let namespace = id.split(separator: ".", maxSplits: 1).first.map(String.init) ?? id
    return plugins.first { plugin in
      guard case .failed = plugin.status else { return false }
      return plugin.declaredCommands.contains(id) || (id.contains(".") && plugin.name == namespace)
    }
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
    plugin.cachedEntry = nil
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

  func removeContributions(of plugin: Plugin) {
    surface.registry.unregisterAll(ownedBy: plugin.owner)
    surface.removeMenus(ownedBy: plugin.owner)
    surface.workspace.contextMenus.removeEntries(ownedBy: plugin.owner)
    surface.workspace.shareTargets.unregisterAll(ownedBy: plugin.owner)
    surface.removeToolbarItems(ownedBy: plugin.owner)
    surface.removeToolbars(ownedBy: plugin.owner)
    surface.removeMenuContributions(ownedBy: plugin.owner)
    surface.workspace.tableDecorations.removeAll(ownedBy: plugin.owner)
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
      plugin.cachedEntry = nil
      let cache = collectsProblems ? nil : declarationCacheLookup(of: plugin)
      // An entry that cannot be read registers nothing and the plugin loads the ordinary way.
      if let cache, let entry = cache.entry, try loadFromCache(entry, of: plugin) { return }
      recording = cache == nil ? nil : []
      loadSideEffect = nil
      defer { recording = nil }
      try readManifest(of: plugin)
      stateWrites = PluginStateWrites()
      defer { stateWrites = nil }
      let (lua, contributions) = try runPluginFile(of: plugin)
      guard collectsProblems else {
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
        if let cache { storeDeclarations(of: plugin, in: cache) }
        return
      }
      plugin.problems += commandReferenceProblems(contributions, of: plugin).map {
        Self.withoutName($0.message, of: plugin)
      }
      for contribution in contributions {
        do throws(FolioError) {
          try apply(contribution, of: plugin)
        } catch {
          plugin.problems.append(Self.withoutName(error.message, of: plugin))
        }
      }
      guard plugin.problems.isEmpty else {
        removeContributions(of: plugin)
        throw firstProblem(of: plugin)
      }
      try commitStateWrites()
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

  /// Makes the plugin's Lua state and runs `plugin.lua` in it; returns the state and what it
  /// declared, in order (registered by the caller). The caller holds `stateWrites`.
  func runPluginFile(of plugin: Plugin) throws(FolioError) -> (LuaState, [Contribution]) {
    guard let source = PluginFiles.read(plugin.folder + "/plugin.lua") else {
      throw FolioError(.io, "cannot read \(plugin.folder)/plugin.lua")
    }
    let lua: LuaState
    do {
      lua = try LuaState(memoryLimit: memoryBudget(of: plugin))
    } catch {
      throw FolioError(.lua, error.message)
    }
    lua.instructionBudget = Self.loadInstructionBudget
    lua.timeBudget = Self.loadTimeBudget
    lua.installRequire(folder: plugin.folder)
    plugin.declaredCommands = []
    plugin.loggedProblems = []
    plugin.problems = []
    installAPI(in: lua, for: plugin)
    pending = []
    defer { pending = nil }
    do {
      try lua.run(source, name: "@plugin.lua")
    } catch {
      // Ctrl-C stopped this plugin's loading: the plugins after it still load.
      if error.stop == .interrupted { LuaState.clearInterrupt() }
      let failed = failure(error, in: plugin, whileLoading: true)
      if collectsProblems { plugin.problems.append(Self.withoutName(failed.message, of: plugin)) }
      throw collectsProblems ? firstProblem(of: plugin) : failed
    }
    return (lua, pending ?? [])
  }

  /// A message without its `plugin NAME: ` prefix.
  private static func withoutName(_ message: String, of plugin: Plugin) -> String {
    message.hasPrefix("plugin \(plugin.name): ")
      ? String(message.dropFirst("plugin \(plugin.name): ".count)) : message
  }

  /// The error a checked plugin fails with: its first problem.
  private func firstProblem(of plugin: Plugin) -> FolioError {
    FolioError(.invalidArgument, "plugin \(plugin.name): \(plugin.problems.first ?? "does not load")")
  }

  /// Sets a plugin's status and publishes it: `pluginLoaded`, `pluginUnloaded` (disabled),
  /// or `pluginFailed` with the reason it failed or was quarantined.
  func setStatus(_ status: Plugin.Status, of plugin: Plugin) {
    plugin.status = status
    updateChangeRecording()
    switch status {
    case .loaded: events?.publish(.pluginLoaded(name: plugin.name))
    case .failed(let reason), .quarantined(let reason):
      events?.publish(.pluginFailed(name: plugin.name, reason: reason))
    case .disabled: events?.publish(.pluginUnloaded(name: plugin.name))
    }
  }

  /// Registers a contribution; an error (a taken id) names the plugin and the `FILE:LINE:` of
  /// the declaration.
  func apply(_ contribution: Contribution, of plugin: Plugin) throws(FolioError) {
    do {
      try register(contribution, of: plugin)
    } catch {
      let location: String
      let function: String
      switch contribution {
      case .command(_, let at): (location, function) = (at, "folio.command")
      case .menu(_, let at): (location, function) = (at, "folio.menu")
      case .contextMenu(_, _, let at): (location, function) = (at, "folio.context_menu")
      case .shareTarget(_, let at): (location, function) = (at, "folio.share_target")
      case .toolbarItem(_, let at): (location, function) = (at, "folio.toolbar_item")
      case .toolbar(_, let at): (location, function) = (at, "folio.toolbar")
      case .menuContribution(_, let at): (location, function) = (at, "folio.contribute")
      case .rowDecoration(_, let at): (location, function) = (at, "folio.row_decoration")
      case .cellFormat(_, let at): (location, function) = (at, "folio.cell_format")
      case .handler: (location, function) = ("", "folio.on")
      }
      throw FolioError(
        error.code, "plugin \(plugin.name): \(location)\(function): \(error.message)",
        values: error.values, remedies: error.remedies)
    }
  }

  private func register(_ contribution: Contribution, of plugin: Plugin) throws(FolioError) {
    switch contribution {
    case .shareTarget(let target, _):
      try surface.workspace.shareTargets.register(target)
      plugin.contributions.shareTargets.append(target.id)
    case .toolbarItem(let item, _):
      try surface.addToolbarItem(item)
      plugin.contributions.toolbarItems.append(item.id)
    case .toolbar(let toolbar, _):
      try surface.addToolbar(toolbar)
      plugin.contributions.toolbars.append("\(toolbar.id) (\(toolbar.role.rawValue))")
    case .menuContribution(let contribution, _):
      try surface.addMenuContribution(contribution)
      let commands = Self.references(in: contribution.elements, at: "").joinedText(separator: ", ") {
        $0.command
      }
      plugin.contributions.menuContributions.append("\(contribution.menu): \(commands)")
    case .rowDecoration(let decoration, _):
      try surface.workspace.tableDecorations.add(decoration)
      plugin.contributions.rowDecorations.append(
        "\(decoration.id) (\(decoration.symbol) on \(decoration.column))")
    case .cellFormat(let format, _):
      try surface.workspace.tableDecorations.add(format)
      plugin.contributions.cellFormats.append("\(format.id) (\(format.style.kind) on \(format.column))")
    case .handler(let event, let function):
      plugin.handlers.append((event, function))
      plugin.contributions.eventHandlers.append(event)
    case .command(let registered, _):
      try surface.registry.register(registered)
      plugin.contributions.commands.append(registered.command.configuration.id)
    case .menu(let menu, _):
      try surface.addMenu(menu)
      plugin.contributions.menus.append(menu.id)
    case .contextMenu(let entry, let elements, _):
      surface.workspace.contextMenus.add(entry)
      let commands = Self.references(in: elements, at: "").joinedText(separator: ", ") { $0.command }
      let cases = ContextMenuCase.allCases.filter(entry.cases.contains).joinedText(separator: ", ") {
        $0.rawValue
      }
      plugin.contributions.contextMenuEntries.append("\(commands) (\(cases))")
    }
  }

  /// Runs `manifest.lua`, if there is one, and copies its fields. Each manifest runs in a
  /// Lua state of its own, with small limits, so none can change the libraries another sees;
  /// its `print` writes to the plugin's log.
  func readManifest(of plugin: Plugin) throws(FolioError) {
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
    try Self.checkManifestFields(manifest)
    plugin.version = manifest["version"].string
    plugin.requestedBudgets = try PluginBudgetRequest(manifestField: manifest["budgets"])
    // A cached load runs no manifest: one asking for budgets is loaded the ordinary way.
    if plugin.requestedBudgets != PluginBudgetRequest() {
      noteLoadSideEffect("its manifest asks for budgets")
    }
    plugin.summary = manifest["description"].string
  }

  /// The fields a manifest may have.
  static let manifestFields = ["api", "budgets", "description", "name", "permissions", "version"]

  /// Refuses what a manifest would otherwise lose silently: an unknown field, a version or
  /// description that is not a string, and permissions — every plugin runs in the same
  /// sandbox, so there are none to ask for (an empty list is allowed).
  private static func checkManifestFields(_ manifest: LuaTable) throws(FolioError) {
    if let unknown = manifest.fields.keys.sorted().first(where: { !manifestFields.contains($0) }) {
      throw FolioError(
        .invalidArgument,
        "manifest.lua: unknown field '\(unknown.cutToMessageLimit())' (fields: \(manifestFields.joined(separator: ", ")))"
      )
    }
    if !manifest.array.isEmpty {
      throw FolioError(
        .invalidArgument, "manifest.lua: the manifest is a table of named fields; it has list items")
    }
    switch manifest["version"] {
    case .nil, .string: break
    case .integer(let number):
      throw FolioError(
        .invalidArgument,
        "manifest.lua: field 'version' must be a string, got a number: write version = \"\(number)\"")
    case .number(let number):
      throw FolioError(
        .invalidArgument,
        "manifest.lua: field 'version' must be a string, got a number: write version = \"\(number)\"")
    case let other:
      throw FolioError(
        .invalidArgument,
        "manifest.lua: field 'version' must be a string such as \"1.0\", got \(other.typeName)")
    }
    switch manifest["description"] {
    case .nil, .string: break
    case let other:
      throw FolioError(
        .invalidArgument, "manifest.lua: field 'description' must be a string, got \(other.typeName)")
    }
    switch manifest["permissions"] {
    case .nil: break
    case .table(let table) where table.array.isEmpty && table.fields.isEmpty: break
    default:
      throw FolioError(
        .invalidArgument,
        "manifest.lua: field 'permissions' asks for permissions, but Folio has none to grant: every plugin "
          + "runs in the same sandbox (docs/plugins.md, Sandbox and budgets); remove the field")
    }
  }

  /// The message with the `FILE:LINE: ` locations at its start said once: an error re-raised
  /// with `error(e)` at each level of a recursion gains one per level (`plugin.lua:2:
  /// plugin.lua:2: … boom`); the innermost, where it was first raised, is kept.
  static func locatedOnce(_ message: String) -> String {
    /// The length of the `FILE:LINE: ` location `text` starts with, if it does.
    func locationLength(_ text: Substring) -> Int? {
      let utf8 = Array(text.utf8.prefix(300))
      guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon > 0,
        !utf8[..<colon].contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") })
      else { return nil }
      var end = colon + 1
      while end < utf8.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[end]) { end += 1 }
      guard end > colon + 1, end + 1 < utf8.count, utf8[end] == UInt8(ascii: ":"),
        utf8[end + 1] == UInt8(ascii: " ")
      else { return nil }
      return end + 2
    }
    var rest = message[...]
    var innermost: Substring?
    while let length = locationLength(rest) {
      let location = rest.utf8.prefix(length)
      innermost = Substring(location)
      rest = Substring(rest.utf8.dropFirst(length))
    }
    guard let innermost, rest.utf8.count + innermost.utf8.count < message.utf8.count else { return message }
    return String(innermost) + rest
  }

  /// The error a failed callback, or `plugin.lua` `whileLoading`, becomes: `plugin NAME:
  /// FILE:LINE: message`, with the traceback in the plugin's log. A spent budget says which
  /// and how large it was. A callback Ctrl-C stopped is `FolioError.interrupted`, as any
  /// command Ctrl-C stops: where it stopped goes to the plugin's log only.
  func failure(_ error: LuaError, in plugin: Plugin, whileLoading: Bool = false) -> FolioError {
    var message = Self.locatedOnce(error.message).cutToMessageLimit()
    if error.stop == .interrupted, !whileLoading {
      plugin.appendLog("interrupted: \(message)")
      return .interrupted
    }
    // "instruction budget exceeded", also "… while matching a pattern" or "… in table.move".
    let isStopMessage = message.contains("budget exceeded")
    let instructions = whileLoading ? Self.loadInstructionBudget : instructionBudget(of: plugin)
    let milliseconds = whileLoading ? Self.loadTimeBudget : timeBudget(of: plugin)
    // The budget, and the setting that raises it (none while loading: that budget is fixed).
    let per = whileLoading ? "while loading" : "per callback"
    let raise = { (name: String) in whileLoading ? "" : "; " + self.budgetSetting(name, of: plugin) }
    let memory = "memory budget of \(memoryBudget(of: plugin) >> 20) MB exceeded" + raise("memory")
    switch error.stop {
    case .memory: message += " (\(memory))"
    case .instructions where isStopMessage:
      message += " (\(instructions) instructions \(per)\(raise("instructions")))"
    case .time where isStopMessage: message += " (\(milliseconds) ms \(per)\(raise("time")))"
    case nil where message.hasSuffix("not enough memory"): message += " (\(memory))"
    default: break
    }
    plugin.appendLog("error: \(message)")
    if !error.traceback.isEmpty { plugin.appendLog(error.traceback) }
    return FolioError(.lua, "plugin \(plugin.name): \(message)")
  }
}
