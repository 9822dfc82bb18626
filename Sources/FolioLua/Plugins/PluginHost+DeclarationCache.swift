import CFolioVersion
import FolioCore

/// The declaration cache: after a load in which `plugin.lua` only declared things, what it
/// declared is kept in the state store under a key made of the XXH64 of every `.lua` file of
/// the plugin's folder (what `require` may load), Folio's version and build (its executable's
/// build id), the entry format's and the plugin API's. At the next start a plugin whose key matches is registered from the cache, with no Lua state:
/// its commands and share targets are stand-ins that make the state and run `plugin.lua` the
/// first time one of them is used (`realize`), then check that it declared the same.
extension PluginHost {
  /// The key of a plugin's cache entry, and the entry stored under it when it is usable.
  struct CacheLookup {
    /// What the plugin's files and this Folio hash to now.
    var key: String
    /// The entry under `key`, its checksum and header checked; nil when there is none, it
    /// has another key or it is damaged.
    var entry: CheckedDeclarationEntry?
    /// Whether the store holds an entry for the plugin at all (usable or not).
    var isStored: Bool
  }

  /// A cache entry to write (`data`) or remove (nil).
  struct CacheWrite {
    var plugin: String
    var key: String
    var data: [UInt8]?
  }

  /// The plugin's cache key and entry; nil when the cache cannot be used: it is turned off,
  /// there is no state store, or the plugin's files cannot all be hashed.
  func declarationCacheLookup(of plugin: Plugin) -> CacheLookup? {
    guard usesDeclarationCache, let store = surface.workspace.stateStore,
      let files = PluginFiles.luaFileHashes(in: plugin.folder)
    else { return nil }
    var key =
      "folio \(String(cString: folio_version())) \(String(cString: folio_commit())); build \(buildIdentity); "
      + "\(String(decoding: PluginDeclarationEntry.magic.dropLast(), as: UTF8.self)); api 1; "
      + "memory \(memoryBudget); \(plugin.folder)\n"
    for file in files { key += "\(file.path) \(String(file.hash, radix: 16))\n" }
    let stored =
      if let storedDeclarations { storedDeclarations[plugin.name] } else {
        store.pluginDeclarations(plugin: plugin.name)
      }
    guard let stored else {
      return CacheLookup(key: key, entry: nil, isStored: false)
    }
    let entry = stored.key == key ? CheckedDeclarationEntry(stored.data) : nil
    return CacheLookup(key: key, entry: entry, isStored: true)
  }

  /// After a load that succeeded: stores what it declared when it did nothing else, else
  /// removes any entry the plugin had. A store that cannot be written (read-only) keeps
  /// what it has: the cache only ever saves time.
  ///
  /// While `discoverAndLoad` runs, the writes wait for `writeCacheEntries`, which makes them
  /// one store transaction.
  func storeDeclarations(of plugin: Plugin, in lookup: CacheLookup) {
    let data: [UInt8]?
    if loadSideEffect == nil, let declarations = recording {
      data =
        PluginDeclarationEntry(version: plugin.version, summary: plugin.summary, declarations: declarations)
        .encoded
    } else {
      guard lookup.isStored else { return }
      data = nil
    }
    let write = CacheWrite(plugin: plugin.name, key: lookup.key, data: data)
    if cacheWrites != nil {
      cacheWrites?.append(write)
    } else {
      cacheWrites = [write]
      writeCacheEntries()
    }
  }

  /// Writes the cache entries `storeDeclarations` held, in one store transaction; a store
  /// that cannot be written keeps what it had.
  func writeCacheEntries() {
    guard let writes = cacheWrites else { return }
    cacheWrites = nil
    guard !writes.isEmpty, let store = surface.workspace.stateStore else { return }
    try? store.transaction { () throws(FolioError) in
      for write in writes {
        try store.setPluginDeclarations(write.data, key: write.key, plugin: write.plugin)
      }
    }
  }

  /// This executable's build id (`folio_binary_identity`), read once.
  static let executableIdentity = String(cString: folio_binary_identity())

