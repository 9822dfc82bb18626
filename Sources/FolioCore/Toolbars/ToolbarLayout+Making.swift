extension ToolbarLayout {
  /// Lays out a toolbar.
  ///
  /// The same inputs always give the same layout. Items whose condition does not hold or
  /// whose command is hidden (`Availability.hidden`) are left out; secondary actions go to
  /// the overflow menu unless the role is `editor` and the width regular; then, while the
  /// bar is wider than `width`, one thing at a time gives way, in this order: secondary
  /// actions, then other items, then primary actions; within those, lower priority first;
  /// ties leave from the trailing edge first. A labelled control group first collapses into
  /// a menu under its label, and overflows as one menu only after; an unlabelled one loses
  /// its items one at a time, the last first. The title never overflows: when the bar is
  /// still too wide with everything else given way, the title is cut to fit, ending in `…`,
  /// before its mark (`titleMark`), which stays whole while it fits.
  ///
  /// The bar is `width` less the front end's frame (`ToolbarMetrics.frameWidth`) wide, and
  /// everything is fitted into that; the size class follows the window's `width`.
  ///
  /// - Parameters:
  ///   - toolbar: the declared toolbar.
  ///   - arrangement: which customisable items are on the bar and in what order.
  ///   - registry: where the items' commands are looked up.
  ///   - environment: the platform (mac shows labels, ipad and iphone icons) and size class.
  ///   - width: the window's width, frame included; the environment's width when nil (the
  ///     size class then follows the given width).
  ///   - title: the window's title.
  ///   - titleMark: what follows the title and is never cut: the front end's sign of a title
  ///     menu (` ▾`), or nothing.
  ///   - context: what state-dependent items read.
  ///   - metrics: the widths the front end draws the bar's things with.
  /// - Throws: `FolioError.invalidArgument` naming the toolbar and item for duplicate ids or
  ///   content that is not one command or control group; what `MenuResolver.resolve` throws
  ///   for unknown commands or oversized control groups.
  public static func make(
    _ toolbar: Toolbar, arrangement: ToolbarArrangement, registry: CommandRegistry,
    environment: AppEnvironment, width: Int? = nil, title: String, titleMark: String = "",
    context: ToolbarContext, metrics: ToolbarMetrics
  ) throws(FolioError) -> ToolbarLayout {
    let sizeClass =
      width.map { AppEnvironment.sizeClass(platform: environment.platform, width: $0) }
      ?? environment.sizeClass
    let width = max(0, width ?? environment.width)
    let barWidth = max(0, width - metrics.frameWidth)
    var context = context
    context.sizeClass = sizeClass
    // Items whose command is hidden now leave the layout, as items whose condition fails do.
    let units = try Self.units(of: toolbar, arrangement: arrangement).filter {
      MenuResolver.isShown($0.element, registry: registry)
    }
    let menu = Menu(
      id: "toolbar.\(toolbar.id)", title: toolbar.id, order: .fixed, elements: units.map(\.element))
    let nodes = try MenuResolver.resolve(menu, registry: registry, platform: environment.platform).children
    var planner = Planner(
      units: units, nodes: nodes, showsLabels: environment.platform == .mac,
      titleWidth: (title + titleMark).cells,
      metrics: metrics)
    let isRegular = sizeClass == .regular
    let titlePlacement: TitlePlacement = toolbar.role != .automatic && isRegular ? .leading : .center

    var leading: [Int] = []
    var center: [Int] = []
    var trailing: [Int] = []
    var bottom: [Int] = []
    var forced: [Int] = []
    for (index, unit) in units.enumerated() where unit.condition?.holds(context) ?? true {
      switch unit.placement {
      case .navigation: leading.append(index)
      case .principal: center.append(index)
      case .primaryAction, .automatic: trailing.append(index)
      case .bottomBar: bottom.append(index)
      case .secondaryAction:
        // Only the editor role shows secondary actions on the bar, and only on regular width.
        if isRegular, toolbar.role == .editor {
          center.append(index)
        } else {
          forced.append(index)
        }
      }
    }
    for index in forced { planner.overflowAll(index) }
    planner.fit(bottom, title: false, width: barWidth)
    planner.fit(leading + center + trailing, title: true, width: barWidth)
    let title = planner.cutTitle(title, mark: titleMark, bar: leading + center + trailing, width: barWidth)

    return ToolbarLayout(
      toolbarID: toolbar.id, role: toolbar.role, platform: environment.platform, sizeClass: sizeClass,
      width: width, barWidth: barWidth, usedWidth: planner.barWidth(leading + center + trailing, title: true),
      title: title,
      titlePlacement: titlePlacement, leading: leading.flatMap(planner.shown),
      center: center.flatMap(planner.shown), trailing: trailing.flatMap(planner.shown),
      bottom: bottom.flatMap(planner.shown), overflow: units.indices.flatMap(planner.overflowed))
  }

  /// The things laid out, in bar order: the customisable items on the bar as arranged, each
  /// group's members after the item declared before the group.
  private static func units(of toolbar: Toolbar, arrangement: ToolbarArrangement) throws(FolioError)
    -> [ToolbarUnit]
  {
    var seen: Set<String> = []
    var items: [String: ToolbarUnit] = [:]
    var fixed: [(after: String?, unit: ToolbarUnit)] = []
    var previous: String?
    for entry in toolbar.entries {
      switch entry {
      case .item(let item):
        guard seen.insert(item.id).inserted else {
          throw .invalidArgument("toolbar '\(toolbar.id)' declares the item id '\(item.id)' twice")
        }
        guard item.elements.count == 1, let element = item.elements.first, Self.isToolbarContent(element)
        else {
          throw .invalidArgument(
            "item '\(item.id)' of toolbar '\(toolbar.id)' must hold one command or one control group")
        }
        let unit = ToolbarUnit(item, element: element)
        // An item the platform keeps fixed stays at its declared place, as a group's members do.
        if arrangement.fixedItems.contains(item.id) {
          fixed.append((previous, unit))
        } else {
          items[item.id] = unit
          previous = item.id
        }
      case .group(let group):
        for element in group.elements {
          guard Self.isToolbarContent(element) else {
            throw .invalidArgument(
              "a toolbar item group of toolbar '\(toolbar.id)' must hold commands and control groups only")
          }
          fixed.append((previous, ToolbarUnit(group, member: element)))
        }
      }
    }
    var result = fixed.filter { $0.after == nil }.map(\.unit)
    for id in arrangement.onBar {
      guard let unit = items[id] else { continue }
      result.append(unit)
      result += fixed.filter { $0.after == id }.map(\.unit)
    }
    // Group members that follow an item no longer on the bar keep their declared order.
    for (after, unit) in fixed where after.map({ !arrangement.onBar.contains($0) }) ?? false {
      result.append(unit)
    }
    return result
  }

  private static func isToolbarContent(_ element: MenuElement) -> Bool {
    switch element {
    case .item, .controlGroup: true
    case .picker, .section, .divider, .submenu: false
    }
  }
}

