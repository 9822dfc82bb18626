import FolioCore

#if canImport(Glibc)
  import Glibc
#endif

/// Writes the commands of a session to a file that replays it (`record FILE`).
///
/// Each command is written as soon as it succeeded, so the file is complete up to the last
/// command even if the session ends abruptly.
final class Recorder {
  /// The file being written, as the user named it.
  let path: String
  /// The include depth whose commands are recorded: those typed, not those of sourced files.
  let depth: Int
  private let descriptor: Int32

  /// Creates the file and writes its header.
  ///
  /// - Throws: `FolioError.io` when the file exists (unless `overwrite`) or cannot be written.
  init(path: String, depth: Int, overwrite: Bool) throws(FolioError) {
    let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (overwrite ? O_TRUNC : O_EXCL)
    let descriptor = open(path, flags, 0o644)
    guard descriptor >= 0 else {
      if errno == EEXIST {
        throw .io(path, "already exists; use 'record \(path) --force' to replace it")
      }
      throw .io(path, "cannot record: \(Paths.lastErrorDescription)")
    }
    self.path = path
    self.depth = depth
    self.descriptor = descriptor
    try append("# Recorded by folio; replay with: folio run \(path)")
  }

  deinit { close(descriptor) }

  /// Appends one command line.
  func append(_ line: String) throws(FolioError) {
    var text = line + "\n"
    let complete = text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return false }
        offset += written
      }
      return true
    }
    guard complete else { throw .io(path, "cannot record: \(Paths.lastErrorDescription)") }
  }
}
