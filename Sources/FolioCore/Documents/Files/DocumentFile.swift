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
  /// - Parameter cancellation: checked after each 64 KiB read.
  /// - Throws: `FolioError.io` naming the path when it is missing, not a regular file, or
  ///   unreadable; `FolioError.interrupted` once `cancellation` is cancelled.
  public static func read(
    _ path: String, cancellation: CancellationToken? = nil
  ) throws(FolioError) -> (bytes: [UInt8], snapshot: FileSnapshot) {
    try withRegularFile(path, verb: "open") { (descriptor, info, taken) throws(FolioError) in
      // Room for the whole file and one more read that finds its end, reserved up front: growing
      // the array while reading would briefly need twice the file.
      var bytes: [UInt8] = []
      bytes.reserveCapacity(Int(info.st_size) + chunkSize)
      var hasher = ContentHasher()
      try readChunks(descriptor, path: path) { (chunk) throws(FolioError) in
        try cancellation?.check()
        bytes.append(contentsOf: chunk)
        hasher.combine(chunk)
      }
      return (bytes, snapshot(info, hash: hasher.finalize(), taken: taken))
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
    return try withRegularFile(path, verb: "open") { (descriptor, info, taken) throws(FolioError) in
      var hasher = ContentHasher()
      try readChunks(descriptor, path: path) { hasher.combine($0) }
      return snapshot(info, hash: hasher.finalize(), taken: taken)
    }
  }

  private static let chunkSize = 64 * 1024

  /// The bytes of a regular file of at most `limit` bytes: a script, the history, a plugin's
  /// source — the reads that are not documents.
  ///
  /// A FIFO, a device such as `/dev/zero` or a folder is refused without reading it (nor
  /// waiting for a FIFO's writer), and reading stops once the file passes `limit`, also when
  /// it grows while being read.
  ///
  /// - Throws: `FolioError.io` naming the path and the system's reason, what the path is when
  ///   it is not a regular file, or its size and the limit.
  public static func readAll(_ path: String, limit: Int) throws(FolioError) -> [UInt8] {
    try withRegularFile(path, verb: "read") { (descriptor, info, _) throws(FolioError) in
      func tooLarge(_ size: Int) -> FolioError {
        .io(path, "cannot read: \(size) bytes or more, over the limit of \(limit) bytes")
      }
      guard info.st_size <= limit else { throw tooLarge(Int(info.st_size)) }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(Int(info.st_size))
      try readChunks(descriptor, path: path) { (chunk) throws(FolioError) in
        guard bytes.count + chunk.count <= limit else { throw tooLarge(bytes.count + chunk.count) }
        bytes.append(contentsOf: chunk)
      }
      return bytes
    }
  }

  /// Opens a regular file for reading and hands its descriptor, its status and when the
  /// status was taken (`clocks()` just before it) to `body`; the error for anything else says
  /// what it is (`cannot VERB: a FIFO, not a regular file`).
  private static func withRegularFile<T>(
    _ path: String, verb: String, _ body: (Int32, stat, ClockReading) throws(FolioError) -> T
  ) throws(FolioError) -> T {
    // O_NONBLOCK keeps a FIFO from blocking the open; it is refused below anyway.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw .io(path, "cannot \(verb): \(lastError)") }
    defer { close(descriptor) }
    var info = stat()
    let taken = clocks()
    guard fstat(descriptor, &info) == 0 else { throw .io(path, "cannot \(verb): \(lastError)") }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return try body(descriptor, info, taken)
    case S_IFDIR: throw .io(path, "cannot \(verb): is a folder")
    case S_IFIFO: throw .io(path, "cannot \(verb): a FIFO, not a regular file")
    case S_IFCHR, S_IFBLK: throw .io(path, "cannot \(verb): a device, not a regular file")
    default: throw .io(path, "cannot \(verb): not a regular file")
    }
  }

  /// Opens a file to write it — the REPL's history, a recording — only when it is a regular
  /// file or is created: a FIFO, which a plain `open` for writing would block on until a
  /// reader came, a device or a folder is refused without waiting. The file is opened with
  /// `O_NONBLOCK` (a FIFO without a reader fails at once, one with a reader is refused by
  /// its status) and made blocking again once it is known to be a regular file.
  ///
  /// - Parameters:
  ///   - flags: the `open` flags besides `O_CLOEXEC` and `O_NONBLOCK`: `O_WRONLY` with
  ///     `O_CREAT`, `O_APPEND`, `O_TRUNC` or `O_EXCL` as needed.
  ///   - verb: what the error says could not be done (`write history`, `record`).
  /// - Returns: the descriptor; -1 with `errno` set when `open` failed for another reason
  ///   (`EEXIST` for `O_EXCL`, `EACCES`), for the caller to phrase.
  /// - Throws: `FolioError.io` naming the path and what it is when it is not a regular file.
  public static func openRegularFileForWriting(_ path: String, flags: Int32, mode: mode_t, verb: String)
    throws(FolioError) -> Int32
  {
    func refusal(_ mode: mode_t) -> FolioError {
      .io(path, "cannot \(verb): it is \(kind(of: mode)), not a regular file")
    }
    var info = stat()
    if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
      throw refusal(info.st_mode)
    }
    let descriptor = open(path, flags | O_CLOEXEC | O_NONBLOCK, mode)
    guard descriptor >= 0 else {
      // A FIFO no one reads: opening it to write without blocking fails so.
      if errno == ENXIO { throw refusal(S_IFIFO) }
      return -1
    }
    guard fstat(descriptor, &info) == 0 else {
      let code = errno
      close(descriptor)
      errno = code
      return -1
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw refusal(info.st_mode)
    }
    let status = fcntl(descriptor, F_GETFL)
    if status >= 0 { _ = fcntl(descriptor, F_SETFL, status & ~O_NONBLOCK) }
    return descriptor
  }

  /// Reads a descriptor to its end, handing each chunk to `consume`.
  private static func readChunks(
    _ descriptor: Int32, path: String, _ consume: (UnsafeRawBufferPointer) throws(FolioError) -> Void
  ) throws(FolioError) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
    defer { buffer.deallocate() }
    while true {
      let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
      if count > 0 {
        try consume(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
      } else if count == 0 {
        return
      } else if errno != EINTR && errno != EAGAIN {
        throw .io(path, "cannot read: \(lastError)")
      }
    }
  }

  /// Writes bytes to `path` atomically: a temporary file in the same folder, flushed to disk,
  /// renamed over the target, then the folder flushed. A symbolic link stays a link: the file
  /// it points to is replaced. Only a regular file is ever replaced
  /// (`replaceableFile(at:path:)`). The mode and owner of an existing file are kept; a new file
  /// gets `newFileMode` less the umask.
  ///
  /// - Parameter faults: the prefix of the fault points this write reaches (`save`,
  ///   `journal`), or nil for none.
  /// - Returns: the snapshot of the written file.
  /// - Throws: `FolioError.io` naming the path and the reason (a full disk too); the target
  ///   is then untouched and no temporary file is left — except when only the final flush of
  ///   the folder failed, when the new file is in place but may not survive a power cut.
  @discardableResult
  public static func writeAtomically(
    _ bytes: [UInt8], to path: String, newFileMode: mode_t = 0o666, faults: String? = nil
  ) throws(FolioError) -> FileSnapshot {
    try writeAtomically(SaveContent(bytes), to: path, newFileMode: newFileMode, faults: faults)
  }

  /// Writes content to `path` atomically as `writeAtomically(_:to:newFileMode:faults:)` writes
  /// bytes, streaming it to the temporary file a chunk at a time.
  ///
  /// - Parameter cancellation: checked before each chunk and once more just before the
  ///   rename; when it is cancelled the temporary file is removed and the target untouched.
  /// - Throws: as the bytes' overload, and `FolioError.interrupted` when `cancellation` was
  ///   cancelled before the rename.
  @discardableResult
  public static func writeAtomically(
    _ content: SaveContent, to path: String, newFileMode: mode_t = 0o666, faults: String? = nil,
    cancellation: CancellationToken? = nil
  ) throws(FolioError) -> FileSnapshot {
    let target = resolvedTarget(path)
    let found = try replaceableFile(at: target, path: path)
    switch try replace(
      content, path: path, target: target, existing: found, newFileMode: newFileMode, faults: faults,
      cancellation: cancellation)
    {
    case .replaced(let snapshot): return snapshot
    case .impossible(let reason): throw .io(path, "cannot save: \(reason)")
    }
  }

  /// How an attempt to replace a file atomically ended, when it did not throw.
  enum Replacement {
    case replaced(FileSnapshot)
    /// Atomic replacement cannot work for this file (a read-only folder, an owner Folio
    /// cannot give a new file, a file mounted on its own); nothing was changed.
    case impossible(String)
  }

  /// Writes a temporary file beside `target` and renames it over `target`.
  ///
  /// - Parameters:
  ///   - cancellation: checked once the temporary file is flushed, before the rename: the
  ///     last moment the write can be given up, leaving `target` as it was.
  ///   - beforeReplacing: called after that, just before the rename; throwing gives the
  ///     write up as a cancellation does.
  static func replace(
    _ content: SaveContent, path: String, target: String, existing: stat?, newFileMode: mode_t,
    faults: String?, cancellation: CancellationToken? = nil,
    beforeReplacing: (() throws(FolioError) -> Void)? = nil
  ) throws(FolioError) -> Replacement {
    let directory = directoryPath(of: target)
    let temporary =
      directory + "/." + fileName(of: target) + temporaryMarker + "\(getpid())-\(nextSequence())"
    let existingMode = existing.map { $0.st_mode & 0o7777 }
    let step = Steps(prefix: faults)
    var descriptor: Int32 = -1
    if let code = step.reach("create") {
      errno = code
    } else {
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, existingMode ?? newFileMode)
    }
    guard descriptor >= 0 else {
      if existing != nil, errno == EACCES || errno == EPERM {
        return .impossible("cannot create a file in its folder (\(lastError))")
      }
      throw .io(path, "cannot save: \(describe(errno))")
    }
    var succeeded = false
    defer {
      if !succeeded { unlink(temporary) }
    }
    let written: (size: Int, hash: UInt64)
    do {
      defer { close(descriptor) }
      written = try writeAll(content, to: descriptor, path: path, step: step.name("write"))
      if let existing {
        var created = stat()
        fstat(descriptor, &created)
        if created.st_uid != existing.st_uid || created.st_gid != existing.st_gid,
          fchown(descriptor, existing.st_uid, existing.st_gid) != 0
        {
          guard errno == EPERM else {
            throw FolioError.io(path, "cannot keep the file's owner: \(lastError)")
          }
          return .impossible(
            "a new file cannot have its owner (uid \(existing.st_uid), gid \(existing.st_gid))")
        }
      }
      // After fchown, which clears set-user-ID bits.
      if let existingMode, fchmod(descriptor, existingMode) != 0 {
        throw FolioError.io(path, "cannot keep the file's permissions: \(lastError)")
      }
      try flush(descriptor, path: path, step: step.name("fsync"))
    }
    try cancellation?.check()
    try beforeReplacing?()
    if let code = step.reach("rename") {
      errno = code
    } else if rename(temporary, target) == 0 {
      succeeded = true
    }
    guard succeeded else {
      // A file mounted on its own (as containers mount single files) cannot be renamed over.
      if existing != nil, errno == EXDEV || errno == EBUSY {
        return .impossible("it is on another file system than its folder (\(lastError))")
      }
      throw .io(path, "cannot save: \(describe(errno))")
    }
    let folderFailure = step.reach("sync-folder") ?? syncDirectory(directory)
    if let folderFailure {
      throw .io(
        path,
        "saved, but flushing its folder to disk failed (\(describe(folderFailure))); the new version may "
          + "not survive a power cut: save again")
    }
    _ = step.reach("done")
    var info = stat()
    let taken = clocks()
    guard stat(target, &info) == 0 else { throw .io(path, "cannot check the saved file: \(lastError)") }
    return .replaced(snapshot(info, hash: written.hash, taken: taken))
  }

  /// The fault points of one write, named under a prefix.
  struct Steps {
    var prefix: String?

    func name(_ step: String) -> String? { prefix.map { "\($0).\(step)" } }

    func reach(_ step: String) -> Int32? {
      guard let prefix else { return nil }
      return FaultPoint.reach("\(prefix).\(step)")
    }
  }

  /// Renames a file unless the new name exists; never replaces anything.
  ///
  /// - Throws: `FolioError.conflict` when `to` exists, `FolioError.io` otherwise.
  public static func renameWithoutReplacing(_ from: String, to: String) throws(FolioError) {
    guard folio_rename_noreplace(from, to) == 0 else {
      if errno == EEXIST { throw FolioError(.conflict, "'\(fileName(of: to))' already exists") }
      throw .io(from, "cannot rename: \(lastError)")
    }
    _ = syncDirectory(directoryPath(of: to))
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
    removeStaleTemporaryFiles(
      in: directoryPath(of: target), prefix: "." + fileName(of: target) + temporaryMarker)
  }

  /// Removes the temporary files of interrupted writes of any file in `folder` whose process
  /// is gone.
  static func removeStaleTemporaryFiles(inFolder folder: String) {
    removeStaleTemporaryFiles(in: folder, prefix: nil)
  }

  /// Removes temporary files named `PREFIX<pid>-<n>` (any `.NAME.folio-save-<pid>-<n>`
  /// without a prefix) whose process is gone.
  private static func removeStaleTemporaryFiles(in directory: String, prefix: String?) {
    for name in entryNames(inFolder: directory) ?? [] {
      let owner: Substring
      if let prefix {
        guard name.hasPrefix(prefix) else { continue }
        owner = name.dropFirst(prefix.count)
      } else {
        guard name.hasPrefix("."), let marker = name.range(ofText: temporaryMarker) else { continue }
        owner = name[marker.upperBound...]
      }
      let pid = owner.prefix { $0 != "-" }
      guard let pid = pid_t(pid), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
      unlink(directory + "/" + name)
    }
  }

  /// The names of a folder's entries, in the order the file system lists them, without `.`
  /// and `..`; nil when the folder cannot be read.
  public static func entryNames(inFolder folder: String) -> [String]? {
    guard let handle = opendir(folder) else { return nil }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  /// The last path component.
  public static func fileName(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// The folder of a path (`.` for a bare name).
  public static func directoryPath(of path: String) -> String {
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

  /// The most bytes `writeAll` writes and then hashes at a time: little enough to be hashed
  /// from the cache the write left them in, rather than read from memory a second time.
  static let writeSliceSize = 256 * 1024

  /// Writes every byte of `content`, chunk by chunk as it is made, reaching the fault point
  /// `step` half-way through the first chunk (all of it, for bytes made beforehand).
  ///
  /// A chunk (the whole file, for an unedited stretch of a table's file) is written and hashed
  /// `writeSliceSize` bytes at a time.
  ///
  /// - Returns: the number of bytes written and their `FileSnapshot` hash.
  static func writeAll(_ content: SaveContent, to descriptor: Int32, path: String, step: String?)
    throws(FolioError) -> (size: Int, hash: UInt64)
  {
    var size = 0
    var hasher = ContentHasher()
    var faultPending = step != nil
    func reachFault() throws(FolioError) {
      faultPending = false
      if let step, let code = FaultPoint.reach(step) { throw .io(path, "cannot save: \(describe(code))") }
    }
    try content.write { (chunk) throws(FolioError) in
      guard let base = chunk.baseAddress, !chunk.isEmpty else { return }
      var offset = 0
      let half = chunk.count / 2
      while offset < chunk.count {
        if faultPending, offset >= half {
          try reachFault()
          continue
        }
        let end = min(faultPending ? half : chunk.count, offset + writeSliceSize)
        var done = offset
        while done < end {
          let written = write(descriptor, base + done, end - done)
          if written > 0 {
            done += written
          } else if written < 0, errno == EINTR {
            continue
          } else {
            throw .io(path, "cannot save: \(describe(errno))")
          }
        }
        hasher.combine(UnsafeRawBufferPointer(start: base + offset, count: end - offset))
        offset = end
      }
      size += chunk.count
    }
    if faultPending { try reachFault() }
    return (size, hasher.finalize())
  }

  /// Flushes a file to disk, reaching the fault point `step` first.
  static func flush(_ descriptor: Int32, path: String, step: String?) throws(FolioError) {
    if let step, let code = FaultPoint.reach(step) {
      throw .io(path, "cannot save: flushing to disk failed: \(describe(code))")
    }
    guard fsync(descriptor) == 0 else {
      throw .io(path, "cannot save: flushing to disk failed: \(describe(errno))")
    }
  }

  /// Flushes a folder's entries to disk.
  ///
  /// - Returns: the error number when that failed; nil on success, or when the folder cannot
  ///   be opened or the file system does not flush folders.
  static func syncDirectory(_ directory: String) -> Int32? {
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    guard fsync(descriptor) != 0, errno != EINVAL, errno != EROFS else { return nil }
    return errno
  }

  /// A system error for messages; a full disk says so plainly.
  static func describe(_ code: Int32) -> String {
    code == ENOSPC ? "the disk is full" : String(cString: strerror(code))
  }

  /// This machine's boot and real clocks, read together.
  struct ClockReading {
    /// `bootClock()`.
    var boot: Int
    /// `realClock()`.
    var real: Int
  }

  /// Both clocks now: what a snapshot is stamped with, read before its status is taken (and
  /// before a file is read and hashed, which for a large file takes longer than the drift
  /// between the two that `FileSystemTime.clocksAgree(since:)` allows).
  static func clocks() -> ClockReading {
    ClockReading(boot: bootClock(), real: realClock())
  }

  /// The snapshot of a file from its status, its content's hash and when the status was
  /// taken (`clocks()` read just before it).
  static func snapshot(_ info: stat, hash: UInt64, taken: ClockReading) -> FileSnapshot {
    FileSnapshot(
      size: Int(info.st_size), modifiedSeconds: Int(info.st_mtim.tv_sec),
      modifiedNanoseconds: Int(info.st_mtim.tv_nsec), changedSeconds: Int(info.st_ctim.tv_sec),
      changedNanoseconds: Int(info.st_ctim.tv_nsec), device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
      mode: UInt32(info.st_mode & 0o7777), contentHash: hash, takenOnBootClock: taken.boot,
      takenOnRealClock: taken.real)
  }

  /// This machine's own clock (`CLOCK_REALTIME`), in nanoseconds since 1970.
  static func realClock() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return nanoseconds(time.tv_sec, time.tv_nsec) ?? .max
  }

  /// This machine's boot clock (`CLOCK_BOOTTIME`: time since boot, asleep included, never
  /// set), in nanoseconds: what snapshots measure the time elapsed since they were taken by.
  static func bootClock() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_BOOTTIME, &time)
    return nanoseconds(time.tv_sec, time.tv_nsec) ?? .max
  }

  /// This machine's clock now, standing in for a file system's where nothing may be made
  /// beside a file to ask its own (`Workspace.checkFile(of:writingBeside:)`).
  static func localTime() -> FileSystemTime? {
    let now = realClock()
    return FileSystemTime(stamp: now, bootClock: bootClock(), realClock: now, device: nil)
  }

  private static let sequence = Atomic<Int>(0)
  /// A number no other temporary file of this process has had, for their names.
  static func nextSequence() -> Int {
    sequence.add(1, ordering: .relaxed).newValue
  }

  static var lastError: String { String(cString: strerror(errno)) }
}