/// One thing a toolbar declares for the layout to place: an item, or a member of a toolbar
/// item group, with the placement, priority and condition of its item or group, and who
/// declared that.
struct ToolbarUnit {
  /// The item's id, or the group member's (`ToolbarArrangement.memberID`).
  let id: String
  let placement: ToolbarPlacement
  let priority: ToolbarItemPriority
  let condition: ToolbarCondition?
  /// The command or control group placed.
  let element: MenuElement
  let owner: String
  let isGroupMember: Bool
}

extension ToolbarUnit {
  /// An item placing `element`: its content, or one member of its control group.
  init(_ item: ToolbarItem, element: MenuElement) {
    self.init(
      id: item.id, placement: item.placement, priority: item.priority, condition: item.condition,
      element: element, owner: item.owner, isGroupMember: false)
  }

  /// A member of a toolbar item group.
  init(_ group: ToolbarItemGroup, member: MenuElement) {
    self.init(
      id: ToolbarArrangement.memberID(member), placement: group.placement, priority: group.priority,
      condition: group.condition, element: member, owner: group.owner, isGroupMember: true)
  }
}

/// The fitting itself: how much of each unit shows, and what gives way next.
private struct Planner {
  enum Display {
    case shown
    /// A labelled control group shown as a menu under its label.
    case collapsed
    case overflowed
  }

  let units: [ToolbarUnit]
  let nodes: [MenuNode]
  let showsLabels: Bool
  var titleWidth: Int
  let metrics: ToolbarMetrics
  var display: [Display]
  /// How many members of each unlabelled control group are still on the bar.
  var shownMembers: [Int]
  var hasOverflow = false

  init(units: [ToolbarUnit], nodes: [MenuNode], showsLabels: Bool, titleWidth: Int, metrics: ToolbarMetrics) {
    self.units = units
    self.nodes = nodes
    self.showsLabels = showsLabels
    self.titleWidth = titleWidth
    self.metrics = metrics
    display = Array(repeating: .shown, count: units.count)
    shownMembers = nodes.map(\.children.count)
  }

  func isGroup(_ index: Int) -> Bool { nodes[index].kind == .controlGroup }
  func isLabelled(_ index: Int) -> Bool { isGroup(index) && nodes[index].title != nil }

  /// Columns a label takes: the title with its icon on mac, the icon alone elsewhere; an item
  /// without an icon always shows its title.
  func labelWidth(_ node: MenuNode) -> Int {
    let title = (node.title ?? "").cells
    guard node.icon != nil else { return title }
    return showsLabels ? metrics.iconBesideTitleWidth + title : metrics.iconOnlyWidth
  }

  /// Columns a row of members takes: their labels with `memberSpacing` between.
  func rowWidth(_ members: ArraySlice<MenuNode>) -> Int {
    members.reduce(0) { $0 + labelWidth($1) } + metrics.memberSpacing * max(0, members.count - 1)
  }

  /// Columns the unit takes on the bar now; nil when nothing of it is there.
  func width(_ index: Int) -> Int? {
    let node = nodes[index]
    switch display[index] {
    case .overflowed: return nil
    case .collapsed: return labelWidth(node) + metrics.menuIndicatorWidth
    case .shown:
      guard isGroup(index) else { return labelWidth(node) }
      let count = shownMembers[index]
      return count == 0 ? nil : rowWidth(node.children.prefix(count))
    }
  }

