#if canImport(Glibc)
  import Glibc
#endif

/// Folders on disk.
public enum Folders {
  /// Creates `path` and any of its parents that are missing, as `mkdir -p` does; a folder
  /// that exists is left as it is.
  ///
  /// - Parameters:
  ///   - mode: the permissions of each folder made, less the umask's bits.
  ///   - exactMode: sets each folder made to `mode` whatever the umask (a private folder).
  ///   - subject: what the folder is for, leading the error's message ("state store").
  /// - Throws: `FolioError.io` naming the folder that could not be made and why, or the part
  ///   of the path that is not a folder.
  public static func make(
    _ path: String, mode: mode_t, exactMode: Bool = false, subject: String? = nil
  ) throws(FolioError) {
    // Most calls find it there.
    if isFolder(path) { return }
    let lead = subject.map { $0 + ": " } ?? ""
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      if !prefix.isEmpty && !prefix.hasSuffix("/") { prefix += "/" }
      prefix.append(contentsOf: component)
      if isFolder(prefix) { continue }
      if mkdir(prefix, mode) == 0 {
        if exactMode { chmod(prefix, mode) }
        continue
      }
      let reason = errno
      // Another process may have made it a moment ago.
      if reason == EEXIST, isFolder(prefix) { continue }
      if reason == EEXIST || reason == ENOTDIR {
        throw FolioError(.io, "\(lead)cannot create the folder \(path): \(prefix) is not a folder")
      }
      throw FolioError(.io, "\(lead)cannot create the folder \(prefix): \(String(cString: strerror(reason)))")
    }
  }

  /// Whether `path` names a folder (following symbolic links).
  public static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }
}
