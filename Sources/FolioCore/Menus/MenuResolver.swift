/// Turns a declared `Menu` into the `MenuNode` tree shown now, reading each command's
/// title, availability and state from the registry.
///
/// Resolution is one linear pass over the elements with one dictionary lookup and one
/// availability call per command, so large menus resolve in microseconds. Items whose
/// command is hidden now (`Availability.hidden`) are left out, and so are sections, control
/// groups and submenus that hiding leaves empty; disabled items stay, with their reason.
public enum MenuResolver {
  /// Resolves a menu for a platform.
  ///
  /// Order: `fixed` keeps the declared order; `automatic` and `priority` put the first items
  /// nearest the point of interaction, so when the menu opens upward on `iphone` or `ipad`
  /// its vertical lists (the menu, its sections, inline pickers' options) are reversed; rows
  /// (control groups, palette pickers) keep their order, and `mac` never reorders.
  ///
  /// - Parameters:
  ///   - menu: the declared menu.
  ///   - registry: where the menu's command ids are looked up.
  ///   - platform: decides automatic label icons and reordering.
  ///   - opensUpward: whether the menu opens upward, as from a bottom toolbar.
  /// - Returns: the menu as a tree of `.menu` kind.
  /// - Throws: `FolioError.unknownCommand` naming the menu and the id of a command that is
  ///   not registered; `FolioError.invalidArgument` naming the menu and element for a
  ///   control group of more than four elements, or a picker, stepper or slider whose
  ///   command has no fitting state.
  public static func resolve(
    _ menu: Menu, registry: CommandRegistry, platform: MenuPlatform = .mac, opensUpward: Bool = false
  ) throws(FolioError) -> MenuNode {
    let resolver = Resolution(registry: registry, platform: platform, opensUpward: opensUpward)
    return try resolver.menuNode(menu, kind: .menu, parent: nil)
  }

  /// Whether an element shows now: false for an item or picker whose command is hidden, and
  /// for a section, control group or submenu all of whose elements are hidden. An unknown
  /// command counts as shown, so that resolving names it.
  public static func isShown(_ element: MenuElement, registry: CommandRegistry) -> Bool {
    func anyShown(_ elements: [MenuElement]) -> Bool {
      elements.isEmpty || elements.contains { isShown($0, registry: registry) }
    }
    switch element {
    case .item(let item):
      return registry.registered(id: item.command, cache: item.commandLookup)?.command.currentAvailability
        .isVisible ?? true
    case .picker(let picker):
      return registry.registered(id: picker.command)?.command.currentAvailability.isVisible ?? true
    case .divider: return true
    case .section(let section): return anyShown(section.elements)
    case .controlGroup(let group): return anyShown(group.elements)
    case .submenu(let menu): return anyShown(menu.elements)
    }
  }

  /// Whether a label style shows icons on a platform.
  public static func showsIcons(_ style: LabelStyle, on platform: MenuPlatform) -> Bool {
    switch style {
    case .automatic: platform != .mac
    case .titleAndIcon, .iconOnly: true
    case .titleOnly: false
    }
  }

  /// Whether an order rule reverses vertical lists for a platform and direction.
  public static func reverses(_ order: MenuOrder, on platform: MenuPlatform, opensUpward: Bool) -> Bool {
    orderRule(order, on: platform, opensUpward: opensUpward) == .reversedUpward
  }

  /// Which rule orders a menu's items on a platform and in a direction: `fixed` keeps the
  /// declared order; a menu that opens upward puts its first items nearest the point of
  /// interaction — reversed — under `priority` everywhere and under `automatic` on ipad and
  /// iphone, while mac keeps the declared order under `automatic`.
  public static func orderRule(_ order: MenuOrder, on platform: MenuPlatform, opensUpward: Bool)
    -> MenuOrderRule
  {
    switch order {
    case .fixed: return .fixed
    case _ where !opensUpward: return .opensDownward
    case .automatic where platform == .mac: return .macKeepsDeclaredOrder
    case .automatic, .priority: return .reversedUpward
    }
  }
}

