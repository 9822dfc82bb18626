/// A menu declared as data [Menu]: a title, an optional icon and primary action, and its
/// elements, which refer to commands by id.
///
/// A menu is a plain value; nothing is looked up until `MenuResolver.resolve` turns it into
/// a `MenuNode` tree against a `CommandRegistry`. Declaring a menu never fails: problems such
/// as an unknown command id or a control group with too many items are reported when the
/// menu is resolved, naming the menu, so a menu contributed by a plugin can be declared
/// before the commands it refers to are registered.
public struct Menu: Modifiable, Sendable, Equatable {
  /// The name `menu NAME` finds the menu by, e.g. `File` or `demo.actions`.
  public var id: String
  /// The title shown on the menu's button.
  public var title: String
  /// An SF Symbols name shown beside the title.
  public var icon: String?
  /// Where the first items go when the menu opens [menuOrder].
  public var order: MenuOrder
  /// Whether the items show their titles, their icons or both [labelStyle].
  public var labelStyle: LabelStyle
  /// The dismiss behaviour of every item that does not set its own; nil leaves each item's
  /// command to decide [menuActionDismissBehavior].
  public var dismissBehavior: DismissBehavior?
  /// A command id that `run MENU` invokes instead of opening the menu [Menu(primaryAction:)].
  public var primaryAction: String?
  /// Whether the menu opens upward, as from a bottom bar or a toolbar at the bottom, where
  /// `automatic` and `priority` order reverse its items on ipad and iphone.
  public var opensUpward = false
  /// Who contributed the menu: `built-in`, or `plugin NAME`.
  public var owner: String
  /// The elements, in declaration order.
  public var elements: [MenuElement]
  /// Makes the elements each time the menu is resolved, in place of `elements`; nil for a
  /// menu of declared elements.
  public var contentProvider: MenuContentProvider?

  /// Creates a menu from its elements.
  public init(
    id: String, title: String, icon: String? = nil, order: MenuOrder = .automatic,
    labelStyle: LabelStyle = .automatic, dismissBehavior: DismissBehavior? = nil,
    primaryAction: String? = nil, owner: String = "built-in", elements: [MenuElement]
  ) {
    self.id = id
    self.title = title
    self.icon = icon
    self.order = order
    self.labelStyle = labelStyle
    self.dismissBehavior = dismissBehavior
    self.primaryAction = primaryAction
    self.owner = owner
    self.elements = elements
  }

  /// The command `run MENU` invokes: the primary action, or nil when running the menu opens
  /// it.
  ///
  /// - Throws: `FolioError.unknownCommand` when the primary action names no registered
  ///   command.
  public func primaryCommand(in registry: CommandRegistry) throws(FolioError) -> Command? {
    guard let primaryAction else { return nil }
    guard let command = registry.command(id: primaryAction) else {
      throw FolioError(
        .unknownCommand,
        "menu '\(id)' has the primary action '\(primaryAction)', which is not a registered command")
    }
    return command
  }
}

/// The order of a menu's items relative to where it opens [MenuOrder].
public enum MenuOrder: String, Sendable, Equatable, CaseIterable {
  /// The platform's rule: on `iphone` and `ipad` the first items go nearest the point of
  /// interaction (reversed when the menu opens upward); `mac` keeps the declared order.
  case automatic
  /// The declared order, always.
  case fixed
  /// The first items nearest the point of interaction on every platform, mac included:
  /// reversed whenever the menu opens upward.
  case priority
}

/// Whether a menu's items show titles, icons or both [labelStyle].
public enum LabelStyle: String, Sendable, Equatable, CaseIterable {
  /// Icons on `ipad` and `iphone`, titles only on `mac`.
  case automatic
  /// Title and icon.
  case titleAndIcon
  /// Title only.
  case titleOnly
  /// Icon only; an item without an icon still shows its title.
  case iconOnly
}

/// The platform a menu is resolved for; it decides label icons and reordering.
public enum MenuPlatform: String, Sendable, Equatable, CaseIterable {
  case mac
  case ipad
  case iphone
}
