/// What a command is, apart from what it does: its id and names, how menus, help and the
/// palette show it, and its typed parameters.
///
/// One value describes a command everywhere: the registry's `Command` holds it, and the
/// `CommandSummary` that help, the palette and JSON render carries the same value.
public struct CommandConfiguration: Sendable, Equatable {
  /// The unique dotted id, e.g. `shell.help`.
  public var id: String
  /// The word that runs the command at the start of a line, e.g. `help`; nil when only the
  /// id runs it.
  public var verb: String?
  /// Other words that run the command, e.g. `exit` for `quit`.
  public var aliases: [String]
  /// The title shown in menus and the palette.
  public var title: String
  /// An optional second line in menus.
  public var subtitle: String?
  /// An SF Symbols name; renderers map the common ones to a glyph.
  public var icon: String?
  /// Destructive, cancel, or none.
  public var role: CommandRole?
  /// Whether a menu closes after the command ran from it.
  public var dismiss: DismissBehavior
  /// A keyboard shortcut shown beside the title, e.g. `⌘S`.
  public var shortcut: String?
  /// The group the command is listed under in `help`.
  public var category: String
  /// One line for `help` and the palette.
  public var summary: String
  /// Longer help shown by `help COMMAND`.
  public var details: String?
  /// The typed parameters, in the order they are written.
  public var parameters: [Parameter]
  /// Who registered the command: `built-in`, or `plugin NAME`.
  public var owner: String
  /// Whether it only reads, changes the session or answers a dialog: what it may do while a
  /// dialog waits.
  public var access: CommandAccess
  /// Whether it asks before it acts when chosen from a menu; a menu item asks for a command
  /// that does not only when the item says so (`MenuItem.confirm`), whatever its role.
  public var confirmation: CommandConfirmation

  /// Creates a configuration; `parameters` are `Parameter`s or the `ParameterKey`s a
  /// declared command reads its arguments with.
  public init(
    id: String, verb: String? = nil, aliases: [String] = [], title: String, subtitle: String? = nil,
    icon: String? = nil, role: CommandRole? = nil, dismiss: DismissBehavior = .automatic,
    shortcut: String? = nil, category: String = "General", summary: String = "",
    details: String? = nil, parameters: [any ParameterDeclaration] = [], owner: String = "built-in",
    access: CommandAccess = .changes, confirmation: CommandConfirmation = .none
  ) {
    self.id = id
    self.verb = verb
    self.aliases = aliases
    self.title = title
    self.subtitle = subtitle
    self.icon = icon
    self.role = role
    self.dismiss = dismiss
    self.shortcut = shortcut
    self.category = category
    self.summary = summary
    self.details = details
    self.parameters = parameters.map(\.parameter)
    self.owner = owner
    self.access = access
    self.confirmation = confirmation
  }

  /// The name a person types: the verb when there is one, else the id.
  public var name: String { verb ?? id }

  /// The words that run the command: its verb and aliases.
  public var names: [String] { (verb.map { [$0] } ?? []) + aliases }
}

/// Whether a command asks before it acts when chosen from a menu [Button(role:)]: the seed's
/// rule is that a role only styles an item, so asking is the command's own declaration.
public enum CommandConfirmation: String, Sendable, Equatable, CaseIterable {
  /// It acts at once; a menu item may still ask first (`MenuItem.confirm`).
  case none
  /// It shows a confirmation dialog before acting when chosen from a menu (Delete, Revert to
  /// Saved, Quit with unsaved changes; a destructive plugin command, through Folio's dialog).
  case asks
  /// It asks by itself while it runs (a plugin's `ctx:confirm`), so nothing asks before it.
  case itself
}
