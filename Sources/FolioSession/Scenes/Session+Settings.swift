import FolioCore
import FolioLua

/// A setting kept in the state store: its key, what it accepts and its default.
struct PersistedSetting {
  var key: String
  var title: String
  var summary: String
  /// The values it accepts; empty for a number in `range`.
  var values: [String]
  var range: ClosedRange<Int>?
  /// The default, unless `environmentDefault` derives it from the environment.
  var defaultValue: String
  /// Derives the default from the process environment (the locale's paper size); nil for a
  /// fixed default.
  var environmentDefault: (@Sendable ([String: String]) -> String)? = nil

  /// The default in an environment.
  func defaultValue(in environment: [String: String]) -> String {
    environmentDefault?(environment) ?? defaultValue
  }

  /// The value as stored, or nil when `value` is not one it accepts.
  func normalized(_ value: String) -> String? {
    if let range {
      guard let number = Parameter.integer(value), range.contains(number) else { return nil }
      return String(number)
    }
    return values.first { $0.lowercased() == value.lowercased() }
  }

  var allowedDescription: [String] {
    range.map { ["\($0.lowerBound)–\($0.upperBound)"] } ?? values
  }
}

extension Session {
  /// The settings kept in the state store, each read by what it names.
  static let persistedSettings = [
    PersistedSetting(
      key: "split.style", title: "Split View Style",
      summary: "how the split view's columns share the width",
      values: NavigationSplitView.Style.allCases.map(\.rawValue), defaultValue: "automatic"),
    PersistedSetting(
      key: "split.columns", title: "Split View Columns",
      summary: "2: documents and detail; 3: sections, documents and detail",
      values: NavigationSplitView.ColumnCount.allCases.map { String($0.rawValue) }, defaultValue: "2"),
    PersistedSetting(
      key: "sort.collation", title: "Sort Collation",
      summary:
        "standard: as people expect (Évora before Porto, item 9 before item 10); binary: by code point",
      values: TableCollation.allCases.map(\.rawValue), defaultValue: "standard"),
    PersistedSetting(
      key: "screen.rows", title: "Detail Rows", summary: "the lines or rows the detail shows in 'screen'",
      values: [], range: 1...50, defaultValue: "5"),
    PersistedSetting(
      key: "plugins.instructions", title: "Plugin Instruction Budget",
      summary: "the Lua instructions each plugin callback may run", values: [],
      range: 100_000...10_000_000_000, defaultValue: String(PluginHost.defaultInstructionBudget)),
    PersistedSetting(
      key: "plugins.time", title: "Plugin Time Budget",
      summary: "the milliseconds each plugin callback may take", values: [], range: 100...3_600_000,
      defaultValue: String(PluginHost.defaultTimeBudget)),
    PersistedSetting(
      key: "plugins.memory", title: "Plugin Memory Budget",
      summary: "the megabytes each plugin's Lua state may hold", values: [], range: 1...4096,
      defaultValue: String(PluginHost.defaultMemoryBudget >> 20)),
    PersistedSetting(
      key: "plugins.max-instructions", title: "Plugin Instruction Budget Cap",
      summary: "the most instructions a plugin's manifest may ask for (budgets.instructions)", values: [],
      range: 100_000...10_000_000_000, defaultValue: String(PluginBudgetCaps().instructions)),
    PersistedSetting(
      key: "plugins.max-time", title: "Plugin Time Budget Cap",
      summary: "the most milliseconds a plugin's manifest may ask for (budgets.time)", values: [],
      range: 100...3_600_000, defaultValue: String(PluginBudgetCaps().milliseconds)),
    PersistedSetting(
      key: "plugins.max-memory", title: "Plugin Memory Budget Cap",
      summary: "the most megabytes a plugin's manifest may ask for (budgets.memory)", values: [],
      range: 1...4096, defaultValue: String(PluginBudgetCaps().memoryBytes >> 20)),
    PersistedSetting(
      key: "plugins.state-value", title: "Plugin State Value Quota",
      summary: "the kilobytes one folio.state value may take, its key included", values: [],
      range: 1...65_536, defaultValue: String(PluginHost.defaultStateValueQuota >> 10)),
    PersistedSetting(
      key: "plugins.state-total", title: "Plugin State Quota",
      summary: "the kilobytes all of a plugin's folio.state values may take", values: [],
      range: 1...1_048_576, defaultValue: String(PluginHost.defaultStateQuota >> 10)),
    PersistedSetting(
      key: "print.page-size", title: "Print Page Size", summary: "the paper 'print' uses without --page-size",
      values: PageSize.allCases.map(\.rawValue), defaultValue: PageSize.a4.rawValue,
      environmentDefault: { PageSize.preferred(byLocaleIn: $0).rawValue }),
  ]