  /// Columns a bar takes: its things with `spacing` between, the title and » included.
  func barWidth(_ indices: [Int], title: Bool) -> Int {
    var widths = indices.compactMap(width)
    if title {
      // A title cut to nothing takes no place, and no spacing either.
      if titleWidth > 0 { widths.append(titleWidth) }
      if hasOverflow { widths.append(metrics.overflowButtonWidth) }
    }
    return widths.reduce(0, +) + metrics.spacing * max(0, widths.count - 1)
  }

  mutating func overflowAll(_ index: Int) {
    display[index] = .overflowed
    shownMembers[index] = 0
    hasOverflow = true
  }

  /// Gives way one step at a time until the bar fits or nothing is left to give.
  mutating func fit(_ indices: [Int], title: Bool, width: Int) {
    while barWidth(indices, title: title) > width {
      let candidates = indices.enumerated().filter { self.width($0.element) != nil }
      guard
        let next = candidates.min(by: { lhs, rhs in
          key(lhs.element, position: lhs.offset).lexicographicallyPrecedes(
            key(rhs.element, position: rhs.offset))
        })
      else { return }
      giveWay(next.element)
    }
  }

  /// The title and its mark, the title cut by what the bar `indices` is still wider than
  /// `width` once everything else has given way; whole when the bar fits. The mark stays
  /// whole after the cut title (alone, without its leading blanks, once no letter of the
  /// title fits) and goes only when even it does not fit.
  mutating func cutTitle(_ title: String, mark: String, bar indices: [Int], width: Int) -> String {
    let excess = barWidth(indices, title: true) - width
    guard excess > 0 else { return title + mark }
    let room = max(0, titleWidth - excess)
    let text = title.truncated(toCells: room - mark.cells)
    let alone = String(mark.drop { $0 == " " })
    let cut = !text.isEmpty ? text + mark : alone.cells <= room ? alone : ""
    titleWidth = cut.cells
    return cut
  }

  /// What gives way first sorts first: secondary actions, then others, then primary actions;
  /// lower priority first; the trailing-most first.
  func key(_ index: Int, position: Int) -> [Int] {
    let unit = units[index]
    let rank =
      switch unit.placement {
      case .secondaryAction: 0
      case .primaryAction: 2
      default: 1
      }
    return [rank, unit.priority.rank, -position]
  }

  mutating func giveWay(_ index: Int) {
    if isLabelled(index), display[index] == .shown {
      display[index] = .collapsed
      return
    }
    if isGroup(index), !isLabelled(index), shownMembers[index] > 1 {
      shownMembers[index] -= 1
      hasOverflow = true
      return
    }
    overflowAll(index)
  }

  /// The unit as shown on the bar; empty when it is not there.
  func shown(_ index: Int) -> [ToolbarLayoutItem] {
    guard let width = width(index) else { return [] }
    let node = nodes[index]
    let id = units[index].id
    switch display[index] {
    case .overflowed: return []
    case .collapsed:
      return [groupItem(index, kind: .menu, members: node.children[...], width: width)]
    case .shown:
      guard isGroup(index) else { return [item(node, id: id, width: width)] }
      return [
        groupItem(
          index, kind: .controlGroup, members: node.children.prefix(shownMembers[index]), width: width)
      ]
    }
  }

  /// The unit's part in the overflow menu: an item, a labelled group as one menu, an
  /// unlabelled group's members that left the bar.
  func overflowed(_ index: Int) -> [ToolbarLayoutItem] {
    let node = nodes[index]
    if display[index] == .overflowed, !isGroup(index) {
      return [item(node, id: units[index].id, width: 0)]
    }
    if display[index] == .overflowed, isLabelled(index) {
      return [groupItem(index, kind: .menu, members: node.children[...], width: 0)]
    }
    guard isGroup(index), !isLabelled(index) else { return [] }
    return node.children[shownMembers[index]...].map { item($0, id: memberID(index, $0), width: 0) }
  }

  func memberID(_ index: Int, _ member: MenuNode) -> String {
    units[index].id + "/" + (member.command ?? member.title ?? "")
  }

  func item(_ node: MenuNode, id: String, width: Int) -> ToolbarLayoutItem {
    ToolbarLayoutItem(
      id: id, title: node.title, icon: node.icon, kind: node.kind, command: node.command,
      isEnabled: node.isEnabled,
      isOn: node.kind == .toggle ? node.isSelected : nil, showsTitle: showsLabels || node.icon == nil,
      width: width)
  }

  func groupItem(_ index: Int, kind: MenuNode.Kind, members: ArraySlice<MenuNode>, width: Int)
    -> ToolbarLayoutItem
  {
    let node = nodes[index]
    return ToolbarLayoutItem(
      id: units[index].id, title: node.title, icon: node.icon, kind: kind,
      showsTitle: showsLabels || node.icon == nil, width: width,
      children: members.map { item($0, id: memberID(index, $0), width: kind == .menu ? 0 : labelWidth($0)) })
  }
}
