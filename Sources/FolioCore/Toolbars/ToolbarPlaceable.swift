/// Toolbar content that can overflow and show conditionally: items and groups.
public protocol ToolbarPlaceable: Modifiable {
  /// The order in which it moves to the overflow menu when the bar is too narrow.
  var priority: ToolbarItemPriority { get set }
  /// What must hold for it to be shown; nil for always.
  var condition: ToolbarCondition? { get set }
}

extension ToolbarPlaceable {
  /// The content with another overflow priority.
  public func priority(_ priority: ToolbarItemPriority) -> Self { with(\.priority, priority) }

  /// The content shown only while `condition` holds.
  public func shown(when condition: ToolbarCondition) -> Self { with(\.condition, condition) }
}