/// The rule that ordered a menu's items, as `explain` reports it.
public enum MenuOrderRule: String, Sendable, Equatable {
  /// Order `fixed`: the declared order, always.
  case fixed
  /// The menu opens downward: the declared order already puts the first items nearest the
  /// point of interaction.
  case opensDownward
  /// Order `automatic` on mac: AppKit keeps the declared order even for a menu that opens
  /// upward.
  case macKeepsDeclaredOrder
  /// The menu opens upward (from a bottom bar): reversed, so the first items are nearest the
  /// point of interaction.
  case reversedUpward
}

/// The settings in force while one menu is resolved, and the walk itself.
private struct Resolution {
  struct Scope {
    var menuID: String
    var labelStyle: LabelStyle
    var showsIcons: Bool
    var dismiss: DismissBehavior?
    var reverses: Bool
  }

  let registry: CommandRegistry
  let platform: MenuPlatform
  let opensUpward: Bool

  func menuNode(_ menu: Menu, kind: MenuNode.Kind, parent: Scope?) throws(FolioError) -> MenuNode {
    // A nested menu with automatic settings takes its parent's, as SwiftUI's environment does.
    let labelStyle = menu.labelStyle == .automatic ? (parent?.labelStyle ?? .automatic) : menu.labelStyle
    let scope = Scope(
      menuID: parent.map { "\($0.menuID) › \(menu.title)" } ?? menu.id,
      labelStyle: labelStyle,
      showsIcons: MenuResolver.showsIcons(labelStyle, on: platform),
      dismiss: menu.dismissBehavior ?? parent?.dismiss,
      reverses: MenuResolver.reverses(menu.order, on: platform, opensUpward: opensUpward))
    if let primaryAction = menu.primaryAction, registry.command(id: primaryAction) == nil {
      throw unknown(primaryAction, in: scope)
    }
    // A menu whose elements are made now that cannot make them shows disabled, with why.
    var elements = menu.elements
    var failure: String?
    if let provider = menu.contentProvider {
      do throws(FolioError) {
        elements = try provider.make()
      } catch {
        failure = error.message
      }
    }
    var node = MenuNode(
      kind: kind, title: menu.title, icon: menu.icon, command: menu.primaryAction,
      showsIcon: kind == .submenu && scope.showsIcons && menu.icon != nil,
      showsTitle: Self.showsTitle(labelStyle, icon: menu.icon),
      children: failure == nil ? try nodes(elements, in: scope, vertical: true) : [])
    if let failure {
      node.isEnabled = false
      node.disabledReason = failure
    }
    if kind == .menu { node.showsIcon = menu.icon != nil }
    return node
  }

  /// A container's node, or nil when every one of its elements was hidden.
  func keeping(_ node: MenuNode, declaredCount: Int) -> MenuNode? {
    node.children.isEmpty && declaredCount > 0 ? nil : node
  }

  func nodes(_ elements: [MenuElement], in scope: Scope, vertical: Bool) throws(FolioError)
    -> [MenuNode]
  {
    var result: [MenuNode] = []
    result.reserveCapacity(elements.count)
    var hidesSome = false
    for element in elements where !(try append(element, in: scope, to: &result)) {
      hidesSome = true
    }
    if hidesSome {
      // A divider that hiding left at an edge or beside another divider separates nothing.
      var tidy: [MenuNode] = []
      for node in result where node.kind != .divider || tidy.last.map({ $0.kind != .divider }) ?? false {
        tidy.append(node)
      }
      if tidy.last?.kind == .divider { tidy.removeLast() }
      result = tidy
    }
    if vertical && scope.reverses { result.reverse() }
    return result
  }

