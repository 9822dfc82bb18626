/// One customisable toolbar item [ToolbarItem(id:placement:showsByDefault:)]: a command or a
/// control group, with an id that is stable across launches.
///
/// Declaring never fails: an item whose content is not exactly one button-like command or
/// control group is refused when the toolbar is laid out, naming the toolbar and the item.
public struct ToolbarItem: ToolbarPlaceable, Sendable, Equatable {
  /// The id, unique within its toolbar; stored customisations refer to it.
  public var id: String
  /// Where the item goes.
  public var placement: ToolbarPlacement
  /// Whether the item is on the bar before anyone customised it; false puts it in the
  /// palette only.
  public var showsByDefault: Bool
  /// Which items overflow first when space is short.
  public var priority: ToolbarItemPriority
  /// When the item shows; nil for always.
  public var condition: ToolbarCondition?
  /// Who declared the item: `built-in`, or `plugin NAME`.
  public var owner: String
  /// The content: one command (`Button`, `Toggle`) or one `ControlGroup`.
  public var elements: [MenuElement]

  /// Creates an item from its content.
  public init(
    id: String, placement: ToolbarPlacement = .automatic, showsByDefault: Bool = true,
    priority: ToolbarItemPriority = .standard, condition: ToolbarCondition? = nil,
    owner: String = "built-in", elements: [MenuElement]
  ) {
    self.id = id
    self.placement = placement
    self.showsByDefault = showsByDefault
    self.priority = priority
    self.condition = condition
    self.owner = owner
    self.elements = elements
  }

  /// Declares an item with a builder [ToolbarItem(id:placement:showsByDefault:content:)].
  public init(
    id: String, placement: ToolbarPlacement = .automatic, showsByDefault: Bool = true,
    @MenuContentBuilder content: () -> [MenuElement]
  ) {
    self.init(id: id, placement: placement, showsByDefault: showsByDefault, elements: content())
  }
}
