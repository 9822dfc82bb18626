#if canImport(Glibc)
  import Glibc
#endif

/// The lock that tells other Folio processes a document is being edited here, like
/// LibreOffice's `.~lock.NAME#` or vim's swap file.
///
/// The lock is the file `.~NAME.folio-lock` beside the document (beside the file a symbolic
/// link points to), or, when that folder is read-only, `locks/KEY.lock` in the state folder.
/// It names the process — pid, host, since when — for messages, and its holder keeps an
/// exclusive `flock` on it: the kernel drops that lock when the process ends however it
/// ends, so a lock file nobody holds is stale and is simply taken over.
final class DocumentLock {
  /// Who holds a lock.
  struct Holder: Equatable, Sendable, CustomStringConvertible {
    var pid: Int32
    var host: String
    /// Seconds since 1970 when it was taken.
    var since: Int

    var description: String {
      "pid \(pid) on \(host) since \(DocumentInfo.formatTime(since))"
    }
  }

  /// How an attempt to lock a document ended.
  enum Outcome {
    case acquired(DocumentLock)
    /// A live Folio holds it; nil when it has not yet said who it is.
    case heldByOther(Holder?)
    /// No lock file can be made here or in the state folder; the document opens unlocked.
    case unavailable
    /// The lock file's name is taken by something that is not a regular file (a FIFO, a
    /// folder), which is left alone; the document opens unlocked, and says so.
    case notAFile(path: String, kind: String)
  }

  /// The lock file.
  let path: String
  private var descriptor: Int32

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit { release() }

  /// The lock file's path beside a document.
  static func pathBeside(_ documentPath: String) -> String {
    let target = DocumentFile.resolvedTarget(documentPath)
    return DocumentFile.directoryPath(of: target) + "/.~" + DocumentFile.fileName(of: target) + ".folio-lock"
  }

  /// Locks a document for this process.
  ///
  /// - Parameter stateDirectory: the state folder, for a document in a read-only folder.
  static func acquire(_ documentPath: String, stateDirectory: String?) -> Outcome {
    let beside = pathBeside(documentPath)
    let outcome = acquire(at: beside)
    if case .unavailable = outcome, let stateDirectory {
      let folder = stateDirectory + "/locks"
      try? StateFiles.makeFolder(folder)
      let key = RecoveryJournal.key(for: DocumentFile.resolvedTarget(documentPath))
      return acquire(at: folder + "/" + key + ".lock")
    }
    return outcome
  }

  /// Takes the lock file at `path`, or reports who holds it.
  private static func acquire(at path: String) -> Outcome {
    var existing = stat()
    if lstat(path, &existing) == 0, existing.st_mode & S_IFMT != S_IFREG {
      return .notAFile(path: path, kind: DocumentFile.kind(of: existing.st_mode))
    }
    // Another process may remove the file between our open and our flock; then the lock we
    // got is on a file no one else can see, and we try again.
    for _ in 0..<8 {
      // O_NONBLOCK keeps a FIFO put there since the check from blocking the open.
      var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
      var isWritable = true
      if descriptor < 0, errno == EACCES || errno == EPERM || errno == EROFS {
        // Another user's lock file in a folder we cannot write may still say who holds it.
        descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        isWritable = false
      }
      guard descriptor >= 0 else { return .unavailable }
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
        let holder = readHolder(descriptor)
        close(descriptor)
        return .heldByOther(holder)
      }
      var opened = stat()
      var named = stat()
      guard fstat(descriptor, &opened) == 0, lstat(path, &named) == 0, opened.st_ino == named.st_ino,
        opened.st_dev == named.st_dev
      else {
        close(descriptor)
        continue
      }
      guard opened.st_mode & S_IFMT == S_IFREG else {
        close(descriptor)
        return .notAFile(path: path, kind: DocumentFile.kind(of: opened.st_mode))
      }
      guard isWritable else {
        close(descriptor)
        return .unavailable
      }
      let record = "pid=\(getpid())\nhost=\(hostName)\nsince=\(time(nil))\n"
      _ = ftruncate(descriptor, 0)
      _ = Array(record.utf8).withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
      return .acquired(DocumentLock(path: path, descriptor: descriptor))
    }
    return .unavailable
  }

  /// Who holds the lock file open on `descriptor`; nil while its holder is still writing it.
  private static func readHolder(_ descriptor: Int32) -> Holder? {
    var buffer = [UInt8](repeating: 0, count: 512)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    var fields: [Substring: Substring] = [:]
    for line in String(decoding: buffer.prefix(count), as: UTF8.self).split(separator: "\n") {
      guard let equals = line.firstIndex(of: "=") else { continue }
      fields[line[..<equals]] = line[line.index(after: equals)...]
    }
    guard let pid = fields["pid"].flatMap({ Int32($0) }), let host = fields["host"],
      let since = fields["since"].flatMap({ Int($0) })
    else { return nil }
    return Holder(pid: pid, host: String(host), since: since)
  }

  /// Whether the lock file at `path` is still the one this lock holds: false once someone
  /// deleted it (or replaced it, as another Folio does that makes a new one in its place),
  /// when other Folios no longer see the lock.
  var isStillHeld: Bool {
    guard descriptor >= 0 else { return false }
    var held = stat()
    var named = stat()
    return fstat(descriptor, &held) == 0 && lstat(path, &named) == 0 && held.st_ino == named.st_ino
      && held.st_dev == named.st_dev
  }

  /// Removes the lock file and drops the lock. Releasing twice is harmless. A lock file
  /// that is no longer this lock's (deleted, and another Folio's made in its place) is left
  /// to its holder.
  func release() {
    guard descriptor >= 0 else { return }
    // Unlinked while still locked, so no one takes over a file about to vanish.
    if isStillHeld { unlink(path) }
    close(descriptor)
    descriptor = -1
  }

  /// This machine's name.
  static let hostName: String = {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }()
}
