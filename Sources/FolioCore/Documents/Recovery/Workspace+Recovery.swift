#if canImport(Glibc)
  import Glibc
#endif

extension Workspace {
  /// Locks a document's file for this process, or notes which other Folio holds it. Does
  /// nothing without a state folder or for an untitled document.
  ///
  /// The document's recovery journal is a second sign of who edits it: a lock file can be
  /// deleted while its holder lives, and the next Folio would then take the lock. A lock
  /// taken while the journal was written by another Folio that is still running (its pid and
  /// start time, `ProcessIdentity`) is let go again: that Folio is the one editing, and its
  /// journal is never adopted while it lives.
  func lock(_ document: Document) {
    guard let safeguards else { return }
    let id = document.windowID
    safeguards.releaseLock(of: id)
    guard let path = document.path else { return }
    switch DocumentLock.acquire(path, stateDirectory: safeguards.stateDirectory) {
    case .acquired(let lock):
      let journal = safeguards.journal.journalPath(forDocumentAt: path)
      if let writer = JournalEntry.writer(ofFile: journal), !writer.isThisProcess, writer.isAlive {
        lock.release()
        safeguards.lockedElsewhere[id] = .some(
          DocumentLock.Holder(pid: writer.pid, host: writer.host, since: writer.time))
      } else {
        safeguards.locks[id] = lock
        safeguards.journalFiles[id] = (path, journal)
      }
    case .heldByOther(let holder): safeguards.lockedElsewhere[id] = .some(holder)
    case .unavailable: break
    case .notAFile(let lockPath, let kind): safeguards.unusableLocks[id] = (lockPath, kind)
    }
  }

  /// The warning for a document another live Folio has locked, with saving by force as its
  /// remedy, or for one open unlocked because its lock file is not a file; nil otherwise.
  func lockWarning(_ document: Document) -> FolioError? {
    if let unusable = safeguards?.unusableLocks[document.windowID] {
      return FolioError(
        .conflict,
        "\(document.title) is open unlocked: its lock file \(DocumentFile.fileName(of: unusable.path)) is "
          + "\(unusable.kind), not a regular file, so another Folio editing it would not know",
        values: ["title": document.title, "path": unusable.path])
    }
    guard let entry = safeguards?.lockedElsewhere[document.windowID], let path = document.path else {
      return nil
    }
    let holder = entry.map { " (\($0))" } ?? ""
    return FolioError(
      .conflict, "\(DocumentFile.fileName(of: path)) is being edited by another Folio\(holder)",
      values: ["path": path],
      remedies: [.run("document.save", ["force": .bool(true)], effect: "saves anyway")])
  }

  /// Throws unless no other live Folio holds the document's lock; tries to take it first, in
  /// case the other one let go. A lock of this session's whose file was deleted (or replaced
  /// by another Folio's) is taken again first, or found to be another's.
  func checkNotLockedElsewhere(_ document: Document, force: Bool) throws(FolioError) {
    guard !force else { return }
    if let held = safeguards?.locks[document.windowID], !held.isStillHeld { lock(document) }
    guard safeguards?.lockedElsewhere[document.windowID] != nil else { return }
    lock(document)
    if let warning = lockWarning(document) { throw warning }
  }

  /// Lets go of a document's lock and removes the journal this session wrote for it, as
  /// when its window closes.
  func forgetSafeguards(of document: Document) {
    guard let safeguards else { return }
    let id = document.windowID
    safeguards.releaseLock(of: id)
    safeguards.failedRevisions[id] = nil
    safeguards.lastJournalFailures[id] = nil
    if let written = safeguards.written.removeValue(forKey: id) { safeguards.journal.removeOwn(written.file) }
  }

  /// Ends the session in order: every lock is released and every journal this session wrote
  /// is removed, since its unsaved changes were dropped on purpose.
  public func endSession() {
    for document in documents { forgetSafeguards(of: document) }
  }

  /// Ends the session keeping the unsaved changes of every document in its recovery journal,
  /// as if Folio had stopped without warning: the locks are released, and the journals stay
  /// for the next `open` or `recover` to offer. The embedding protocol ends so when its
  /// client goes away without `shutdown`.
  public func endSessionKeepingJournals() {
    guard let safeguards else { return }
    _ = journalChanges()
    for document in documents {
      safeguards.written[document.windowID] = nil
      forgetSafeguards(of: document)
    }
  }

