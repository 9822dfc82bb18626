/// A toolbar's customised layout as the state store keeps it: which items are on the bar, in
/// order, and which items the toolbar declared when it was saved.
///
/// `items` may name ids the toolbar no longer declares (an item of a plugin since removed):
/// they are kept, skipped while laying out, and restored in place when the item returns.
/// `knownItems` tells items declared since the layout was saved, which appear at their
/// declared default place, from items someone removed.
public struct ToolbarCustomization: Sendable, Equatable {
  /// The format this build writes; a stored layout with a higher version is left alone.
  public static let currentVersion = 1

  /// The format of the stored layout.
  public var version: Int
  /// The ids on the bar, in order, including ids not declared now.
  public var items: [String]
  /// The ids of every item declared when the layout was saved (and before), sorted.
  public var knownItems: [String]

  /// Creates a stored layout.
  public init(version: Int = currentVersion, items: [String], knownItems: [String]) {
    self.version = version
    self.items = items
    self.knownItems = knownItems
  }
}
