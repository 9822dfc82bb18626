/// Something that can appear in a menu built with `MenuContentBuilder`: a `Button`, a
/// `Toggle`, a `Picker`, a `Section`, a nested `Menu`, …
public protocol MenuContent: ListContent where Element == MenuElement {}

/// Builds a menu's elements from SwiftUI-shaped declarations [ViewBuilder]:
///
/// ```swift
/// Menu("Actions", id: "demo.actions", systemImage: "ellipsis.circle") {
///   Button("Duplicate", systemImage: "doc.on.doc", command: "demo.duplicate")
///   Divider()
///   Toggle("Include Toppings", command: "demo.toppings")
/// }
/// .menuOrder(.fixed)
/// ```
@resultBuilder
public enum MenuContentBuilder: ListBuilder {
  /// The builder makes a list of menu elements.
  public typealias Element = MenuElement

  /// An element itself, such as `.divider`.
  public static func buildExpression(_ element: MenuElement) -> [MenuElement] { [element] }
}

extension MenuElement: MenuContent {
  /// The element itself.
  public var listElements: [MenuElement] { [self] }
}

extension Menu: MenuContent {
  /// The menu as a submenu.
  public var listElements: [MenuElement] { [.submenu(self)] }

  /// Declares a menu with a builder [Menu(_:content:)].
  ///
  /// - Parameters:
  ///   - title: the title shown on the menu's button.
  ///   - id: the name `menu NAME` finds the menu by; the title when nil.
  ///   - systemImage: an SF Symbols name.
  ///   - owner: `built-in`, or `plugin NAME`.
  ///   - primaryAction: a command id that `run MENU` invokes instead of opening the menu.
  ///   - content: the elements.
  public init(
    _ title: String, id: String? = nil, systemImage: String? = nil, owner: String = "built-in",
    primaryAction: String? = nil, @MenuContentBuilder content: () -> [MenuElement]
  ) {
    self.init(
      id: id ?? title, title: title, icon: systemImage, primaryAction: primaryAction, owner: owner,
      elements: content())
  }

  /// The menu with another order rule [menuOrder].
  public func menuOrder(_ order: MenuOrder) -> Menu { with(\.order, order) }

  /// The menu with a dismiss behaviour for every item that does not set its own
  /// [menuActionDismissBehavior].
  public func menuActionDismissBehavior(_ behavior: DismissBehavior) -> Menu {
    with(\.dismissBehavior, behavior)
  }

  /// The menu with another label style [labelStyle].
  public func labelStyle(_ style: LabelStyle) -> Menu { with(\.labelStyle, style) }

  /// The menu with a primary action: `run MENU` invokes the command instead of opening it.
  public func primaryAction(_ command: String) -> Menu { with(\.primaryAction, command) }
}
