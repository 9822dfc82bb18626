/// Whether a command can run now and whether surfaces show it, and if not, why.
///
/// Menus, context menus and toolbars show a disabled command greyed out with its reason and
/// leave a hidden one out entirely (a toolbar lays itself out again without it); the palette
/// lists both, marked. Running either is refused with the reason. A hidden command is never
/// enabled, so whatever checks `isEnabled` refuses it too.
public enum Availability: Sendable, Equatable {
  case enabled
  /// The command cannot run; surfaces show it disabled, with the reason.
  case disabled(reason: String)
  /// The command cannot run and surfaces leave it out, e.g. "Add to Guide" while nothing is
  /// selected; the reason is shown to whoever runs it or asks why it is missing.
  case hidden(reason: String)

  /// Whether the command can run.
  public var isEnabled: Bool { self == .enabled }

  /// Whether surfaces show the command, enabled or not.
  public var isVisible: Bool {
    if case .hidden = self { return false }
    return true
  }

  /// Why the command cannot run; nil when it can.
  public var reason: String? {
    switch self {
    case .enabled: nil
    case .disabled(let reason), .hidden(let reason): reason
    }
  }
}

/// What a command's role says about it [ButtonRole].
public enum CommandRole: String, Sendable, Equatable, CaseIterable {
  /// It deletes or discards something; renderers mark it.
  case destructive
  /// It cancels the surrounding dialog or menu.
  case cancel
}

/// Whether a menu stays open after one of its items ran [menuActionDismissBehavior].
public enum DismissBehavior: String, Sendable, Equatable, CaseIterable {
  /// Steppers keep the menu open; everything else closes it.
  case automatic
  /// The menu closes.
  case enabled
  /// The menu stays open, showing the new state.
  case disabled
}

/// A command: an action with an id and a title that menus, toolbars, scripts and the
/// command palette refer to.
///
/// A command either runs an action or, when it has `state`, sets that state. Surfaces refer
/// to commands by `id`; commands typed as a word (`help`, `echo`) also have a `verb`.
public struct Command {
  /// Runs the command with its bound arguments and returns its result.
  public typealias Action = (Arguments) throws -> CommandOutput

  /// What running the command does.
  public enum Behavior {
    /// Runs an action.
    case action(Action)
    /// Sets a state: flips a toggle, picks a choice, sets or steps a number.
    case state(CommandState)
  }

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
  /// Whether the command can run now and whether surfaces show it; nil means always. Return
  /// `.hidden(reason:)` for a command that depends on state, such as the selection, and
  /// should leave menus and toolbars while it does not apply.
  public var availability: (() -> Availability)?
  /// What running the command does.
  public var behavior: Behavior

  /// Creates a command.
  public init(
    id: String, verb: String? = nil, aliases: [String] = [], title: String, subtitle: String? = nil,
    icon: String? = nil, role: CommandRole? = nil, dismiss: DismissBehavior = .automatic,
    shortcut: String? = nil, category: String = "General", summary: String = "",
    details: String? = nil, parameters: [Parameter] = [], owner: String = "built-in",
    availability: (() -> Availability)? = nil, behavior: Behavior
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
    self.parameters = parameters
    self.owner = owner
    self.availability = availability
    self.behavior = behavior
  }

  /// The name a person types: the verb when there is one, else the id.
  public var name: String { verb ?? id }

  /// The words that run the command: its verb and aliases.
  public var names: [String] { (verb.map { [$0] } ?? []) + aliases }

  /// Whether the command can run now.
  public var currentAvailability: Availability { availability?() ?? .enabled }

  /// The state, if the command is stateful.
  public var state: CommandState? {
    if case .state(let state) = behavior { return state }
    return nil
  }

  /// The usage line, e.g. `save [--as PATH] [--force]`.
  public var usage: String {
    let parts = [name] + (state.map { [$0.usage] } ?? parameters.map(\.usage))
    return parts.joined(separator: " ")
  }
}
