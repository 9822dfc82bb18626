/// One element of a declared menu.
public indirect enum MenuElement: Sendable, Equatable {
  /// A command, shown as its state asks: button, toggle ✓, stepper or slider.
  case item(MenuItem)
  /// A choice-state command shown as its options [Picker].
  case picker(MenuPicker)
  /// A group of elements with an optional header [Section].
  case section(MenuSection)
  /// A line between elements [Divider].
  case divider
  /// A nested menu that opens in place [Menu].
  case submenu(Menu)
  /// Up to four items on one row [ControlGroup].
  case controlGroup(MenuControlGroup)
}

/// A command in a menu, with optional overrides of what the command declares.
///
/// Its fields are held by reference and copied only when one is changed on a copy that
/// shares them: a menu element holds its item in a box, and reading the item out of it to
/// resolve it copied every field (about 300 instructions an item, with destroying the copy).
public struct MenuItem: Sendable, Equatable {
  /// How a number-state command shows.
  public enum Presentation: String, Sendable, Equatable {
    /// As the command's state asks; a number shows as a stepper.
    case automatic
    /// A number shown as a stepper [Stepper].
    case stepper
    /// A number shown as a slider [Slider].
    case slider
  }

  /// The fields of an item.
  private struct Fields: Equatable {
    var command: String
    var title: String?
    var subtitle: String?
    var icon: String?
    var role: CommandRole?
    var dismiss: DismissBehavior?
    var presentation: Presentation
    var arguments: [String]
    var onTitle: String?
    var namedArguments: [MenuArgument] = []
    var provider: MenuItemProvider?
    var confirm: Bool
  }

  /// The fields, shared by the item's copies until one of them changes a field. Changed only
  /// while uniquely referenced, so no two threads ever see it change.
  private final class Storage: @unchecked Sendable {
    var fields: Fields
    /// Where the registry found `fields.command` when the item was last resolved, so that
    /// resolving it again (the same menu opened again) finds it without hashing the id.
    let commandLookup = CommandLookupCache()

    init(_ fields: Fields) { self.fields = fields }
  }

  private var storage: Storage

  /// The fields, for changing: copied first when another item shares them.
  private var uniqueFields: Fields {
    get { storage.fields }
    _modify {
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
      yield &storage.fields
    }
  }

  /// The id of the command the item runs.
  public var command: String {
    get { storage.fields.command }
    set { uniqueFields.command = newValue }
  }
  /// The title shown; the command's title when nil.
  public var title: String? {
    get { storage.fields.title }
    set { uniqueFields.title = newValue }
  }
  /// The second line shown; the command's subtitle when nil.
  public var subtitle: String? {
    get { storage.fields.subtitle }
    set { uniqueFields.subtitle = newValue }
  }
  /// The icon shown; the command's icon when nil.
  public var icon: String? {
    get { storage.fields.icon }
    set { uniqueFields.icon = newValue }
  }
  /// The role shown; the command's role when nil.
  public var role: CommandRole? {
    get { storage.fields.role }
    set { uniqueFields.role = newValue }
  }
  /// Whether the menu closes after the item ran; the menu's, then the command's, when nil.
  public var dismiss: DismissBehavior? {
    get { storage.fields.dismiss }
    set { uniqueFields.dismiss = newValue }
  }
  /// How a number-state command shows.
  public var presentation: Presentation {
    get { storage.fields.presentation }
    set { uniqueFields.presentation = newValue }
  }
  /// Words the item passes to its command before any typed after `choose`, each taken
  /// literally: File › Open Recent's items pass a document's path.
  public var arguments: [String] {
    get { storage.fields.arguments }
    set { uniqueFields.arguments = newValue }
  }
  /// The title a toggle shows while it is on, as a text button that says what pressing it
  /// does (EditButton: `Edit`, then `Done`); such an item shows no icon but its own.
  public var onTitle: String? {
    get { storage.fields.onTitle }
    set { uniqueFields.onTitle = newValue }
  }
  /// Named arguments the item passes to its command after `arguments`, as if typed
  /// (`tag=red`, `--force`).
  public var namedArguments: [MenuArgument] {
    get { storage.fields.namedArguments }
    set { uniqueFields.namedArguments = newValue }
  }
  /// Makes what the item shows (title, subtitle, whether enabled) each time its menu is
  /// resolved; nil for an item shown as declared.
  public var provider: MenuItemProvider? {
    get { storage.fields.provider }
    set { uniqueFields.provider = newValue }
  }
  /// Whether choosing the item asks first (`TITLE?` with the title and Cancel) when its
  /// command does not ask by itself (`CommandConfiguration.confirmation`). The role only
  /// styles the item, as the seed's `Button(role: .destructive)` does; this asks.
  public var confirm: Bool {
    get { storage.fields.confirm }
    set { uniqueFields.confirm = newValue }
  }
  /// Where the registry found `command` when the item was last resolved (see `Storage`);
  /// shared by the item's copies, no part of its equality.
  var commandLookup: CommandLookupCache { storage.commandLookup }

  /// Creates an item for a command.
  public init(
    command: String, title: String? = nil, subtitle: String? = nil, icon: String? = nil,
    role: CommandRole? = nil, dismiss: DismissBehavior? = nil, presentation: Presentation = .automatic,
    arguments: [String] = [], onTitle: String? = nil, confirm: Bool = false
  ) {
    storage = Storage(
      Fields(
        command: command, title: title, subtitle: subtitle, icon: icon, role: role, dismiss: dismiss,
        presentation: presentation, arguments: arguments, onTitle: onTitle, confirm: confirm))
  }

  /// Whether two items have the same fields.
  public static func == (lhs: MenuItem, rhs: MenuItem) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
  }
}

/// How a picker shows its options [pickerStyle].
public enum PickerStyle: String, Sendable, Equatable, CaseIterable {
  /// The options are items of the menu, one per line.
  case inline
  /// The options are in a submenu titled with the picker's title.
  case menu
  /// The options are items on one row.
  case palette
}

/// A choice-state command shown as its options.
public struct MenuPicker: Sendable, Equatable {
  /// The id of a command whose state is a choice.
  public var command: String
  /// The title shown; the command's title when nil.
  public var title: String?
  /// The icon shown; the command's icon when nil.
  public var icon: String?
  /// How the options show.
  public var style = PickerStyle.inline
  /// Whether the menu closes after an option was chosen; the menu's, then the command's,
  /// when nil.
  public var dismiss: DismissBehavior?
}

/// Elements grouped under an optional header.
public struct MenuSection: Sendable, Equatable {
  /// The header shown above the elements.
  public var header: String?
  /// The elements, in declaration order.
  public var elements: [MenuElement]

  /// Creates a section.
  public init(header: String? = nil, elements: [MenuElement]) {
    self.header = header
    self.elements = elements
  }
}

/// Up to four elements shown on one row, with an optional label.
public struct MenuControlGroup: Sendable, Equatable {
  /// The most elements a control group holds; resolving a larger group is refused.
  public static let maximumCount = 4

  /// The label's title.
  public var title: String?
  /// The label's icon.
  public var icon: String?
  /// The elements, in declaration order.
  public var elements: [MenuElement]

  /// Creates a control group; more than `maximumCount` elements are refused when the menu
  /// is resolved.
  public init(title: String? = nil, icon: String? = nil, elements: [MenuElement]) {
    self.title = title
    self.icon = icon
    self.elements = elements
  }
}
