import FolioCore
import Synchronization

/// Which request runs now and which are cancelled, shared by the thread reading messages
/// (which sees a `$/cancelRequest` as soon as it arrives) and the serving loop.
///
/// Cancelling the running request cancels the workspace's `CancellationToken`, which the
/// long work (open, sort, print, save, a plugin's Lua code) checks at safe points; cancelling
/// one not started yet keeps its id, and the request is answered `requestCancelled` when its
/// turn comes. The state is guarded by a `Mutex`, and `cancel()` runs inside it, so a cancel
/// can never reach the token after the request it named has finished.
public final class RequestCancellations: Sendable {
  private struct State {
    var running: RequestID?
    var runningWasCancelled = false
    var cancelled: Set<RequestID> = []
  }

  private let state = Mutex(State())
  private let token: CancellationToken

  /// Creates the record for a server whose work checks `token`.
  public init(token: CancellationToken) {
    self.token = token
  }

  /// Cancels the request `id`: the running one is asked to stop; any other is remembered, so
  /// that it does not run when it comes.
  public func cancel(_ id: RequestID) {
    state.withLock { state in
      if state.running == id {
        state.runningWasCancelled = true
        token.cancel()
      } else {
        state.cancelled.insert(id)
      }
    }
  }

  /// Starts the request `id`, with the token reset, unless it was cancelled before.
  ///
  /// - Returns: false when it was cancelled, and must not run.
  public func start(_ id: RequestID) -> Bool {
    state.withLock { state in
      // Most often none is cancelled: the id is hashed only when some is.
      if !state.cancelled.isEmpty, state.cancelled.remove(id) != nil { return false }
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
