/// Why an item of a toolbar is where it is [`explain toolbar ID`]: on the bar (which region,
/// which position), collapsed into a menu, in the overflow menu or left out, whether it is
/// enabled, and why — the width, its placement and priority, the toolbar's role, the
/// customisation — and who declared it.
public struct ToolbarExplanation: Sendable, Equatable {
  /// Where the item is now.
  public enum Status: String, Sendable, Equatable {
    /// On the bar as declared.
    case shown
    /// A labelled control group on the bar, collapsed into a menu under its label.
    case collapsed
    /// In the overflow menu (»).
    case overflow
    /// Not in the layout at all.
    case hidden
  }

  /// The region of the bar an item is in.
  public enum Region: String, Sendable, Equatable {
    case leading
    case center
    case trailing
    case bottom
  }

  /// Why the item is where it is.
  public enum Reason: Sendable, Equatable {
    /// It fits on the bar.
    case fits
    /// The bar was too narrow: the item takes `needed` columns with its spacing, and `left`
    /// columns are free on its bar now.
    case width(needed: Int, left: Int)
    /// A secondary action, which only a toolbar of role `editor` at regular width shows on
    /// the bar.
    case secondaryAction
    /// A customisable item the stored customisation leaves off the bar (removed by the user).
    case removed
    /// A customisable item that is not on the bar by default, with no customisation adding it.
    case notByDefault
    /// Its condition does not hold now.
    case condition(String)
    /// Its command is hidden now, with the reason.
    case commandHidden(String)
  }

  /// Whether people can customise the item on this platform.
  public enum Customization: String, Sendable, Equatable {
    /// `toolbar add/remove/move` apply to it.
    case customizable
    /// A member of a toolbar item group: always on the bar, not customisable one by one.
    case groupMember
    /// A primary action on ipad or iphone, which keeps its declared place.
    case fixedOnPlatform
  }

  /// The toolbar laid out as the item was explained: its id and role, the platform, size
  /// class and width, and the columns the bars take.
  public var layout: ToolbarLayout
  /// The item's id as asked.
  public var itemID: String
  /// The item's title, or its command's.
  public var title: String?
  /// The command it runs; nil for a control group.
  public var command: String?
  /// Its declared placement.
  public var placement: ToolbarPlacement
  /// Its declared priority.
  public var priority: ToolbarItemPriority
  /// Where it is.
  public var status: Status
  /// Why.
  public var reason: Reason
  /// The region of the bar, for a shown or collapsed item.
  public var region: Region?
  /// Its number in the region, or in the overflow menu, from 1; nil for a hidden item.
  public var position: Int?
  /// The item of the layout it is a member of, for a control group's member.
  public var group: String?
  /// Whether it can be used now.
  public var isEnabled: Bool
  /// Why it cannot, when its command says so (a plugin's `enabled` reason included).
  public var disabledReason: String?
  /// Whether people can customise it here.
  public var customization: Customization
  /// Who declared the item (`built-in`, `plugin NAME`, …).
  public var owner: String
  /// Who registered its command.
  public var commandOwner: String?

