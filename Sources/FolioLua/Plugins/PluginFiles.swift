import FolioCore

#if canImport(Glibc)
  import Glibc
#endif

/// The little file access plugin loading needs, without Foundation.
enum PluginFiles {
  /// The text of a regular file of at most 16 MB, or nil when it cannot be read or is not a
  /// regular file (a FIFO, which would block, or a device).
  static func read(_ path: String) -> String? {
    (try? DocumentFile.readAll(path, limit: 16 << 20)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether a regular file exists at the path.
  static func isFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }

  /// Whether a folder exists at the path.
  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// The names of the sub-folders of a folder, sorted; empty when it cannot be read.
  static func subfolders(of directory: String) -> [String] {
    let names = DocumentFile.entryNames(inFolder: directory) ?? []
    return names.filter { !$0.hasPrefix(".") && isDirectory(directory + "/" + $0) }.sorted()
  }
}
