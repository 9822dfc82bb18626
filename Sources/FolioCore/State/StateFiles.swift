import Glibc

/// File-system work around the state database: making its folder and setting a damaged
/// file aside.
enum StateFiles {
  /// The companion files SQLite keeps next to a database, by suffix.
  static let companionSuffixes = ["-wal", "-shm", "-journal"]

  /// Creates `path` and any missing parents with mode 0700 (the state folder is private
  /// whatever the umask); a folder that exists is left as it is.
  ///
  /// - Throws: `FolioError.io` naming the folder that could not be created, or the part of
  ///   the path that is not a folder.
  static func makeFolder(_ path: String) throws(FolioError) {
    try Folders.make(path, mode: 0o700, exactMode: true, subject: "state store")
  }

  /// Why the file at `path` cannot be an SQLite database, judged from its first bytes; `nil`
  /// when it may be one, is empty or missing, or cannot be read (SQLite then reports why).
  ///
  /// This runs before SQLite opens the file: SQLite treats a one-byte file as an empty
  /// database and writes over it, and on closing a file that is not a database it may delete
  /// the `-wal` and `-shm` files that belong with it.
  static func headerProblem(_ path: String) -> String? {
    let magic = Array("SQLite format 3\u{0}".utf8)
    // Non-blocking, so that a FIFO in the file's place (refused by `checkRegularFiles`) never
    // waits for a writer.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var header = [UInt8](repeating: 0, count: magic.count)
    var count = 0
    while count < magic.count {
      let result = header.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress.map { $0 + count }, magic.count - count)
      }
      if result > 0 {
        count += result
      } else if result == 0 {
        break
      } else if errno != EINTR {
        // A folder, for instance; SQLite names the problem when it opens the path.
        return nil
      }
    }
    // Nothing at all is a database not yet written, which SQLite starts afresh.
    if count == 0 { return nil }
    return count == magic.count && header == magic ? nil : "file is not a database"
  }

  /// Throws unless the database at `path` and each of its companion files is a regular file
  /// or absent (through symbolic links, as SQLite follows them): SQLite opens them with a
  /// plain `open`, which a FIFO put in their place would block forever, and a device or a
  /// folder is no database either.
  ///
  /// - Throws: `FolioError.io` naming the file and what it is.
  static func checkRegularFiles(_ path: String) throws(FolioError) {
    for file in [path] + companionSuffixes.map({ path + $0 }) {
      var info = stat()
      guard stat(file, &info) == 0, info.st_mode & S_IFMT != S_IFREG else { continue }
      throw FolioError(
        .io,
        "state store: cannot open \(file): it is \(DocumentFile.kind(of: info.st_mode)), not a regular file",
        values: ["path": file])
    }
  }

  /// Which file a path names, so that a file replaced in the meantime is recognised.
  struct Identity: Equatable {
    var device: UInt64
    var inode: UInt64
  }

  /// The identity of the file at `path` itself (not of what a link points to), if any.
  static func identity(_ path: String) -> Identity? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }

  /// Runs `body` while holding an exclusive lock on `folder`, so that Folio processes
  /// opening the same store take turns at judging and setting aside a damaged file.
  ///
  /// Where the folder cannot be opened or locked, `body` runs without the lock.
  static func withFolderLock<T>(_ folder: String, _ body: () throws(FolioError) -> T)
    throws(FolioError) -> T
  {
    let lock = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if lock >= 0 {
      while flock(lock, LOCK_EX) != 0 && errno == EINTR {}
    }
    // Closing the descriptor releases the lock.
    defer { if lock >= 0 { close(lock) } }
    return try body()
  }

  /// Renames a damaged database and its companion files to `<path>.damaged-<UTC time>`,
  /// adding `-2`, `-3`, … when that name is taken. Callers hold the folder lock.
  ///
  /// - Parameters:
  ///   - path: The database file.
  ///   - time: The time for the new name.
  ///   - expected: The file found damaged.
  /// - Returns: The new path of the database file, or `nil` when `path` no longer names the
  ///   damaged file because someone else set it aside first.
  /// - Throws: `FolioError.io` when a file cannot be renamed; nothing is ever deleted.
  static func setAside(_ path: String, at time: time_t, expecting expected: Identity)
    throws(FolioError) -> String?
  {
    guard identity(path) == expected else { return nil }
    let base = "\(path).damaged-\(utcStamp(time))"
    var target = base
    var attempt = 1
    while exists(target) || companionSuffixes.contains(where: { exists(target + $0) }) {
      attempt += 1
      target = "\(base)-\(attempt)"
    }
    // The companions follow the database: a write-ahead log left beside a fresh database
    // would be replayed into it.
    for suffix in [""] + companionSuffixes where suffix.isEmpty || exists(path + suffix) {
      guard rename(path + suffix, target + suffix) == 0 else {
        throw FolioError(
          .io, "state store: cannot set aside the damaged \(path + suffix): \(describe(errno))")
      }
    }
    return target
  }

  /// `time` as `20250102T030405Z`: sortable, and without the colons some file systems refuse.
  static func utcStamp(_ time: time_t) -> String {
    var seconds = time
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func digits(_ value: Int32, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return digits(parts.tm_year + 1900, 4) + digits(parts.tm_mon + 1, 2) + digits(parts.tm_mday, 2)
      + "T" + digits(parts.tm_hour, 2) + digits(parts.tm_min, 2) + digits(parts.tm_sec, 2) + "Z"
  }

  /// Seconds since 1970 (UTC), with the fraction.
  static func now() -> Double {
    var clock = timespec()
    clock_gettime(CLOCK_REALTIME, &clock)
    return Double(clock.tv_sec) + Double(clock.tv_nsec) / 1_000_000_000
  }

  /// Why this process may not read and write the database at `path` and create its
  /// companion files beside it, or `nil` when the permissions allow it.
  ///
  /// SQLite's own report names the last system call it tried — often a read-only retry
  /// that says "No such file or directory" when the real reason was a permission.
  static func permissionProblem(_ path: String) -> String? {
    if exists(path), access(path, R_OK | W_OK) != 0 {
      return "cannot read and write \(path): \(describe(errno))"
    }
    let folder = folder(of: path)
    if access(folder, W_OK | X_OK) != 0 {
      return "cannot create files in \(folder): \(describe(errno))"
    }
    return nil
  }

  /// Whether anything — file, folder, dangling link — has this name.
  static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  /// The folder that holds `path`.
  private static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
