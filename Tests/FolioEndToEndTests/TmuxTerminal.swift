import Foundation
import Testing

/// A terminal for the REPL's and the browser's tests: a tmux server of its own runs folio in one pane,
/// `send-keys` types, `capture-pane` reads the screen. Every wait polls the screen until it
/// shows what is expected, failing after `patience`.
final class TmuxTerminal {
  let socket = "folio-test-\(UUID().uuidString)"
  let home: URL
  /// The pane's name.
  static let pane = "folio"

  /// Starts folio with `arguments` (or `program` instead) in a `width` × `height` pane whose
  /// folder is `home`.
  init(
    home: URL, arguments: [String] = [], program: [String]? = nil, width: Int = 120, height: Int = 40,
    environment extra: [String: String] = [:]
  ) throws {
    self.home = home
    let environment = FolioProcess.environment(home: home).merging(extra) { $1 }.map {
      "\($0.key)=\($0.value)"
    }
    try tmux(
      ["new-session", "-d", "-s", Self.pane, "-x", "\(width)", "-y", "\(height)", "-c", home.path, "env"]
        + environment + (program ?? [FolioProcess.executable.path] + arguments))
  }

  deinit { _ = try? tmux(["kill-server"]) }

  /// The folio process in the pane (`env` execs it, so it keeps the pane's pid).
  func pid() throws -> Int32? {
    Int32(
      try tmux(["list-panes", "-t", Self.pane, "-F", "#{pane_pid}"]).output.trimmingCharacters(
        in: .whitespacesAndNewlines))
  }

  /// Runs a tmux command and returns its output and exit status.
  ///
  /// The tmux server that `new-session` starts keeps every descriptor it inherits, and
  /// Foundation's `Process` notices a child's exit through one of them, so tmux is started
  /// with `posix_spawn` and every descriptor above 2 closed before `exec`.
  @discardableResult
  func tmux(_ arguments: [String]) throws -> (output: String, status: Int32) {
    let script =
      #"for fd in /proc/self/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-" 2>/dev/null; done; exec tmux "$@""#
    let argv = ["bash", "-c", script, "bash", "-L", socket] + arguments
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { throw POSIXError(.EMFILE) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, descriptors[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, "bash", &actions, &attributes, cArguments, environ)
    close(descriptors[1])
    defer { close(descriptors[0]) }
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT) }
    var output = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(descriptors[0], &buffer, buffer.count)
      if count > 0 {
        output += buffer[0..<count]
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return (String(decoding: output, as: UTF8.self), (status >> 8) & 0xFF)
  }

  func send(_ keys: String...) throws { try tmux(["send-keys", "-t", Self.pane] + keys) }

  /// Types text as it is, not as key names.
  func type(_ text: String) throws { try tmux(["send-keys", "-t", Self.pane, "-l", text]) }

  func resize(width: Int, height: Int) throws {
    try tmux(["resize-window", "-t", Self.pane, "-x", "\(width)", "-y", "\(height)"])
  }

  /// The visible lines, one a row, trailing blanks removed.
  func screen() throws -> [String] {
    var output = try tmux(["capture-pane", "-p", "-t", Self.pane]).output
    if output.hasSuffix("\n") { output.removeLast() }
    return output.split(separator: "\n", omittingEmptySubsequences: false)
      .map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  /// Everything the pane printed, scrolled off the screen or not, wrapped lines joined.
  func scrollback() throws -> String {
    try tmux(["capture-pane", "-p", "-J", "-S", "-", "-t", Self.pane]).output
  }

  /// The last non-empty line: where the prompt is.
  func lastLine(_ screen: [String]) -> String { screen.last { !$0.isEmpty } ?? "" }

  var isRunning: Bool { (try? tmux(["has-session", "-t", Self.pane]).status) == 0 }

  /// How long a wait lasts before it fails: generous, because the machine may be loaded.
  static let patience: TimeInterval = 60

  /// Waits until the screen satisfies `condition`, polling; fails after `patience`.
  func waitFor(_ description: String, _ condition: ([String]) -> Bool) throws {
    let deadline = Date().addingTimeInterval(Self.patience)
    while Date() < deadline {
      if condition(try screen()) { return }
      usleep(20_000)
    }
    Issue.record("timed out waiting for \(description); screen:\n\(try screen().joined(separator: "\n"))")
    throw CancellationError()
  }

  /// Waits until folio has ended and its pane closed; fails after `patience`.
  func waitForExit() {
    let deadline = Date().addingTimeInterval(Self.patience)
    while isRunning, Date() < deadline { usleep(20_000) }
    if isRunning { Issue.record("folio did not end") }
  }
}
