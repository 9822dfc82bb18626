/// A command the palette's fuzzy search found, with how well its id, verb or title matched
/// the filter (`CommandRegistry.search(_:limit:)`).
public struct CommandMatch {
  /// The command.
  public let command: Command
  /// The score of the best of its names; higher is better, and only the order of scores
  /// means anything.
  public let score: Int

  /// Pairs a command with its score.
  public init(command: Command, score: Int) {
    self.command = command
    self.score = score
  }
}
