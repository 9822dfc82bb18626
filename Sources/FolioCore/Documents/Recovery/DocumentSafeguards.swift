/// What a workspace keeps so that nothing is lost between processes and crashes: the locks
/// it holds on its documents, who else holds the others, and what it wrote to the recovery
/// journal. Present only when the workspace has a state folder.
final class DocumentSafeguards {
  /// A journal this session wrote for a document.
  struct Written {
    /// The journal file.
    var file: String
    /// The document's revision it holds, with its log.
    var revision: Int
    /// The size of the journal file and of its log, in bytes.
    var journalSize: Int
    var logSize: Int
  }

  /// The state folder.
  let stateDirectory: String
  /// The journal folder.
  let journal: RecoveryJournal
  /// The locks held, by window.
  var locks: [Int: DocumentLock] = [:]
  /// Documents another live Folio had locked when this one last tried, by window; the
  /// holder is nil when it had not yet said who it is.
  var lockedElsewhere: [Int: DocumentLock.Holder?] = [:]
  /// Documents open unlocked because their lock file's name is taken by something that is
  /// not a regular file, by window: the lock file's path and what it is.
  var unusableLocks: [Int: (path: String, kind: String)] = [:]
  /// The journal file of each locked document, by window, with the path it was worked out
  /// for: its canonical path is resolved once, as the lock is taken, not at every command (a
  /// `realpath` costs a failing `readlink` per component of the path).
  var journalFiles: [Int: (path: String, file: String)] = [:]
  /// The journals this session wrote, by window.
  var written: [Int: Written] = [:]
  /// The last reason each document's journal could not be written, by window, so that a
  /// reason is reported once until a journal of the document is written again.
  var lastJournalFailures: [Int: String] = [:]
  /// The revision of each document, by window, whose whole journal could not be written:
  /// it is not tried again until the document changes, so one failed write of a large
  /// table costs one write, not one more after every command.
  var failedRevisions: [Int: Int] = [:]
  /// Warnings for journals that could not be written inside a command (`journaling`),
  /// waiting for the command's result or the next `journalChanges()`.
  var pendingWarnings: [FolioError] = []
  /// How many journals this session wrote whole, to give each log a new id.
  var journalWrites = 0

  /// How large a journal's log may grow, in bytes, for a journal of `journalSize` bytes,
  /// before the whole journal is written again: twice the journal and 64 KiB, so that
  /// rewriting it costs at most half of what the log took to write.
  static func logLimit(journalSize: Int) -> Int { 2 * journalSize + 65_536 }

  /// Lets go of the lock of window `id`, and forgets who else held it or why it could not
  /// be locked.
  func releaseLock(of id: Int) {
    locks.removeValue(forKey: id)?.release()
    journalFiles[id] = nil
    lockedElsewhere[id] = nil
    unusableLocks[id] = nil
  }

  init(stateDirectory: String) {
    self.stateDirectory = stateDirectory
    journal = RecoveryJournal(stateDirectory: stateDirectory)
  }
}
