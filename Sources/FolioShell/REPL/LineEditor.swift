@preconcurrency import CEdit

#if canImport(Glibc)
  import Glibc
#endif

/// The completer that libedit's C callbacks consult; libedit offers no context pointer.
nonisolated(unsafe) private var activeCompleter: Completer?
nonisolated(unsafe) private var pendingCandidates: [String] = []
nonisolated(unsafe) private var nextCandidate = 0

/// Line editing through libedit's readline-compatible API: history, Tab completion, and
/// Ctrl-C that clears the line.
final class LineEditor {
  /// What reading a line gave.
  enum Input: Equatable {
    case line(String)
    /// Ctrl-C at the prompt.
    case interrupted
    /// Ctrl-D on an empty line, or the end of input.
    case end
  }

  /// Sets libedit up: completion through `completer`, no signal handling of its own (Folio's
  /// SIGINT handler makes `readline` return so the prompt can start over).
  init(completer: Completer, history: [String], historyLimit: Int) {
    activeCompleter = completer
    rl_readline_name = UnsafePointer(strdup("folio"))
    rl_catch_signals = 0
    rl_attempted_completion_function = attemptCompletion
    stifle_history(Int32(historyLimit))
    for entry in history { add_history(entry) }
  }

  /// Shows the prompt and reads one line.
  func readLine(prompt: String) -> Input {
    Interrupt.clear()
    guard let pointer = readline(prompt) else {
      if Interrupt.isRequested {
        Interrupt.clear()
        return .interrupted
      }
      return .end
    }
    defer { free(pointer) }
    if Interrupt.isRequested {
      Interrupt.clear()
      return .interrupted
    }
    return .line(String(cString: pointer))
  }

  /// Adds an accepted line to the in-memory history (Up recalls it).
  func remember(_ line: String) {
    add_history(line)
  }
}

private func attemptCompletion(
  _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
  rl_attempted_completion_over = 1
  guard let completer = activeCompleter, let text, let buffer = rl_line_buffer else { return nil }
  let line = String(cString: buffer)
  // libedit counts `start` in characters, not bytes.
  let prefix = String(String.UnicodeScalarView(line.unicodeScalars.prefix(Int(start))))
  pendingCandidates = completer.candidates(for: String(cString: text), after: prefix)
  nextCandidate = 0
  let allFolders = !pendingCandidates.isEmpty && pendingCandidates.allSatisfy { $0.hasSuffix("/") }
  rl_completion_append_character = allFolders ? 0 : 32
  return rl_completion_matches(text, nextCompletion)
}

private func nextCompletion(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
  if state == 0 { nextCandidate = 0 }
  guard nextCandidate < pendingCandidates.count else { return nil }
  defer { nextCandidate += 1 }
  return strdup(pendingCandidates[nextCandidate])
}
