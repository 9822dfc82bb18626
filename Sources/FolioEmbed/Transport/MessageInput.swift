import FolioCore

#if canImport(Glibc)
  import Glibc
#endif

/// The messages of a descriptor (standard input), read by the serving thread itself while it
/// waits for one, and by a watcher thread while it handles a long one.
///
/// A round trip then costs one wake-up, as in a single-threaded server: the bytes that end a
/// wait are read by the thread that handles them, with no hand-off between threads. The
/// watcher reads only while one message has been handled for a whole tick (`tick`), so that
/// a `$/cancelRequest` (or any message `noteItem` looks at) is seen while a long request runs;
/// what it reads is queued for the serving thread, in order. It is not woken for each
/// message: it looks at the message count once a tick while messages come, and rests, to be
/// woken by the next message, after a second without any. The two never read at once: the
/// serving thread reads only after it said so under the lock, and the watcher reads only
/// under the lock, after checking that the descriptor has bytes (so its `read` does not
/// block).
///
/// The messages are JSON lines until `settle(_:)` names the encoding `initialize` chose.
/// Until then the bytes are held and split one line at a time, as the serving thread asks
/// for the next, so that the bytes after an `initialize` that chose MessagePack (which a
/// client may send before its response comes) are read as MessagePack.
public final class MessageInput: Sendable {
  private struct State {
    var reader: MessageReader
    /// The MessagePack reader, once the client chose MessagePack.
    var packReader: MessagePackReader?
    /// The reader of LSP's `Content-Length` frames (`--framing lsp`).
    var lspReader: LSPFrameReader?
    /// Whether the encoding is not settled yet, and bytes are held in `held`.
    var isHolding = true
    /// The bytes read and not split yet, from `heldStart` on, while `isHolding`.
    var held: [UInt8] = []
    var heldStart = 0
    /// The items read and not taken yet, from `head` on.
    var items: [MessageReader.Item] = []
    var head = 0
    /// Whether the descriptor reached its end (or failed).
    var ended = false
    /// Whether the serving thread handles a message, so the watcher may read.
    var isWatching = false
    /// How many messages the serving thread took: the watcher reads when one message is
    /// handled through a whole tick.
    var taken = 0
    /// Whether the watcher rests until the next message, to be woken by `wake`.
    var isWatcherResting = false
    /// The bytes read since the queue was last empty: what the queued items and the held
    /// bytes were split from, at most. The watcher reads no more past `readAheadLimit`.
    var queuedBytes = 0

    /// Splits `bytes` into items, noting each, and queues them; holds them while the
    /// encoding is not settled.
    mutating func take(_ bytes: UnsafeBufferPointer<UInt8>, noting noteItem: (MessageReader.Item) -> Void) {
      queuedBytes += bytes.count
      if isHolding {
        held.append(contentsOf: bytes)
      } else if let packReader {
        packReader.append(bytes) { (item: consuming MessageReader.Item) in queue(item, noting: noteItem) }
      } else if lspReader != nil {
        queue(lspReader?.append(bytes) ?? [], noting: noteItem)
      } else {
        queue(reader.append(bytes), noting: noteItem)
      }
    }

    /// Queues `newItems`, noting each; a broken stream ends the input.
    private mutating func queue(
      _ newItems: [MessageReader.Item], noting noteItem: (MessageReader.Item) -> Void
    ) {
      for item in newItems { queue(item, noting: noteItem) }
    }

    /// Queues `item`, noting it; a broken stream ends the input. The item is taken, not
    /// copied: a copy of one is made and destroyed through its outlined value operations, a
    /// few hundred instructions a message.
    private mutating func queue(
      _ item: consuming MessageReader.Item, noting noteItem: (MessageReader.Item) -> Void
    ) {
      noteItem(item)
      if case .broken = item { ended = true }
      items.append(item)
    }

    /// Marks the end of the input; an unfinished message is its last item (once the held
    /// bytes are split, while they are held).
    mutating func end(noting noteItem: (MessageReader.Item) -> Void) {
      guard !ended else { return }
      ended = true
      if !isHolding { finishReader(noting: noteItem) }
    }

    private mutating func finishReader(noting noteItem: (MessageReader.Item) -> Void) {
      let last =
        if let packReader { packReader.finish() } else if lspReader != nil { lspReader?.finish() ?? nil } else
        {
          reader.finish()
        }
      if let last { queue([last], noting: noteItem) }
    }

