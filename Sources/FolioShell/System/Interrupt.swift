import FolioCore
import FolioSession
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The process's Ctrl-C: the token the signal handler cancels, which also stops plugins.
private let processToken = CancellationToken.stoppingPlugins()
/// The write end of the self-pipe that wakes a reader blocked in `poll`; -1 until installed.
private let wakeDescriptor = Atomic<Int32>(-1)

private func recordInterrupt(_ signal: Int32) {
  // Only flags: the command running now stops at its next check (a plugin callback at its
  // next instruction-count check) with "interrupted".
  processToken.cancel()
  let descriptor = wakeDescriptor.load(ordering: .relaxed)
  if descriptor >= 0 {
    var byte: UInt8 = 1
    _ = write(descriptor, &byte, 1)
  }
}

/// Ctrl-C: a SIGINT handler that only cancels `token`, which the REPL, the batch runner and
/// long-running commands check at safe points.
///
/// SIGPIPE is ignored, so that writing to a pipe whose reader left (`| head`) fails with
/// `EPIPE`: the console notices and the command writing stops, rather than the process being
/// killed with its documents' locks held.
///
/// A reader waiting for input must not miss a Ctrl-C that arrives just before it blocks, so
/// the handler also writes to a pipe that `waitUntilReadable` polls beside the input.
enum Interrupt {
  nonisolated(unsafe) private static var wakeReadDescriptor: Int32 = -1

  /// The token Ctrl-C cancels: the process's workspace runs its commands under it.
  static var token: CancellationToken { processToken }

  /// Whether Ctrl-C was pressed since the last `clear()`.
  static var isRequested: Bool { processToken.isCancelled }

  /// Forgets an earlier Ctrl-C.
  static func clear() {
    processToken.reset()
    drainWakePipe()
  }

  /// Installs the handler, without `SA_RESTART`, and unblocks SIGINT, which a parent may
  /// have started us with blocked (threads of test runners do).
  static func installHandler() {
    _ = processToken  // made now: never for the first time inside the handler
    signal(SIGPIPE, SIG_IGN)
    var descriptors: [Int32] = [-1, -1]
    if wakeReadDescriptor < 0, pipe(&descriptors) == 0 {
      for descriptor in descriptors {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      }
      wakeReadDescriptor = descriptors[0]
      wakeDescriptor.store(descriptors[1], ordering: .relaxed)
    }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = recordInterrupt
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigprocmask(SIG_UNBLOCK, &set, nil)
  }

  /// Waits until `descriptor` has input or Ctrl-C arrives.
  ///
  /// - Returns: false when Ctrl-C arrived (before or during the wait).
  static func waitUntilReadable(_ descriptor: Int32) -> Bool {
    while !isRequested {
      var fds = [
        pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeReadDescriptor, events: Int16(POLLIN), revents: 0),
      ]
      let count = poll(&fds, wakeReadDescriptor >= 0 ? 2 : 1, -1)
      if count < 0, errno != EINTR { return true }  // let read report the error
      if fds[0].revents != 0 { return true }
    }
    return false
  }

  /// What one wait for input ended with.
  enum Wait {
    /// The descriptor has input (or an error that reading will report).
    case readable
    /// Ctrl-C arrived, before or during the wait.
    case interrupted
    /// Another signal (a resize) interrupted the wait.
    case signalled
  }

  /// Waits until `descriptor` has input, Ctrl-C arrives or another signal interrupts the
  /// wait — once, so the caller can act on the signal and wait again.
  static func waitOnce(for descriptor: Int32) -> Wait {
    guard !isRequested else { return .interrupted }
    var fds = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeReadDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    let count = poll(&fds, wakeReadDescriptor >= 0 ? 2 : 1, -1)
    if isRequested { return .interrupted }
    if count < 0 { return errno == EINTR ? .signalled : .readable }
    return fds[0].revents != 0 ? .readable : .signalled
  }

  private static func drainWakePipe() {
    guard wakeReadDescriptor >= 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 64)
    while read(wakeReadDescriptor, &buffer, buffer.count) > 0 {}
  }
}
