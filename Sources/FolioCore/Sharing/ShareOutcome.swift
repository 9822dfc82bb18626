/// What sharing did, for the person who asked.
public struct ShareOutcome: Sendable, Equatable {
  /// One line saying what happened, e.g. `Saved a copy as /tmp/Places 2.csv`.
  public var message: String
  /// Text for standard output, printed by the shell in place of the message; nil when the
  /// target produced none.
  public var output: String?
  /// The file the target wrote, if any.
  public var writtenPath: String?

  /// Creates an outcome.
  public init(message: String, output: String? = nil, writtenPath: String? = nil) {
    self.message = message
    self.output = output
    self.writtenPath = writtenPath
  }
}
