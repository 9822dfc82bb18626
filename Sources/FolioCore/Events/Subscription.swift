/// A handler's place on an `EventBus`: cancelling it, or letting it go, removes the handler.
public final class Subscription {
  private var cancellation: (() -> Void)?

  init(cancellation: @escaping () -> Void) {
    self.cancellation = cancellation
  }

  deinit { cancel() }

  /// Removes the handler; events not yet delivered to it never are. Cancelling twice does
  /// nothing.
  public func cancel() {
    let cancellation = cancellation
    self.cancellation = nil
    cancellation?()
  }
}
