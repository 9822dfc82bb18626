import Synchronization

/// A request to stop the command running now, which any front end can make from any thread
/// (Ctrl-C's signal handler, an embedder's `$/cancelRequest`) and long work checks at safe
/// points: reading a file, sorting, writing rows, printing pages, saving.
///
/// Cancelling only sets a flag (and runs `onCancel`, which must do no more), so a signal
/// handler may call `cancel()`. Work that sees the flag throws `FolioError.interrupted` and
/// leaves documents and files as they were; the front end says "interrupted" and calls
/// `reset()` before the next command.
public final class CancellationToken: Sendable {
  private let flag = Atomic<Bool>(false)
  private let onCancel: @Sendable () -> Void
  private let onReset: @Sendable () -> Void

  /// Creates a token that is not cancelled.
  ///
  /// - Parameters:
  ///   - onCancel: run by `cancel()` after the flag is set, to pass the request on to work
  ///     the token cannot reach (a plugin's Lua code); it must only set flags.
  ///   - onReset: run by `reset()`, to take that request back.
  public init(onCancel: @escaping @Sendable () -> Void = {}, onReset: @escaping @Sendable () -> Void = {}) {
    self.onCancel = onCancel
    self.onReset = onReset
  }

  /// Asks the running command to stop at its next check.
  public func cancel() {
    flag.store(true, ordering: .relaxed)
    onCancel()
  }

  /// Whether `cancel()` was called since the last `reset()`.
  public var isCancelled: Bool { flag.load(ordering: .relaxed) }

  /// Forgets a cancellation, before the next command runs.
  public func reset() {
    flag.store(false, ordering: .relaxed)
    onReset()
  }

  /// Stops work that was cancelled.
  ///
  /// - Throws: `FolioError.interrupted` once `cancel()` was called.
  public func check() throws(FolioError) {
    if isCancelled { throw FolioError.interrupted }
  }
}

extension FolioError {
  /// The error of a command stopped by `CancellationToken.cancel()`.
  public static var interrupted: FolioError { FolioError(.interrupted, "interrupted") }
}