  /// A persisted setting's value: stored, else changed this session, else its default; a
  /// stored value it no longer accepts reads as the default.
  func persistedValue(_ setting: PersistedSetting) -> String {
    let stored: String?
    if let store = workspace.stateStore {
      stored = (try? store.setting(setting.key)) ?? nil
    } else {
      stored = unsavedSettings[setting.key]
    }
    return value(of: setting, stored: stored)
  }

  /// A setting's value from what is stored for it: a value it no longer accepts, or none,
  /// reads as its default.
  private func value(of setting: PersistedSetting, stored: String?) -> String {
    stored.flatMap(setting.normalized) ?? setting.defaultValue(in: environment)
  }

  /// The values of several persisted settings, by key, as `persistedValue` gives each; the
  /// state store is read once.
  func persistedValues(_ settings: [PersistedSetting]) -> [String: String] {
    let stored = workspace.stateStore.map { (try? $0.settings()) ?? [:] } ?? unsavedSettings
    var values: [String: String] = [:]
    for setting in settings {
      values[setting.key] = value(of: setting, stored: stored[setting.key])
    }
    return values
  }

  /// The page size `print` uses without `--page-size`: the `print.page-size` setting, by
  /// default the locale's paper (Letter in the US, Canada, Mexico, …; A4 elsewhere).
  var printPageSize: PageSize {
    Self.persistedSettings.first { $0.key == "print.page-size" }.flatMap {
      PageSize(rawValue: persistedValue($0))
    } ?? .a4
  }

  /// How tables sort text: the `sort.collation` setting.
  var sortCollation: TableCollation {
    Self.persistedSettings.first { $0.key == "sort.collation" }.flatMap {
      TableCollation(rawValue: persistedValue($0))
    } ?? .standard
  }

  /// The split view the active window shows, as the settings declare it.
  var splitView: NavigationSplitView {
    var splitView = app.windowGroup(on: platform)?.splitView ?? NavigationSplitView()
    let values = persistedValues(Self.persistedSettings)
    if let style = values["split.style"].flatMap(NavigationSplitView.Style.init(rawValue:)) {
      splitView.style = style
    }
    if let count = values["split.columns"].flatMap({ Int($0) }).flatMap(NavigationSplitView.ColumnCount.init)
    {
      splitView.columnCount = count
    }
    return splitView
  }

  /// The Settings scene's content: the session options, then the persisted settings.
  func settingsReport(message: String? = nil) -> SettingsReport {
    let options = registry.commands.filter { $0.id.hasPrefix("option.") }.map { command in
      let key = String(command.id.dropFirst("option.".count))
      let defaults = ["output": "text", "color": "auto", "echo": "off", "keep-going": "off", "pager": "on"]
      return AppSetting(
        key: key, title: command.title, summary: command.summary,
        value: command.state?.value.description ?? "",
        defaultValue: defaults[key] ?? "", allowedValues: command.state?.allowedValues ?? [],
        isPersisted: false)
    }
    let persisted = Self.persistedSettings.map {
      AppSetting(
        key: $0.key, title: $0.title, summary: $0.summary, value: persistedValue($0),
        defaultValue: $0.defaultValue(in: environment),
        allowedValues: $0.allowedDescription, isPersisted: true)
    }
    return SettingsReport(
      isTab: app.settingsScene(on: platform) == nil, settings: options + persisted, message: message)
  }

  /// Changes one setting: a session option through its command, a persisted one in the
  /// state store (or for the session when there is none).
  ///
  /// - Throws: `FolioError.invalidArgument` for an unknown key or a value it does not accept.
  func changeSetting(_ key: String, to value: String) throws -> SettingsReport {
    if let command = registry.command(id: "option." + key) {
      _ = try registry.invoke(command, words: [Word(value)])
      return settingsReport(
        message: "Set \(key) to \(command.state?.value.description ?? value) for this session.")
    }
    guard let setting = Self.persistedSettings.first(where: { $0.key == key }) else {
      let keys = settingsReport().settings.map(\.key).joined(separator: ", ")
      throw FolioError.invalidArgument("no setting '\(key)'; settings: \(keys)")
    }
    guard let normalized = setting.normalized(value) else {
      let allowed =
        setting.range.map { "a number from \($0.lowerBound) to \($0.upperBound)" }
        ?? setting.values.joined(separator: ", ")
      throw FolioError.invalidArgument("'\(key)' expects \(allowed), got '\(value)'")
    }
    if let store = workspace.stateStore {
      try store.setSetting(key, to: normalized == setting.defaultValue(in: environment) ? nil : normalized)
      applyPluginLimits()
      return settingsReport(message: "Set \(key) to \(normalized); saved.")
    }
    unsavedSettings[key] = normalized
    applyPluginLimits()
    return settingsReport(message: "Set \(key) to \(normalized) for this session (no state store).")
  }
}