  /// The journal file for a document: keyed by its file while this session holds its lock,
  /// else one of this process's own. A lock whose file was deleted (or replaced by another
  /// Folio's) is taken again first, or noted as another's: then this session's journal is
  /// its own, and never mixes with the other's. The file is worked out once per lock and
  /// document path (`DocumentSafeguards.journalFiles`).
  private func journalFile(for document: Document, in safeguards: DocumentSafeguards) -> String {
    if let path = document.path, let held = safeguards.locks[document.windowID] {
      if !held.isStillHeld { lock(document) }
      if safeguards.locks[document.windowID] != nil {
        // Resolved once per lock and path: the same document's next command reuses it.
        if let known = safeguards.journalFiles[document.windowID], known.path == path { return known.file }
        let file = safeguards.journal.journalPath(forDocumentAt: path)
        safeguards.journalFiles[document.windowID] = (path, file)
        return file
      }
    }
    return safeguards.journal.journalPath(sessionWindow: document.windowID)
  }

  /// Brings the recovery journal up to date after a command: a document with unsaved
  /// changes has them journaled, one without loses the journal this session wrote; a
  /// document whose command has not finished (its group is open) is left as it was.
  ///
  /// A change that is one run of rows or lines is appended to the journal's log, which
  /// costs what the command changed; any other change, or a log grown past
  /// `DocumentSafeguards.logLimit`, writes the whole journal again and starts a new log.
  /// A whole journal that could not be written is not tried again until its document
  /// changes.
  ///
  /// - Returns: warnings for journals that could not be written (each reason once), those
  ///   of the command's own journal writes (`takeJournalWarnings()`) first.
  @discardableResult
  public func journalChanges() -> [FolioError] {
    guard let safeguards else { return [] }
    var warnings = takeJournalWarnings()
    // A document in an open group is in the middle of a command (a plugin's, waiting at
    // `ctx:confirm`): the journal keeps only finished commands, so it stays as the last one
    // left it until the group is committed — or rolled back, which changes nothing to keep.
    for document in documents where !document.isGrouping {
      do throws(FolioError) {
        try bringJournalUpToDate(document, in: safeguards, cancellation: nil)
      } catch {
        if let warning = journalWarning(error, of: document, in: safeguards) { warnings.append(warning) }
      }
    }
    return warnings
  }

  /// Whether `journalChanges()` may have anything to do: false only when it has nothing —
  /// no state folder, or no document open and no warning waiting.
  public var mayHaveJournalChanges: Bool {
    guard let safeguards else { return false }
    return !documents.isEmpty || !safeguards.pendingWarnings.isEmpty
  }

  /// Takes the warnings of journals that could not be written inside the command being run
  /// (a sort's, `journaling`), so that a front end can put them in the command's result;
  /// `journalChanges()` returns those not taken.
  public func takeJournalWarnings() -> [FolioError] {
    guard let safeguards, !safeguards.pendingWarnings.isEmpty else { return [] }
    defer { safeguards.pendingWarnings = [] }
    return safeguards.pendingWarnings
  }

  /// The warning that a document's journal could not be written, or nil when its last
  /// failure, since a journal of it was last written, gave the same reason.
  private func journalWarning(_ error: FolioError, of document: Document, in safeguards: DocumentSafeguards)
    -> FolioError?
  {
    guard safeguards.lastJournalFailures[document.windowID] != error.message else { return nil }
    safeguards.lastJournalFailures[document.windowID] = error.message
    return .wrapping(
      error, in: "cannot keep the unsaved changes of \(document.title) in the recovery journal",
      values: ["title": document.title])
  }

