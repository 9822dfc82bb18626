/// A command declared as a type: its configuration, when it can run, and what it does,
/// against a `Context` that holds what it acts on.
///
/// Parameters are declared once, as static `ParameterKey`s listed in the configuration;
/// the action reads each with its type (`arguments[Self.force]`). `makeCommand(in:)` turns
/// the declaration into the `Command` the registry holds, so help, completion, JSON and the
/// palette read the same configuration.
///
/// A declaration names its `Context` (or conforms to a protocol that fixes it, such as
/// the session's `DocumentAction`), and its configuration is a `static let`, made once:
///
/// ```swift
/// enum Save: ActionCommand {
///   typealias Context = Workspace
///   static let force = ParameterKey.flag("force", summary: "overwrite a changed file")
///   static let configuration = CommandConfiguration(
///     id: "document.save", verb: "save", title: "Save", parameters: [force])
///   static func run(_ arguments: Arguments, in context: Workspace) throws -> CommandOutput {
///     try context.save(try context.requireActive(), force: arguments[Self.force])
///     return .none
///   }
/// }
/// ```
public protocol DeclaredCommand<Context> {
  /// What the command acts on, e.g. the workspace and the front end's state.
  associatedtype Context

  /// The id, names, titles, help and parameters.
  static var configuration: CommandConfiguration { get }

  /// Whether the command can run now in `context`; always, unless a declaration says
  /// otherwise.
  static func availability(in context: Context) -> Availability

  /// What running the command in `context` does.
  static func behavior(in context: Context) -> Command.Behavior

  /// How the command acts on the answer to a dialog it showed; nil when it never asks.
  static func answering(in context: Context) -> ((String, Arguments) throws -> CommandOutput)?

  /// The command the registry holds, bound to `context`. A requirement (with the one
  /// implementation below, inlinable) so that each declaration's witness is specialized for
  /// it: registering the app's commands through `any DeclaredCommand` then instantiates no
  /// generic metadata at start-up.
  static func makeCommand(in context: Context) -> Command
}

extension DeclaredCommand {
  /// Always available.
  @inlinable
  public static func availability(in context: Context) -> Availability { .enabled }

  /// Never asks.
  @inlinable
  public static func answering(in context: Context) -> ((String, Arguments) throws -> CommandOutput)? { nil }

  /// The command the registry holds, bound to `context`.
  @inlinable
  public static func makeCommand(in context: Context) -> Command {
    var command = Command(
      configuration, availability: { availability(in: context) }, behavior: behavior(in: context))
    command.answer = answering(in: context)
    return command
  }
}

/// A declared command that runs an action.
public protocol ActionCommand<Context>: DeclaredCommand {
  /// Runs the command with its bound arguments in `context`.
  static func run(_ arguments: Arguments, in context: Context) throws -> CommandOutput
}

extension ActionCommand {
  /// Runs `run(_:in:)`.
  @inlinable
  public static func behavior(in context: Context) -> Command.Behavior {
    .action { arguments in try run(arguments, in: context) }
  }
}

/// A declared command that turns something on or off [Toggle]: `NAME on`, `NAME off`, or
/// bare `NAME` to flip it.
public protocol ToggleCommand<Context>: DeclaredCommand {
  /// Whether it is on now in `context`.
  static func isOn(in context: Context) -> Bool

  /// Turns it on or off in `context`.
  static func set(_ isOn: Bool, in context: Context) throws
}

extension ToggleCommand {
  /// A toggle reading `isOn(in:)` and writing `set(_:in:)`.
  @inlinable
  public static func behavior(in context: Context) -> Command.Behavior {
    .state(.toggle(get: { isOn(in: context) }, set: { try set($0, in: context) }))
  }
}

/// A declared command that picks one of several options [Picker]: `NAME OPTION`.
public protocol ChoiceCommand<Context>: DeclaredCommand {
  /// The options, in the order menus list them.
  static var options: [ChoiceOption] { get }

  /// The value of the option chosen now in `context`.
  static func selection(in context: Context) -> String

  /// Chooses the option with this value in `context`.
  static func select(_ value: String, in context: Context) throws
}

extension ChoiceCommand {
  /// A choice reading `selection(in:)` and writing `select(_:in:)`.
  @inlinable
  public static func behavior(in context: Context) -> Command.Behavior {
    .state(
      .choice(
        options: options, get: { selection(in: context) }, set: { try select($0, in: context) }))
  }
}

/// A declared action that may ask first [confirmationDialog]: its dialog names the command
/// and the arguments it ran with, and the session hands the answer back to `answer`.
public protocol ConfirmingCommand<Context>: ActionCommand {
  /// Acts on the button chosen in the dialog the command showed when it ran with
  /// `arguments`.
  static func answer(_ buttonID: String, _ arguments: Arguments, in context: Context) throws -> CommandOutput
}

extension ConfirmingCommand {
  /// Hands answers to `answer(_:_:in:)`.
  @inlinable
  public static func answering(in context: Context) -> ((String, Arguments) throws -> CommandOutput)? {
    { buttonID, arguments in try answer(buttonID, arguments, in: context) }
  }

  /// The responder of a dialog the command shows when it runs with `arguments`: the command
  /// itself, run again with them.
  @inlinable
  public static func responder(for arguments: Arguments) -> DialogResponder {
    .command(CommandInvocation(configuration.id, arguments.values))
  }

  /// The command run again with `flag` given, for a dialog button that replays it: a
  /// destructive command's `--yes`, or `--force` to skip what it asked about.
  @inlinable
  public static func invocation(with flag: ParameterKey<Bool>) -> CommandInvocation {
    CommandInvocation(configuration.id, [flag.parameter.name: .bool(true)])
  }
}
