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
  /// SIGINT handler makes `readline` return so the prompt can start over), and keys read by
  /// `readCharacter`, which also passes terminal resizes on.
  init(completer: Completer, history: [String], historyLimit: Int) {
    activeCompleter = completer
    rl_readline_name = UnsafePointer(strdup("folio"))
    rl_catch_signals = 0
    rl_getc_function = readCharacter
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
  // libedit counts `end` (the cursor) in characters, not bytes.
  let line = String(String.UnicodeScalarView(String(cString: buffer).unicodeScalars.prefix(Int(end))))
  // libedit replaces its own idea of the word, which ends the typed word but may start later
  // (it splits at a quote or an `=`): hand it each completion without the part before.
  let libeditWord = String(cString: text).unicodeScalars
  guard let word = TypedWord(endingLine: line),
    word.typed.unicodeScalars.reversed().starts(with: libeditWord.reversed())
  else { return nil }
  let head = word.typed.unicodeScalars.dropLast(libeditWord.count)
  pendingCandidates = completer.completions(of: word).compactMap { completion in
    let scalars = completion.unicodeScalars
    return scalars.starts(with: head) ? String(String.UnicodeScalarView(scalars.dropFirst(head.count))) : nil
  }
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

/// Reads one character of input for libedit, as a Unicode scalar value; -1 (end of input) on
/// Ctrl-C or at the end of the input.
///
/// libedit installs no SIGWINCH handler when it handles no signals, so it would go on
/// drawing for the width it started with: after a resize a line wider than the new width,
/// or Ctrl-R's search line under it, came out garbled. Waiting here, between keys, a resize
/// is passed on (`rl_resize_terminal`) before the next key is read.
private func readCharacter(_ stream: UnsafeMutablePointer<FILE>?) -> Int32 {
  var bytes: [UInt8] = []
  var expected = 1
  while true {
    if TerminalSize.takeResizeForEditor() { rl_resize_terminal() }
    switch Interrupt.waitOnce(for: 0) {
    case .interrupted: return -1
    case .signalled: continue
    case .readable:
      // A resize and the key after it may end the same wait: the key is drawn for the new size.
      if TerminalSize.takeResizeForEditor() { rl_resize_terminal() }
    }
    var byte: UInt8 = 0
    let count = read(0, &byte, 1)
    if count < 0, errno == EINTR || errno == EAGAIN { continue }
    guard count == 1 else { return -1 }
    if bytes.isEmpty {
      expected = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
    } else if byte & 0xC0 != 0x80 {
      // A broken sequence: what came so far is one replacement character; this byte is lost.
      return 0xFFFD
    }
    bytes.append(byte)
    guard bytes.count == expected else { continue }
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) { return Int32(scalar.value) }
    return 0xFFFD
  }
}
