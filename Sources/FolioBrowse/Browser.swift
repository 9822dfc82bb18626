import FolioCore
import FolioSession

/// `browse`: the full-screen front end over a session — a title bar, the toolbar, the table
/// as a grid with a cursor, and a status line — driven by keys, each of which is a typed
/// session call. It owns no app state: what it shows is read from the session for each
/// frame, so what it did is there for the REPL (or the next browse) to see.
public enum Browser {
  /// Whether a browser is on the screen now.
  nonisolated(unsafe) private static var isRunning = false

  /// How a browse ended.
  public enum Outcome: Sendable, Equatable {
    /// `q`: the terminal is restored, and the REPL (if any) goes on.
    case quit
    /// The terminal hung up or the process was asked to end: the session should end too.
    case hungUp
    /// The terminal cannot browse; the message says why, for standard error.
    case refused(String)
  }

  /// Browses the session on the process's terminal until `q`, restoring the terminal however
  /// it ends.
  ///
  /// - Parameters:
  ///   - session: the session to drive; it keeps everything the keys did.
  ///   - paths: documents to open first; an error opening one shows on the status line.
  ///   - hooks: the phrasing of results and errors.
  ///   - environment: the process environment (`TERM`, `NO_COLOR`).
  ///   - quitsSession: whether `q` quits the session as `quit` does (asking about unsaved
  ///     documents), as `folio browse` wants; otherwise it only leaves the browser.
  /// - Returns: how it ended.
  public static func run(
    session: Session, opening paths: [String] = [], hooks: BrowseHooks, environment: [String: String],
    quitsSession: Bool = false
  ) -> Outcome {
    // `:browse` while browsing would start a second screen over the first.
    guard !isRunning else { return .refused("browse is running already") }
    isRunning = true
    defer { isRunning = false }
    let terminal: CursesTerminal
    do {
      terminal = try CursesTerminal(environment: environment)
    } catch {
      return .refused(error.message + "; use the REPL instead: folio [FILE…]")
    }
    defer { terminal.stop() }
    let controller = BrowseController(session: session, hooks: hooks)
    controller.quitsSession = quitsSession
    // Long work's progress goes to the status line, never over the screen.
    let shellProgress = session.workspace.progress
    defer { session.workspace.progress = shellProgress }
    var progress = ProgressStatus()
    controller.willPerform = { progress.begin() }
    session.workspace.progress = { report in
      let width = terminal.size.width
      guard let text = progress.update(report, width: width) else { return }
      terminal.drawStatus(text, width: width)
    }
    for path in paths {
      controller.perform(moving: false) {
        try session.open(path)
        return .none
      }
      if case .result = controller.status { controller.status = .hints }
    }
    let entryWidth = session.appEnvironment.width
    defer { follow(width: entryWidth, in: session) }
    while true {
      let (width, height) = terminal.size
      follow(width: width, in: session)
      terminal.draw(BrowseScreen(session: session, width: width, height: height).frame(controller))
      switch terminal.read() {
      case .key(let key):
        controller.handle(key)
        // `q`, or a `:quit` or a Quit dialog's answer that ended the session.
        if controller.isFinished || session.stopReason != nil { return .quit }
      case .hangUp:
        return .hungUp
      case .resize, .interrupt, .none:
        // A Ctrl-C with nothing running cancels nothing; the next command starts afresh.
        session.workspace.cancellation.reset()
      }
    }
  }

  /// The window's width follows the terminal's while browsing, so the toolbar and the size
  /// class re-lay out as the window is resized.
  static func follow(width: Int, in session: Session) {
    guard session.appEnvironment.width != width, AppEnvironment.widths.contains(width) else { return }
    var environment = session.appEnvironment
    environment.width = width
    environment.sizeClass = AppEnvironment.sizeClass(platform: environment.platform, width: width)
    session.appEnvironment = environment
  }
}
