import CNcurses
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Signals the browser's handlers saw since the main loop last looked: the handlers only set
/// these, and the loop acts on them between keys.
private let resizePending = Atomic<Bool>(false)
private let suspendPending = Atomic<Bool>(false)
private let hangUpPending = Atomic<Bool>(false)

private func noteSignal(_ signal: Int32) {
  switch signal {
  case SIGWINCH: resizePending.store(true, ordering: .relaxed)
  case SIGTSTP: suspendPending.store(true, ordering: .relaxed)
  default: hangUpPending.store(true, ordering: .relaxed)
  }
}

/// What reading the terminal gave.
enum TerminalEvent: Equatable {
  case key(BrowseKey)
  /// The window changed size (SIGWINCH): the next frame is laid out for the new size.
  case resize
  /// Ctrl-C arrived while nothing ran.
  case interrupt
  /// The terminal went away or the process was asked to end (SIGHUP, SIGTERM).
  case hangUp
  /// Nothing: a key ncurses does not name, or a signal already handled.
  case none
}

/// Why the browser cannot start on this terminal.
struct TerminalRefusal: Error, Equatable {
  var message: String
}

/// The full-screen terminal, through ncursesw: starting and restoring it, drawing frames,
/// reading keys, and the signals a full-screen program must handle.
///
/// Keys arrive in cbreak mode, so the terminal still turns Ctrl-C into SIGINT (Folio's own
/// handler cancels the running work) and Ctrl-Z into SIGTSTP. The browser's handlers for
/// SIGWINCH, SIGTSTP, SIGHUP and SIGTERM only set flags, installed without `SA_RESTART` so a
/// blocked read returns; the loop then re-lays out, suspends (the screen restored to the
/// shell first and redrawn on return) or ends, restoring the terminal. The handlers found
/// before are put back when the browser stops.
final class CursesTerminal {
  /// The one ncurses screen of the process, made the first time the browser starts and
  /// resumed after that (ncurses keeps its state between `endwin` and the next refresh).
  nonisolated(unsafe) private static var screen: OpaquePointer?
  private let usesColor: Bool
  private var savedActions: [Int32: sigaction] = [:]
  private var isActive = false
  /// Where the last frame's popup was, to tell when it moved.
  private var lastPopupPlace: [Int]?
  private static let handledSignals = [SIGWINCH, SIGTSTP, SIGHUP, SIGTERM]

  /// Colour pairs, when colour is on.
  private enum Pair: Int16 {
    case bar = 1
    case error = 2
    case selected = 3
    case header = 4
  }

  /// Starts full-screen mode on standard input and output.
  ///
  /// - Parameters:
  ///   - environment: the process environment: `TERM` (refused when `dumb` or unset) and
  ///     `NO_COLOR`.
  /// - Throws: `TerminalRefusal` when standard input or output is no terminal, or the
  ///   terminal cannot draw a full screen.
  init(environment: [String: String]) throws(TerminalRefusal) {
    let term = environment["TERM"] ?? ""
    guard !term.isEmpty, term != "dumb" else {
      throw TerminalRefusal(
        message: "browse needs a full-screen terminal, and TERM is '\(term.isEmpty ? "unset" : term)'")
    }
    guard isatty(0) != 0, isatty(1) != 0 else {
      throw TerminalRefusal(message: "browse needs a terminal on standard input and output")
    }
    usesColor = (environment["NO_COLOR"] ?? "").isEmpty
    Self.useUTF8Locale()
    if Self.screen == nil {
      guard let screen = folio_curses_new_screen() else {
        throw TerminalRefusal(message: "browse cannot drive the terminal '\(term)' (terminfo has no entry)")
      }
      Self.screen = screen
    } else {
      _ = set_term(Self.screen)
      refresh()
    }
    isActive = true
    installHandlers()
    cbreak()
    noecho()
    nonl()
    let window = folio_curses_standard_screen()
    keypad(window, true)
    intrflush(window, false)
    _ = set_escdelay(25)
    curs_set(0)
    // A read returns once in a while with no key, so that a signal that arrived just before
    // it blocked is acted on without waiting for the next key.
    wtimeout(window, 500)
    if usesColor, has_colors() {
      start_color()
      use_default_colors()
      init_pair(Pair.bar.rawValue, Int16(COLOR_BLACK), Int16(COLOR_CYAN))
      init_pair(Pair.error.rawValue, Int16(COLOR_RED), -1)
      init_pair(Pair.selected.rawValue, Int16(COLOR_YELLOW), -1)
      init_pair(Pair.header.rawValue, Int16(COLOR_BLUE), -1)
    }
  }

  deinit { stop() }

  /// Restores the terminal and the signal handlers found at the start; a second call does
  /// nothing.
  func stop() {
    guard isActive else { return }
    isActive = false
    curs_set(1)
    endwin()
    restoreHandlers()
  }

