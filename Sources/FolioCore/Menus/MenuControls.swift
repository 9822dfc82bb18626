/// A menu control that wraps one `MenuItem`; its modifiers change the item.
public protocol MenuItemContent: MenuContent, Modifiable {
  /// The item declared.
  var item: MenuItem { get set }
}

extension MenuItemContent {
  /// The item as an element.
  public var listElements: [MenuElement] { [.item(item)] }

  /// The control with a dismiss behaviour that overrides the menu's and the command's
  /// [menuActionDismissBehavior].
  public func menuActionDismissBehavior(_ behavior: DismissBehavior) -> Self {
    with(\.item.dismiss, behavior)
  }

  /// The control asking first when chosen (`TITLE?` with its title and Cancel), for a
  /// command that does not ask by itself; a role only styles the item.
  public func confirm() -> Self {
    with(\.item.confirm, true)
  }
}

/// A command shown as its state asks — usually a button [Button].
public struct Button: MenuItemContent {
  public var item: MenuItem

  /// Declares a button; nil title, subtitle and icon show the command's own.
  ///
  /// - Parameter arguments: words passed to the command when the button is chosen, as a
  ///   SwiftUI button's action captures a value: `Button("notes.txt", command:
  ///   "document.recent.open", arguments: [path])`.
  public init(
    _ title: String? = nil, subtitle: String? = nil, systemImage: String? = nil, role: CommandRole? = nil,
    command: String, arguments: [String] = []
  ) {
    item = MenuItem(
      command: command, title: title, subtitle: subtitle, icon: systemImage, role: role, arguments: arguments)
  }
}

/// A toggle-state command shown with ✓ when on [Toggle].
public struct Toggle: MenuItemContent {
  public var item: MenuItem

  /// Declares a toggle; nil title and icon show the command's own.
  public init(_ title: String? = nil, systemImage: String? = nil, command: String) {
    item = MenuItem(command: command, title: title, icon: systemImage)
  }
}

/// The button that turns a list's edit mode on and off [EditButton]: `Edit`, then `Done`
/// while the window is in edit mode, as text without an icon.
public struct EditButton: MenuItemContent {
  public var item: MenuItem

  /// The id of the command an edit button runs: the window's edit mode.
  public static let command = "selection.edit-mode"

  /// Declares the edit button.
  public init() {
    item = MenuItem(command: Self.command, title: "Edit", onTitle: "Done")
  }
}

/// A number-state command moved with `+` and `-` [Stepper].
public struct Stepper: MenuItemContent {
  public var item: MenuItem

  /// Declares a stepper; nil title and icon show the command's own.
  public init(_ title: String? = nil, systemImage: String? = nil, command: String) {
    item = MenuItem(command: command, title: title, icon: systemImage, presentation: .stepper)
  }
}

/// A number-state command set to a value [Slider].
public struct Slider: MenuItemContent {
  public var item: MenuItem

  /// Declares a slider; nil title and icon show the command's own.
  public init(_ title: String? = nil, systemImage: String? = nil, command: String) {
    item = MenuItem(command: command, title: title, icon: systemImage, presentation: .slider)
  }
}

/// A choice-state command shown as its options [Picker].
public struct Picker: MenuContent, Modifiable {
  /// The picker declared.
  public var picker: MenuPicker

  /// Declares an inline picker; nil title and icon show the command's own.
  public init(_ title: String? = nil, systemImage: String? = nil, command: String) {
    picker = MenuPicker(command: command, title: title, icon: systemImage)
  }

  /// The picker as an element.
  public var listElements: [MenuElement] { [.picker(picker)] }

  /// The picker with another style [pickerStyle].
  public func pickerStyle(_ style: PickerStyle) -> Picker { with(\.picker.style, style) }

  /// The picker with a dismiss behaviour that overrides the menu's and the command's.
  public func menuActionDismissBehavior(_ behavior: DismissBehavior) -> Picker {
    with(\.picker.dismiss, behavior)
  }
}

/// A line between elements [Divider].
public struct Divider: MenuContent {
  /// Declares a divider.
  public init() {}

  /// The divider as an element.
  public var listElements: [MenuElement] { [.divider] }
}

/// Elements grouped under an optional header [Section].
public struct Section: MenuContent {
  /// The section declared.
  public var section: MenuSection

  /// Declares a section.
  public init(_ header: String? = nil, @MenuContentBuilder content: () -> [MenuElement]) {
    section = MenuSection(header: header, elements: content())
  }

  /// The section as an element.
  public var listElements: [MenuElement] { [.section(section)] }
}

/// Up to four items on one row [ControlGroup]; more are refused when the menu is resolved.
public struct ControlGroup: MenuContent {
  /// The group declared.
  public var group: MenuControlGroup

  /// Declares a control group with an optional label.
  public init(
    _ title: String? = nil, systemImage: String? = nil, @MenuContentBuilder content: () -> [MenuElement]
  ) {
    group = MenuControlGroup(title: title, icon: systemImage, elements: content())
  }

  /// The group as an element.
  public var listElements: [MenuElement] { [.controlGroup(group)] }
}
