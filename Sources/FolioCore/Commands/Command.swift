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
  /// Steppers and sliders keep the menu open; everything else closes it.
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
/// to commands by `id`; commands typed as a word (`help`, `echo`) also have a `verb`. What
/// the command is (`id`, `title`, `parameters`, …) is its `configuration`, whose fields read
/// as the command's own: `command.id`.
@dynamicMemberLookup
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

  /// The id, names, titles, help and parameters.
  public var configuration: CommandConfiguration
  /// Whether the command can run now and whether surfaces show it; nil means always. Return
  /// `.hidden(reason:)` for a command that depends on state, such as the selection, and
  /// should leave menus and toolbars while it does not apply.
  public var availability: (() -> Availability)?
  /// What `knownAvailability` says instead of asking `availability`, for a command whose
  /// `availability` would run code that must not run just to list it: a plugin command
  /// registered from the declaration cache, whose first use runs its `plugin.lua`. Nil for
  /// every other command.
  public var availabilityBeforeFirstUse: Availability?
  /// What running the command does.
  public var behavior: Behavior
  /// Acts on the answer to a dialog the command showed: runs with the arguments it asked
  /// with and the id of the button chosen. Nil for a command that never asks.
  public var answer: ((_ buttonID: String, _ arguments: Arguments) throws -> CommandOutput)?

  /// Creates a command from its configuration.
  public init(
    _ configuration: CommandConfiguration, availability: (() -> Availability)? = nil, behavior: Behavior
  ) {
    self.configuration = configuration
    self.availability = availability
    self.behavior = behavior
  }

  /// Creates a command.
  public init(
    id: String, verb: String? = nil, aliases: [String] = [], title: String, subtitle: String? = nil,
    icon: String? = nil, role: CommandRole? = nil, dismiss: DismissBehavior = .automatic,
    shortcut: String? = nil, category: String = "General", summary: String = "",
    details: String? = nil, parameters: [Parameter] = [], owner: String = "built-in",
    availability: (() -> Availability)? = nil, behavior: Behavior,
    answer: ((_ buttonID: String, _ arguments: Arguments) throws -> CommandOutput)? = nil
  ) {
    var configuration = CommandConfiguration(
      id: id, verb: verb, aliases: aliases, title: title, subtitle: subtitle, icon: icon, role: role,
      dismiss: dismiss, shortcut: shortcut, category: category, summary: summary, details: details,
      owner: owner)
    // Set apart: passed to the initializer, the array would be converted to existentials and back.
    configuration.parameters = parameters
    self.init(configuration, availability: availability, behavior: behavior)
    self.answer = answer
  }

  /// A field of the configuration, read and written as the command's own.
  @inlinable
  public subscript<Value>(dynamicMember field: WritableKeyPath<CommandConfiguration, Value>) -> Value {
    get { configuration[keyPath: field] }
    set { configuration[keyPath: field] = newValue }
  }

  /// A derived field of the configuration, such as `name`.
  @inlinable
  public subscript<Value>(dynamicMember field: KeyPath<CommandConfiguration, Value>) -> Value {
    configuration[keyPath: field]
  }

  /// Whether the command can run now.
  public var currentAvailability: Availability { availability?() ?? .enabled }

  /// Whether the command can run now, as far as can be told without a first use:
  /// `availabilityBeforeFirstUse` when it is set, else `currentAvailability`. The palette's
  /// search answers this, so that searching runs no plugin's `plugin.lua`.
  public var knownAvailability: Availability { availabilityBeforeFirstUse ?? currentAvailability }

  /// The state, if the command is stateful.
  public var state: CommandState? {
    if case .state(let state) = behavior { return state }
    return nil
  }

  /// The usage line, e.g. `save [--as PATH] [--force]`.
  public var usage: String {
    let parts = [configuration.name] + (state.map { [$0.usage] } ?? configuration.parameters.map(\.usage))
    return parts.joined(separator: " ")
  }
}
