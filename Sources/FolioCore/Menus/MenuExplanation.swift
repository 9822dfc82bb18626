/// Why an item of a menu is where it is [`explain MENU ITEM`]: whether it is shown or
/// disabled and why, the submenu and section it is in, its position and the order rule
/// that put it there, and who contributed it.
public struct MenuExplanation: Sendable, Equatable {
  /// The menu's id.
  public var menu: String
  /// The item as resolved.
  public var node: MenuNode
  /// The titles from the menu down to the level the item is on.
  public var path: [String]
  /// The header of the section the item is in, if any.
  public var section: String?
  /// The label of the control group the item is in; an empty string for an unlabelled one.
  public var controlGroup: String?
  /// The item's number on its level as shown.
  public var position: Int
  /// The item's number on its level in declaration order.
  public var declaredPosition: Int
  /// The order rule of the menu.
  public var order: MenuOrder
  /// Whether the order rule reversed the item's level.
  public var isReversed: Bool { orderRule == .reversedUpward }
  /// The rule that ordered the item's level.
  public var orderRule: MenuOrderRule
  /// The platform the menu is shown on.
  public var platform: MenuPlatform
  /// Who contributed the menu.
  public var menuOwner: String
  /// Who registered the item's command.
  public var commandOwner: String?
  /// Where a plugin's contribution put the item and why, when one did.
  public var contribution: ContributionPlacement?
  /// Why the item is left out now, for an item whose command is hidden; nil for an item
  /// that is shown. A hidden item has no position: `position` and `declaredPosition` are 0.
  public var hiddenReason: String?

  /// Creates an explanation.
  public init(
    menu: String, node: MenuNode, path: [String], section: String?, controlGroup: String?, position: Int,
    declaredPosition: Int, order: MenuOrder, orderRule: MenuOrderRule, platform: MenuPlatform,
    menuOwner: String, commandOwner: String?, hiddenReason: String? = nil
  ) {
    self.menu = menu
    self.node = node
    self.path = path
    self.section = section
    self.controlGroup = controlGroup
    self.position = position
    self.declaredPosition = declaredPosition
    self.order = order
    self.orderRule = orderRule
    self.platform = platform
    self.menuOwner = menuOwner
    self.commandOwner = commandOwner
    self.hiddenReason = hiddenReason
  }

  /// Explains an item of a menu, searching its submenus too.
  ///
  /// - Parameters:
  ///   - menu: the declared menu.
  ///   - item: the item's title (ignoring case and a trailing ellipsis) or command id; the
  ///     first match in display order, menu before submenus, is explained.
  ///   - registry: where the commands are looked up.
  ///   - platform: the platform the menu is shown on.
  ///   - opensUpward: whether the menu opens upward; the menu's own `opensUpward` when nil.
  /// - Throws: what `MenuResolver.resolve` throws; `FolioError.invalidArgument` when no item
  ///   matches.
  public static func explain(
    menu: Menu, item: String, registry: CommandRegistry, platform: MenuPlatform = .mac,
    opensUpward: Bool? = nil
  ) throws(FolioError) -> MenuExplanation {
    let opensUpward = opensUpward ?? menu.opensUpward
    let shown = try MenuResolver.resolve(
      menu, registry: registry, platform: platform, opensUpward: opensUpward)
    guard let (level, choice) = find(item, in: shown) else {
      if var hidden = findHidden(item, in: menu, path: [menu.title], section: nil, registry: registry) {
        hidden.platform = platform
        hidden.orderRule = MenuResolver.orderRule(menu.order, on: platform, opensUpward: opensUpward)
        return hidden
      }
      throw FolioError.invalidArgument("menu '\(menu.id)' has no item '\(item)'")
    }
    let declared = try MenuResolver.resolve(menu, registry: registry, platform: platform, opensUpward: false)
    // Reversal moves submenus too, so the level is found again by its titles, not indices.
    let declaredLevel = counterpart(of: level, from: shown, in: declared)
    var declaredItems: [MenuChoice] = []
    MenuSession.collect(declared.descendant(at: declaredLevel), at: declaredLevel, into: &declaredItems)
    let declaredPosition =
      declaredItems.first { $0.node.command == choice.node.command && $0.node.title == choice.node.title }?
      .number ?? choice.number

    var path = [menu.title]
    var section: String?
    var group: String?
    var node = shown
    for index in choice.path.dropLast() where node.children.indices.contains(index) {
      node = node.children[index]
      if node.opensInPlace {
        path.append(node.title ?? "")
        section = nil
        group = nil
      } else if node.kind == .section {
        section = node.title
      } else if node.kind == .controlGroup {
        group = node.title ?? ""
      }
    }
    return MenuExplanation(
      menu: menu.id, node: choice.node, path: path, section: section, controlGroup: group,
      position: choice.number, declaredPosition: declaredPosition, order: menu.order,
      orderRule: MenuResolver.orderRule(menu.order, on: platform, opensUpward: opensUpward),
      platform: platform,
      menuOwner: menu.owner, commandOwner: choice.node.command.flatMap { registry.command(id: $0)?.owner })
  }

