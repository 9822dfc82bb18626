/// One entry of the Settings scene: a key, its value, the values it accepts, and whether it
/// is kept in the state store or lasts for the session.
public struct AppSetting: Sendable, Equatable {
  /// The key `settings set` takes (`split.style`, `output`).
  public var key: String
  /// What the setting is called in the scene.
  public var title: String
  /// What it changes.
  public var summary: String
  /// Its value now.
  public var value: String
  /// Its value when nothing was set.
  public var defaultValue: String
  /// The values it accepts; for a number, a description such as `1–50`.
  public var allowedValues: [String]
  /// Whether it is kept in the state store (else it lasts for the session).
  public var isPersisted: Bool

  /// Creates a setting.
  public init(
    key: String, title: String, summary: String, value: String, defaultValue: String, allowedValues: [String],
    isPersisted: Bool
  ) {
    self.key = key
    self.title = title
    self.summary = summary
    self.value = value
    self.defaultValue = defaultValue
    self.allowedValues = allowedValues
    self.isPersisted = isPersisted
  }
}

/// The Settings scene's content (`settings`): where the scene is on this platform, every
/// setting, and what a change did.
public struct SettingsReport: Sendable, Equatable {
  /// Whether Settings is a scene of its own (mac) or a tab (ipad, iphone).
  public var isTab: Bool
  /// The settings, session options first.
  public var settings: [AppSetting]
  /// What `settings set` did, if it ran.
  public var message: String?

  /// Creates a report.
  public init(isTab: Bool, settings: [AppSetting], message: String? = nil) {
    self.isTab = isTab
    self.settings = settings
    self.message = message
  }
}

/// The app's tab view as `tabs` shows it: the tabs, the selected one, and its content once
/// `tab NAME` selected it.
public struct TabViewReport {
  /// The tabs, in order.
  public var tabs: [Tab]
  /// The selected tab's name.
  public var selected: String
  /// Whether Settings is a tab here (ipad, iphone) rather than a scene of its own.
  public var hasSettingsTab: Bool
  /// The selected tab's content, when `tab NAME` shows it.
  public var content: CommandOutput?

  /// Creates a report.
  public init(tabs: [Tab], selected: String, hasSettingsTab: Bool, content: CommandOutput? = nil) {
    self.tabs = tabs
    self.selected = selected
    self.hasSettingsTab = hasSettingsTab
    self.content = content
  }
}
