extension Workspace {
  /// Saves a document to its file, or to a new path with `as`.
  ///
  /// The file is written atomically, or in place after a safety copy when atomic
  /// replacement cannot keep it whole (see `DocumentFile.save`). A file changed on disk since
  /// it was read (its content hash differs) is refused unless `force`; a file deleted since
  /// is written again. A document another Folio has locked is refused unless `force`, and so
  /// is a file without write permission (read-only, as Vim's `:w` sees it). Saving as an
  /// existing other file is refused unless `force`. Only regular files are ever replaced: a
  /// folder, device or FIFO at the path is refused, `force` or not. An unedited document
  /// saved to a new path is copied byte for byte.
  ///
  /// The file's status is taken once the checks pass and taken again just before the new
  /// version replaces it (`DocumentFile.stamp(of:)`): a change another program made in the
  /// meantime — an append while a large table was written — is refused as a change on disk
  /// (or, for a new path, a file made there as one that exists), unless `force`. What is left
  /// is the moment between that last look and the rename, which no POSIX call closes.
  ///
  /// - Returns: the path written.
  /// - Throws: `FolioError.conflict` or `FolioError.io`; the document stays as it was, and
  ///   unsaved.
  @discardableResult
  public func save(_ document: Document, as newPath: String? = nil, force: Bool = false) throws(FolioError)
    -> String
  {
    try saveReporting(document, as: newPath, force: force).path
  }

  /// Saves a document as `save` does.
  ///
  /// - Returns: the path written, the file's size in bytes, and notes on how: the file was
  ///   written again after it had been deleted, or was written in place and why.
  public func saveReporting(_ document: Document, as newPath: String? = nil, force: Bool = false)
    throws(FolioError) -> (path: String, bytes: Int, notes: [SaveNote])
  {
    let target: String
    if let newPath {
      target = try absolutePath(newPath)
    } else if let path = document.path {
      target = path
    } else {
      throw FolioError(
        .invalidArgument, "'\(document.title)' has no file yet", values: ["title": document.title],
        remedies: [.run("document.save", blanks: ["as"], effect: "gives it one")])
    }
    let isSameFile =
      document.path.map { DocumentFile.resolvedTarget($0) == DocumentFile.resolvedTarget(target) } ?? false
    // A document opened as another format than its extension says keeps it in its own file.
    let format = isSameFile ? document.format : DocumentFormat(fileName: DocumentFile.fileName(of: target))
    var notes: [SaveNote] = []
    try DocumentFile.checkReplaceable(target)
    // How the document's own file compares with what was read or last saved, once checked.
    var onDisk: DocumentFile.Check?
    if isSameFile {
      try checkNotLockedElsewhere(document, force: force)
      // A save that may write nothing (an unedited document in its own format) makes nothing
      // beside the file either to check it.
      let mayWriteNothing = !document.isDirty && format == document.format
      onDisk = try checkUnchangedOnDisk(document, force: force, writingBeside: !mayWriteNothing)
      if onDisk == .deleted { notes.append(.rewrittenAfterDeletion) }
    } else if !force, DocumentFile.exists(target) {
      throw Self.alreadyExists(target, as: newPath)
    }
    // An unedited document whose file still holds what was read is written byte for byte:
    // nothing at all to do for its own file, a copy for a new one.
    var fileUnchanged = false
    if !document.isDirty, format == document.format, document.path != nil, document.snapshot != nil {
      if onDisk == nil { onDisk = try checkFile(of: document, writingBeside: false) }
      if case .unchanged = onDisk { fileUnchanged = true }
    }
    if isSameFile, !fileUnchanged, !force, DocumentFile.isReadOnly(target) == true {
      throw FolioError(
        .conflict, "\(DocumentFile.fileName(of: target)) is read-only (no write permission)",
        values: ["path": target],
        remedies: [.run("document.save", ["force": .bool(true)], effect: "writes it anyway")])
    }
    let snapshot: FileSnapshot
    if fileUnchanged, isSameFile, let unchanged = document.snapshot {
      snapshot = unchanged
    } else {
      var content: SaveContent
      if fileUnchanged, let path = document.path {
        content = SaveContent(try DocumentFile.read(path).bytes)
      } else {
        content = try format.saveContent(document.content, from: document.format)
        // JSON is UTF-8 (RFC 8259), whatever the file it came from was in.
        if format != .json { content = document.readOptions.encoding(content) }
      }
      content = content.stopping(at: cancellation) { [progress, title = document.title] written in
        progress?(WorkProgress(task: .save, document: title, done: written, total: nil, unit: .bytes))
      }
      let outcome: DocumentFile.SaveOutcome
      let unchangedUntilReplaced = force ? nil : try lastLook(at: target, isSameFile: isSameFile, as: newPath)
      do {
        outcome = try DocumentFile.save(
          content, to: target, inPlace: inPlaceSafety(for: document, at: target),
          beforeReplacing: unchangedUntilReplaced)
      } catch {
        // When only the last flush failed, the file holds the new version: take its snapshot so
        // that saving again is not refused as a change made elsewhere. The document stays
        // unsaved all the same.
        if isSameFile, let current = try? DocumentFile.currentSnapshot(of: target),
          content.measure() == (current.size, current.contentHash)
        {
          document.snapshot = current
        }
        throw error
      }
      snapshot = outcome.snapshot
      if let reason = outcome.inPlaceReason { notes.append(.writtenInPlace(reason: reason)) }
    }
    if !isSameFile {
      document.path = target
      document.title = Self.title(ofFile: target)
      document.format = format
      lock(document)
      try? store?.noteRecentDocument(path: target)
    }
    document.snapshot = snapshot
    document.markSaved()
    noteSaved(document)
    events.publish(.documentSaved(windowID: document.windowID))
    return (target, snapshot.size, notes)
  }