  /// Makes a change with `body` and has it in the recovery journal before it counts as made:
  /// a Ctrl-C (`cancellation`) that arrives while the journal is written takes the change
  /// back — the content, selection, sort order, dirty flag and undo history are as they
  /// were, and the events it published are withdrawn — and throws `FolioError.interrupted`.
  ///
  /// For a change the journal takes whole (a sort, a column added), whose journal write can
  /// take as long as a save: written after the command, a Ctrl-C in that time would find the
  /// change made and its result printed. The journal's rename is the moment the change is
  /// made. A journal that cannot be written for another reason (a full disk, no permission)
  /// leaves the change made, as it does for every other command: the journal is a safety
  /// net for the unsaved changes, not part of them. The write is tried once: its warning
  /// waits in `takeJournalWarnings()` for the command's result, and `journalChanges()` does
  /// not write it again until the document changes. Inside a group (a plugin's command) the
  /// change joins the group and is journaled when the command ends.
  ///
  /// - Parameters:
  ///   - stepName: the name of the one undo step `body` makes.
  ///   - body: makes the change as one undo step.
  /// - Throws: what `body` throws, or `FolioError.interrupted`; the change is not made then.
  func journaling(_ document: Document, stepName: String, _ body: () throws -> Void) throws {
    guard let safeguards, !document.isGrouping else { return try body() }
    let queued = events.pendingEvents
    document.beginGroup()
    do {
      try body()
    } catch {
      document.rollbackGroup()
      throw error
    }
    do throws(FolioError) {
      try journalInsideCommand(document, in: safeguards)
    } catch {
      document.rollbackGroup()
      events.withdraw(since: queued)
      throw error
    }
    document.commitGroup(name: stepName)
  }

  /// Undoes or redoes a step with `move` and has the result in the recovery journal before
  /// it counts as made, as `journaling` does for a change: a Ctrl-C while the journal is
  /// written makes the opposite move with `takeBack` — content, sort order, revision,
  /// selection and history as they were, the events withdrawn — and throws
  /// `FolioError.interrupted`. Undoing a revert of a large table writes its journal whole,
  /// as long as a save. Inside a group the move is journaled when the
  /// command ends.
  ///
  /// - Returns: the name of the step moved over, or nil when there was none.
  /// - Throws: what `move` throws, the history unchanged then, or `FolioError.interrupted`.
  func journalingHistoryMove(
    _ document: Document, _ move: () throws -> String?, takeBack: () throws -> Void
  ) throws(FolioError) -> String? {
    guard let safeguards, !document.isGrouping else {
      return try FolioError.converting {
        try document.movingThroughHistory(move, then: {}, takeBack: takeBack)
      }
    }
    let queued = events.pendingEvents
    do {
      return try document.movingThroughHistory(
        move, then: { () throws(FolioError) in try journalInsideCommand(document, in: safeguards) },
        takeBack: takeBack)
    } catch let error as FolioError {
      if error.code == .interrupted { events.withdraw(since: queued) }
      throw error
    } catch {
      throw FolioError.from(error)
    }
  }

  /// Brings a document's journal up to date inside a command, cancellable by its
  /// `cancellation`. A journal that cannot be written for another reason is a warning that
  /// waits for the command's result (`takeJournalWarnings()`): the change stands.
  ///
  /// - Throws: `FolioError.interrupted` only.
  private func journalInsideCommand(_ document: Document, in safeguards: DocumentSafeguards)
    throws(FolioError)
  {
    do throws(FolioError) {
      try bringJournalUpToDate(document, in: safeguards, cancellation: cancellation)
    } catch  where error.code == .interrupted {
      throw error
    } catch {
      if let warning = journalWarning(error, of: document, in: safeguards) {
        safeguards.pendingWarnings.append(warning)
      }
    }
  }

  /// Brings one document's journal up to date: its unsaved changes journaled, or the
  /// journal this session wrote removed when it has none. A whole journal that failed to
  /// be written is not tried again while the document is at the revision it failed at.
  ///
  /// - Parameter cancellation: checked while a whole journal is written, up to its rename.
  /// - Throws: `FolioError.io` when the journal cannot be written; `FolioError.interrupted`
  ///   once `cancellation` is cancelled, the previous journal kept.
  private func bringJournalUpToDate(
    _ document: Document, in safeguards: DocumentSafeguards, cancellation: CancellationToken?
  ) throws(FolioError) {
    let id = document.windowID
    let written = safeguards.written[id]
    guard document.isDirty else {
      safeguards.failedRevisions[id] = nil
      if let written {
        safeguards.journal.removeOwn(written.file)
        safeguards.written[id] = nil
      }
      return
    }
    let file = journalFile(for: document, in: safeguards)
    if let written, written.file == file {
      if written.revision == document.revision {
        // Edits taken back within a command: the content is the journal's.
        document.noteJournaled()
        return
      }
      // Appending is quick, but a Ctrl-C before it still takes the change back.
      try cancellation?.check()
      if appendToLog(document, written, in: safeguards) {
        safeguards.failedRevisions[id] = nil
        safeguards.lastJournalFailures[id] = nil
        return
      }
    }
    // Warned of already: the same content would fail the same way. The mark stays through
    // a Ctrl-C that takes a later change back to this revision.
    if safeguards.failedRevisions[id] == document.revision { return }
    do throws(FolioError) {
      try writeJournal(document, to: file, in: safeguards, cancellation: cancellation)
    } catch {
      if error.code != .interrupted { safeguards.failedRevisions[id] = document.revision }
      throw error
    }
    safeguards.failedRevisions[id] = nil
    safeguards.lastJournalFailures[id] = nil
  }

