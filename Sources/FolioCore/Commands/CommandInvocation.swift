/// A command to run, named by id, with its arguments already typed: what a dialog button
/// does, or a remedy an error suggests.
///
/// The core never writes command lines; a front end phrases an invocation in its own
/// language (the shell as `save --force`, JSON as an object) by reading the command's
/// parameters from the registry.
public struct CommandInvocation: Sendable, Equatable {
  /// The command's id, e.g. `document.save`.
  public var commandID: String
  /// The arguments by parameter name; parameters left out take their defaults. A stateful
  /// command (a toggle, choice or number) takes its new state as `value`.
  public var arguments: [String: ArgumentValue]

  /// Creates an invocation of the command `commandID`.
  public init(_ commandID: String, _ arguments: [String: ArgumentValue] = [:]) {
    self.commandID = commandID
    self.arguments = arguments
  }
}

/// A way out of an error: a command that would do it, and what it would do, phrased as a
/// clause for people ("overwrites it").
public struct Remedy: Sendable, Equatable {
  /// The command that remedies the error.
  public var invocation: CommandInvocation
  /// What running it does, e.g. "overwrites it"; empty when the command says it all, or when
  /// it shares the next remedy's effect ("'open PATH' or 'new' makes one").
  public var effect: String
  /// Parameters the person fills in, in the order they are written: a front end shows their
  /// placeholder (`save --as PATH`).
  public var blanks: [String]

  /// Creates a remedy.
  public init(_ invocation: CommandInvocation, blanks: [String] = [], effect: String = "") {
    self.invocation = invocation
    self.blanks = blanks
    self.effect = effect
  }

  /// A remedy running `commandID` with `arguments`, leaving the parameters in `blanks` for
  /// the person to fill in.
  public static func run(
    _ commandID: String, _ arguments: [String: ArgumentValue] = [:], blanks: [String] = [],
    effect: String = ""
  ) -> Remedy {
    Remedy(CommandInvocation(commandID, arguments), blanks: blanks, effect: effect)
  }
}
