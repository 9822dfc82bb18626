import FolioCore

/// The larger budgets a plugin's manifest asks for — `budgets = { instructions = N, time =
/// MS, memory = MB }` — for a plugin whose callbacks do more than the defaults allow (a
/// trimmer over a million rows). Each is granted up to the user's cap (`PluginBudgetCaps`,
/// the settings `plugins.max-instructions`, `plugins.max-time`, `plugins.max-memory`) and is
/// never less than the setting for every plugin.
struct PluginBudgetRequest: Equatable {
  /// Instructions per callback, if asked.
  var instructions: Int?
  /// Milliseconds per callback, if asked.
  var milliseconds: Int?
  /// Megabytes the plugin's Lua state may hold, if asked.
  var megabytes: Int?

  /// The fields of `budgets`.
  static let fields = ["instructions", "memory", "time"]

  /// Reads a manifest's `budgets` field (nil when absent); an unknown field or a value that is
  /// not a positive integer fails the load, naming it.
  init(manifestField value: LuaData) throws(FolioError) {
    switch value {
    case .nil: return
    case .table(let table) where table.array.isEmpty:
      if let unknown = table.fields.keys.sorted().first(where: { !Self.fields.contains($0) }) {
        throw FolioError(
          .invalidArgument,
          "manifest.lua: field 'budgets' has an unknown field '\(unknown.cutToMessageLimit())' "
            + "(fields: \(Self.fields.joined(separator: ", ")))")
      }
      instructions = try Self.positive(table.fields["instructions"], "instructions")
      milliseconds = try Self.positive(table.fields["time"], "time")
      megabytes = try Self.positive(table.fields["memory"], "memory")
    default:
      throw FolioError(
        .invalidArgument,
        "manifest.lua: field 'budgets' must be a table such as { instructions = 50000000, time = 10000, "
          + "memory = 64 }, got \(value.typeName)")
    }
  }

  init() {}

  private static func positive(_ value: LuaData?, _ field: String) throws(FolioError) -> Int? {
    switch value {
    case nil, .nil?: return nil
    case .integer(let number)? where number >= 1 && number <= Int(Int32.max) * 1000: return number
    case let other?:
      throw FolioError(
        .invalidArgument,
        "manifest.lua: budgets.\(field) must be a positive integer, got \(other.scalar?.description ?? other.typeName)"
      )
    }
  }
}

/// The most a manifest's `budgets` is granted, as the user sets it.
public struct PluginBudgetCaps: Equatable, Sendable {
  /// Instructions per callback.
  public var instructions = 100_000_000
  /// Milliseconds per callback.
  public var milliseconds = 60_000
  /// Bytes of the plugin's Lua state.
  public var memoryBytes = 256 << 20

  /// The default caps: ten times the default instruction budget, a minute, 256 MB.
  public init() {}

  /// Caps of these sizes.
  public init(instructions: Int, milliseconds: Int, memoryBytes: Int) {
    self.instructions = instructions
    self.milliseconds = milliseconds
    self.memoryBytes = memoryBytes
  }
}

extension PluginHost {
  /// The instructions each callback of `plugin` may run: the setting, or what its manifest
  /// asks up to the cap, whichever is larger.
  func instructionBudget(of plugin: Plugin) -> Int {
    granted(plugin.requestedBudgets.instructions, over: instructionBudget, cap: budgetCaps.instructions)
  }

  /// The milliseconds each callback of `plugin` may take, as `instructionBudget(of:)`.
  func timeBudget(of plugin: Plugin) -> Int {
    granted(plugin.requestedBudgets.milliseconds, over: timeBudget, cap: budgetCaps.milliseconds)
  }

  /// The bytes the Lua state of `plugin` may hold, as `instructionBudget(of:)`.
  func memoryBudget(of plugin: Plugin) -> Int {
    let asked = plugin.requestedBudgets.megabytes.map { $0 > Int.max >> 20 ? Int.max : $0 << 20 }
    return granted(asked, over: memoryBudget, cap: budgetCaps.memoryBytes)
  }

  private func granted(_ asked: Int?, over setting: Int, cap: Int) -> Int {
    guard let asked else { return setting }
    return max(setting, min(asked, cap))
  }

  /// The setting that raises a budget of `plugin` (`plugins.instructions`, or the cap
  /// `plugins.max-instructions` when its manifest asks for more than the setting).
  func budgetSetting(_ name: String, of plugin: Plugin) -> String {
    let asked: Int?
    switch name {
    case "instructions":
      asked = plugin.requestedBudgets.instructions.map { $0 > instructionBudget ? $0 : nil } ?? nil
    case "time": asked = plugin.requestedBudgets.milliseconds.map { $0 > timeBudget ? $0 : nil } ?? nil
    default: asked = plugin.requestedBudgets.megabytes.map { ($0 << 20) > memoryBudget ? $0 : nil } ?? nil
    }
    return asked == nil
      ? "setting plugins.\(name)" : "manifest.lua budgets.\(name), capped by setting plugins.max-\(name)"
  }
}
