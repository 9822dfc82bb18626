import FolioCore

/// One discovered plugin: its folder, manifest, state and log.
public final class Plugin {
  /// Whether a plugin is running.
  public typealias Status = PluginStatus

  /// The plugin's name and identity: its folder's name (a manifest's `name` must match it).
  public let name: String
  /// The folder holding `plugin.lua`.
  public let folder: String
  /// The manifest's `version`, if any.
  public internal(set) var version: String?
  /// The manifest's `description`, if any.
  public internal(set) var summary: String?
  /// Whether it is loaded, failed or disabled.
  public internal(set) var status: Status = .disabled
  /// Lines written by `folio.log` and by the host (errors with their tracebacks), oldest
  /// first; the oldest are dropped past `PluginHost.logLimit`.
  public internal(set) var log: [String] = []
  /// What it contributed while loaded; empty when it is not.
  public internal(set) var contributions = PluginContributions()

  /// The bytes its Lua state holds now; 0 when it is not loaded.
  public var memoryUsed: Int { lua?.memoryUsed ?? 0 }

  /// The owner string of everything the plugin contributes: `plugin NAME`.
  public var owner: String { "plugin \(name)" }

  var lua: LuaState?
  /// The budgets its manifest asks for (`budgets`), granted up to the user's caps.
  var requestedBudgets = PluginBudgetRequest()
  /// The registry reference of the state's `ctx` template (see `PluginHost.pushContext`).
  var contextTemplate: Int32 = 0
  /// The `ctx` last given to a predicate or state getter, with what it describes; nil until
  /// one runs in the current state.
  var sharedContext: SharedContext?
  /// The ids of the commands its `plugin.lua` declared in its last load, also when the load
  /// failed later: calling one then says why it is missing.
  var declaredCommands: Set<String> = []
  /// Every declaration problem of its last load when the host collects them
  /// (`PluginHost.collectsProblems`, for `plugin check`), each `FILE:LINE: message`.
  public internal(set) var problems: [String] = []
  /// The wrong results of its predicates and state getters logged since it loaded: each is
  /// logged once, not every time a menu asks again.
  var loggedProblems: Set<String> = []
  /// The `folio.on` handlers, in declaration order.
  var handlers: [(event: String, function: LuaFunctionReference)] = []
  /// The cache entry its contributions were registered from, when they came from the
  /// declaration cache and `plugin.lua` has not run yet (its state is made on first use);
  /// nil once it ran, and for a plugin loaded the ordinary way.
  var cachedEntry: CheckedDeclarationEntry?
  /// Whether its `plugin.lua` is running for a first use (`PluginHost.realize`): a stand-in
  /// reached meanwhile is refused rather than calling itself.
  var isRealizing = false

  /// Whether its contributions stand in for those of a `plugin.lua` not run yet: they came
  /// from the declaration cache.
  public var isRegisteredFromCache: Bool { cachedEntry != nil }

  init(name: String, folder: String) {
    self.name = name
    self.folder = folder
  }

  /// Adds a line to the log, cut to `PluginHost.messageLimit` bytes.
  func appendLog(_ line: String) {
    log.append(line.cutToMessageLimit())
    if log.count > PluginHost.logLimit { log.removeFirst(log.count - PluginHost.logLimit) }
  }
}

/// A plugin's shared `ctx` (a registry reference) and what it describes. A class, so that
/// checking the key before each predicate reads it in place rather than copying its strings
/// and selection out of the plugin.
final class SharedContext {
  let key: ContextKey
  let reference: Int32
  /// The `PluginHost.readingTogether` round in which the key was last found to describe the
  /// active document (0 for none).
  var checkedInRound = 0

  init(key: ContextKey, reference: Int32, checkedInRound: Int) {
    self.key = key
    self.reference = reference
    self.checkedInRound = checkedInRound
  }
}
