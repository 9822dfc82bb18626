#if canImport(Glibc)
  import Glibc
#endif

extension DocumentFile {
  /// How much older than its snapshot a file's modification and change times must be for its
  /// status alone to show it unchanged: one second, in nanoseconds, coarser than the times
  /// of any file system Folio is likely to meet (most keep nanoseconds, but move them on
  /// only at each tick of the kernel's clock; some keep whole seconds or two).
  public static let racyMargin = 1_000_000_000

  /// How a file compares with a snapshot of it.
  public enum Check: Equatable, Sendable {
    /// It holds what the snapshot describes. `readWhole` says whether it had to be read and
    /// hashed to know it, its status alone not being enough.
    case unchanged(readWhole: Bool)
    /// Its size or content differ.
    case changed
    /// It no longer exists.
    case deleted
  }

  /// Whether the file at `path` still holds what `known` describes — the check before a
  /// save, as git checks its index.
  ///
  /// The file's status is trusted alone when its device, inode, size, modification time
  /// and status change time (both to the nanosecond) are those of the snapshot, and both
  /// times are older than the moment the snapshot's status was taken by more than
  /// `racyMargin`. Any change made after that moment then moves the change time, which no
  /// program can set: a `touch -d` or `touch -r` that puts the modification time back does
  /// not hide a change. Otherwise — any field differs, or the file was "racily clean", its
  /// times so close to the snapshot that a change in the same tick of the file system's
  /// clock would leave them as they were — the file is read and hashed, and compared by
  /// size and content hash.
  ///
  /// - Throws: `FolioError.io` when the file exists but its status cannot be read.
  public static func check(_ path: String, against known: FileSnapshot) throws(FolioError) -> Check {
    // The status of an open descriptor, not of the path: opening makes a network file system
    // (NFS's close-to-open rule) fetch the file's attributes again rather than answer from
    // its cache, where another host's change would not show yet. Non-blocking, so that a
    // FIFO put in the file's place does not wait for a writer.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      if errno == ENOENT { return .deleted }
      throw .io(path, "cannot check: \(lastError)")
    }
    var info = stat()
    let status = fstat(descriptor, &info)
    close(descriptor)
    guard status == 0 else { throw .io(path, "cannot check: \(lastError)") }
    if statusShowsUnchanged(info, known) { return .unchanged(readWhole: false) }
    guard let current = try currentSnapshot(of: path) else { return .deleted }
    return current.size == known.size && current.contentHash == known.contentHash
      ? .unchanged(readWhole: true) : .changed
  }

  /// Whether a file's status alone shows it unchanged since `known`: see `check(_:against:)`.
  static func statusShowsUnchanged(_ info: stat, _ known: FileSnapshot) -> Bool {
    guard Int(info.st_size) == known.size, UInt64(info.st_ino) == known.inode,
      UInt64(info.st_dev) == known.device,
      Int(info.st_mtim.tv_sec) == known.modifiedSeconds,
      Int(info.st_mtim.tv_nsec) == known.modifiedNanoseconds,
      Int(info.st_ctim.tv_sec) == known.changedSeconds,
      Int(info.st_ctim.tv_nsec) == known.changedNanoseconds
    else { return false }
    // Times past the year 2262 or before 1677 do not fit in nanoseconds: such a file is read.
    guard let modified = nanoseconds(known.modifiedSeconds, known.modifiedNanoseconds),
      let changed = nanoseconds(known.changedSeconds, known.changedNanoseconds)
    else { return false }
    return max(modified, changed) < known.takenNanoseconds - racyMargin
  }

  /// A time in nanoseconds since the epoch, or nil when it does not fit in an `Int`.
  static func nanoseconds(_ seconds: Int, _ nanoseconds: Int) -> Int? {
    let (scaled, overflowed) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (sum, carried) = scaled.addingReportingOverflow(nanoseconds)
    return overflowed || carried ? nil : sum
  }
}
