/// An open menu as `menu open` and `choose` show it: the level shown and its numbered items.
public struct OpenMenu: Sendable, Equatable {
  /// The titles from the menu down to the level shown, e.g. `["Settings", "Appearance"]`.
  public var path: [String]
  /// The level shown.
  public var node: MenuNode
  /// Its choosable items, numbered from 1 in display order; their paths start at the root.
  public var items: [MenuChoice]
  /// The index path, from the root, of the level shown.
  public var levelPath: [Int]

  /// Takes the view of a session.
  public init(_ session: MenuSession) {
    path = session.path
    node = session.current
    items = session.items
    levelPath = session.currentPath
  }
}
