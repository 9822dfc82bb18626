/// The one stream of `AppEvent`s of a running Folio [Textadept's `events.connect`].
///
/// Whoever changes something publishes what happened where it happens: the workspace and its
/// documents publish document and selection events; the session publishes menu, toolbar,
/// dialog and plugin events. Subscribers are plugins (`folio.on`) and front ends.
///
/// **Events are queued, and delivered when the bus's owner calls `flush()`** — the shell does
/// at the end of every command. So a handler never runs in the middle of an operation (between
/// a save's write and its bookkeeping, or inside a plugin's transaction), every subscriber hears
/// of a command's effects together and in the order they happened, and a front end can send
/// them before the command's result. Queuing is also what coalesces: between two deliveries a
/// window's `documentChanged` is queued once (where it first happened), and its selection
/// changes merge into one `SelectionChange`, dropped when the selection ends as it began.
///
/// Events that handlers publish while a flush delivers are queued for the next flush, so a
/// handler that changes a selection cannot make a flush run forever.
public final class EventBus {
  private var handlers: [(id: Int, handle: (AppEvent) -> Void)] = []
  private var nextHandlerID = 0
  private var queue: [AppEvent] = []
  private var isFlushing = false

  /// Whether documents keep what each change touched for their subscribers
  /// (`Document.takeChangeDetails`): set while one wants the details, such as a plugin's
  /// `document.changed` handler.
  public var recordsChangeDetails = false

  /// Creates a bus with no subscribers and nothing queued.
  public init() {}

  /// The events published and not delivered yet, in order.
  public var pendingEvents: [AppEvent] { queue }

  /// Whether an event published waits for delivery: `pendingEvents` is not empty, asked
  /// without handing out the queue.
  public var hasPendingEvents: Bool { !queue.isEmpty }

  /// Adds a handler, called with every event delivered from now on, after the handlers
  /// subscribed before it.
  ///
  /// - Returns: the subscription: the handler stays until it is cancelled or released.
  public func subscribe(_ handler: @escaping (AppEvent) -> Void) -> Subscription {
    let id = nextHandlerID
    nextHandlerID += 1
    handlers.append((id, handler))
    return Subscription { [weak self] in self?.handlers.removeAll { $0.id == id } }
  }

  /// Queues an event for the next `flush()`, merged with one queued already as the type's
  /// documentation describes.
  public func publish(_ event: AppEvent) {
    switch event {
    case .documentChanged:
      if queue.contains(event) { return }
    case .selectionChanged(let change):
      let pending = queue.firstIndex {
        if case .selectionChanged(let queued) = $0 { queued.windowID == change.windowID } else { false }
      }
      guard let pending, case .selectionChanged(var merged) = queue[pending] else {
        if change.previous != change.current { queue.append(event) }
        return
      }
      merged.current = change.current
      if merged.previous == merged.current {
        queue.remove(at: pending)
      } else {
        queue[pending] = .selectionChanged(merged)
      }
      return
    default:
      break
    }
    queue.append(event)
  }

  /// Takes back the events queued since the queue was `earlier` (`pendingEvents` then), for
  /// a change taken back whole before anyone heard of it: the queue is as it was.
  func withdraw(since earlier: [AppEvent]) {
    queue = earlier
  }

  /// Delivers the events queued so far, in order, each to every handler in the order they
  /// subscribed. Called from a handler it does nothing: what handlers publish waits for the
  /// next flush.
  public func flush() {
    guard !isFlushing, !queue.isEmpty else { return }
    isFlushing = true
    defer { isFlushing = false }
    let events = queue
    queue = []
    for event in events {
      for (id, handle) in handlers where handlers.contains(where: { $0.id == id }) {
        handle(event)
      }
    }
  }
}