  /// Explains an item of a toolbar laid out with `ToolbarLayout.make`'s inputs.
  ///
  /// - Parameters:
  ///   - id: a declared item's id, a toolbar item group member's id, or a layout id
  ///     `ITEM/COMMAND` for a control group's member.
  ///   - toolbar, arrangement, registry, environment, width, title, context, metrics: as
  ///     `ToolbarLayout.make` takes them.
  /// - Throws: what `ToolbarLayout.make` throws; `FolioError.invalidArgument` listing the
  ///   toolbar's ids when none is `id`.
  public static func explain(
    _ id: String, in toolbar: Toolbar, arrangement: ToolbarArrangement, registry: CommandRegistry,
    environment: AppEnvironment, width: Int? = nil, title: String, context: ToolbarContext,
    metrics: ToolbarMetrics
  ) throws(FolioError) -> ToolbarExplanation {
    guard let declared = declaration(of: id, in: toolbar) else {
      let ids =
        toolbar.items.map(\.id) + arrangement.notCustomizable.filter { !arrangement.fixedItems.contains($0) }
      throw FolioError(
        .invalidArgument,
        "toolbar '\(toolbar.id)' has no item '\(id)'; items: \(ids.joined(separator: ", "))",
        values: ["id": id, "toolbar": toolbar.id])
    }
    let layout = try ToolbarLayout.make(
      toolbar, arrangement: arrangement, registry: registry, environment: environment, width: width,
      title: title, context: context, metrics: metrics)
    var context = context
    context.sizeClass = layout.sizeClass
    let (command, declaredTitle) = content(of: declared.element)
    let availability = command.flatMap { registry.command(id: $0)?.currentAvailability }
    var disabledReason: String?
    if case .disabled(let reason) = availability { disabledReason = reason }
    let customization: Customization =
      arrangement.fixedItems.contains(declared.id)
      ? .fixedOnPlatform : declared.isGroupMember ? .groupMember : .customizable
    var explanation = ToolbarExplanation(
      layout: layout, itemID: id,
      title: declaredTitle ?? command.flatMap { registry.command(id: $0)?.title }, command: command,
      placement: declared.placement, priority: declared.priority, status: .hidden, reason: .fits,
      isEnabled: availability?.isEnabled ?? true, disabledReason: disabledReason,
      customization: customization,
      owner: declared.owner, commandOwner: command.flatMap { registry.command(id: $0)?.owner })

    let regions: [(Region, [ToolbarLayoutItem])] = [
      (.leading, layout.leading), (.center, layout.center), (.trailing, layout.trailing),
      (.bottom, layout.bottom),
    ]
    for (region, items) in regions {
      guard let (position, item, group) = find(id, in: items) else { continue }
      explanation.status = item.kind == .menu && group == nil ? .collapsed : .shown
      explanation.region = region
      explanation.position = position
      explanation.group = group
      explanation.title = item.title ?? explanation.title
      if item.command != nil { explanation.isEnabled = item.isEnabled }
      if explanation.status == .collapsed {
        explanation.reason = widthReason(
          id, layout: layout, region: region, current: item.width, toolbar: toolbar, arrangement: arrangement,
          registry: registry, environment: environment, title: title, context: context, metrics: metrics)
      }
      return explanation
    }
    if let (position, item, group) = find(id, in: layout.overflow) {
      explanation.status = .overflow
      explanation.position = position
      explanation.group = group
      explanation.title = item.title ?? explanation.title
      if item.command != nil { explanation.isEnabled = item.isEnabled }
      let forced =
        declared.placement == .secondaryAction && !(toolbar.role == .editor && layout.sizeClass == .regular)
      explanation.reason =
        forced
        ? .secondaryAction
        : widthReason(
          id, layout: layout, region: declared.placement == .bottomBar ? .bottom : .trailing, current: 0,
          toolbar: toolbar, arrangement: arrangement, registry: registry, environment: environment,
          title: title,
          context: context, metrics: metrics)
      return explanation
    }
    if !declared.isGroupMember, !arrangement.fixedItems.contains(declared.id),
      !arrangement.onBar.contains(declared.id)
    {
      explanation.reason = arrangement.isCustomized ? .removed : .notByDefault
    } else if let condition = declared.condition, !condition.holds(context) {
      explanation.reason = .condition(condition.name)
    } else if case .hidden(let reason) = availability {
      explanation.reason = .commandHidden(reason)
    } else {
      explanation.reason = .commandHidden("its command is not shown now")
    }
    return explanation
  }

  /// What the toolbar declares for `id`: its item or group member, or for a control group's
  /// member its item with the member as the element.
  private static func declaration(of id: String, in toolbar: Toolbar) -> ToolbarUnit? {
    for entry in toolbar.entries {
      switch entry {
      case .item(let item):
        guard let element = item.elements.first else { continue }
        if item.id == id { return ToolbarUnit(item, element: element) }
        // A control group's member, `ITEM/COMMAND`.
        guard case .controlGroup(let group) = element, id.hasPrefix(item.id + "/") else { continue }
        let member = String(id.dropFirst(item.id.count + 1))
        for case .item(let memberItem) in group.elements where memberItem.command == member {
          return ToolbarUnit(item, element: .item(memberItem))
        }
      case .group(let group):
        for element in group.elements where ToolbarArrangement.memberID(element) == id {
          return ToolbarUnit(group, member: element)
        }
      }
    }
    return nil
  }

  /// The command and the title an element declares: an item's, or a control group's title.
  private static func content(of element: MenuElement) -> (command: String?, title: String?) {
    switch element {
    case .item(let item): (item.command, item.title)
    case .controlGroup(let group): (nil, group.title)
    default: (nil, nil)
    }
  }

