#if canImport(Glibc)
  import Glibc
#endif

/// Small path helpers over POSIX calls.
enum Paths {
  /// Expands a leading `~` or `~/` to the home folder.
  static func expandingTilde(_ path: String, home: String?) -> String {
    guard let home, path == "~" || path.hasPrefix("~/") else { return path }
    return home + path.dropFirst()
  }

  /// `path` resolved against `directory` unless it is absolute; `.` as the directory leaves a
  /// relative path as it is.
  static func resolve(_ path: String, against directory: String) -> String {
    if path.hasPrefix("/") || directory == "." || directory.isEmpty { return path }
    return directory.hasSuffix("/") ? directory + path : directory + "/" + path
  }

  /// The folder part of a path: `a/b.folio` → `a`, `b.folio` → `.`.
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The absolute path with symbolic links resolved, or nil when the file does not exist.
  static func canonical(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The description of the current `errno`.
  static var lastErrorDescription: String { String(cString: strerror(errno)) }
}

extension Paths {
  /// The environment with `HOME` made dependable: when it is unset or empty, the home folder
  /// the password database gives the user, and when there is none either, no `HOME` at all —
  /// never the current folder or `/`.
  static func withHome(_ environment: [String: String]) -> [String: String] {
    guard (environment["HOME"] ?? "").isEmpty else { return environment }
    var environment = environment
    environment["HOME"] = passwordDatabaseHome()
    return environment
  }

  /// The current user's home folder from the password database, if it names one.
  static func passwordDatabaseHome() -> String? {
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
    let home = String(cString: directory)
    return home.isEmpty || home == "/" ? nil : home
  }

  /// The current working folder.
  static var currentDirectory: String {
    guard let path = getcwd(nil, 0) else { return "." }
    defer { free(path) }
    return String(cString: path)
  }
}
