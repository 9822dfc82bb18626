import FolioCore
import Synchronization

/// Which request runs now and which are cancelled, shared by the thread reading messages
/// (which sees a `$/cancelRequest` as soon as it arrives) and the serving loop.
///
/// Cancelling the running request cancels the workspace's `CancellationToken`, which the
/// long work (open, sort, print, save, a plugin's Lua code) checks at safe points. A cancel
/// read is remembered until the serving loop handles the `$/cancelRequest` itself: messages
/// are handled in the order they were read, so a request that starts while a cancel naming
/// its id is remembered was read before that cancel, and is answered `requestCancelled`
/// instead of running; a request read after the cancel (one reusing the id of a request
/// that ended, or one never seen) starts after the cancel was handled and forgotten, and
/// runs. What is remembered is one count per cancel read and not handled yet, so it is
/// bounded by the messages queued. The state is guarded by a lock, and `cancel()` runs
/// inside it, so a cancel can never reach the token after the request it named has finished.
public final class RequestCancellations: Sendable {
  private struct State {
    var running: RequestID?
    var runningWasCancelled = false
    /// How many cancels read and not handled yet name each id.
    var cancelled: [RequestID: Int] = [:]
  }

  private let state = ThreadLock(State())
  /// How many cancels are remembered, kept beside the state so that the serving loop, which
  /// asks at every message, reads a number instead of taking the lock.
  private let remembered = Atomic(0)
  private let token: CancellationToken

  /// Creates the record for a server whose work checks `token`.
  public init(token: CancellationToken) {
    self.token = token
  }

  /// Notes a `$/cancelRequest` for the request `id`, as it is read: the running request is
  /// asked to stop; a request with the id that is queued before it will not run.
  public func cancel(_ id: RequestID) {
    state.withLock { state in
      if state.running == id {
        state.runningWasCancelled = true
        token.cancel()
      }
      state.cancelled[id, default: 0] += 1
      remembered.add(1, ordering: .relaxed)
    }
  }

  /// Forgets a cancel noted by `cancel(_:)`, once the serving loop handles its
  /// `$/cancelRequest`: every request read before it has started by then.
  public func handledCancel(of id: RequestID) {
    state.withLock { state in
      guard let count = state.cancelled[id] else { return }
      state.cancelled[id] = count > 1 ? count - 1 : nil
      remembered.subtract(1, ordering: .relaxed)
    }
  }

  /// Whether any cancel is remembered.
  public var hasRemembered: Bool { remembered.load(ordering: .relaxed) > 0 }

  /// How many cancels are remembered: those read and not handled yet.
  public var rememberedCount: Int { remembered.load(ordering: .relaxed) }

  /// Starts the request `id`, with the token reset, unless a cancel read after it named it.
  ///
  /// - Returns: false when it was cancelled, and must not run.
  public func start(_ id: RequestID) -> Bool {
    state.withLock { state in
      // Most often none is cancelled: the id is hashed only when some is.
      if !state.cancelled.isEmpty, state.cancelled[id] != nil { return false }
      state.running = id
      state.runningWasCancelled = false
      token.reset()
      return true
    }
  }

  /// Ends the running request, and resets the token, so that nothing after it (another
  /// request, the end of the session) sees its cancellation.
  ///
  /// - Returns: whether it was cancelled while it ran.
  public func finish() -> Bool {
    state.withLock { state in
      defer {
        state.running = nil
        state.runningWasCancelled = false
        token.reset()
      }
      return state.runningWasCancelled
    }
  }
}
