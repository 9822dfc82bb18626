#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// A temporary folder a target runs each input in, so that no command reaches a file outside
/// it. It is emptied before each input and removed, with what the last input left, when the
/// process exits.
public struct ScratchFolder: Sendable {
  /// The folder's absolute path.
  public let path: String
  /// The folder libFuzzer was started in, current again between inputs for its corpus paths.
  public let startFolder: String

  /// Makes `/tmp/PREFIX-XXXXXX` and arranges its removal at exit.
  public init(prefix: String) {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("cannot make a temporary folder") }
    path = String(cString: made)
    guard let current = getcwd(nil, 0) else { fatalError("cannot read the current folder") }
    defer { free(current) }
    startFolder = String(cString: current)
    Self.removedAtExit = path
    atexit {
      guard let folder = ScratchFolder.removedAtExit else { return }
      ScratchFolder.empty(folder)
      rmdir(folder)
    }
  }

  /// The one folder a fuzz process makes, for the exit handler (a C function pointer, which
  /// captures nothing).
  nonisolated(unsafe) private static var removedAtExit: String?

  /// Empties the folder and makes it current for one input; `body`'s end goes back to the
  /// start folder.
  public func withInput<Result>(_ body: () throws -> Result) rethrows -> Result {
    Fuzzer.require(chdir(path) == 0, "cannot enter \(path)")
    defer { Fuzzer.require(chdir(startFolder) == 0, "cannot go back to \(startFolder)") }
    Self.empty(path)
    return try body()
  }

  /// Writes the fixture `name` in the current folder afresh.
  public func reset(_ name: String, to text: String) {
    let descriptor = open(name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    Fuzzer.require(descriptor >= 0, "cannot write \(path)/\(name)")
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    Fuzzer.require(write(descriptor, bytes, bytes.count) == bytes.count, "short write of \(name)")
  }

  /// Removes every file in `folder` (what an input left: saved copies, PDFs, drafts).
  private static func empty(_ folder: String) {
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { unlink(folder + "/" + name) }
    }
  }
}
