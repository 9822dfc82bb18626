#if canImport(Glibc)
  import Glibc
#endif

extension DocumentFile {
  /// The status of the file at `target` that a write is about to replace, or nil when there
  /// is none.
  ///
  /// Only regular files are ever replaced: a folder, a device, a FIFO or a socket put in a
  /// document's place (`/dev/null`) is refused, `--force` or not.
  ///
  /// - Parameters:
  ///   - target: The path once symbolic links are followed (`resolvedTarget`).
  ///   - path: The path as given, for messages.
  /// - Throws: `FolioError.io` naming what the file is.
  static func replaceableFile(at target: String, path: String) throws(FolioError) -> stat? {
    var info = stat()
    guard stat(target, &info) == 0 else { return nil }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw .io(path, "cannot replace it: it is \(kind(of: info.st_mode)), not a regular file")
    }
    return info
  }

  /// Throws unless `path` names nothing yet or a regular file, through symbolic links, as
  /// `replaceableFile(at:path:)` does; checked before any other rule so that the error says
  /// what is there.
  static func checkReplaceable(_ path: String) throws(FolioError) {
    _ = try replaceableFile(at: resolvedTarget(path), path: path)
  }

  /// What a file is, from its mode, for messages: "a folder", "a FIFO", ….
  static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: "a regular file"
    case S_IFDIR: "a folder"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "a special file"
    }
  }

  /// Whether an existing file has no write permission for this process, as Vim's `:w`
  /// sees it: the owner's, group's or others' write bit, whichever applies; for root, which
  /// the bits do not stop, no write bit at all. Nil when the file does not exist.
  static func isReadOnly(_ path: String) -> Bool? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    let user = geteuid()
    if user == 0 { return info.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) == 0 }
    return access(path, W_OK) != 0 && errno == EACCES
  }

  /// The status of a file that a save takes once its checks have passed and compares once
  /// more just before it replaces the file (`stamp(of:)`): any change made by another
  /// program while the new version is written — an append, a rewrite, a replacement, a new
  /// file where there was none — moves the size, a time or the inode.
  struct FileStamp: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int
    var changedSeconds: Int
    var changedNanoseconds: Int

    init(_ info: stat) {
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
      size = Int(info.st_size)
      modifiedSeconds = Int(info.st_mtim.tv_sec)
      modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
      changedSeconds = Int(info.st_ctim.tv_sec)
      changedNanoseconds = Int(info.st_ctim.tv_nsec)
    }
  }

  /// The stamp of the file at `path` (through symbolic links), or nil when nothing is there.
  /// It is taken from the file opened when it can be, so that a network file system fetches
  /// it afresh (NFS's close-to-open rule), without blocking on a FIFO.
  ///
  /// - Throws: `FolioError.io` when something is there but its status cannot be read.
  static func stamp(of path: String) throws(FolioError) -> FileStamp? {
    var info = stat()
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    if descriptor >= 0 {
      defer { close(descriptor) }
      guard fstat(descriptor, &info) == 0 else { throw .io(path, "cannot check: \(lastError)") }
      return FileStamp(info)
    }
    guard stat(path, &info) == 0 else {
      if errno == ENOENT { return nil }
      throw .io(path, "cannot check: \(lastError)")
    }
    return FileStamp(info)
  }
}