  /// Appends a document's change since its journal was written to the journal's log.
  ///
  /// - Returns: whether it did; when not, the whole journal must be written again.
  private func appendToLog(
    _ document: Document, _ written: DocumentSafeguards.Written, in safeguards: DocumentSafeguards
  ) -> Bool {
    guard written.logSize <= DocumentSafeguards.logLimit(journalSize: written.journalSize),
      let deltas = document.journalChange?.deltas(of: document.content)
    else { return false }
    guard let size = try? JournalLog.append(deltas, journal: written.file) else {
      // A record cut short ends what is read of the log: it takes no more.
      safeguards.written[document.windowID]?.logSize = .max
      return false
    }
    safeguards.written[document.windowID]?.revision = document.revision
    safeguards.written[document.windowID]?.logSize += size
    document.noteJournaled()
    return true
  }

  /// Writes a document's content to its journal now.
  func writeJournal(_ document: Document) throws(FolioError) {
    guard let safeguards else { return }
    try writeJournal(
      document, to: journalFile(for: document, in: safeguards), in: safeguards, cancellation: nil)
  }

  /// Writes the whole journal of a document and starts its log.
  ///
  /// - Parameter cancellation: checked before each chunk and before the rename; once it is
  ///   cancelled the write stops with `FolioError.interrupted`, the previous journal kept.
  private func writeJournal(
    _ document: Document, to file: String, in safeguards: DocumentSafeguards, cancellation: CancellationToken?
  ) throws(FolioError) {
    let now = Int(StateFiles.now())
    safeguards.journalWrites += 1
    // Unique, so that a log left by an earlier journal is never applied to this one.
    let logID = "\(getpid())-\(now)-\(safeguards.journalWrites)"
    let entry = JournalEntry(
      file: file, path: document.path, title: document.title, format: document.format, pid: getpid(),
      host: DocumentLock.hostName, time: now, baseHash: document.snapshot?.contentHash, content: [],
      logID: logID, process: ProcessIdentity.current)
    // Written inside a command (a sort), it says how far it got, as the command's work did.
    let title = document.title
    var report: ((Int) -> Void)?
    if cancellation != nil, let progress {
      report = { progress(WorkProgress(task: .journal, document: title, done: $0, total: nil, unit: .bytes)) }
    }
    let journalSize = try safeguards.journal.write(
      entry, content: try document.format.saveContent(document.content, from: document.format),
      cancellation: cancellation,
      progress: report)
    let previous = safeguards.written[document.windowID]
    if let previous, previous.file != file { safeguards.journal.removeOwn(previous.file) }
    // Until its log is started, the journal takes no change but a whole new journal.
    var written = DocumentSafeguards.Written(
      file: file, revision: document.revision, journalSize: journalSize, logSize: .max)
    safeguards.written[document.windowID] = written
    document.noteJournaled()
    written.logSize = try JournalLog.start(journal: file, id: logID, shape: JournalShape(document.content))
    safeguards.written[document.windowID] = written
  }

  /// After a save: the journal this session wrote for the document is no longer needed.
  func noteSaved(_ document: Document) {
    guard let safeguards else { return }
    if let path = document.path {
      safeguards.journal.remove(safeguards.journal.backupPath(forDocumentAt: path))
    }
    if let written = safeguards.written.removeValue(forKey: document.windowID) {
      safeguards.journal.removeOwn(written.file)
    }
  }