  /// Registers a plugin from its cache entry, read in one pass: the manifest's fields as
  /// stored, and each declaration made again, checked and registered as a load would — with
  /// stand-ins for what calls Lua. A plain action command is built straight from the
  /// entry's bytes (`DeclarationReader.actionCommand`); any other declaration is decoded and
  /// made by the `make*` function its `folio.*` call used.
  ///
  /// - Returns: false, having registered nothing, when the entry cannot be read.
  func loadFromCache(_ entry: CheckedDeclarationEntry, of plugin: Plugin) throws(FolioError) -> Bool {
    plugin.version = entry.version
    plugin.summary = entry.summary
    // The ids a failed load names (`failedPlugin(forCommand:)`) are gathered only when it fails.
    plugin.declaredCommands = []
    plugin.loggedProblems = []
    plugin.problems = []
    let owner = plugin.owner
    let category = "Plugin \(plugin.name)"
    var contributions: [Contribution] = []
    contributions.reserveCapacity(entry.count)
    var commandCount = 0
    var reader = entry.reader
    var lastParameters = DeclarationReader.LastParameters()
    var lastHeader = DeclarationReader.LastHeader()
    // The events of its `folio.on` calls: `dispatch` realizes the plugin when one comes.
    var events: [String] = []
    for _ in 0..<entry.count {
      guard let header = reader.declarationHeader(last: &lastHeader) else { return false }
      if header.function == "command", header.arguments == 1 {
        let start = reader.position
        if let fields = reader.actionCommand(last: &lastParameters) {
          contributions.append(
            .command(
              RegisteredCommand(standIn(for: fields, owner: owner, category: category, of: plugin)),
              at: header.location))
          commandCount += 1
          continue
        }
        reader.position = start
      }
      guard let arguments = reader.values(header.arguments) else { return false }
      if header.function == "on" {
        guard case .string(let event)? = arguments.first, Self.eventNames.contains(event) else {
          return false
        }
        events.append(event)
        continue
      }
      let declaration = PluginDeclaration(
        function: header.function, arguments: arguments, location: header.location)
      let made: Contribution
      do throws(LuaError) {
        made = try contribution(from: declaration, of: plugin, sequence: contributions.count)
      } catch {
        plugin.declaredCommands = Self.commandIDs(in: contributions)
        throw FolioError(.lua, "plugin \(plugin.name): \(declaration.location)\(error.message)")
      }
      if case .command = made { commandCount += 1 }
      contributions.append(standIn(for: made, of: plugin))
    }
    guard reader.isAtEnd else { return false }
    do throws(FolioError) {
      try checkCommandReferences(contributions, of: plugin)
      surface.registry.reserveCapacity(adding: commandCount)
      plugin.contributions.commands.reserveCapacity(plugin.contributions.commands.count + commandCount)
      do throws(FolioError) {
        for contribution in contributions { try apply(contribution, of: plugin) }
      } catch {
        removeContributions(of: plugin)
        throw error
      }
    } catch {
      plugin.declaredCommands = Self.commandIDs(in: contributions)
      throw error
    }
    plugin.contributions.eventHandlers += events
    plugin.cachedEntry = entry
    setStatus(.loaded, of: plugin)
    return true
  }

  /// The ids of the commands among `contributions`.
  private static func commandIDs(in contributions: [Contribution]) -> Set<String> {
    var ids: Set<String> = []
    for case .command(let registered, _) in contributions { ids.insert(registered.command.configuration.id) }
    return ids
  }

  /// Makes a contribution again from a cached declaration, as the `folio.*` function did.
  private func contribution(from declaration: PluginDeclaration, of plugin: Plugin, sequence: Int)
    throws(LuaError) -> Contribution
  {
    let first = declaration.arguments.first ?? .nil
    let at = declaration.location
    switch declaration.function {
    case "command":
      let fields = try PluginFields(first, function: "folio.command", known: Self.commandFieldNames)
      return .command(RegisteredCommand(try makeCommand(fields, plugin: plugin)), at: at)
    case "menu": return .menu(try makeMenu(first, function: "folio.menu", plugin: plugin), at: at)
    case "share_target": return .shareTarget(try makeShareTarget(first, plugin: plugin), at: at)
    case "toolbar_item": return .toolbarItem(try makeToolbarItem(first, plugin: plugin), at: at)
    case "toolbar": return .toolbar(try makeToolbar(first, plugin: plugin), at: at)
    case "contribute":
      let options = declaration.arguments.dropFirst().first ?? .nil
      return .menuContribution(
        try makeContribution(menu: first, options, plugin: plugin, sequence: sequence), at: at)
    case "row_decoration": return .rowDecoration(try makeRowDecoration(first, plugin: plugin), at: at)
    case "cell_format": return .cellFormat(try makeCellFormat(first, plugin: plugin), at: at)
    case "context_menu":
      let (entry, elements) = try makeContextMenu(first, plugin: plugin)
      return .contextMenu(entry, elements: elements, at: at)
    default:
      throw LuaError(message: "the declaration cache holds an unknown declaration '\(declaration.function)'")
    }
  }

  // MARK: Stand-ins

