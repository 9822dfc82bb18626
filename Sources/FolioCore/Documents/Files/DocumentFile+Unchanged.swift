import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

extension DocumentFile {
  /// How much older than the file system's clock at the moment of its snapshot a file's
  /// modification and change times must be for its status alone to show it unchanged: two
  /// seconds, in nanoseconds — the coarsest times of a file system Folio is likely to meet
  /// (FAT keeps them to two seconds; most keep nanoseconds but move them on only at each tick
  /// of the kernel's clock).
  public static let racyMargin = 2_000_000_000

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

  /// A time the file system gave, and when, for reckoning its clock at an earlier moment.
  struct FileSystemTime: Equatable, Sendable {
    /// The status change time of a file the file system created then, in nanoseconds since
    /// 1970: its clock, which stamps every change of the files beside it.
    var stamp: Int
    /// This machine's boot clock (`bootClock()`) read just after the stamp was given.
    var bootClock: Int
    /// This machine's own clock (`realClock()`) read with `bootClock`.
    var realClock: Int
    /// The device of the file system that gave the stamp; nil for this machine's clock.
    var device: UInt64?

    /// Whether this machine's own clock kept pace with its boot clock since `snapshot` was
    /// taken (to within a tenth of a second): when it was stepped (by NTP, by hand, or on a
    /// virtual machine's resume), the file system's clock may have been too, and the
    /// reckoning cannot be trusted.
    func clocksAgree(since snapshot: FileSnapshot) -> Bool {
      let (boot, bootOverflowed) = bootClock.subtractingReportingOverflow(snapshot.takenOnBootClock)
      let (real, realOverflowed) = realClock.subtractingReportingOverflow(snapshot.takenOnRealClock)
      guard !bootOverflowed, !realOverflowed else { return false }
      let (drift, overflowed) = real.subtractingReportingOverflow(boot)
      return !overflowed && drift.magnitude <= 100_000_000
    }

    /// The file system's clock when the boot clock read `moment`, at the earliest: the stamp
    /// less the time elapsed since, as this machine counts it. Nil when that does not fit in
    /// an `Int`.
    func reckoned(at moment: Int) -> Int? {
      let (elapsed, overflowed) = bootClock.subtractingReportingOverflow(moment)
      let (time, carried) = stamp.subtractingReportingOverflow(elapsed)
      return overflowed || carried ? nil : time
    }
  }

