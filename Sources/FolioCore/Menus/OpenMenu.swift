/// An open menu as `menu open` and `choose` show it: the level shown and its numbered items.
public struct OpenMenu: Sendable, Equatable {
  /// The titles from the menu down to the level shown, e.g. `["Settings", "Appearance"]`.
  public var path: [String]
  /// The level shown.
  public var node: MenuNode
  /// The index path, from the root, of the level shown.
  public var levelPath: [Int]

  /// Takes the view of a session.
  public init(_ session: MenuSession) {
    path = session.path
    node = session.current
    levelPath = session.currentPath
  }

  /// Its choosable items, numbered from 1 in display order; their paths start at the root.
  ///
  /// Made when read, from `node`: the text renderer numbers the items as it walks the level
  /// and never reads them, and each item holds a copy of its node and its path (about 800
  /// instructions an item, most of a large menu's cost of opening).
  public var items: [MenuChoice] { MenuSession.items(of: node, at: levelPath) }
}
