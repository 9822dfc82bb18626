import FolioCore
import FolioSession

#if canImport(Glibc)
  import Glibc
#endif

extension EmbedServer {
  /// Serves `folio --embed`: reads messages from standard input until `exit` or its end,
  /// writes each response and notification on standard output as one line (or after its
  /// `Content-Length` header with `--framing lsp`), or one MessagePack message once the
  /// client chose MessagePack or from the first byte with `--encoding msgpack-rpc`, and
  /// returns the exit status: 1 when `exit` came without `shutdown` first (as in LSP), else
  /// 0 — the end of the input is a clean end.
  ///
  /// - Parameters:
  ///   - session: the session served (`makeSession(workspace:environment:)`).
  ///   - encoding: the encoding the command line fixed from the first byte
  ///     (`--encoding msgpack-rpc`, or JSON for `--framing lsp`); nil lets `initialize` choose.
  ///   - framesLSP: whether JSON messages are framed by `Content-Length` headers.
  public static func serve(
    _ session: Session, encoding fixed: MessageEncoding? = nil, framesLSP: Bool = false
  )
    -> Int32
  {
    // A failed write (the client gone) is ignored: Folio reads on to the end of its input.
    let server = EmbedServer(session: session, writeLine: { line in _ = writeAll(descriptor: 1, line) })
    // A client gone away makes writes fail with EPIPE rather than end Folio, which then
    // reads to the end of its input and keeps unsaved changes for recovery.
    signal(SIGPIPE, SIG_IGN)
    // The serving loop reads standard input itself while it waits, and a watcher thread
    // reads it while a message is handled, so that a `$/cancelRequest` reaches the request
    // running now; the messages are still handled one at a time, in order.
    server.messageLimit = MessageReader.defaultLimit
    let input = MessageInput(limit: server.messageLimit) { [cancellations = server.cancellations] item in
      if let id = EmbedServer.cancelledID(in: item) { cancellations.cancel(id) }
    }
    var isSettled = false
    // A transport fixed by the command line is in force from the first byte.
    if let fixed = fixed ?? (framesLSP ? .json : nil) {
      server.fixTransport(encoding: fixed, framesLSP: framesLSP)
      input.settle(fixed, isLSP: framesLSP && fixed == .json)
      isSettled = true
    }
    input.startWatching()
    while server.phase != .exited, let item = input.next() {
      server.receive(item)
      // Once `initialize` is answered, the rest of the input is read in the encoding it chose.
      if !isSettled, server.phase != .awaitingInitialize {
        input.settle(server.encoding)
        isSettled = true
      }
    }
    let exitedWithoutShutdown = server.phase == .exited && !server.didShutDown
    server.finish()
    return exitedWithoutShutdown ? 1 : 0
  }
}
