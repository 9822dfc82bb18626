#if canImport(Glibc)
  import Glibc
#endif

/// The auto-save journal: the folder `recovery/` in the state folder, holding the unsaved
/// content of documents so that a session killed with unsaved changes loses none of them.
///
/// A document with a file has the journal `KEY.journal`, where KEY is a hash of its file's
/// canonical path; an untitled one, or one whose lock another Folio holds, the session's own
/// `session-PID-WINDOW.journal`. Each is written atomically (mode 0600), and continued by
/// the append-only log `….journal.log` of the changes made since (`JournalLog`). Safety
/// copies of files being written in place are `KEY.backup`.
public struct RecoveryJournal: Sendable {
  /// The journal folder.
  public let folder: String

  /// The journal of the state folder `stateDirectory`.
  public init(stateDirectory: String) {
    folder =
      (stateDirectory.hasSuffix("/") ? String(stateDirectory.dropLast()) : stateDirectory) + "/recovery"
  }

  /// The key of a document file: 16 hex digits of the FNV-1a hash of its canonical path.
  static func key(for canonicalPath: String) -> String {
    let hex = String(FileSnapshot.hash(canonicalPath.utf8), radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The journal file of a document file.
  func journalPath(forDocumentAt path: String) -> String {
    folder + "/" + Self.key(for: DocumentFile.resolvedTarget(path)) + ".journal"
  }

  /// The journal file of this process for a window: for an untitled document, or one whose
  /// lock another Folio holds.
  func journalPath(sessionWindow windowID: Int) -> String {
    folder + "/" + Self.sessionPrefix + "\(getpid())-\(windowID).journal"
  }

  /// How the names of session journals start.
  static let sessionPrefix = "session-"

  /// Where a file written in place keeps its old version meanwhile.
  func backupPath(forDocumentAt path: String) -> String {
    folder + "/" + Self.key(for: DocumentFile.resolvedTarget(path)) + ".backup"
  }

  /// Writes the journal of the document an entry describes atomically to the entry's file,
  /// creating the folder (mode 0700) when missing. The content streams to the file a chunk
  /// at a time as it is made (see `JournalEntry.encoded(content:)`), never held whole.
  ///
  /// - Parameters:
  ///   - content: the document's content; the entry's own `content` is not written.
  ///   - cancellation: checked before each chunk and once more before the rename.
  ///   - progress: with `cancellation`, told after each chunk how many bytes were written.
  /// - Returns: the size of the journal file in bytes.
  /// - Throws: `FolioError.io` when it cannot be written (or what making `content` throws),
  ///   `FolioError.interrupted` once `cancellation` is cancelled; the previous entry is then
  ///   kept.
  func write(
    _ entry: JournalEntry, content: SaveContent, cancellation: CancellationToken? = nil,
    progress: ((Int) -> Void)? = nil
  ) throws(FolioError) -> Int {
    try StateFiles.makeFolder(folder)
    var encoded = entry.encoded(content: content)
    if let cancellation { encoded = encoded.stopping(at: cancellation, progress: progress) }
    return try DocumentFile.writeAtomically(
      encoded, to: entry.file, newFileMode: 0o600, faults: "journal", cancellation: cancellation
    ).size
  }

  /// The entry in a journal file, with the changes of its log applied; nil when there is
  /// none or it is not a complete journal. A log that cannot be applied is left out: the
  /// journal as it was written is what is recovered then.
  func entry(at file: String) -> JournalEntry? {
    guard DocumentFile.exists(file), let bytes = try? DocumentFile.read(file).bytes,
      var entry = JournalEntry(file: file, bytes: consume bytes)
    else { return nil }
    guard let id = entry.logID else { return entry }
    var recovered: [UInt8] = []
    guard let log = JournalLog.read(journal: file, id: id), !log.deltas.isEmpty,
      let content = try? JournalDelta.apply(
        log.deltas, to: entry.format.decode(entry.content), shape: log.shape),
      (try? entry.format.saveContent(content, from: entry.format).write { recovered.append(contentsOf: $0) })
        != nil
    else { return entry }
    entry.content = recovered
    return entry
  }

  /// Every readable entry, oldest first.
  func entries() -> [JournalEntry] {
    fileNames(endingWith: ".journal").compactMap { entry(at: folder + "/" + $0) }
      .sorted { ($0.time, $0.file) < ($1.time, $1.file) }
  }

  /// The safety copies left by saves in place that did not finish.
  func backups() -> [String] {
    fileNames(endingWith: ".backup").map { folder + "/" + $0 }
  }

  /// Removes a journal (and its log) or backup file; a missing one is fine.
  func remove(_ file: String) {
    unlink(file)
    unlink(JournalLog.path(ofJournal: file))
  }

  /// Removes a journal this process wrote (and its log), unless its header now names
  /// another writer: a document's keyed journal that another Folio wrote since, having
  /// taken the lock this one lost, is that Folio's.
  func removeOwn(_ file: String) {
    if let writer = JournalEntry.writer(ofFile: file), !writer.isThisProcess { return }
    remove(file)
  }

  private func fileNames(endingWith suffix: String) -> [String] {
    let names = DocumentFile.entryNames(inFolder: folder) ?? []
    return names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.sorted()
  }
}
