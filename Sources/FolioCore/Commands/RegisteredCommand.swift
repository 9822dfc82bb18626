/// A command as the registry holds it: by reference, so that code reading a few of its fields
/// for many commands (a menu of 1,000 items) does not copy each whole command.
public final class RegisteredCommand {
  /// The command.
  public let command: Command

  /// Holds `command`.
  public init(_ command: Command) { self.command = command }
}