  /// The contribution with every closure that would call Lua replaced by one that runs
  /// `plugin.lua` first (`realize`) and then calls the real contribution registered in its
  /// place. Menus, toolbars and decorations call no Lua and stay as they are.
  private func standIn(for contribution: Contribution, of plugin: Plugin) -> Contribution {
    switch contribution {
    case .command(let registered, let at):
      return .command(RegisteredCommand(standIn(for: registered.command, of: plugin)), at: at)
    case .shareTarget(var target, let at):
      let id = target.id
      target.send = { [weak self, weak plugin] item, destination throws(FolioError) in
        guard let self, let plugin else { throw FolioError(.disabled, "the plugin is not loaded") }
        try realize(plugin)
        guard let real = surface.workspace.shareTargets.target(id: id), real.owner == plugin.owner else {
          throw FolioError(.disabled, "plugin \(plugin.name) no longer declares the share target '\(id)'")
        }
        return try real.send(item, destination)
      }
      return .shareTarget(target, at: at)
    default: return contribution
    }
  }

  /// The stand-in of a plain action command read from the cache, built at once: the fields
  /// `makeCommand` would give it, with closures that run `plugin.lua` first.
  private func standIn(
    for fields: CachedActionCommand, owner: String, category: String, of plugin: Plugin
  ) -> Command {
    let real = RealCommand(id: fields.id, host: self, plugin: plugin)
    var configuration = CommandConfiguration(
      id: fields.id, title: fields.title, subtitle: fields.subtitle, icon: fields.icon, role: fields.role,
      dismiss: fields.dismiss, category: category, summary: fields.summary ?? fields.title, owner: owner,
      confirmation: fields.role == .destructive ? .asks : .none)
    configuration.parameters = fields.parameters
    var command = Command(
      configuration, availability: fields.hasEnabled || fields.hasVisible ? real.availability : nil,
      behavior: .action(real.action))
    if fields.hasEnabled || fields.hasVisible {
      // As below: the palette's search shows it enabled without running `plugin.lua`.
      command.availabilityBeforeFirstUse = .enabled
    }
    command.answer = real.answer
    return command
  }

  private func standIn(for command: Command, of plugin: Plugin) -> Command {
    var standIn = command
    let id = command.id
    let target = RealCommand(id: id, host: self, plugin: plugin)
    let real = target.command
    if command.availability != nil {
      // Its predicate is Lua, which runs only after `plugin.lua`: until a first use, listing
      // the command (the palette's search) shows it enabled without running either.
      standIn.availabilityBeforeFirstUse = .enabled
      standIn.availability = target.availability
    }
    if command.answer != nil { standIn.answer = target.answer }
    switch command.behavior {
    case .action: standIn.behavior = .action(target.action)
    case .state(.toggle):
      let state = { () throws(FolioError) -> (get: () -> Bool, set: (Bool) throws -> Void) in
        guard case .state(.toggle(let get, let set)) = try real().behavior else {
          throw FolioError(.disabled, "'\(id)' is no longer a toggle")
        }
        return (get, set)
      }
      standIn.behavior = .state(
        .toggle(get: { (try? state())?.get() ?? false }, set: { value in try state().set(value) }))
    case .state(.choice(let options, _, _)):
      let state = { () throws(FolioError) -> (get: () -> String, set: (String) throws -> Void) in
        guard case .state(.choice(_, let get, let set)) = try real().behavior else {
          throw FolioError(.disabled, "'\(id)' is no longer a choice")
        }
        return (get, set)
      }
      standIn.behavior = .state(
        .choice(
          options: options, get: { (try? state())?.get() ?? "" }, set: { value in try state().set(value) }))
    case .state(.number(let range, let step, let style, _, _)):
      let state = { () throws(FolioError) -> (get: () -> Double, set: (Double) throws -> Void) in
        guard case .state(.number(_, _, _, let get, let set)) = try real().behavior else {
          throw FolioError(.disabled, "'\(id)' is no longer a number")
        }
        return (get, set)
      }
      standIn.behavior = .state(
        .number(
          range: range, step: step, style: style, get: { (try? state())?.get() ?? range.lowerBound },
          set: { value in try state().set(value) }))
    }
    return standIn
  }

  /// What the closures of a command's stand-in reach: the real command, once `plugin.lua`
  /// has run (`realize`). One object a stand-in, so that its closures capture one reference.
  private final class RealCommand {
    let id: String
    weak var host: PluginHost?
    weak var plugin: Plugin?

    init(id: String, host: PluginHost, plugin: Plugin) {
      self.id = id
      self.host = host
      self.plugin = plugin
    }

    /// The real command, `plugin.lua` run first if it has not run yet.
    func command() throws(FolioError) -> Command {
      guard let host, let plugin else { throw FolioError(.disabled, "the plugin is not loaded") }
      return try host.realCommand(id, of: plugin)
    }