  /// The screen's size, read from the terminal.
  var size: (width: Int, height: Int) {
    var size = winsize()
    if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
      return (Int(size.ws_col), Int(size.ws_row))
    }
    return (Int(folio_curses_columns()), Int(folio_curses_lines()))
  }

  /// Draws a frame: each span at its column, the whole screen at once.
  func draw(_ frame: BrowseFrame) {
    let window = folio_curses_standard_screen()
    // A popup that came, went or moved may have cut wide characters that ncurses' picture of
    // the screen no longer matches: the whole screen is drawn again then.
    let popupPlace = frame.popup.map { [$0.row, $0.column, $0.lines.count, $0.lines.first?.count ?? 0] }
    if popupPlace != lastPopupPlace { clearok(window, true) }
    lastPopupPlace = popupPlace
    werase(window)
    for (row, line) in frame.lines.enumerated() {
      for span in line {
        folio_curses_put(window, Int32(row), Int32(span.column), span.text, attributes(span.style))
      }
    }
    if let popup = frame.popup {
      for (offset, line) in popup.lines.enumerated() {
        for span in line {
          folio_curses_put(
            window, Int32(popup.row + offset), Int32(popup.column + span.column), span.text,
            attributes(span.style))
        }
      }
    }
    wrefresh(window)
  }

  /// Draws `text` on the status line alone, at once: long work's progress while it runs.
  func drawStatus(_ text: String, width: Int) {
    let window = folio_curses_standard_screen()
    var line = LineBuilder(width: width)
    line.append(text, .status)
    let row = Int32(size.height - 1)
    for span in line.finished(filling: .status) {
      folio_curses_put(window, row, Int32(span.column), span.text, attributes(span.style))
    }
    wrefresh(window)
  }

  private func attributes(_ style: SpanStyle) -> Int32 {
    let reverse = folio_curses_attr_reverse()
    let bold = folio_curses_attr_bold()
    let colored = usesColor && has_colors()
    func pair(_ pair: Pair) -> Int32 { colored ? folio_curses_color_pair(Int32(pair.rawValue)) : 0 }
    switch style {
    case .plain: return 0
    case .titleBar, .status: return colored ? pair(.bar) : reverse
    case .toolbar: return 0
    case .header: return bold | pair(.header)
    case .cursor: return reverse | bold
    case .cursorRow: return bold
    case .selected: return pair(.selected)
    case .error: return colored ? pair(.error) | bold : reverse | bold
    case .field: return folio_curses_attr_underline()
    case .popup: return colored ? pair(.bar) : 0
    case .destructive: return colored ? pair(.error) | bold : bold | folio_curses_attr_underline()
    case .disabled: return folio_curses_attr_dim()
    }
  }

  /// Waits for a key, a resize or a signal.
  func read() -> TerminalEvent {
    if hangUpPending.exchange(false, ordering: .relaxed) { return .hangUp }
    if suspendPending.exchange(false, ordering: .relaxed) { suspend() }
    if resizePending.exchange(false, ordering: .relaxed) { return resized() }
    var code: Int32 = 0
    let result = folio_curses_read(folio_curses_standard_screen(), &code)
    if result == KEY_CODE_YES {
      return Self.key(code: code).map(TerminalEvent.key) ?? (code == KEY_RESIZE ? .resize : .none)
    }
    if result == OK {
      if code >= 0, code < 128 { return .key(BrowseKey.ascii(UInt8(code))) }
      guard let scalar = Unicode.Scalar(UInt32(code)) else { return .none }
      return .key(.character(Character(scalar)))
    }
    if hangUpPending.exchange(false, ordering: .relaxed) { return .hangUp }
    if suspendPending.exchange(false, ordering: .relaxed) { suspend() }
    if resizePending.exchange(false, ordering: .relaxed) { return resized() }
    return .none
  }

  /// The key an ncurses key code names.
  private static func key(code: Int32) -> BrowseKey? {
    switch code {
    case KEY_UP: return .up
    case KEY_DOWN: return .down
    case KEY_LEFT: return .left
    case KEY_RIGHT: return .right
    case KEY_PPAGE: return .pageUp
    case KEY_NPAGE: return .pageDown
    case KEY_HOME: return .home
    case KEY_END: return .end
    case KEY_ENTER: return .enter
    case KEY_BACKSPACE: return .backspace
    default:
      for number in 1...12 where code == folio_curses_key_f(Int32(number)) { return .function(number) }
      return nil
    }
  }

  /// Tells ncurses the new size.
  private func resized() -> TerminalEvent {
    let (width, height) = size
    resizeterm(Int32(height), Int32(width))
    return .resize
  }

  /// Ctrl-Z: gives the terminal back to the shell, stops, and takes it again on return.
  private func suspend() {
    endwin()
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    sigaction(SIGTSTP, &action, nil)
    kill(getpid(), SIGTSTP)
    // Continued: the handler again, and the screen as it was (the size may have changed).
    install(SIGTSTP)
    resizePending.store(true, ordering: .relaxed)
    refresh()
  }

  private func installHandlers() {
    for signal in Self.handledSignals {
      var old = sigaction()
      sigaction(signal, nil, &old)
      savedActions[signal] = old
      install(signal)
    }
    var set = sigset_t()
    sigemptyset(&set)
    for signal in Self.handledSignals { sigaddset(&set, signal) }
    sigprocmask(SIG_UNBLOCK, &set, nil)
  }

  private func install(_ signal: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = noteSignal
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(signal, &action, nil)
  }

  private func restoreHandlers() {
    for (signal, action) in savedActions {
      var action = action
      sigaction(signal, &action, nil)
    }
    savedActions = [:]
    resizePending.store(false, ordering: .relaxed)
    suspendPending.store(false, ordering: .relaxed)
  }

  /// ncursesw reads and writes UTF-8 only in a UTF-8 locale: the environment's when it is
  /// one, else `C.UTF-8` (as the REPL does for libedit).
  private static func useUTF8Locale() {
    setlocale(LC_ALL, "")
    let codeset = String(cString: nl_langinfo(nl_item(CODESET))).uppercased()
    if codeset != "UTF-8", codeset != "UTF8" { setlocale(LC_CTYPE, "C.UTF-8") }
  }
}
