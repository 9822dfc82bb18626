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

  /// The most `.lua` files, and the deepest folders, a plugin's folder may hold for the
  /// declaration cache to hash them; past either the plugin is loaded without it.
  static let hashedFileLimit = 512
  static let hashedDepthLimit = 8

  /// The paths, relative to `folder` and sorted, of every `.lua` file in it and its
  /// sub-folders — what `require` may load — each with the XXH64 of its bytes; nil when a
  /// folder or file cannot be read or there are too many.
  static func luaFileHashes(in folder: String) -> [(path: String, hash: UInt64)]? {
    var found: [(path: String, hash: UInt64)] = []
    guard collectLuaFiles(in: folder, prefix: "", depth: 0, into: &found) else { return nil }
    return found.sorted { $0.path < $1.path }
  }

  private static func collectLuaFiles(
    in folder: String, prefix: String, depth: Int, into found: inout [(path: String, hash: UInt64)]
  ) -> Bool {
    guard depth <= hashedDepthLimit, let names = DocumentFile.entryNames(inFolder: folder) else {
      return false
    }
    for name in names {
      let path = folder + "/" + name
      if name.hasSuffix(".lua"), isFile(path) {
        guard found.count < hashedFileLimit, let bytes = try? DocumentFile.readAll(path, limit: 16 << 20)
        else {
          return false
        }
        found.append((prefix + name, bytes.withUnsafeBytes { ContentHasher.hash($0) }))
      } else if isDirectory(path) {
        guard collectLuaFiles(in: path, prefix: prefix + name + "/", depth: depth + 1, into: &found) else {
          return false
        }
      }
    }
    return true
  }
}
