/// Session options: set from the command line, and by `option NAME VALUE` while running.
public struct ShellOptions: Sendable, Equatable {
  /// How results are written.
  public enum OutputFormat: String, Sendable, CaseIterable {
    /// Aligned text for people.
    case text
    /// One JSON object per command (JSON Lines).
    case json
  }

  /// When text output uses colour.
  public enum ColorMode: String, Sendable, CaseIterable {
    /// On each stream only when that stream is a terminal.
    case auto
    case always
    case never
  }

  /// How results are written.
  public var output: OutputFormat = .text
  /// When colour is used; `NO_COLOR` in the environment turns `auto`'s off, and an explicit
  /// `always` wins over it.
  public var color: ColorMode = .auto
  /// Whether each command is printed before its result (batch `--echo`).
  public var echo = false
  /// Whether a batch run goes on after a failed command.
  public var keepGoing = false
  /// Whether output longer than the REPL's screen goes through the pager (`$PAGER`, else
  /// `less -SRFX`); when off, a long table stops at the screen's height.
  public var pager = true
  /// `--progress`: show long work's progress on standard error even in a script, a pipe or
  /// JSON mode; without it, progress shows only in the REPL with text output and standard
  /// error a terminal.
  public var showsProgress = false
  /// `-q`, `--quiet`: text output leaves out status results (`CommandOutput.isStatus`: the
  /// `Opened …`, `Saved …` lines) and the REPL's greeting, so standard output holds only what
  /// was asked for; errors and warnings still go to standard error, and JSON output keeps one
  /// object per command.
  public var isQuiet = false

  /// Creates the default options.
  public init() {}
}

/// A place in a command file, for error messages: `FILE:LINE`.
public struct SourceLocation: Equatable, Sendable, CustomStringConvertible {
  /// The file as named to the user: the path given, `-` for standard input, or
  /// `<command-line>` for `-c`.
  public var file: String
  /// The 1-based line number.
  public var line: Int

  /// Creates a location.
  public init(file: String, line: Int) {
    self.file = file
    self.line = line
  }

  public var description: String { "\(file):\(line)" }
}