  /// The item with `id` in `items`, searching control groups' members: its number (the
  /// group's, for a member), the item, and the group's id for a member.
  private static func find(_ id: String, in items: [ToolbarLayoutItem]) -> (Int, ToolbarLayoutItem, String?)?
  {
    for (index, item) in items.enumerated() {
      if item.id == id { return (index + 1, item, nil) }
      if let member = item.children.first(where: { $0.id == id }) { return (index + 1, member, item.id) }
    }
    return nil
  }

  /// The width an item gave way to: its columns on an unbounded bar with its spacing, and the
  /// columns free on its bar now (`current` being what it takes there now).
  private static func widthReason(
    _ id: String, layout: ToolbarLayout, region: Region, current: Int, toolbar: Toolbar,
    arrangement: ToolbarArrangement, registry: CommandRegistry, environment: AppEnvironment, title: String,
    context: ToolbarContext, metrics: ToolbarMetrics
  ) -> Reason {
    let wide = try? ToolbarLayout.make(
      toolbar, arrangement: arrangement, registry: registry, environment: environment,
      width: Self.unboundedWidth, title: title, context: context, metrics: metrics)
    let all = wide.map { $0.leading + $0.center + $0.trailing + $0.bottom } ?? []
    let found = find(id, in: all)
    let full = found?.1.width ?? 0
    // A control group's member sits `memberSpacing` from its neighbours, an item `spacing`.
    let gap = found?.2 == nil ? metrics.spacing : metrics.memberSpacing
    let used: Int
    if region == .bottom {
      let widths = layout.bottom.map(\.width)
      used = widths.reduce(0, +) + metrics.spacing * max(0, widths.count - 1)
    } else {
      used = layout.usedWidth
    }
    let needed = current == 0 ? full + gap : full
    return .width(needed: needed, left: max(0, layout.barWidth - used) + current)
  }

  /// A width every declared toolbar fits in.
  static let unboundedWidth = 100_000
}

extension ToolbarExplanation {
  /// The explanation as lines for people.
  public var lines: [String] {
    let name = title.map { "'\($0)' (\(itemID))" } ?? "'\(itemID)'"
    var lines: [String] = []
    let inGroup = group.map { " as a member of '\($0)'" } ?? ""
    switch status {
    case .shown:
      lines.append("\(name) is on the bar: \(region?.rawValue ?? "?") item \(position ?? 0)\(inGroup)")
    case .collapsed:
      lines.append(
        "\(name) is on the bar collapsed into a menu: \(region?.rawValue ?? "?") item \(position ?? 0)")
    case .overflow:
      lines.append("\(name) is in the overflow menu (»): item \(position ?? 0)\(inGroup)")
    case .hidden:
      lines.append("\(name) is hidden")
    }
    lines.append("why: \(why)")
    if status != .hidden {
      lines.append(isEnabled ? "enabled" : "disabled: \(disabledReason ?? "not available now")")
    }
    lines.append(
      "placement \(placement.rawValue) · priority \(priority.rawValue) · toolbar \(layout.toolbarID), "
        + "role \(layout.role.rawValue) · \(layout.platform.rawValue) \(layout.sizeClass.rawValue) · "
        + "\(layout.width) columns, \(layout.usedWidth) of \(layout.barWidth) used")
    switch customization {
    case .customizable: lines.append("customisable: it can be added, removed and moved")
    case .groupMember:
      lines.append("not customisable: a member of a toolbar item group")
    case .fixedOnPlatform:
      lines.append(
        "not customisable on \(layout.platform.rawValue): primary actions keep their declared place")
    }
    var owners = "item from \(owner)"
    if let command { owners += "; command '\(command)' from \(commandOwner ?? "nobody")" }
    lines.append(owners)
    return lines
  }

  /// The reason in words.
  private var why: String {
    switch reason {
    case .fits:
      return "it fits at \(layout.width) columns"
    case .width(let needed, let left):
      let what = status == .collapsed ? "shown in full" : "on the bar"
      return "the bar is too narrow: \(what) it needs \(needed) columns, \(left) left; "
        + "items give way secondary actions first, then others, then primary actions, lower priority first"
    case .secondaryAction:
      let role =
        layout.role == .editor
        ? "the width is \(layout.sizeClass.rawValue)" : "the toolbar's role is \(layout.role.rawValue)"
      return
        "a secondary action, which only a toolbar of role editor at regular width shows on the bar; \(role)"
    case .removed:
      return "removed from the bar by the stored customisation; adding it back restores it"
    case .notByDefault:
      return "not on the bar by default; the customisation can add it"
    case .condition(let name):
      return "its condition '\(name)' does not hold now"
    case .commandHidden(let reason):
      return "its command is hidden: \(reason)"
    }
  }
}