    /// Splits the next held line into items: the line, with the reader's unfinished start;
    /// at the end of the input, what is left.
    private mutating func splitHeldLine(noting noteItem: (MessageReader.Item) -> Void) {
      if let newline = held[heldStart...].firstIndex(of: UInt8(ascii: "\n")) {
        queue(reader.append(held[heldStart...newline]), noting: noteItem)
        heldStart = newline + 1
        // The split bytes are dropped once they are half the array, as taken items are.
        if heldStart * 2 >= held.count {
          held.removeFirst(heldStart)
          heldStart = 0
        }
        return
      }
      queue(reader.append(held[heldStart...]), noting: noteItem)
      held = []
      heldStart = 0
      if ended { finishReader(noting: noteItem) }
    }

    /// Settles the encoding: what is held is read in it from now on, in LSP's frames when
    /// `isLSP`.
    mutating func settle(
      _ encoding: MessageEncoding, isLSP: Bool, noting noteItem: (MessageReader.Item) -> Void
    ) {
      guard isHolding else { return }
      isHolding = false
      if encoding.isMessagePack {
        packReader = MessagePackReader(limit: reader.limit, isRPC: encoding == .msgpackRPC)
      } else if isLSP {
        lspReader = LSPFrameReader(limit: reader.limit)
      }
      let rest = held[heldStart...]
      held = []
      heldStart = 0
      // Counted when they were read: taken again, they are not counted twice.
      queuedBytes -= rest.count
      rest.withUnsafeBufferPointer { take($0, noting: noteItem) }
      if ended { finishReader(noting: noteItem) }
    }

