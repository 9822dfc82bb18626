import CFolioSystem
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The file operations documents need, written so that a failure — a full disk, a crash, a
/// file changed behind our back — never loses or half-writes anything.
public enum DocumentFile {
  /// The prefix of the temporary files that saves write before renaming them into place.
  static let temporaryMarker = ".folio-save-"

  /// Reads a regular file whole and takes its snapshot.
  ///
  /// - Throws: `FolioError.io` naming the path when it is missing, not a regular file, or
  ///   unreadable.
  public static func read(_ path: String) throws(FolioError) -> (bytes: [UInt8], snapshot: FileSnapshot) {
    try withRegularFile(path) { (descriptor, info) throws(FolioError) in
      // Room for the whole file and one more read that finds its end, reserved up front: growing
      // the array while reading would briefly need twice the file.
      var bytes: [UInt8] = []
      bytes.reserveCapacity(Int(info.st_size) + chunkSize)
      var hash = FileSnapshot.emptyHash
      try readChunks(descriptor, path: path) { chunk in
        bytes.append(contentsOf: chunk)
        hash = FileSnapshot.hash(chunk, continuing: hash)
      }
      return (bytes, snapshot(info, hash: hash))
    }
  }

  /// The current snapshot of a file, or nil when it no longer exists. The content is hashed
  /// as it streams by, never held whole.
  ///
  /// - Throws: `FolioError.io` when it exists but cannot be read.
  public static func currentSnapshot(of path: String) throws(FolioError) -> FileSnapshot? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT { return nil }
      throw .io(path, "cannot check: \(lastError)")
    }
    return try withRegularFile(path) { (descriptor, info) throws(FolioError) in
      var hash = FileSnapshot.emptyHash
      try readChunks(descriptor, path: path) { hash = FileSnapshot.hash($0, continuing: hash) }
      return snapshot(info, hash: hash)
    }
  }

  private static let chunkSize = 64 * 1024

  /// Opens a regular file for reading and hands its descriptor and status to `body`.
  private static func withRegularFile<T>(
    _ path: String, _ body: (Int32, stat) throws(FolioError) -> T
  ) throws(FolioError) -> T {
    // O_NONBLOCK keeps a FIFO from blocking the open; it is refused below anyway.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw .io(path, "cannot open: \(lastError)") }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .io(path, "cannot open: \(lastError)") }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return try body(descriptor, info)
    case S_IFDIR: throw .io(path, "cannot open: is a folder")
    default: throw .io(path, "cannot open: not a regular file")
    }
  }

  /// Reads a descriptor to its end, handing each chunk to `consume`.
  private static func readChunks(
    _ descriptor: Int32, path: String, _ consume: (UnsafeRawBufferPointer) -> Void
  ) throws(FolioError) {
    var buffer = [UInt8](repeating: 0, count: chunkSize)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        buffer.withUnsafeBytes { consume(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
      } else if count == 0 {
        return
      } else if errno != EINTR && errno != EAGAIN {
        throw .io(path, "cannot read: \(lastError)")
      }
    }
  }

  /// Writes bytes to `path` atomically: a temporary file in the same folder, flushed to disk,
  /// renamed over the target, then the folder flushed. A symbolic link stays a link: the file
  /// it points to is replaced. The mode of an existing file is kept; a new file gets
  /// `newFileMode` less the umask.
  ///
  /// - Returns: the snapshot of the written file.
  /// - Throws: `FolioError.io` naming the path and the reason (a full disk too); the target
  ///   is then untouched and no temporary file is left.
  @discardableResult
  public static func writeAtomically(_ bytes: [UInt8], to path: String, newFileMode: mode_t = 0o666)
    throws(FolioError) -> FileSnapshot
  {
    let target = resolvedTarget(path)
    let directory = directoryPath(of: target)
    let temporary =
      directory + "/." + fileName(of: target) + temporaryMarker + "\(getpid())-\(nextSequence())"
    var existing = stat()
    let existingMode: mode_t? = stat(target, &existing) == 0 ? existing.st_mode & 0o7777 : nil
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, existingMode ?? newFileMode)
    guard descriptor >= 0 else { throw .io(path, "cannot save: \(lastError)") }
    var succeeded = false
    defer {
      if !succeeded { unlink(temporary) }
    }
    do {
      defer { close(descriptor) }
      try writeAll(bytes, to: descriptor, path: path)
      if let existingMode, fchmod(descriptor, existingMode) != 0 {
        throw FolioError.io(path, "cannot keep the file's permissions: \(lastError)")
      }
      guard fsync(descriptor) == 0 else { throw FolioError.io(path, "cannot save: \(lastError)") }
    }
    guard rename(temporary, target) == 0 else { throw .io(path, "cannot save: \(lastError)") }
    succeeded = true
    syncDirectory(directory)
    var info = stat()
    guard stat(target, &info) == 0 else { throw .io(path, "cannot check the saved file: \(lastError)") }
    return snapshot(info, hash: FileSnapshot.hash(bytes))
  }

  /// Copies a file's bytes to a new path atomically (used to "save as" an unedited document
  /// byte for byte).
  @discardableResult
  public static func copy(_ source: String, to destination: String) throws(FolioError) -> FileSnapshot {
    try writeAtomically(read(source).bytes, to: destination)
  }

  /// Renames a file unless the new name exists; never replaces anything.
  ///
  /// - Throws: `FolioError.conflict` when `to` exists, `FolioError.io` otherwise.
  public static func renameWithoutReplacing(_ from: String, to: String) throws(FolioError) {
    guard folio_rename_noreplace(from, to) == 0 else {
      if errno == EEXIST { throw FolioError(.conflict, "'\(fileName(of: to))' already exists") }
      throw .io(from, "cannot rename: \(lastError)")
    }
    syncDirectory(directoryPath(of: to))
  }

  /// Whether a path exists (as anything, a dangling link too).
  public static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// Removes temporary files that interrupted saves of `path` left behind: those whose
  /// process is gone. Called when a document is opened.
  public static func removeStaleTemporaryFiles(for path: String) {
    let target = resolvedTarget(path)
    let prefix = "." + fileName(of: target) + temporaryMarker
    let directory = directoryPath(of: target)
    guard let handle = opendir(directory) else { return }
    defer { closedir(handle) }
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name.hasPrefix(prefix) else { continue }
      let owner = name.dropFirst(prefix.count).prefix { $0 != "-" }
      guard let pid = pid_t(owner), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
      unlink(directory + "/" + name)
    }
  }

  /// The last path component.
  static func fileName(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// The folder of a path (`.` for a bare name).
  static func directoryPath(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The file a path names once symbolic links are followed; the path itself when it does
  /// not exist yet.
  static func resolvedTarget(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FolioError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        let reason = errno == ENOSPC ? "the disk is full" : lastError
        throw .io(path, "cannot save: \(reason)")
      }
    }
  }

  private static func syncDirectory(_ directory: String) {
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  private static func snapshot(_ info: stat, hash: UInt64) -> FileSnapshot {
    FileSnapshot(
      size: Int(info.st_size), modifiedSeconds: Int(info.st_mtim.tv_sec),
      modifiedNanoseconds: Int(info.st_mtim.tv_nsec), device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
      mode: UInt32(info.st_mode & 0o7777), contentHash: hash)
  }

  private static let sequence = Atomic<Int>(0)
  private static func nextSequence() -> Int {
    sequence.add(1, ordering: .relaxed).newValue
  }

  private static var lastError: String { String(cString: strerror(errno)) }
}
