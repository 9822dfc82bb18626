/// One element of a resolved menu: the element tree that renderers draw and `--json`
/// reports (docs/json.md).
///
/// A node is a snapshot: availability and state were read from the commands when the menu
/// was resolved.
public struct MenuNode: Sendable, Equatable {
  /// What a node is.
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    /// The root of a resolved menu.
    case menu
    case button
    /// A toggle; its state is a boolean shown as ✓.
    case toggle
    /// A picker; its state is the selected value and its children are its options.
    case picker
    /// One option of a picker; its state is a boolean, true for the selected option.
    case option
    /// A number moved in steps; its state is the number.
    case stepper
    /// A number set to a value; its state is the number.
    case slider
    case section
    case divider
    /// A nested menu that opens in place.
    case submenu
    /// Items shown on one row.
    case controlGroup
  }

  /// What the node is.
  public var kind: Kind
  /// The title; a section's header; nil for a divider and an unlabelled group.
  public var title: String?
  /// The second line.
  public var subtitle: String?
  /// An SF Symbols name.
  public var icon: String?
  /// The command the node runs; for a menu or submenu, its primary action.
  public var command: String?
  /// Destructive, cancel, or none: how the node is styled, nothing more.
  public var role: CommandRole?
  /// Who asks before the node's command acts when it is chosen; nil when nothing asks.
  public var confirmation: MenuConfirmation?
  /// Whether the node can be chosen.
  public var isEnabled: Bool
  /// Why the node cannot be chosen, when it is disabled.
  public var disabledReason: String?
  /// Whether the menu closes after the node ran; nil for nodes that run nothing.
  public var dismiss: DismissBehavior?
  /// The state shown: a toggle's or option's boolean, a picker's selected value, a stepper's
  /// or slider's number.
  public var state: StateValue?
  /// The word that selects an option: `run demo.flavor vanilla`.
  public var value: String?
  /// The words a button passes to its command before any typed after `choose`.
  public var arguments: [String]
  /// The named arguments its command gets after `arguments` (`MenuItem.namedArguments`).
  public var namedArguments: [MenuArgument] = []
  /// A stepper's or slider's bounds.
  public var bounds: ClosedRange<Double>?
  /// A stepper's or slider's step.
  public var step: Double?
  /// A picker's style.
  public var pickerStyle: PickerStyle?
  /// A keyboard shortcut shown beside the title.
  public var shortcut: String?
  /// Whether the title is drawn (every style but `iconOnly` on a node with an icon).
  public var showsTitle: Bool
  /// Whether the icon is drawn (the label style and platform allow it, and there is one).
  public var showsIcon: Bool
  /// The nested nodes: a menu's or section's elements, a picker's options.
  public var children: [MenuNode]

  /// Whether an option is the selected one, or a toggle is on.
  public var isSelected: Bool { state == .toggle(true) }

  /// Whether choosing the node opens it in place: a submenu, or a picker in `menu` style.
  public var opensInPlace: Bool {
    kind == .submenu || (kind == .picker && pickerStyle == .menu)
  }
}

extension MenuNode {
  /// Creates a node.
  ///
  /// It hands its values to the memberwise initializer, whose labels differ from these only
  /// in `showsTitle` coming before `showsIcon`, the order of the stored properties: a node
  /// made field by field in an initializer of its own was built in a temporary, then copied
  /// out and the temporary destroyed, about 450 instructions a node (a menu's item, resolved
  /// each time the menu opens).
  public init(
    kind: Kind, title: String? = nil, subtitle: String? = nil, icon: String? = nil,
    command: String? = nil, role: CommandRole? = nil, confirmation: MenuConfirmation? = nil,
    isEnabled: Bool = true,
    disabledReason: String? = nil, dismiss: DismissBehavior? = nil, state: StateValue? = nil,
    value: String? = nil, arguments: [String] = [], bounds: ClosedRange<Double>? = nil,
    step: Double? = nil, pickerStyle: PickerStyle? = nil, shortcut: String? = nil, showsIcon: Bool = false,
    showsTitle: Bool = true, children: [MenuNode] = []
  ) {
    self.init(
      kind: kind, title: title, subtitle: subtitle, icon: icon, command: command, role: role,
      confirmation: confirmation, isEnabled: isEnabled, disabledReason: disabledReason, dismiss: dismiss,
      state: state, value: value,
      arguments: arguments, bounds: bounds, step: step, pickerStyle: pickerStyle, shortcut: shortcut,
      showsTitle: showsTitle, showsIcon: showsIcon, children: children)
  }
}

/// Who asks before a menu item's command acts when the item is chosen: one rule, the seed's —
/// an item's role styles it, and asking comes from the command or the item's `confirm`.
public enum MenuConfirmation: String, Sendable, Equatable, CaseIterable {
  /// The command shows its confirmation dialog (`CommandConfirmation.asks`).
  case command
  /// The command asks by itself while it runs (`CommandConfirmation.itself`); nothing asks
  /// before it.
  case commandItself
  /// The item asks (`MenuItem.confirm`) for a command that does not.
  case item
}
