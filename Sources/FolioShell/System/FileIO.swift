import FolioCore
import FolioSession

#if canImport(Glibc)
  import Glibc
#endif

/// Whole-file reads and the small file operations the shell needs, over POSIX calls.
enum FileIO {
  /// The most a script (`source`, `folio run`) or the history file may hold: far more than
  /// any written by hand, little enough to read at once.
  static let maximumReadSize = 64 << 20

  /// The bytes of a regular file of at most `limit` bytes.
  ///
  /// A FIFO, a device such as `/dev/zero` or a folder is refused without reading it (nor
  /// waiting for a FIFO's writer), and reading stops once the file passes `limit`, also when
  /// it grows while being read.
  ///
  /// - Throws: `FolioError.io` naming the path and the system's reason, what the path is when
  ///   it is not a regular file, or its size and the limit.
  static func readAll(_ path: String, limit: Int = maximumReadSize) throws(FolioError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw .io(path, "cannot read: \(Paths.lastErrorDescription)") }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw .io(path, "cannot read: \(Paths.lastErrorDescription)")
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .io(path, "cannot read: is a directory")
    case S_IFIFO: throw .io(path, "cannot read: a FIFO, not a regular file")
    case S_IFCHR, S_IFBLK: throw .io(path, "cannot read: a device, not a regular file")
    default: throw .io(path, "cannot read: not a regular file")
    }
    func tooLarge(_ size: Int) -> FolioError {
      .io(path, "cannot read: \(size) bytes or more, over the limit of \(limit) bytes")
    }
    guard info.st_size <= limit else { throw tooLarge(Int(info.st_size)) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size))
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return bytes }
      if count < 0 {
        if errno == EINTR { continue }
        throw .io(path, "cannot read: \(Paths.lastErrorDescription)")
      }
      guard bytes.count + count <= limit else { throw tooLarge(bytes.count + count) }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }
}

/// Decoding of input lines: UTF-8 only, no NUL bytes.
enum LineDecoder {
  /// The line as text.
  ///
  /// - Throws: `FolioError.syntax` naming the byte offset of a NUL byte or of invalid UTF-8.
  static func decode(_ bytes: [UInt8]) throws(FolioError) -> String {
    if let nul = bytes.firstIndex(of: 0) {
      throw FolioError(.syntax, "NUL byte at byte \(nul + 1) of the line")
    }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return String(decoding: bytes, as: UTF8.self)
      case .error:
        throw FolioError(.syntax, "invalid UTF-8 at byte \(offset + 1) of the line")
      }
    }
  }
}