  /// The journal a session that ended without saving left for a document just opened here,
  /// or nil. A journal that holds exactly what the file holds is removed: nothing in it is
  /// lost.
  func leftoverJournal(for document: Document) -> JournalEntry? {
    guard let safeguards, let path = document.path, safeguards.locks[document.windowID] != nil,
      safeguards.written[document.windowID] == nil
    else { return nil }
    // Journal writes killed part-way leave temporary files; the journals themselves are whole.
    DocumentFile.removeStaleTemporaryFiles(inFolder: safeguards.journal.folder)
    guard
      let entry = safeguards.journal.entry(at: safeguards.journal.journalPath(forDocumentAt: path)),
      !entry.isWriterAlive || entry.writer.isThisProcess
    else { return nil }
    if FileSnapshot.contentHash(of: entry.content) == document.snapshot?.contentHash,
      entry.content.count == document.snapshot?.size
    {
      // The save that was interrupted had finished writing: its safety copy is not needed.
      safeguards.journal.remove(entry.file)
      safeguards.journal.remove(safeguards.journal.backupPath(forDocumentAt: path))
      return nil
    }
    return entry
  }

  /// Replaces a document's content with a journal's, as one undoable step.
  func applyRecovered(_ entry: JournalEntry, to document: Document) throws(FolioError) {
    let content: DocumentContent
    do {
      // The journal holds UTF-8, whatever the file's encoding.
      content = try document.format.decode(
        entry.content, options: ReadOptions(delimiter: document.readOptions.delimiter))
    } catch {
      throw .wrapping(error, in: "the recovery journal \(entry.file)", values: ["path": entry.file])
    }
    try FolioError.converting { try document.replaceContent(with: content, stepName: "Recover") }
    document.pruneSelection()
  }

  /// Journals left by sessions that are no longer running, oldest first.
  public func recoverableJournals() -> [JournalEntry] {
    guard let safeguards else { return [] }
    let ours = Set(safeguards.written.values.map(\.file))
    return safeguards.journal.entries().filter { entry in
      guard !ours.contains(entry.file) else { return false }
      let name = DocumentFile.fileName(of: entry.file)
      if entry.path != nil, !name.hasPrefix(RecoveryJournal.sessionPrefix) {
        // A keyed journal belongs to whoever holds the document's lock, and to the Folio
        // that wrote it while that one lives, its lock file deleted or not (a session of
        // this process that ended keeping its journals left them to be recovered).
        let isOthersLive = entry.isWriterAlive && !entry.writer.isThisProcess
        return !isOthersLive && !isLockedByLiveFolio(entry.path ?? "")
      }
      return !entry.isWriterAlive
    }
  }

  /// Safety copies left by saves in place that did not finish.
  public func leftoverBackups() -> [String] {
    safeguards?.journal.backups() ?? []
  }

  /// Whether another live Folio, or this one, holds the lock on a document file.
  private func isLockedByLiveFolio(_ path: String) -> Bool {
    let canonical = DocumentFile.resolvedTarget(path)
    if documents.contains(where: { $0.path.map(DocumentFile.resolvedTarget) == canonical }) { return true }
    switch DocumentLock.acquire(path, stateDirectory: safeguards?.stateDirectory) {
    case .acquired(let lock):
      lock.release()
      return false
    case .heldByOther: return true
    case .unavailable, .notAFile: return false
    }
  }
}

extension Workspace {
  /// How a document's file compares with what was read or last saved; nil when untitled
  /// (or bound to a path it was never read from). The status is checked first and the
  /// content hashed only when that cannot tell (`DocumentFile.check(_:against:)`); a file
  /// that cannot be read counts as changed.
  public func diskState(of document: Document) -> DocumentDiskState? {
    do {
      switch try checkFile(of: document, writingBeside: false) {
      case nil: return nil
      case .unchanged: return .unchanged
      case .changed: return .changed
      case .deleted: return .deleted
      }
    } catch {
      return .changed
    }
  }

  /// Who else holds a document's lock, as `pid 12 on host since …`; nil when no other live
  /// Folio does.
  public func lockHolder(of document: Document) -> String? {
    guard let entry = safeguards?.lockedElsewhere[document.windowID] else { return nil }
    return entry.map(\.description) ?? "another Folio"
  }
}
