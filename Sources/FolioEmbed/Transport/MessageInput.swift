import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The messages of a descriptor (standard input), read by the serving thread itself while it
/// waits for one, and by a watcher thread while it handles one.
///
/// A round trip then costs one wake-up, as in a single-threaded server: the bytes that end a
/// wait are read by the thread that handles them, with no hand-off between threads. The
/// watcher only reads while a message is handled, so that a `$/cancelRequest` (or any line
/// `noteLine` looks at) is seen while the request it names runs; what it reads is queued for
/// the serving thread, in order. The two never read at once: the serving thread reads only
/// after it said so under the lock, and the watcher reads only under the lock, after checking
/// that the descriptor has bytes (so its `read` does not block).
public final class MessageInput: Sendable {
  private struct State {
    var reader: MessageReader
    /// The items read and not taken yet, from `head` on.
    var items: [MessageReader.Item] = []
    var head = 0
    /// Whether the descriptor reached its end (or failed).
    var ended = false
    /// Whether the serving thread handles a message, so the watcher reads.
    var isWatching = false
    /// Whether the watcher waits for `isWatching`, to be woken by `wake`.
    var isWatcherIdle = false

    /// Splits `bytes` into items, noting each line, and queues them.
    mutating func take(_ bytes: UnsafeBufferPointer<UInt8>, noting noteLine: ([UInt8]) -> Void) {
      for item in reader.append(bytes) {
        if case .line(let line) = item { noteLine(line) }
        items.append(item)
      }
    }

    /// Marks the end of the input; an unfinished line is its last item.
    mutating func end(noting noteLine: ([UInt8]) -> Void) {
      guard !ended else { return }
      ended = true
      if let last = reader.finish() {
        if case .line(let line) = last { noteLine(line) }
        items.append(last)
      }
    }

    /// The first item not taken yet, removed.
    mutating func next() -> MessageReader.Item? {
      guard head < items.count else { return nil }
      let item = items[head]
      head += 1
      // The taken items are dropped once they are half the array, so taking stays O(1) on
      // average however many are pipelined.
      if head * 2 >= items.count {
        items.removeFirst(head)
        head = 0
      }
      return item
    }
  }

  private let descriptor: Int32
  private let state: Mutex<State>
  private let wake = DispatchSemaphore(value: 0)
  private let noteLine: @Sendable ([UInt8]) -> Void

  /// The size of one `read`.
  private static let chunkSize = 64 * 1024

  /// Creates the input of `descriptor`, split into lines of at most `limit` bytes; `noteLine`
  /// sees every line as soon as it is read, on either thread, before it is handled.
  public init(
    descriptor: Int32 = 0, limit: Int = MessageReader.defaultLimit,
    noteLine: @escaping @Sendable ([UInt8]) -> Void
  ) {
    self.descriptor = descriptor
    self.noteLine = noteLine
    state = Mutex(State(reader: MessageReader(limit: limit)))
  }

  /// Starts the watcher thread; without it (when no thread can be made) the input is read
  /// only between messages, and a request cannot be cancelled while it runs.
  public func startWatching() {
    startThread { [self] in watch() }
  }

  /// The next message, read when none is waiting; nil at the end of the input. The watcher
  /// reads while the caller handles what this returns, until the next call.
  public func next() -> MessageReader.Item? {
    while true {
      let taken = state.withLock { state -> (item: MessageReader.Item?, ended: Bool, wakeWatcher: Bool) in
        let item = state.next()
        // With a message, the watcher reads while it is handled; without, this thread reads
        // (or the input is over: a resting watcher is woken to end).
        state.isWatching = item != nil
        let wakeWatcher = state.isWatcherIdle && (item != nil || state.ended)
        if wakeWatcher { state.isWatcherIdle = false }
        return (item, state.ended, wakeWatcher)
      }
      if taken.wakeWatcher { wake.signal() }
      if let item = taken.item { return item }
      if taken.ended { return nil }
      // The buffer is not filled first: `read` writes what is used.
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.chunkSize) { buffer in
        let count = read(descriptor, buffer.baseAddress, buffer.count)
        if count < 0, errno == EINTR { return }
        state.withLock { state in
          if count > 0 {
            state.take(UnsafeBufferPointer(rebasing: buffer[..<count]), noting: noteLine)
          } else {
            state.end(noting: noteLine)
          }
        }
      }
    }
  }

  /// The watcher's loop: while a message is handled, waits for bytes and queues what they
  /// end; otherwise waits to be woken. It ends with the input.
  private func watch() {
    var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    while true {
      let step = state.withLock { state -> Int in
        if state.ended { return 0 }
        if state.isWatching { return 1 }
        state.isWatcherIdle = true
        return 2
      }
      if step == 0 { return }
      if step == 2 {
        wake.wait()
        continue
      }
      // Wait for bytes (or the end) without reading: the serving thread may read them first.
      var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&waiting, 1, -1) >= 0 || errno == EINTR else { return }
      state.withLock { state in
        guard state.isWatching, !state.ended else { return }
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 0) > 0 else { return }
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
          buffer.withUnsafeBufferPointer {
            state.take(UnsafeBufferPointer(rebasing: $0[..<count]), noting: noteLine)
          }
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          state.end(noting: noteLine)
        }
      }
    }
  }
}

/// The body of a thread, passed through `pthread_create`'s pointer.
private final class ThreadBody: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Runs `body` on a new detached thread, if one can be made; the process may end while it is
/// still running (a watcher blocked in `poll` does not hold the process up).
private func startThread(_ body: @escaping @Sendable () -> Void) {
  let pointer = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
  var thread = pthread_t()
  let status = pthread_create(
    &thread, nil,
    { raw in
      guard let raw else { return nil }
      Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().run()
      return nil
    }, pointer)
  if status == 0 {
    pthread_detach(thread)
  } else {
    Unmanaged<ThreadBody>.fromOpaque(pointer).release()
  }
}