    /// The stand-in's `availability`.
    var availability: () -> Availability {
      { [self] in
        do throws(FolioError) {
          return try command().currentAvailability
        } catch {
          return .disabled(reason: error.message)
        }
      }
    }

    /// The stand-in's `answer`.
    var answer: (String, Arguments) throws -> CommandOutput {
      { [self] buttonID, arguments in
        guard let answer = try command().answer else {
          throw FolioError(.disabled, "'\(id)' asks nothing now")
        }
        return try answer(buttonID, arguments)
      }
    }

    /// The stand-in's action.
    var action: Command.Action {
      { [self] arguments in
        guard case .action(let action) = try command().behavior else {
          throw FolioError(.disabled, "'\(id)' is no longer an action")
        }
        return try action(arguments)
      }
    }
  }

  /// The command registered as `id` once the plugin's `plugin.lua` has run.
  fileprivate func realCommand(_ id: String, of plugin: Plugin) throws(FolioError) -> Command {
    try realize(plugin)
    guard let command = surface.registry.command(id: id), command.owner == plugin.owner else {
      throw FolioError(.disabled, "plugin \(plugin.name) no longer declares the command '\(id)'")
    }
    return command
  }

  // MARK: First use

  /// Runs the `plugin.lua` of a plugin registered from the cache, on the first use of one of
  /// its stand-ins; does nothing for any other plugin.
  ///
  /// When it declares what the cache held and does nothing else, its real commands and share
  /// targets take the stand-ins' places. Otherwise the stand-ins' registrations are
  /// replaced by what it declared now, the cache entry is brought up to date, and the
  /// plugin's log says why. When it fails, the plugin fails as a load would and the error is
  /// thrown.
  func realize(_ plugin: Plugin) throws(FolioError) {
    guard !plugin.isRealizing else {
      throw FolioError(.disabled, "plugin \(plugin.name) is still running its plugin.lua")
    }
    guard let entry = plugin.cachedEntry else { return }
    guard plugin.status == .loaded else { throw FolioError(.disabled, "plugin \(plugin.name) is not loaded") }
    plugin.cachedEntry = nil
    let cached = entry.declarations() ?? []
    plugin.isRealizing = true
    defer { plugin.isRealizing = false }
    // The first use may come in the middle of another plugin's callback or load: what the
    // host holds for that one is put back afterwards.
    let saved = (recording, loadSideEffect, stateWrites, transaction, isReadingOnly, pending)
    defer { (recording, loadSideEffect, stateWrites, transaction, isReadingOnly, pending) = saved }
    (recording, loadSideEffect, stateWrites, transaction, isReadingOnly) = (
      [], nil, PluginStateWrites(), nil, false
    )
    do throws(FolioError) {
      let (lua, contributions) = try runPluginFile(of: plugin)
      if let difference = difference(between: cached, and: recording ?? []) {
        plugin.appendLog("declaration cache: \(difference); registered what plugin.lua declares now")
        removeContributions(of: plugin)
        try checkCommandReferences(contributions, of: plugin)
        for contribution in contributions { try apply(contribution, of: plugin) }
        if let lookup = declarationCacheLookup(of: plugin) { storeDeclarations(of: plugin, in: lookup) }
      } else {
        for contribution in contributions {
          switch contribution {
          case .command(let registered, _): try surface.registry.replace(registered.command)
          case .shareTarget(let target, _): try surface.workspace.shareTargets.replace(target)
          // `loadFromCache` listed the events; only the functions were missing.
          case .handler(let event, let function): plugin.handlers.append((event, function))
          default: break
          }
        }
      }
      try commitStateWrites()
      plugin.lua = lua
    } catch {
      removeContributions(of: plugin)
      plugin.lua = nil
      let text = error.description
      let prefix = "plugin \(plugin.name): "
      setStatus(.failed(text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text), of: plugin)
      plugin.appendLog("load failed: \(text)")
      throw error
    }
  }

  /// Why what `plugin.lua` declared now is not what the cache held; nil when it is.
  private func difference(between cached: [PluginDeclaration], and declared: [PluginDeclaration]) -> String? {
    if let loadSideEffect { return "plugin.lua did more than declare (\(loadSideEffect))" }
    guard cached.count == declared.count else {
      return "plugin.lua made \(declared.count) declarations, the cache held \(cached.count)"
    }
    guard let index = cached.indices.first(where: { cached[$0] != declared[$0] }) else { return nil }
    return "\(declared[index].location)folio.\(declared[index].function) differs from the cached declaration"
  }
}
