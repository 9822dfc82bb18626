import FolioCore
import FolioSession

#if canImport(Glibc)
  import Glibc
#endif

/// The REPL's history file: one entry a line, mode 0600, appended as each line is accepted
/// and cut back to the newest `limit` entries when it grows past twice that.
final class History {
  /// The file; nil when history is not kept (`FOLIO_HISTORY=off`).
  let path: String?
  let limit: Int
  private var count = 0

  /// Creates the history of a file, or none; the folder is created (mode 0700) when missing.
  init(path: String?, limit: Int = 1000) {
    self.path = path
    self.limit = limit
  }

  /// Where history is kept: `FOLIO_HISTORY` (a path, or `off` for nowhere), else `history`
  /// in the state folder.
  static func path(environment: [String: String], stateDirectory: String) -> String? {
    guard let chosen = environment["FOLIO_HISTORY"], !chosen.isEmpty else {
      return stateDirectory + "/history"
    }
    return chosen == "off" ? nil : Paths.expandingTilde(chosen, home: environment["HOME"])
  }

  /// The stored entries, oldest first, at most `limit`.
  func load() -> [String] {
    guard let path, let bytes = try? FileIO.readAll(path) else { return [] }
    let entries = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    count = entries.count
    let kept = Array(entries.suffix(limit))
    if entries.count > limit { rewrite(kept) }
    return kept
  }

  /// Appends an accepted line.
  ///
  /// - Throws: `FolioError.io` when the file cannot be written.
  func append(_ entry: String) throws(FolioError) {
    guard let path else { return }
    let line = entry.replacingText("\n", with: " ") + "\n"
    try Folders.make(Paths.directory(of: path), mode: 0o700)
    // A FIFO or a device in the file's place is refused at once, never waited on.
    let descriptor = try DocumentFile.openRegularFileForWriting(
      path, flags: O_WRONLY | O_APPEND | O_CREAT, mode: 0o600, verb: "write history")
    guard descriptor >= 0 else { throw .io(path, "cannot write history: \(Paths.lastErrorDescription)") }
    defer { close(descriptor) }
    fchmod(descriptor, 0o600)
    var text = line
    let written = text.withUTF8 { write(descriptor, $0.baseAddress, $0.count) }
    guard written == line.utf8.count else {
      throw .io(path, "cannot write history: \(Paths.lastErrorDescription)")
    }
    count += 1
    if count > 2 * limit { _ = load() }  // load cuts the file back to `limit` entries
  }

  /// Replaces the file with `entries`, atomically, keeping mode 0600.
  private func rewrite(_ entries: [String]) {
    guard let path else { return }
    let temporary = path + ".tmp"
    let descriptor =
      (try? DocumentFile.openRegularFileForWriting(
        temporary, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600, verb: "write history")) ?? -1
    guard descriptor >= 0 else { return }
    var text = entries.map { $0 + "\n" }.joined()
    let written = text.withUTF8 { write(descriptor, $0.baseAddress, $0.count) }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    if written == text.utf8.count, synced, rename(temporary, path) == 0 {
      count = entries.count
    } else {
      unlink(temporary)
    }
  }
}
