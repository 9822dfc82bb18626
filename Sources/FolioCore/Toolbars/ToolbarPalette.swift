/// The customisation palette `toolbar customize` shows: the items on the bar, the items that
/// can be added, the items that cannot be customised, and what a stored layout kept or
/// gained.
public struct ToolbarPalette: Sendable, Equatable {
  /// Why an item is not customisable.
  public enum FixedReason: String, Sendable, Equatable {
    /// A member of a toolbar item group, which is customised as a whole or not at all.
    case itemGroup
    /// A primary action on a platform that customises secondary actions only (ipad, iphone).
    case primaryAction
    /// Another item that is not a secondary action (navigation, principal, bottom bar,
    /// automatic) on such a platform.
    case notSecondaryAction
  }

  /// One item of the palette.
  public struct Entry: Sendable, Equatable {
    /// The item's id.
    public var id: String
    /// Its title: the command's, or the control group's label.
    public var title: String
    /// Where it goes.
    public var placement: ToolbarPlacement
    /// Whether it is on the bar before anyone customised it.
    public var showsByDefault: Bool
    /// Its overflow priority.
    public var priority: ToolbarItemPriority
    /// The condition it shows under, if any.
    public var condition: String?
    /// Who declared it.
    public var owner: String
    /// Why it is not customisable; nil for a customisable item.
    public var fixedReason: FixedReason? = nil
  }

  /// The toolbar.
  public var toolbarID: String
  /// The platform, which decides what is customisable.
  public var platform: MenuPlatform
  /// The customisable items on the bar, in order.
  public var onBar: [Entry]
  /// The customisable items not on the bar, in declaration order.
  public var available: [Entry]
  /// The members of toolbar item groups, which are not customisable item by item, and the
  /// items the platform keeps fixed (primary actions on ipad and iphone), in declaration order.
  public var notCustomizable: [Entry]
  /// Ids the stored layout keeps although no item has them now.
  public var missing: [String]
  /// Items declared since the layout was saved, placed at their default place.
  public var new: [String]
  /// Whether a stored customisation applies.
  public var isCustomized: Bool
  /// The version of a stored layout written by a newer Folio, which is ignored (the defaults
  /// apply until `toolbar reset` discards it); nil when none is.
  public var ignoredVersion: Int?
  /// What the command that produced the palette did, e.g. `Added 'share' at 3.`
  public var message: String?

  /// Builds the palette of an arrangement, reading titles from the registry.
  public init(
    toolbar: Toolbar, arrangement: ToolbarArrangement, registry: CommandRegistry, message: String? = nil
  ) {
    func title(_ elements: [MenuElement]) -> String {
      guard elements.count == 1, let element = elements.first else { return "" }
      switch element {
      case .item(let item): return item.title ?? registry.command(id: item.command)?.title ?? item.command
      case .controlGroup(let group): return group.title ?? "Control Group"
      default: return ToolbarArrangement.memberID(element)
      }
    }
    var items: [String: Entry] = [:]
    var fixed: [Entry] = []
    for entry in toolbar.entries {
      switch entry {
      case .item(let item) where arrangement.fixedItems.contains(item.id):
        guard !fixed.contains(where: { $0.id == item.id }) else { break }
        fixed.append(
          Entry(
            id: item.id, title: title(item.elements), placement: item.placement,
            showsByDefault: item.showsByDefault, priority: item.priority, condition: item.condition?.name,
            owner: item.owner,
            fixedReason: item.placement == .primaryAction ? .primaryAction : .notSecondaryAction))
      case .item(let item) where items[item.id] == nil:
        items[item.id] = Entry(
          id: item.id, title: title(item.elements), placement: item.placement,
          showsByDefault: item.showsByDefault, priority: item.priority, condition: item.condition?.name,
          owner: item.owner)
      case .item: break
      case .group(let group):
        fixed += group.elements.map {
          Entry(
            id: ToolbarArrangement.memberID($0), title: title([$0]), placement: group.placement,
            showsByDefault: true, priority: group.priority, condition: group.condition?.name,
            owner: group.owner, fixedReason: .itemGroup)
        }
      }
    }
    toolbarID = toolbar.id
    platform = arrangement.platform
    onBar = arrangement.onBar.compactMap { items[$0] }
    available = arrangement.available.compactMap { items[$0] }
    notCustomizable = fixed
    missing = arrangement.missing
    new = arrangement.new
    isCustomized = arrangement.isCustomized
    ignoredVersion = arrangement.ignoredVersion
    self.message = message
  }
}
