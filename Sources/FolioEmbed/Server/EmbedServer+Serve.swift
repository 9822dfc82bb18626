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
    var reader = MessageReader()
    server.messageLimit = reader.limit
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    reading: while server.phase != .exited {
      let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      let items = reader.append(buffer[0..<count])
      // Cancellations are honoured for the requests read but not started yet.
      server.noteCancellations(in: items)
      for item in items {
        server.receive(item)
        if server.phase == .exited { break reading }
      }
    }
    if server.phase != .exited, let last = reader.finish() { server.receive(last) }
    let exitedWithoutShutdown = server.phase == .exited && !server.didShutDown
    server.finish()
    return exitedWithoutShutdown ? 1 : 0
  }
}