    /// The first item not taken yet, removed; while the bytes are held, the next line is
    /// split first.
    mutating func next(noting noteItem: (MessageReader.Item) -> Void) -> MessageReader.Item? {
      if head == items.count, isHolding, heldStart < held.count || ended { splitHeldLine(noting: noteItem) }
      guard head < items.count else { return nil }
      taken &+= 1
      // The only item waiting (most often, one request at a time) is moved out, which
      // leaves the array empty with its storage kept.
      if head == 0, items.count == 1 {
        queuedBytes = isHolding ? held.count - heldStart : 0
        return items.removeLast()
      }
      let item = items[head]
      head += 1
      if head == items.count { queuedBytes = isHolding ? held.count - heldStart : 0 }
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
  private let state: ThreadLock<State>
  /// Where the serving thread reads, made once (`chunkSize` bytes are too many for the
  /// stack, and a buffer allocated at each `read` cost an allocation a message); only the
  /// thread that calls `next()` uses it.
  private nonisolated(unsafe) let servingBuffer: UnsafeMutableBufferPointer<UInt8>
  private let wake = Semaphore()
  private let noteItem: @Sendable (MessageReader.Item) -> Void

  /// The size of one `read`.
  private static let chunkSize = 64 * 1024
  /// How often the watcher looks at the message count while messages come: a request that
  /// runs longer has its input read (and a cancellation seen) within two ticks.
  static let tick = 10
  /// How many bytes the watcher reads ahead of the serving thread at most (and one chunk
  /// more): a client that writes without reading the answers, which block the serving
  /// thread, is then held back by its own full pipe, and Folio's memory stays flat. A
  /// `$/cancelRequest` behind that many bytes is seen when the queue has drained.
  static let readAheadLimit = 4 << 20
  /// How many ticks without a message the watcher waits before it rests.
  private static let ticksBeforeRest = 100

  /// Creates the input of `descriptor`, split into messages of at most `limit` bytes;
  /// `noteItem` sees every message as soon as it is split, on either thread, before it is
  /// handled.
  public init(
    descriptor: Int32 = 0, limit: Int = MessageReader.defaultLimit,
    noteItem: @escaping @Sendable (MessageReader.Item) -> Void
  ) {
    self.descriptor = descriptor
    self.noteItem = noteItem
    state = ThreadLock(State(reader: MessageReader(limit: limit)))
    servingBuffer = .allocate(capacity: Self.chunkSize)
  }

  deinit {
    servingBuffer.deallocate()
  }

  /// Starts the watcher thread; without it (when no thread can be made) the input is read
  /// only between messages, and a request cannot be cancelled while it runs.
  public func startWatching() {
    startDetachedThread { [self] in watch() }
  }

  /// The next message, read when none is waiting; nil at the end of the input. The watcher
  /// reads while the caller handles what this returns, until the next call.
  public func next() -> MessageReader.Item? {
    while true {
      // The item is handed out through a local, not in the lock's result: a tuple holding it
      // would be destroyed through its metadata, a few hundred instructions a message.
      var item: MessageReader.Item?
      let (ended, wakeWatcher) = state.withLock { state -> (Bool, Bool) in
        item = state.next(noting: noteItem)
        // Matched, not compared with nil: `Item` is `Equatable`, and `!=` made a tuple of the
        // two optionals, destroyed through its metadata.
        let isTaken = if case .some = item { true } else { false }
        // With a message, the watcher may read while it is handled; without, this thread
        // reads (or the input is over: a resting watcher is woken to end).
        state.isWatching = isTaken
        let wakeWatcher = state.isWatcherResting && (isTaken || state.ended)
        if wakeWatcher { state.isWatcherResting = false }
        return (state.ended, wakeWatcher)
      }
      if wakeWatcher { wake.signal() }
      // Moved out, not copied: a copy and the destruction of the one left cost their
      // outlined value operations.
      if let taken = item.take() { return taken }
      if ended { return nil }
      // The buffer is not filled first: `read` writes what is used.
      let count = read(descriptor, servingBuffer.baseAddress, servingBuffer.count)
      if count < 0, errno == EINTR { continue }
      state.withLock { state in
        if count > 0 {
          state.take(UnsafeBufferPointer(rebasing: servingBuffer[..<count]), noting: noteItem)
        } else {
          state.end(noting: noteItem)
        }
      }
    }
  }

  /// Settles the encoding of the messages after `initialize` (JSON lines until then): the
  /// bytes read and not split yet are read in it, and all that follow. With `isLSP` (JSON
  /// only, settled before the first byte), messages are framed by LSP's `Content-Length`
  /// headers instead of lines.
  public func settle(_ encoding: MessageEncoding, isLSP: Bool = false) {
    state.withLock { $0.settle(encoding, isLSP: isLSP, noting: noteItem) }
  }

  /// What the watcher does next.
  private enum WatcherStep {
    case end, rest, tick, read
  }

  /// The watcher's loop: once a tick while messages come, looks whether the message handled
  /// now was handled at the last tick too, and if so waits for bytes and queues what they
  /// end, until that message is done; after `ticksBeforeRest` ticks without a message, rests
  /// until the next. It ends with the input.
  private func watch() {
    var buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    var lastTaken = 0
    var quietTicks = 0
    while true {
      let step = state.withLock { state -> WatcherStep in
        if state.ended { return .end }
        if state.isWatching && state.taken == lastTaken {
          // With a full queue it looks again a tick later, without reading.
          return state.queuedBytes < Self.readAheadLimit ? .read : .tick
        }
        quietTicks = state.taken == lastTaken ? quietTicks + 1 : 0
        lastTaken = state.taken
        guard quietTicks < Self.ticksBeforeRest else {
          state.isWatcherResting = true
          return .rest
        }
        return .tick
      }
      switch step {
      case .end: return
      case .rest:
        wake.wait()
        quietTicks = 0
      case .tick: wake.wait(milliseconds: Self.tick)
      case .read: guard watchInput(into: &buffer, whileHandling: lastTaken) else { return }
      }
    }
  }

  /// Waits up to a tick for bytes (or the end) and, if message `taken` is still handled,
  /// reads and queues them.
  ///
  /// - Returns: false when the descriptor cannot be polled, and the watcher ends.
  private func watchInput(into buffer: inout [UInt8], whileHandling taken: Int) -> Bool {
    // Wait for bytes without reading: the serving thread may read them first.
    var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let polled = poll(&waiting, 1, Int32(Self.tick))
    guard polled > 0 else { return polled == 0 || errno == EINTR }
    state.withLock { state in
      guard state.isWatching, state.taken == taken, !state.ended, state.queuedBytes < Self.readAheadLimit
      else { return }
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, 0) > 0 else { return }
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        buffer.withUnsafeBufferPointer {
          state.take(UnsafeBufferPointer(rebasing: $0[..<count]), noting: noteItem)
        }
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        state.end(noting: noteItem)
      }
    }
    return true
  }
}
