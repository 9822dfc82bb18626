/// Whether a plugin is running.
public enum PluginStatus: Sendable, Equatable, CustomStringConvertible {
  /// Loaded and contributing.
  case loaded
  /// Loading failed; it contributes nothing.
  case failed(String)
  /// Unloaded by `plugin unload`, or not loaded yet.
  case disabled
  /// Loaded, but a callback blew a budget: its commands and the items that run them are
  /// disabled and none of its Lua code runs until `plugin reload`.
  case quarantined(String)

  public var description: String {
    switch self {
    case .loaded: "loaded"
    case .failed(let reason): "failed: \(reason)"
    case .disabled: "disabled"
    case .quarantined(let reason): "quarantined: \(reason)"
    }
  }

  /// Whether its contributions are registered: loaded or quarantined.
  public var isActive: Bool {
    switch self {
    case .loaded, .quarantined: true
    case .failed, .disabled: false
    }
  }
}

/// A plugin as `plugins` lists it and `plugin info` shows it.
public struct PluginSummary: Sendable, Equatable {
  /// The plugin's name: its folder's name.
  public var name: String
  /// The manifest's `version`, if any.
  public var version: String?
  /// The manifest's `description`, if any.
  public var summary: String?
  /// The folder holding `plugin.lua`.
  public var folder: String
  /// Whether it is loaded, failed, disabled or quarantined.
  public var status: PluginStatus
  /// What it contributed while loaded.
  public var contributions: PluginContributions
  /// Its log, oldest first.
  public var log: [String]

  /// Creates a summary.
  public init(
    name: String, version: String?, summary: String?, folder: String,
    status: PluginStatus, contributions: PluginContributions, log: [String]
  ) {
    self.name = name
    self.version = version
    self.summary = summary
    self.folder = folder
    self.status = status
    self.contributions = contributions
    self.log = log
  }
}

/// What every plugin callback may spend, as `plugin info` shows it.
public struct PluginBudgets: Sendable, Equatable {
  /// Lua instructions per callback.
  public var instructions: Int
  /// Milliseconds per callback.
  public var milliseconds: Int
  /// Bytes of memory a plugin's Lua state may hold.
  public var memoryBytes: Int
  /// Bytes one `folio.state` value may take.
  public var stateValueBytes: Int
  /// Bytes all of a plugin's `folio.state` values may take.
  public var stateBytes: Int

  /// Creates budgets.
  public init(instructions: Int, milliseconds: Int, memoryBytes: Int, stateValueBytes: Int, stateBytes: Int) {
    self.instructions = instructions
    self.milliseconds = milliseconds
    self.memoryBytes = memoryBytes
    self.stateValueBytes = stateValueBytes
    self.stateBytes = stateBytes
  }
}

/// What `plugin load`, `unload` or `reload` did.
public enum PluginChange: String, Sendable, Equatable {
  /// `plugin load`: the plugin runs and contributes.
  case loaded
  /// `plugin unload`: its contributions are gone.
  case unloaded
  /// `plugin reload`: it was unloaded and loaded again, from its files as they are now.
  case reloaded
}
