import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

private let interruptFlag = Atomic<Bool>(false)

private func recordInterrupt(_ signal: Int32) {
  interruptFlag.store(true, ordering: .relaxed)
}

/// Ctrl-C: a SIGINT handler that only raises a flag, which the REPL, the batch runner and
/// long-running commands check at safe points.
enum Interrupt {
  /// Whether Ctrl-C was pressed since the last `clear()`.
  static var isRequested: Bool { interruptFlag.load(ordering: .relaxed) }

  /// Forgets an earlier Ctrl-C.
  static func clear() { interruptFlag.store(false, ordering: .relaxed) }

  /// Installs the handler. It is installed without `SA_RESTART`, so a blocking read returns
  /// `EINTR` and the reader can notice the flag.
  static func installHandler() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = recordInterrupt
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
  }
}
