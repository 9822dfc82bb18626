/// Several commands placed together [ToolbarItemGroup]. A group is always on the bar and is
/// not customisable item by item; its members take their command ids as their ids.
public struct ToolbarItemGroup: ToolbarPlaceable, Sendable, Equatable {
  /// Where the members go.
  public var placement: ToolbarPlacement
  /// Which items overflow first when space is short.
  public var priority: ToolbarItemPriority
  /// When the members show; nil for always.
  public var condition: ToolbarCondition?
  /// Who declared the group: `built-in`, or `plugin NAME`.
  public var owner: String
  /// The members: commands (`Button`, `Toggle`) or control groups.
  public var elements: [MenuElement]

  /// Creates a group from its members.
  public init(
    placement: ToolbarPlacement = .automatic, priority: ToolbarItemPriority = .standard,
    condition: ToolbarCondition? = nil, owner: String = "built-in", elements: [MenuElement]
  ) {
    self.placement = placement
    self.priority = priority
    self.condition = condition
    self.owner = owner
    self.elements = elements
  }

  /// Declares a group with a builder [ToolbarItemGroup(placement:content:)].
  public init(placement: ToolbarPlacement = .automatic, @MenuContentBuilder content: () -> [MenuElement]) {
    self.init(placement: placement, elements: content())
  }
}
