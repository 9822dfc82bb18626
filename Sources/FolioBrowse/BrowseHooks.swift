import FolioCore

/// What a key did, for a recording: the command it amounts to, or a line as typed.
public struct BrowseRecord: Sendable, Equatable {
  /// The command, with the arguments that do what the key did.
  public var invocation: CommandInvocation?
  /// The line as typed (a `:` line, `context-menu`, `choose 'Delete'`).
  public var text: String?
  /// Whether the key answered the waiting dialog.
  public var answered: Bool
  /// Whether a dialog waited as it ran.
  public var waited: Bool
}

/// What the browser borrows from the front end that starts it: the phrasing of results and
/// errors, which belongs to the renderers of the `folio` program rather than to a screen.
///
/// The `folio` executable builds these from the shell's renderers, so the status line says
/// what the REPL would ("Sorted 4 rows by city", an error with its remedies as command lines);
/// a test may pass plainer ones.
public struct BrowseHooks {
  /// An error for people, on one line.
  public var phraseError: (FolioError) -> String
  /// A command's result as one status line; nil when it has nothing to say.
  public var phraseResult: (CommandOutput) -> String?
  /// The `:` line split into commands, each its words, by the shell's lexer (quotes, `;`).
  public var lexLine: (String) throws(FolioError) -> [[Word]]
  /// Writes what a key did into a running recording (`record`): the command it amounts to,
  /// or a line as typed; whether it answered the waiting dialog, and whether one waited.
  /// Does nothing by default.
  public var record: (BrowseRecord) throws(FolioError) -> Void = { _ throws(FolioError) in }

  /// Creates the hooks.
  ///
  /// - Parameters:
  ///   - phraseError: an error for people, on one line.
  ///   - phraseResult: a result as one status line, nil when it has none.
  ///   - lexLine: the `:` line as commands of words.
  public init(
    phraseError: @escaping (FolioError) -> String, phraseResult: @escaping (CommandOutput) -> String?,
    lexLine: @escaping (String) throws(FolioError) -> [[Word]]
  ) {
    self.phraseError = phraseError
    self.phraseResult = phraseResult
    self.lexLine = lexLine
  }

  /// Hooks that say an error's message alone and no result: for tests and embedders with no
  /// renderer of their own. Their `:` line is split at blanks, one command.
  public static var plain: BrowseHooks {
    BrowseHooks(
      phraseError: { $0.message }, phraseResult: { _ in nil },
      lexLine: { line in [line.split(separator: " ").map { Word(String($0)) }] })
  }
}
