import FolioCore
import FolioSession

#if canImport(Glibc)
  import Glibc
#endif

/// Reads lines of bytes from a file descriptor, without loading the whole input first, so a
/// script can come from a pipe that is still being written.
///
/// A line is at most `maximumLineLength` bytes: past that the input is refused and its rest
/// is not read, since nothing after it could be told apart from the rest of that line.
struct LineReader {
  /// The longest line, and the longest command joined from lines, the input may hold.
  static let maximumLineLength = FileIO.maximumReadSize
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  private var isAtEnd = false
  /// Called before a read that may block (to flush output a waiting peer needs).
  private let beforeRead: () -> Void
  /// The longest line read.
  let maximumLineLength: Int

  /// Creates a reader of a descriptor; it does not close the descriptor.
  init(
    descriptor: Int32, maximumLineLength: Int = maximumLineLength, beforeRead: @escaping () -> Void = {}
  ) {
    self.descriptor = descriptor
    self.maximumLineLength = maximumLineLength
    self.beforeRead = beforeRead
  }

  /// Creates a reader of bytes already in memory.
  init(bytes: [UInt8]) {
    self.descriptor = -1
    self.buffer = bytes
    self.isAtEnd = true
    self.maximumLineLength = Self.maximumLineLength
    self.beforeRead = {}
  }

  /// The next line without its `\n` (or `\r\n`), or nil at the end of the input.
  ///
  /// - Throws: `FolioError.interrupted` when Ctrl-C arrived during a read,
  ///   `FolioError.io` when reading failed or a line is longer than `maximumLineLength` (the
  ///   input then ends there).
  mutating func next() throws(FolioError) -> [UInt8]? {
    var scanned = start  // bytes before this index hold no newline
    while true {
      if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
        var end = newline
        if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        if end - start > maximumLineLength { try refuseRest("a line") }
        defer { start = newline + 1 }
        return Array(buffer[start..<end])
      }
      if isAtEnd {
        guard start < buffer.count else { return nil }
        if buffer.count - start > maximumLineLength { try refuseRest("a line") }
        defer { start = buffer.count }
        return Array(buffer[start...])
      }
      scanned = buffer.count
      if buffer.count - start > maximumLineLength { try refuseRest("a line") }
      if start > 0, start >= buffer.count / 2 {
        buffer.removeFirst(start)
        scanned -= start
        start = 0
      }
      try fill()
    }
  }

  /// Ends the input here, unread, because `what` is longer than `maximumLineLength`.
  ///
  /// - Throws: `FolioError.io` saying so, always.
  mutating func refuseRest(_ what: String) throws(FolioError) {
    buffer = []
    start = 0
    isAtEnd = true
    throw FolioError(
      .io, "\(what) is longer than \(maximumLineLength) bytes; the rest of the input is not read")
  }

  private mutating func fill() throws(FolioError) {
    beforeRead()
    guard Interrupt.waitUntilReadable(descriptor) else {
      throw FolioError(.interrupted, "interrupted")
    }
    let chunk = 64 * 1024
    let oldCount = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: chunk))
    while true {
      let count = buffer.withUnsafeMutableBytes { bytes in
        read(descriptor, bytes.baseAddress! + oldCount, chunk)
      }
      if count >= 0 {
        buffer.removeLast(chunk - count)
        if count == 0 { isAtEnd = true }
        return
      }
      let code = errno
      if code == EINTR {
        if Interrupt.isRequested {
          buffer.removeLast(chunk)
          throw FolioError(.interrupted, "interrupted")
        }
        continue
      }
      buffer.removeLast(chunk)
      throw FolioError(.io, "cannot read input: \(String(cString: strerror(code)))")
    }
  }
}
