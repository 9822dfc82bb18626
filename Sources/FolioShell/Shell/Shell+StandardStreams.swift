import FolioCore

#if canImport(Glibc)
  import Glibc
#endif

extension Shell {
  /// Who holds standard input while the shell runs, for `open -`.
  public enum StandardInputUse: Sendable, Equatable {
    /// Nobody: `folio -c` and `folio run FILE` lend it to `open -`, once.
    case free
    /// The commands being run are read from it (`folio < script`, `folio run -`).
    case script
  }

  /// The most `open -` reads from standard input: 4 GiB.
  static let maximumStandardInputSize = 1 << 32

  /// Lends the process's standard input (as `use` says it is free) and standard output to the
  /// workspace, for `open -` and `save --as -`.
  public func lendStandardStreams(input use: StandardInputUse) {
    let state = StandardInputState(use: use)
    workspace.standardStreams = StandardStreams(
      readInput: { (cancellation) throws(FolioError) -> [UInt8] in try state.read(cancellation: cancellation)
      },
      unreadInput: { state.unread = $0 },
      writeOutput: { [unowned self] (content) throws(FolioError) -> Int in try writeToStandardOutput(content)
      })
  }

  /// Writes a document's bytes to standard output: as they are into a pipe or a file, and
  /// through the console's escaping on a terminal, like any text shown there.
  private func writeToStandardOutput(_ content: SaveContent) throws(FolioError) -> Int {
    var written = 0
    if isTerminalOutput {
      var bytes: [UInt8] = []
      try content.write { (chunk) throws(FolioError) in bytes.append(contentsOf: chunk) }
      written = bytes.count
      if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
      if !bytes.isEmpty || written > 0 { console.print(String(decoding: bytes, as: UTF8.self)) }
      return written
    }
    try content.write { (chunk) throws(FolioError) in
      guard console.writeVerbatim(chunk) else {
        throw FolioError(.io, "standard output was closed before the whole document was written")
      }
      written += chunk.count
    }
    return written
  }
}

/// Standard input as `open -` reads it: once, to its end, unless it is taken or a terminal.
private final class StandardInputState {
  let use: Shell.StandardInputUse
  /// Whether an `open -` read it already.
  var isRead = false
  /// What an `open -` that failed gave back, for the next one.
  var unread: [UInt8]?

  init(use: Shell.StandardInputUse) { self.use = use }

  func read(cancellation: CancellationToken) throws(FolioError) -> [UInt8] {
    switch use {
    case .script:
      throw FolioError(.disabled, "standard input cannot be read: it holds the commands being run")
    case .free: break
    }
    if let bytes = unread {
      unread = nil
      return bytes
    }
    guard !isRead else {
      throw FolioError(.conflict, "standard input was read to its end already, by an earlier open")
    }
    guard isatty(0) == 0 else {
      throw FolioError(.disabled, "standard input is a terminal; pipe a document into folio to open it")
    }
    isRead = true
    var bytes: [UInt8] = []
    var info = stat()
    // A file redirected in says its size: room for it all, and the read that finds its end.
    if fstat(0, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0,
      info.st_size < Shell.maximumStandardInputSize
    {
      bytes.reserveCapacity(Int(info.st_size) + 1)
    }
    let chunkSize = 1 << 20
    while true {
      guard Interrupt.waitUntilReadable(0) else { throw FolioError.interrupted }
      try cancellation.check()
      if bytes.capacity - bytes.count < chunkSize { bytes.reserveCapacity(max(bytes.count * 2, chunkSize)) }
      let count = bytes.count
      var result = 0
      var failure: Int32 = 0
      bytes.append(contentsOf: repeatElement(0, count: chunkSize))
      bytes.withUnsafeMutableBufferPointer { buffer in
        result = Glibc.read(0, buffer.baseAddress.map { $0 + count }, chunkSize)
        if result < 0 { failure = errno }
      }
      bytes.removeLast(chunkSize - max(result, 0))
      if result == 0 { break }
      if result < 0 {
        if failure == EINTR || failure == EAGAIN { continue }
        throw FolioError(.io, "standard input cannot be read: \(String(cString: strerror(failure)))")
      }
      guard bytes.count <= Shell.maximumStandardInputSize else {
        throw FolioError(
          .io, "standard input holds more than 4 GiB; save it to a file and open that instead")
      }
    }
    return bytes
  }
}
