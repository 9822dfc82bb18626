extension Workspace {
  /// Opens a document as the `open` command does: a file already open is focused; another
  /// Folio's lock is reported; unsaved changes a session that ended without saving left in
  /// the journal are offered back in a dialog: Recover, Discard or Cancel, answered through
  /// `answerRecoveryOffer(_:)`.
  ///
  /// - Parameters:
  ///   - pathOrURL: the path or `file://` URL.
  ///   - responder: who acts on the dialog's answer: the command that opened.
  /// - Throws: what `open` throws; nothing is opened then.
  public func openOfferingRecovery(
    _ pathOrURL: String, as format: DocumentFormat? = nil, options: ReadOptions = ReadOptions(),
    responder: DialogResponder
  ) throws(FolioError) -> CommandOutput {
    let (document, wasOpen) = try open(pathOrURL, as: format, options: options)
    guard !wasOpen else {
      return report(document, .alreadyOpen)
    }
    guard let entry = leftoverJournal(for: document) else { return report(document, opened(document)) }
    var changed =
      entry.baseHash == document.snapshot?.contentHash
      ? "" : " The file changed since; recovering replaces what it holds now (Undo brings that back)."
    if let backup = safeguards?.journal.backupPath(forDocumentAt: document.path ?? ""),
      DocumentFile.exists(backup)
    {
      changed += " It was being saved in place; its previous version is kept in \(backup)."
    }
    let path = ArgumentValue.string(document.path ?? pathOrURL)
    return .dialog(
      Dialog(
        title: "Recover the unsaved changes to “\(document.title)”?",
        message: "A Folio session (\(entry.origin)) ended without saving them; they are in the recovery "
          + "journal.\(changed)",
        buttons: [
          DialogButton("Recover", replay: [CommandInvocation("document.recover", ["journal": path])]),
          DialogButton(
            "Discard", role: .destructive,
            replay: [
              CommandInvocation("document.recover", ["journal": path, "discard": .bool(true)]),
              CommandInvocation("document.open", ["path": path]),
            ]),
          DialogButton("Cancel", role: .cancel),
        ], responder: responder))
  }

  /// Acts on the answer to the dialog `openOfferingRecovery` showed for the active document:
  /// `recover` applies the journal, `discard` drops it, anything else closes the document
  /// and leaves the journal for later.
  public func answerRecoveryOffer(_ buttonID: String) throws(FolioError) -> CommandOutput {
    let document = try requireActive()
    guard let entry = leftoverJournal(for: document) else { return report(document, opened(document)) }
    switch buttonID {
    case "recover":
      try applyRecovered(entry, to: document)
      return report(document, .recovered(size: DocumentSize(document)))
    case "discard":
      safeguards?.journal.remove(entry.file)
      return report(document, opened(document, discardedRecovery: true))
    default:
      return close(document, reporting: .closedKeepingRecovery)
    }
  }

  /// What opening a document reports: its size, and another Folio's lock.
  private func opened(_ document: Document, discardedRecovery: Bool = false) -> DocumentReport.Event {
    .opened(
      size: DocumentSize(document), warning: lockWarning(document), discardedRecovery: discardedRecovery)
  }

  /// Recovers a journal: the document opens (or, when its file is gone, is bound to that
  /// path again; an untitled one opens untitled) with the journal's content as one undoable
  /// step.
  ///
  /// - Throws: `FolioError.invalidArgument` for an unknown journal; what `open` throws.
  public func recover(journal reference: JournalReference) throws(FolioError) -> Document {
    let entry = try journal(reference)
    let document: Document
    if let path = entry.path, DocumentFile.exists(path), let opened = try? open(path).document {
      document = opened
    } else {
      let kind = entry.format.kind
      document = try newDocument(kind: kind, columns: [])
      if let path = entry.path {
        document.path = path
        document.title = Self.title(ofFile: path)
        document.format = entry.format
        // A file that is there but cannot be opened (torn by the crash) is what saving replaces.
        document.snapshot = try DocumentFile.currentSnapshot(of: path)
        lock(document)
      } else {
        document.format = entry.format
      }
    }
    try applyRecovered(entry, to: document)
    // The recovered content is journaled again under this session before the old entry goes.
    try writeJournal(document)
    if safeguards?.written[document.windowID]?.file != entry.file { safeguards?.journal.remove(entry.file) }
    return document
  }

  /// Removes a journal, dropping the unsaved changes it holds.
  ///
  /// - Returns: the journal removed.
  /// - Throws: `FolioError.invalidArgument` for an unknown journal.
  public func discardJournal(_ reference: JournalReference) throws(FolioError) -> JournalEntry {
    let entry = try journal(reference)
    safeguards?.journal.remove(entry.file)
    return entry
  }

  private func journal(_ reference: JournalReference) throws(FolioError) -> JournalEntry {
    let entries = recoverableJournals()
    switch reference {
    case .number(let number):
      guard let entry = Position.element(number, of: entries) else {
        throw Self.missingJournal(String(number), count: entries.count)
      }
      return entry
    case .path(let path):
      let canonical = DocumentFile.resolvedTarget(try absolutePath(path))
      guard let entry = entries.first(where: { $0.path.map(DocumentFile.resolvedTarget) == canonical }) else {
        throw FolioError(
          .invalidArgument, "no unsaved changes of \(path) are in the journal", values: ["path": path],
          remedies: [Self.listJournals])
      }
      return entry
    }
  }

  /// What `recover` lists: the journals left by ended sessions and any safety copies.
  public func recoveryListing() -> RecoveryListing {
    RecoveryListing(
      entries: recoverableJournals().enumerated().map { index, entry in
        RecoveryListing.Entry(
          number: index + 1, path: entry.path, title: entry.title, size: entry.content.count, pid: entry.pid,
          host: entry.host, written: DocumentInfo.formatTime(entry.time), writtenSeconds: entry.time)
      }, backups: leftoverBackups())
  }
}
