/// A window's tabs [TabView, Tab]: each with a name, an icon and what it shows.
public struct TabView: Sendable, Equatable {
  /// The tabs, in order.
  public var tabs: [Tab]

  /// A tab view of `tabs`, in order.
  public init(_ tabs: [Tab]) {
    self.tabs = tabs
  }

  /// The tab named `name`, ignoring case.
  public func tab(named name: String) -> Tab? {
    tabs.first { $0.name == name } ?? tabs.first { $0.name.lowercased() == name.lowercased() }
  }
}

/// One tab of a tab view: a label and icon [Label], and its content.
public struct Tab: Sendable, Equatable {
  /// What a tab shows.
  public enum Content: String, Sendable, Equatable {
    /// The open documents in a split view.
    case documents
    /// Recently opened documents.
    case recent
    /// The settings scene's content.
    case settings
  }

  /// The tab's name, which `tab NAME` selects.
  public var name: String
  /// Its SF Symbol name.
  public var icon: String
  /// What it shows.
  public var content: Content

  /// A tab labelled `name` with `systemImage`, showing `content`.
  public init(_ name: String, systemImage: String, content: Content) {
    self.name = name
    self.icon = systemImage
    self.content = content
  }
}