  /// Appends the element's node to `nodes`; false when it is hidden now.
  ///
  /// Nodes are appended where they are made, not returned: an item's node returned as an
  /// optional was copied into the optional and the original destroyed (about 500
  /// instructions an item).
  func append(_ element: MenuElement, in scope: Scope, to nodes: inout [MenuNode]) throws(FolioError) -> Bool
  {
    let node: MenuNode?
    switch element {
    case .item(let item): return try appendItem(item, in: scope, to: &nodes)
    case .picker(let picker): node = try pickerNode(picker, in: scope)
    case .divider: node = MenuNode(kind: .divider)
    case .section(let section):
      node = keeping(
        MenuNode(
          kind: .section, title: section.header,
          children: try self.nodes(section.elements, in: scope, vertical: true)),
        declaredCount: section.elements.count)
    case .submenu(let menu):
      node = keeping(try menuNode(menu, kind: .submenu, parent: scope), declaredCount: menu.elements.count)
    case .controlGroup(let group):
      guard group.elements.count <= MenuControlGroup.maximumCount else {
        let name = group.title.map { "control group '\($0)'" } ?? "a control group"
        throw FolioError.invalidArgument(
          "\(name) in menu '\(scope.menuID)' has \(group.elements.count) items; "
            + "a control group holds at most \(MenuControlGroup.maximumCount)")
      }
      node = keeping(
        MenuNode(
          kind: .controlGroup, title: group.title, icon: group.icon,
          showsIcon: scope.showsIcons && group.icon != nil,
          showsTitle: Self.showsTitle(scope.labelStyle, icon: group.icon),
          children: try self.nodes(group.elements, in: scope, vertical: false)),
        declaredCount: group.elements.count)
    }
    guard let node else { return false }
    nodes.append(node)
    return true
  }

  /// Appends the item's node to `nodes`; false when its command is hidden now.
  func appendItem(_ item: MenuItem, in scope: Scope, to nodes: inout [MenuNode]) throws(FolioError) -> Bool {
    // The command is read in place, by reference: copying it (all its fields) cost more than
    // the rest of making the node.
    guard let registered = registry.registered(id: item.command, cache: item.commandLookup) else {
      throw unknown(item.command, in: scope)
    }
    let availability = registered.command.currentAvailability
    guard availability.isVisible else { return false }
    let state = registered.command.state
    if case .choice = state {
      nodes.append(
        try pickerNode(
          MenuPicker(command: item.command, title: item.title, icon: item.icon, dismiss: item.dismiss),
          command: registered.command, availability: availability, in: scope))
      return true
    }
    // The node is made once, from locals, rather than from `baseNode` and then changed:
    // each change of a returned node copied all of it (three copies an item).
    let kind: MenuNode.Kind
    var shown: StateValue?
    var bounds: ClosedRange<Double>?
    var step: Double?
    switch state {
    case nil:
      guard item.presentation == .automatic else {
        throw notNumber(item, command: registered.command, in: scope)
      }
      kind = .button
    case .toggle(let get, _):
      guard item.presentation == .automatic else {
        throw notNumber(item, command: registered.command, in: scope)
      }
      kind = .toggle
      shown = .toggle(get())
    case .number(let range, let numberStep, let style, let get, _):
      switch item.presentation {
      case .slider: kind = .slider
      case .stepper: kind = .stepper
      case .automatic: kind = style == .slider ? .slider : .stepper
      }
      shown = .number(get())
      bounds = range
      step = numberStep
    case .choice:
      kind = .button  // handled above
    }
    // A text button that names its action (EditButton) shows no icon but its own.
    let icon = item.onTitle == nil ? item.icon ?? registered.command.icon : item.icon
    var title = shown == .toggle(true) ? item.onTitle ?? item.title : item.title
    var reason = availability.reason
    var subtitle = item.subtitle
    if let provider = item.provider {
      do throws(FolioError) {
        let overrides = try provider.make()
        title = overrides.title ?? title
        subtitle = overrides.subtitle ?? subtitle
        reason = reason ?? overrides.disabledReason
      } catch {
        reason = error.message
      }
    }
    nodes.append(
      MenuNode(
        kind: kind, title: title ?? registered.command.title,
        subtitle: subtitle ?? registered.command.subtitle, icon: icon,
        command: registered.command.id, role: item.role ?? registered.command.role,
        confirmation: Self.confirmation(of: item, command: registered.command), isEnabled: reason == nil,
        disabledReason: reason,
        dismiss: item.dismiss ?? scope.dismiss ?? registered.command.dismiss, state: shown,
        arguments: item.arguments,
        bounds: bounds, step: step,
        // The command's shortcut runs it without the item's words, so it is not the item's.
        shortcut: item.arguments.isEmpty && item.namedArguments.isEmpty ? registered.command.shortcut : nil,
        showsIcon: scope.showsIcons && icon != nil, showsTitle: Self.showsTitle(scope.labelStyle, icon: icon))
    )
    if !item.namedArguments.isEmpty { nodes[nodes.count - 1].namedArguments = item.namedArguments }
    return true
  }