  /// The check a save makes just before it replaces `target`: that the file is as it was when
  /// the save's checks passed (its status now, `DocumentFile.FileStamp`), or still absent.
  ///
  /// - Throws: `FolioError.io` when its status cannot be read now; the check throws
  ///   `FolioError.conflict` — changed on disk, or (for `save --as`) already exists.
  private func lastLook(at target: String, isSameFile: Bool, as newPath: String?) throws(FolioError)
    -> () throws(FolioError) -> Void
  {
    let checked = try DocumentFile.stamp(of: target)
    return { () throws(FolioError) in
      let now = try DocumentFile.stamp(of: target)
      guard now != checked else { return }
      guard isSameFile else { throw Self.alreadyExists(target, as: newPath) }
      throw Self.changedOnDisk(target)
    }
  }

  /// The error for a file another program changed since it was read.
  private static func changedOnDisk(_ path: String) -> FolioError {
    FolioError(
      .conflict, "\(DocumentFile.fileName(of: path)) changed on disk since it was read",
      values: ["path": path],
      remedies: [
        .run("document.save", ["force": .bool(true)], effect: "overwrites it"),
        .run("document.revert", effect: "loads the new version"),
      ])
  }

  /// The error for a save as a path another file has.
  private static func alreadyExists(_ target: String, as newPath: String?) -> FolioError {
    FolioError(
      .conflict, "'\(DocumentFile.fileName(of: target))' already exists", values: ["path": target],
      remedies: [
        .run(
          "document.save", ["as": .string(newPath ?? target), "force": .bool(true)], effect: "replaces it")
      ])
  }

  /// How a save of `document` to `target` may write in place: the new content goes to the
  /// recovery journal first and the old version to a safety copy in the state folder. Nil
  /// without a state folder.
  private func inPlaceSafety(for document: Document, at target: String) -> DocumentFile.InPlaceSafety? {
    guard let safeguards else { return nil }
    return DocumentFile.InPlaceSafety(backupPath: safeguards.journal.backupPath(forDocumentAt: target)) {
      [unowned self] () throws(FolioError) in
      if document.isDirty { try writeJournal(document) }
    }
  }

  /// Throws unless the document's file still holds what was read (or last saved), as
  /// `DocumentFile.check(_:against:)` tells: by its status when that can show it, otherwise
  /// by its content.
  ///
  /// - Parameter writingBeside: whether the check may ask the file system's clock beside the
  ///   file (`checkFile(of:writingBeside:)`).
  /// - Returns: how the file compares (`deleted`: it is written again); nil for a document
  ///   with no snapshot to compare with.
  private func checkUnchangedOnDisk(_ document: Document, force: Bool, writingBeside: Bool) throws(FolioError)
    -> DocumentFile
    .Check?
  {
    guard let path = document.path else { return nil }
    guard document.snapshot != nil else {
      // Recovered for a file that was gone: someone may have made a new one since.
      if !force, DocumentFile.exists(path) {
        throw FolioError(
          .conflict, "\(DocumentFile.fileName(of: path)) exists again on disk", values: ["path": path],
          remedies: [.run("document.save", ["force": .bool(true)], effect: "replaces it")])
      }
      return nil
    }
    guard let check = try checkFile(of: document, writingBeside: writingBeside) else { return nil }
    if !force, check == .changed { throw Self.changedOnDisk(path) }
    return check
  }

