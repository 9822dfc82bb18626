/// A command the palette's fuzzy search found, with how well its id, verb or title matched
/// the filter (`CommandRegistry.search(_:limit:)`).
public struct CommandMatch {
  /// The command, by reference: a match is handed out without copying its fields.
  public let registered: RegisteredCommand
  /// The command.
  public var command: Command { registered.command }
  /// The score of the best of its names; higher is better, and only the order of scores
  /// means anything.
  public let score: Int

  /// Pairs a command with its score.
  public init(command: Command, score: Int) {
    self.init(registered: RegisteredCommand(command), score: score)
  }

  /// Pairs a registered command with its score.
  public init(registered: RegisteredCommand, score: Int) {
    self.registered = registered
    self.score = score
  }
}