  /// The picker's node; nil when its command is hidden now.
  func pickerNode(_ picker: MenuPicker, in scope: Scope) throws(FolioError) -> MenuNode? {
    guard let command = registry.command(id: picker.command) else { throw unknown(picker.command, in: scope) }
    let availability = command.currentAvailability
    guard availability.isVisible else { return nil }
    return try pickerNode(picker, command: command, availability: availability, in: scope)
  }

  func pickerNode(_ picker: MenuPicker, command: Command, availability: Availability, in scope: Scope)
    throws(FolioError) -> MenuNode
  {
    guard case .choice(let options, let get, _) = command.state else {
      throw FolioError.invalidArgument(
        "picker '\(picker.title ?? command.title)' in menu '\(scope.menuID)' needs a command with a "
          + "choice state; '\(command.id)' has none")
    }
    let selected = get()
    var node = baseNode(
      command: command, availability: availability, title: picker.title, icon: picker.icon,
      dismiss: picker.dismiss, in: scope)
    node.kind = .picker
    node.state = .choice(selected)
    node.pickerStyle = picker.style
    node.children.reserveCapacity(options.count)
    for option in options {
      node.children.append(
        MenuNode(
          kind: .option, title: option.label, icon: option.icon, command: command.id,
          isEnabled: node.isEnabled,
          disabledReason: node.disabledReason, dismiss: node.dismiss,
          state: .toggle(option.value == selected), value: option.value,
          showsIcon: scope.showsIcons && option.icon != nil))
    }
    if picker.style == .inline && scope.reverses { node.children.reverse() }
    return node
  }

  /// The parts every command node shares: title, icon, availability, dismiss, shortcut.
  func baseNode(
    command: Command, availability: Availability, title: String?, icon: String?, dismiss: DismissBehavior?,
    in scope: Scope
  ) -> MenuNode {
    let icon = icon ?? command.icon
    var node = MenuNode(
      kind: .button, title: title ?? command.title, icon: icon, command: command.id,
      dismiss: dismiss ?? scope.dismiss ?? command.dismiss, shortcut: command.shortcut,
      showsIcon: scope.showsIcons && icon != nil,
      showsTitle: Self.showsTitle(scope.labelStyle, icon: icon))
    if let reason = availability.reason {
      node.isEnabled = false
      node.disabledReason = reason
    }
    return node
  }

  /// Who asks before `item`'s command acts: the command, when it declares so; else the item,
  /// when its `confirm` says so; else nobody, whatever the role.
  static func confirmation(of item: MenuItem, command: Command) -> MenuConfirmation? {
    switch command.confirmation {
    case .asks: .command
    case .itself: .commandItself
    case .none: item.confirm ? .item : nil
    }
  }

  static func showsTitle(_ style: LabelStyle, icon: String?) -> Bool {
    style != .iconOnly || icon == nil
  }

  func unknown(_ id: String, in scope: Scope) -> FolioError {
    FolioError(.unknownCommand, "menu '\(scope.menuID)' refers to unknown command '\(id)'")
  }

  func notNumber(_ item: MenuItem, command: Command, in scope: Scope) -> FolioError {
    FolioError.invalidArgument(
      "\(item.presentation.rawValue) '\(item.title ?? command.title)' in menu '\(scope.menuID)' needs a "
        + "command with a number state; '\(command.id)' has none")
  }
}
