/// Which items leave the toolbar for the overflow menu first when space is short
/// [NSToolbarItem.visibilityPriority]: `low` before `standard` before `high`.
public enum ToolbarItemPriority: String, Sendable, Equatable, CaseIterable, Comparable {
  case low
  case standard
  case high

  /// The rank used to order overflow: lower leaves first.
  var rank: Int {
    switch self {
    case .low: 0
    case .standard: 1
    case .high: 2
    }
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}
