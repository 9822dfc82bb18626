import CFolioSystem
import FolioCore

#if canImport(Glibc)
  import Glibc
#endif

/// A pager that shows long REPL output a screen at a time, as psql does: `/bin/sh -c
/// "$PAGER"` (else `less -SRFX`) reading a pipe that Folio writes the output into.
///
/// The pager quitting before the end (`q` in less) is a closed pipe on Folio's side: `write`
/// returns false and the writer stops, which is no error.
final class Pager {
  /// The pager when `PAGER` is unset: less, with long lines cut rather than wrapped (`-S`),
  /// colours passed through (`-R`), quitting at once when the output fits one screen (`-F`)
  /// and leaving the screen as it is on the way out (`-X`).
  static let defaultCommand = "less -SRFX"

  /// The shell command that runs the pager.
  let command: String
  private let process: pid_t
  /// The write end of the pipe the pager reads; -1 once closed.
  private var input: Int32

  /// The pager the environment asks for: `PAGER`, else `defaultCommand`; nil when `PAGER` is
  /// set but blank, which means no pager.
  static func command(environment: [String: String]) -> String? {
    guard let command = environment["PAGER"] else { return defaultCommand }
    return command.allSatisfy(\.isWhitespace) ? nil : command
  }

  /// Starts the pager.
  ///
  /// - Throws: `FolioError.io` when `/bin/sh` could not be started.
  init(command: String) throws(FolioError) {
    self.command = command
    var input: Int32 = -1
    let process = folio_spawn_shell_reading_pipe(command, &input)
    guard process > 0 else {
      throw FolioError(.io, "the pager '\(command)' could not start: \(String(cString: strerror(errno)))")
    }
    self.process = process
    self.input = input
  }

  deinit { _ = finish() }

  /// Writes text into the pager's pipe, waiting while the pager has not read what came before.
  ///
  /// - Returns: false once the pager takes no more (it quit, or never started reading).
  func write(_ text: String) -> Bool {
    guard input >= 0 else { return false }
    var text = text
    return text.withUTF8 { writeAll(descriptor: input, $0) }
  }

  /// Closes the pipe, so the pager sees the end of its input, and waits for it to exit.
  ///
  /// - Returns: the pager's exit status (126 and 127: the shell could not run it), or -1.
  func finish() -> Int32 {
    guard input >= 0 else { return -1 }
    close(input)
    input = -1
    return folio_wait_for_exit(process)
  }
}