  /// How a document's file compares with its snapshot (`DocumentFile.check(_:against:)`),
  /// counting in `wholeFileChecks` the times the file had to be read; nil without a path or
  /// a snapshot. A file read whole and found unchanged gives the document its new snapshot
  /// when that one's status can be trusted from now on, so that later checks need not read
  /// it again.
  ///
  /// A save that writes asks the file system's clock beside the file (`fileSystemTime`),
  /// writing there being what it does. With `writingBeside` false (`docs`, `info`, a save
  /// of an unedited document) nothing is made in the document's folder: this machine's clock
  /// stands in for the file system's, which on a network file system whose server's clock
  /// is behind may show a file changed in its last moments as unchanged there — never to a
  /// save that writes, which checks again.
  func checkFile(of document: Document, writingBeside: Bool = true) throws(FolioError) -> DocumentFile.Check?
  {
    guard let path = document.path, var known = document.snapshot else { return nil }
    let check = try DocumentFile.check(path, refreshing: &known) {
      writingBeside ? fileSystemTime(path) : DocumentFile.localTime()
    }
    if check != .unchanged(readWhole: false), check != .deleted { wholeFileChecks += 1 }
    document.snapshot = known
    return check
  }

  /// Reloads a document from its file, dropping unsaved changes, as one undoable step.
  ///
  /// - Throws: `FolioError.io`/`.format` when the file cannot be read; nothing changes then.
  public func revert(_ document: Document) throws(FolioError) {
    guard let path = document.path else {
      throw FolioError(.invalidArgument, "'\(document.title)' has no file to revert to")
    }
    let (bytes, snapshot) = try DocumentFile.read(path)
    let content: DocumentContent
    do {
      content = try document.format.decode(bytes, options: document.readOptions)
    } catch {
      throw .wrapping(error, in: DocumentFile.fileName(of: path), values: ["path": path])
    }
    try FolioError.converting { try document.replaceContent(with: content, stepName: "Revert") }
    document.pruneSelection()
    document.snapshot = snapshot
    document.markSaved()
  }

  /// Renames a document [RenameButton]: the file is renamed in its folder, keeping its
  /// extension and never replacing another file; an untitled document only changes its
  /// title. Unsaved edits are kept, and a rename is not one: a clean document stays clean.
  /// The rename is one undoable step.
  ///
  /// - Throws: `FolioError.invalidArgument` for a bad title (empty, `/` or NUL, `.` or `..`,
  ///   over 255 bytes as a file name, unchanged), `FolioError.conflict` when a file of that
  ///   name exists; nothing changes then.
  public func rename(_ document: Document, to newTitle: String) throws(FolioError) {
    let fileExtension = document.path.map(Self.fileExtension) ?? ""
    try Self.validate(title: newTitle, replacing: document.title, fileExtension: fileExtension)
    let oldTitle = document.title
    guard let oldPath = document.path else {
      try? document.perform(
        "Rename", changesContent: false, keepingOrder: .none,
        apply: { document in
          document.title = newTitle
          document.noteContentUnchanged()
        },
        revert: { document in
          document.title = oldTitle
          document.noteContentUnchanged()
        })
      events.publish(.documentRenamed(windowID: document.windowID, from: oldTitle, to: newTitle))
      return
    }
    let newPath = DocumentFile.directoryPath(of: oldPath) + "/" + newTitle + fileExtension
    try FolioError.converting {
      try document.perform(
        "Rename", changesContent: false, keepingOrder: .none,
        apply: { [unowned self] document in try move(document, from: oldPath, to: newPath, title: newTitle) },
        revert: { [unowned self] document in try move(document, from: newPath, to: oldPath, title: oldTitle) }
      )
    }
    try? store?.noteRecentDocument(path: newPath)
    events.publish(.documentRenamed(windowID: document.windowID, from: oldTitle, to: newTitle))
  }

  /// Renames a document's file from `oldPath` to `newPath` without replacing anything, and
  /// binds the document to it under `title`: one direction of a rename and of its undo.
  private func move(_ document: Document, from oldPath: String, to newPath: String, title: String) throws {
    try DocumentFile.renameWithoutReplacing(oldPath, to: newPath)
    document.path = newPath
    document.title = title
    document.noteContentUnchanged()
    lock(document)
  }

  /// Checks a new title against the rules docs/documents.md lists under "Title and header",
  /// with a message per case.
  static func validate(title: String, replacing oldTitle: String, fileExtension: String) throws(FolioError) {
    if title.isEmpty { throw .invalidArgument("a title cannot be empty") }
    if title.contains("/") { throw .invalidArgument("a title cannot contain '/'") }
    if title.unicodeScalars.contains("\0") {
      throw .invalidArgument("a title cannot contain a NUL character")
    }
    if title == "." || title == ".." { throw .invalidArgument("'\(title)' cannot be a title") }
    let bytes = title.utf8.count + fileExtension.utf8.count
    if bytes > 255 {
      throw .invalidArgument("the file name would be \(bytes) bytes long; the most is 255")
    }
    if title == oldTitle { throw .invalidArgument("the title is already '\(title)'") }
  }
}
