/// What a workspace keeps so that nothing is lost between processes and crashes: the locks
/// it holds on its documents, who else holds the others, and what it wrote to the recovery
/// journal. Present only when the workspace has a state folder.
final class DocumentSafeguards {
  /// A journal this session wrote for a document.
  struct Written {
    /// The journal file.
    var file: String
    /// The document's revision it holds.
    var revision: Int
    /// When it was written (seconds since 1970) and how long writing took.
    var time: Double
    var duration: Double
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
  /// The journals this session wrote, by window.
  var written: [Int: Written] = [:]
  /// The last reason a journal could not be written, so each is reported once.
  var lastJournalFailure: String?

  /// The shortest time between two journal writes of one document while commands run.
  static let minimumInterval = 1.0
  /// Journal writes may take at most about this share of the time while commands run.
  static let maximumShare = 0.1

  init(stateDirectory: String) {
    self.stateDirectory = stateDirectory
    journal = RecoveryJournal(stateDirectory: stateDirectory)
  }
}
