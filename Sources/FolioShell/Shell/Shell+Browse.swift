import FolioCore
import FolioPresentation
import FolioSession

/// What a full-screen front end borrows from the shell, and the `browse` command that starts
/// one from the REPL. The shell does not know the browser: the `folio` program hands it in
/// (`Shell.browser`), so neither front end imports the other.
extension Shell {
  /// A result phrased as the REPL would print it, on one line (its first), without colour;
  /// nil when it prints nothing.
  public func statusText(of output: CommandOutput) -> String? {
    let renderer = TextRenderer(style: TextStyle(usesColor: false), width: session.appEnvironment.width)
    guard let text = renderer.render(output), !text.isEmpty else { return nil }
    return text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
  }

  /// An error phrased as the REPL prints it: message, causes and remedies as command lines.
  public func errorText(_ error: FolioError) -> String {
    ErrorText(registry: registry).text(error)
  }

  /// Records what a browser key did into the running `record`, as the REPL records a typed
  /// line: `text` as written, or the command line of `invocation`; a dialog it answered or
  /// left waiting is recorded by the recorder's rule (by its answer's effect). Nothing when no
  /// recording runs.
  ///
  /// - Parameters:
  ///   - invocation: the command whose line to record, when `text` is nil.
  ///   - text: the line as typed (`:` lines, `context-menu`, `choose 'Delete'`).
  ///   - answered: whether the key answered the waiting dialog.
  ///   - waited: whether a dialog waited as it ran.
  /// - Throws: `FolioError.io` when the recording cannot be written.
  public func recordBrowsed(
    _ invocation: CommandInvocation? = nil, text: String? = nil, answered: Bool, waited: Bool
  ) throws(FolioError) {
    guard let recorder, recorder.depth == includeStack.count else { return }
    let line = text ?? invocation.map { CommandLineWriter(registry: registry).line($0) } ?? ""
    guard !line.isEmpty else { return }
    try recorder.record(
      line, answering: answered ? session.answeredDialog : nil, asks: session.pendingDialog != nil,
      waited: waited)
  }

  /// Starts the browser from the `browse` command.
  ///
  /// - Throws: `FolioError.disabled` outside the REPL, or when this build has no browser;
  ///   `FolioError.io` when the terminal cannot browse.
  func browse(_ paths: [String]) throws(FolioError) {
    guard isInteractive, isTerminalOutput else {
      throw FolioError(
        .disabled, "browse needs the REPL on a terminal; 'folio browse FILE' starts it from a shell")
    }
    guard let browser else { throw FolioError(.disabled, "this build of folio cannot browse") }
    console.flush()
    switch browser(self, paths, false) {
    case .success: break
    case .failure(let error): throw error
    }
  }
}

extension ShellBuiltins {
  /// `browse [FILE]`: the full-screen front end, back to the prompt with `q`.
  enum Browse: ShellAction {
    static let file = ParameterKey.optionalArgument("file", .path, summary: "a document to open first")

    static let configuration = CommandConfiguration(
      id: "shell.browse", verb: "browse", title: "Browse", icon: "tablecells", category: "Scripts",
      summary: "browse the documents full-screen, a key a command; q returns",
      details: """
        Keys: arrows or h j k l move, PgUp PgDn Home End, Space selects the row, s and S sort \
        by the cursor's column, u undoes, Ctrl-R redoes, Enter edits the cell, / finds (n, N), \
        : runs a command, ? lists the keys, q returns to the prompt. Every key is \
        a command on this session, so what it did is there afterwards (docs/browse.md).
        """,
      parameters: [file], access: .reads)

    static func run(_ arguments: Arguments, in context: ShellContext) throws -> CommandOutput {
      try context.shell.browse(arguments[Self.file].map { [$0] } ?? [])
      return .none
    }
  }
}
