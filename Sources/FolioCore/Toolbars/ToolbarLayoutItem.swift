/// One item of a laid-out toolbar: a command, a control group, or a labelled control group
/// collapsed into a menu.
public struct ToolbarLayoutItem: Sendable, Equatable {
  /// The item's id; a group member's is `ITEM/COMMAND`.
  public var id: String
  /// The title, or a control group's label; nil for an unlabelled group.
  public var title: String?
  /// An SF Symbols name.
  public var icon: String?
  /// `button`, `toggle`, … as in menus; `controlGroup` for a group shown as a row, `menu` for
  /// a labelled group collapsed into a menu under its label.
  public var kind: MenuNode.Kind
  /// The command the item runs; nil for groups.
  public var command: String?
  /// Whether the item can be used now.
  public var isEnabled: Bool = true
  /// A toggle's state.
  public var isOn: Bool?
  /// Whether the title is drawn; false for an icon-only item.
  public var showsTitle: Bool = true
  /// The columns the item takes on the bar (0 in the overflow menu).
  public var width: Int = 0
  /// A group's members.
  public var children: [ToolbarLayoutItem] = []
}
