import FolioCore

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

  /// Creates the hooks.
  ///
  /// - Parameters:
  ///   - phraseError: an error for people, on one line.
  ///   - phraseResult: a result as one status line, nil when it has none.
  public init(
    phraseError: @escaping (FolioError) -> String, phraseResult: @escaping (CommandOutput) -> String?
  ) {
    self.phraseError = phraseError
    self.phraseResult = phraseResult
  }

  /// Hooks that say an error's message alone and no result: for tests and embedders with no
  /// renderer of their own.
  public static var plain: BrowseHooks {
    BrowseHooks(phraseError: { $0.message }, phraseResult: { _ in nil })
  }
}