  /// The explanation as lines for people.
  public var lines: [String] {
    let title = node.title ?? node.command ?? "item"
    var lines: [String] = []
    if let hiddenReason {
      lines.append("'\(title)' is hidden: \(hiddenReason)")
    } else if node.isEnabled {
      lines.append("'\(title)' is shown and enabled")
    } else {
      lines.append("'\(title)' is shown but disabled: \(node.disabledReason ?? "not available now")")
    }
    var place = "in \(path.joined(separator: " › "))"
    if let section { place += ", section '\(section)'" }
    if let controlGroup {
      place += controlGroup.isEmpty ? ", in a control group" : ", control group '\(controlGroup)'"
    }
    lines.append(place)
    if hiddenReason == nil {
      lines.append(positionLine)
    }
    if let confirmationLine { lines.append(confirmationLine) }
    var owners = "menu from \(menuOwner)"
    if let command = node.command { owners += "; command '\(command)' from \(commandOwner ?? "nobody")" }
    lines.append(owners)
    if let contribution { lines += contribution.lines }
    return lines
  }

  /// Who asks before the item's command acts, for an item that asks or is destructive: the
  /// role only styles it.
  private var confirmationLine: String? {
    let command = node.command.map { "command '\($0)'" } ?? "the command"
    switch node.confirmation {
    case .command: return "asks first: \(command) shows its confirmation dialog"
    case .commandItself: return "asks first: \(command) asks by itself as it runs, so nothing asks before it"
    case .item: return "asks first: the item's confirm, as \(command) does not ask"
    case nil:
      guard node.role == .destructive else { return nil }
      return "acts at once: the destructive role only styles the item, and \(command) does not ask"
    }
  }

  /// Where the order rule put the item, and which rule it was.
  private var positionLine: String {
    let rule =
      switch orderRule {
      case .fixed: "order fixed: declared order"
      case .opensDownward:
        "order \(order.rawValue): declared order — the menu opens downward, so its first items are "
          + "already nearest the point of interaction"
      case .macKeepsDeclaredOrder:
        "order automatic: declared order — mac keeps it even for a menu that opens upward"
      case .reversedUpward:
        "order \(order.rawValue): reversed — the menu opens upward on \(platform.rawValue), so its first "
          + "items are nearest the point of interaction"
      }
    return "item \(position) (declared \(declaredPosition)); \(rule)"
  }

  /// The first declared item matching `answer` whose command is hidden now, explained.
  private static func findHidden(
    _ answer: String, in menu: Menu, path: [String], section: String?, registry: CommandRegistry,
    elements: [MenuElement]? = nil, root: Menu? = nil
  ) -> MenuExplanation? {
    let key = MenuSession.matchKey(answer)
    for element in elements ?? menu.elements {
      let command: Command?
      let title: String?
      switch element {
      case .item(let item):
        command = registry.command(id: item.command)
        title = item.title ?? command?.title
      case .picker(let picker):
        command = registry.command(id: picker.command)
        title = picker.title ?? command?.title
      case .section(let inner):
        if let found = findHidden(
          answer, in: menu, path: path, section: inner.header, registry: registry, elements: inner.elements,
          root: root ?? menu)
        {
          return found
        }
        continue
      case .controlGroup(let group):
        if let found = findHidden(
          answer, in: menu, path: path, section: section, registry: registry, elements: group.elements,
          root: root ?? menu)
        {
          return found
        }
        continue
      case .submenu(let inner):
        if let found = findHidden(
          answer, in: inner, path: path + [inner.title], section: nil, registry: registry, root: root ?? menu)
        {
          return found
        }
        continue
      case .divider:
        continue
      }
      guard let command, case .hidden(let reason) = command.currentAvailability,
        command.id == answer || title.map(MenuSession.matchKey) == key
      else { continue }
      let top = root ?? menu
      return MenuExplanation(
        menu: top.id,
        node: MenuNode(
          kind: .button, title: title, icon: command.icon, command: command.id, isEnabled: false,
          disabledReason: reason),
        path: path, section: section, controlGroup: nil, position: 0, declaredPosition: 0, order: top.order,
        // `explain` sets the rule and platform it explains for.
        orderRule: .fixed, platform: .mac, menuOwner: top.owner, commandOwner: command.owner,
        hiddenReason: reason)
    }
    return nil
  }

  /// The index path in `other` of the node at `path` in `tree`, matching children by kind,
  /// title and command.
  private static func counterpart(of path: [Int], from tree: MenuNode, in other: MenuNode) -> [Int] {
    var result: [Int] = []
    var node = tree
    var match = other
    for index in path where node.children.indices.contains(index) {
      node = node.children[index]
      guard
        let found = match.children.firstIndex(where: {
          $0.kind == node.kind && $0.title == node.title && $0.command == node.command
        })
      else { break }
      result.append(found)
      match = match.children[found]
    }
    return result
  }

  /// The first item matching `answer` by title or command id, and the level it is on.
  private static func find(_ answer: String, in root: MenuNode) -> (level: [Int], choice: MenuChoice)? {
    let key = MenuSession.matchKey(answer)
    var levels: [[Int]] = [[]]
    var next = 0
    while next < levels.count {
      let level = levels[next]
      next += 1
      var items: [MenuChoice] = []
      MenuSession.collect(root.descendant(at: level), at: level, into: &items)
      if let match = items.first(where: {
        $0.node.command == answer || $0.node.title.map(MenuSession.matchKey) == key
      }) {
        return (level, match)
      }
      levels += items.filter(\.node.opensInPlace).map(\.path)
    }
    return nil
  }
}

extension MenuNode {
  /// The node at an index path from this one; the deepest valid node when the path runs out.
  func descendant(at path: [Int]) -> MenuNode {
    var node = self
    for index in path where node.children.indices.contains(index) {
      node = node.children[index]
    }
    return node
  }
}
