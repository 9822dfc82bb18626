/// An app's scenes on one platform as a tree [App, Scene] — what `scenes` shows: custom
/// scenes with the scenes they are composed of, window groups with their tab views and tabs,
/// and the settings scene.
public struct SceneTree: Sendable, Equatable {
  /// One node of the tree.
  public struct Node: Sendable, Equatable {
    /// What a node is.
    public enum Kind: String, Sendable, Equatable {
      case windowGroup
      case settings
      case custom
      case tabView
      case tab
      case splitView
    }

    /// What the node is.
    public var kind: Kind
    /// Its id: a scene's id, a tab's name; nil for the parts that have none.
    public var id: String?
    /// Its title, or a tab's name.
    public var title: String?
    /// A tab's SF Symbols name.
    public var icon: String?
    /// What a tab shows, or a split view's columns and style, in words.
    public var detail: String?
    /// The nodes it holds, in order.
    public var children: [Node]

    /// Creates a node.
    public init(
      _ kind: Kind, id: String? = nil, title: String? = nil, icon: String? = nil, detail: String? = nil,
      children: [Node] = []
    ) {
      self.kind = kind
      self.id = id
      self.title = title
      self.icon = icon
      self.detail = detail
      self.children = children
    }
  }

  /// The app's name.
  public var app: String
  /// The platform the tree is for.
  public var platform: MenuPlatform
  /// The top-level scenes.
  public var scenes: [Node]

  /// The tree of `app`'s scenes on `platform`.
  public init(_ app: App, platform: MenuPlatform) {
    self.app = app.name
    self.platform = platform
    scenes = app.scenes(on: platform).map(Self.node)
  }

  private static func node(_ scene: Scene) -> Node {
    switch scene {
    case .custom(let custom): return Node(.custom, id: custom.id, children: custom.scenes.map(node))
    case .settings(let settings): return Node(.settings, title: settings.title)
    case .windowGroup(let group):
      let split = group.splitView
      let splitNode = Node(
        .splitView, detail: "\(split.columnCount.rawValue) columns, \(split.style.rawValue)")
      guard let tabView = group.tabView else {
        return Node(.windowGroup, id: group.id, title: group.title, children: [splitNode])
      }
      let tabs = tabView.tabs.map { tab in
        Node(
          .tab, id: tab.name, title: tab.name, icon: tab.icon, detail: tab.content.rawValue,
          children: tab.content == .documents ? [splitNode] : [])
      }
      return Node(.windowGroup, id: group.id, title: group.title, children: [Node(.tabView, children: tabs)])
    }
  }
}
