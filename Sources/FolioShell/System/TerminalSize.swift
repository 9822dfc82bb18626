import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Set by the SIGWINCH handler: the terminal was resized since the width was last read.
private let resized = Atomic<Bool>(false)
/// Set by the SIGWINCH handler too: the line editor has not yet been told of a resize.
private let resizedForEditor = Atomic<Bool>(false)

private func recordResize(_ signal: Int32) {
  resized.store(true, ordering: .relaxed)
  resizedForEditor.store(true, ordering: .relaxed)
}

/// The terminal's width, for `env width`: the window size of standard output when it is a
/// terminal (TIOCGWINSZ), else `COLUMNS`, else 100 — so output to a pipe or a file is laid
/// out the same wherever it runs; and whether a resize (SIGWINCH) arrived since it was last
/// read.
enum TerminalSize {
  /// The width used when nothing says otherwise.
  static let defaultWidth = 100

  /// The width in columns, each source tried in turn.
  static func width(environment: [String: String]) -> Int {
    for descriptor: Int32 in [1] {
      var size = winsize()
      if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    }
    if let columns = environment["COLUMNS"].flatMap({ Int($0) }), (20...10_000).contains(columns) {
      return columns
    }
    return defaultWidth
  }

  /// The terminal's height in lines, from the window size of standard output; nil when it is
  /// no terminal (output to a pipe or a file has no screen to fit).
  static func height() -> Int? {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
    return Int(size.ws_row)
  }

  /// Installs the SIGWINCH handler, with `SA_RESTART` so a resize never interrupts a read,
  /// and unblocks SIGWINCH, which a parent may have started us with blocked.
  static func installResizeHandler() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = recordResize
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    sigaction(SIGWINCH, &action, nil)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGWINCH)
    sigprocmask(SIG_UNBLOCK, &set, nil)
  }

  /// Whether the terminal was resized since the last call; clears the flag.
  static func takeResize() -> Bool {
    resized.exchange(false, ordering: .relaxed)
  }

  /// Whether the terminal was resized since the line editor last asked; clears its flag
  /// (`takeResize()` keeps its own).
  static func takeResizeForEditor() -> Bool {
    resizedForEditor.exchange(false, ordering: .relaxed)
  }
}