  /// The file system's clock now, as it stamps the files of the folder `path` is in: the
  /// change time of an empty file created there and removed at once (named as a save's
  /// temporary file, so that one left by a crash is removed as those are). Nil when no file
  /// can be created there (a read-only folder), or removed again (an append-only one: the
  /// time is not used then, and no more are made beside it).
  static func fileSystemTime(besideFile path: String) -> FileSystemTime? {
    let target = resolvedTarget(path)
    let probe =
      directoryPath(of: target) + "/." + fileName(of: target) + temporaryMarker
      + "\(getpid())-\(nextSequence())"
    let folder = directoryPath(of: target)
    guard !unremovableProbeFolders.withLock({ $0.contains(folder) }) else { return nil }
    let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    var info = stat()
    let status = fstat(descriptor, &info)
    close(descriptor)
    var removed = unlink(probe) == 0
    while !removed && errno == EINTR { removed = unlink(probe) == 0 }
    guard removed else {
      unremovableProbeFolders.withLock { _ = $0.insert(folder) }
      return nil
    }
    guard status == 0, let stamp = nanoseconds(Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)) else {
      return nil
    }
    return FileSystemTime(
      stamp: stamp, bootClock: bootClock(), realClock: realClock(), device: UInt64(info.st_dev))
  }

  /// Folders where a probe of `fileSystemTime(besideFile:)` could not be removed: none is
  /// made there again in this process.
  private static let unremovableProbeFolders = Mutex<Set<String>>([])

  /// Whether the file at `path` still holds what `known` describes — the check before a
  /// save, as git checks its index.
  ///
  /// The file's status is trusted alone when its device, inode, size, modification time
  /// and status change time (both to the nanosecond) are those of the snapshot, and both
  /// times are older by more than `racyMargin` than the file system's clock at the moment
  /// the snapshot's status was taken. Any change made after that moment then moves the change
  /// time, which no program can set: a `touch -d` or `touch -r` that puts the modification
  /// time back does not hide a change. Otherwise — any field differs, or the file was
  /// "racily clean", its times so close to the snapshot that a change in the same tick of the
  /// file system's clock would leave them as they were — the file is read and hashed, and
  /// compared by size and content hash.
  ///
  /// The file system's clock, not this machine's, stamps the file (on a network file system,
  /// the server's), so the two are never compared: its clock at the snapshot is reckoned
  /// from a time it gives now (`fileSystemTime(besideFile:)`, asked only when the status
  /// matches) less the time elapsed since the snapshot on this machine's boot clock. Only the
  /// rate of the two clocks must agree, not their settings; a file system that gives no time
  /// (a read-only folder) has its files read.
  ///
  /// - Throws: `FolioError.io` when the file exists but its status cannot be read.
  public static func check(_ path: String, against known: FileSnapshot) throws(FolioError) -> Check {
    var kept = known
    return try check(path, refreshing: &kept) { fileSystemTime(besideFile: path) }
  }

  /// Checks the file at `path` against `known` as `check(_:against:)` does, asking
  /// `fileSystemTime` for the file system's clock, and replaces `known` with the file's new
  /// snapshot when it had to be read and holds the same content: a status that changed
  /// without the content (a `touch`, a copy of the same bytes put in its place), or times
  /// that were racily clean. Only a new snapshot whose own status can be trusted from now on
  /// replaces it; one still within the margin would be read again all the same.
  ///
  /// - Throws: `FolioError.io` when the file exists but its status cannot be read.
  static func check(
    _ path: String, refreshing known: inout FileSnapshot, fileSystemTime: () -> FileSystemTime?
  ) throws(FolioError) -> Check {
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
    var time: FileSystemTime??
    func currentTime() -> FileSystemTime? {
      if let time { return time }
      let asked = fileSystemTime()
      time = .some(asked)
      return asked
    }
    if statusMatches(info, known), let now = currentTime(), isSettled(known, at: now) {
      return .unchanged(readWhole: false)
    }
    guard let current = try currentSnapshot(of: path) else { return .deleted }
    guard current.size == known.size, current.contentHash == known.contentHash else { return .changed }
    if let now = currentTime(), isSettled(current, at: now) { known = current }
    return .unchanged(readWhole: true)
  }

  /// Whether a file's status is the one `known` describes: the same device, inode, size,
  /// and modification and change times to the nanosecond.
  static func statusMatches(_ info: stat, _ known: FileSnapshot) -> Bool {
    Int(info.st_size) == known.size && UInt64(info.st_ino) == known.inode
      && UInt64(info.st_dev) == known.device
      && Int(info.st_mtim.tv_sec) == known.modifiedSeconds
      && Int(info.st_mtim.tv_nsec) == known.modifiedNanoseconds
      && Int(info.st_ctim.tv_sec) == known.changedSeconds
      && Int(info.st_ctim.tv_nsec) == known.changedNanoseconds
  }

  /// Whether a snapshot's times are older by more than `racyMargin` than the file system's
  /// clock when it was taken, reckoned from `now`: then any later change moves them.
  static func isSettled(_ snapshot: FileSnapshot, at now: FileSystemTime) -> Bool {
    // Times past the year 2262 or before 1677 do not fit in nanoseconds: such a file is read.
    // The stamp must come from the file's own file system (not the folder's, when the file
    // is a mount point of its own), and neither clock may have been stepped since.
    guard now.device.map({ $0 == snapshot.device }) ?? true, now.clocksAgree(since: snapshot),
      let modified = nanoseconds(snapshot.modifiedSeconds, snapshot.modifiedNanoseconds),
      let changed = nanoseconds(snapshot.changedSeconds, snapshot.changedNanoseconds),
      let taken = now.reckoned(at: snapshot.takenOnBootClock)
    else { return false }
    let (limit, overflowed) = taken.subtractingReportingOverflow(racyMargin)
    return !overflowed && max(modified, changed) < limit
  }

  /// A time in nanoseconds since the epoch, or nil when it does not fit in an `Int`.
  static func nanoseconds(_ seconds: Int, _ nanoseconds: Int) -> Int? {
    let (scaled, overflowed) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (sum, carried) = scaled.addingReportingOverflow(nanoseconds)
    return overflowed || carried ? nil : sum
  }
}
