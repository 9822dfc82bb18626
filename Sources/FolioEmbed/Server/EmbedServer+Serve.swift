import FolioCore
import FolioShell

#if canImport(Glibc)
  import Glibc
#endif

extension EmbedServer {
  /// Serves `folio --embed`: reads messages from standard input until `exit` or its end,
  /// writes each response and notification on standard output as one line, and returns the
  /// exit status: 1 when `exit` came without `shutdown` first (as in LSP), else 0 — the end
  /// of the input is a clean end.
  public static func serve(_ shell: Shell) -> Int32 {
    let server = EmbedServer(shell: shell) { message in
      var line = message.serialized
      line += "\n"
      Console.writeToDescriptors(.output, line)
    }
    // A client gone away makes writes fail with EPIPE rather than end Folio, which then
    // reads to the end of its input and keeps unsaved changes for recovery.
    signal(SIGPIPE, SIG_IGN)
    // Standard input is read on a thread of its own, so that a `$/cancelRequest` reaches the
    // request running now; the messages are still handled one at a time, in order.
    let queue = MessageQueue<MessageReader.Item?>()
    server.messageLimit = MessageReader.defaultLimit
    startThread { [cancellations = server.cancellations] in
      readMessages(into: queue, cancellations: cancellations)
    }
    while server.phase != .exited, let item = queue.take() {
      server.receive(item)
    }
    let exitedWithoutShutdown = server.phase == .exited && !server.didShutDown
    server.finish()
    return exitedWithoutShutdown ? 1 : 0
  }
}

/// Reads standard input to its end, putting each message in `queue` (nil at the end) and
/// taking each `$/cancelRequest` as soon as it is read.
private func readMessages(into queue: MessageQueue<MessageReader.Item?>, cancellations: RequestCancellations)
{
  var reader = MessageReader()
  var buffer = [UInt8](repeating: 0, count: 64 * 1024)
  func take(_ item: MessageReader.Item) {
    if case .line(let bytes) = item, let id = EmbedServer.cancelledID(in: bytes) { cancellations.cancel(id) }
    queue.put(item)
  }
  while true {
    let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
    if count < 0, errno == EINTR { continue }
    guard count > 0 else { break }
    for item in reader.append(buffer[0..<count]) { take(item) }
  }
  if let last = reader.finish() { take(last) }
  queue.put(nil)
}

/// The body of a thread, passed through `pthread_create`'s pointer.
private final class ThreadBody: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Runs `body` on a new detached thread; the process may end while it is still running (a
/// reader blocked in `read` does not hold the process up).
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
    // No thread: the body runs here instead (the messages are then served after the input ends).
    Unmanaged<ThreadBody>.fromOpaque(pointer).takeRetainedValue().run()
  }
}
