import Glibc

/// Writes a file whole or not at all: into a temporary file in the same folder, renamed
/// over the destination only once everything was written and synced.
///
/// A failure removes the temporary file and leaves any file already at the destination as
/// it was. Whether to replace an existing file is the caller's decision; this replaces it.
enum AtomicFile {
  /// Writes the file at `path` with what `body` appends to the sink it is given.
  ///
  /// - Throws: `FolioError` with code `.io` naming `path` when the file cannot be created,
  ///   written or renamed, or whatever `body` throws.
  static func write<Result>(
    to path: String, _ body: (FileSink) throws(FolioError) -> Result
  ) throws(FolioError) -> Result {
    let (temporaryPath, descriptor) = try createTemporaryFile(beside: path)
    let sink = FileSink(descriptor: descriptor, path: path)
    do throws(FolioError) {
      let result = try body(sink)
      try sink.flush()
      guard fsync(descriptor) == 0 else { throw FolioError.io(path, lastError()) }
      sink.isClosed = true
      guard close(descriptor) == 0 else { throw FolioError.io(path, lastError()) }
      guard rename(temporaryPath, path) == 0 else { throw FolioError.io(path, lastError()) }
      return result
    } catch {
      if !sink.isClosed { close(descriptor) }
      unlink(temporaryPath)
      throw error
    }
  }

  /// Creates a hidden, uniquely named file in the folder `path` is in.
  private static func createTemporaryFile(
    beside path: String
  ) throws(FolioError) -> (path: String, descriptor: Int32) {
    let folder: Substring
    if let slash = path.lastIndex(of: "/") {
      folder = path[...slash]
    } else {
      folder = ""
    }
    for _ in 0..<8 {
      let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
      let candidate = "\(folder).folio-\(suffix).tmp"
      // 0666 lets the umask decide the permissions, as for any new file.
      let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o666))
      if descriptor >= 0 { return (candidate, descriptor) }
      if errno != EEXIST { throw FolioError.io(path, lastError()) }
    }
    throw FolioError.io(path, "could not create a temporary file beside it")
  }

  /// The message for the current `errno`, e.g. "No such file or directory".
  static func lastError() -> String {
    String(cString: strerror(errno))
  }
}

/// A buffered writer to an open file that remembers its first failure, so that a C
/// callback, which cannot throw, can report it later.
final class FileSink {
  private static let capacity = 1 << 16

  private let descriptor: Int32
  private let path: String
  private var buffer: [UInt8] = []
  /// The first write failure, already phrased for people.
  private(set) var failure: FolioError?
  /// Whether the descriptor was handed back to the system.
  fileprivate var isClosed = false

  fileprivate init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
    buffer.reserveCapacity(Self.capacity)
  }

  /// Appends bytes; returns false once a write has failed.
  @discardableResult
  func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard failure == nil else { return false }
    if buffer.count + bytes.count > Self.capacity {
      writeBuffer()
      if bytes.count > Self.capacity {
        writeAll(bytes)
        return failure == nil
      }
    }
    buffer.append(contentsOf: bytes)
    return failure == nil
  }

  /// Appends text as UTF-8.
  func append(_ text: String) {
    var text = text
    _ = text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  /// Writes out what is buffered.
  ///
  /// - Throws: The first write failure, if any.
  func flush() throws(FolioError) {
    writeBuffer()
    if let failure { throw failure }
  }

  private func writeBuffer() {
    guard failure == nil, !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { writeAll($0) }
    buffer.removeAll(keepingCapacity: true)
  }

  private func writeAll(_ bytes: UnsafeRawBufferPointer) {
    guard var start = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      let written = Glibc.write(descriptor, start, remaining)
      if written < 0 {
        if errno == EINTR { continue }
        failure = FolioError.io(path, AtomicFile.lastError())
        return
      }
      start += written
      remaining -= written
    }
  }
}
