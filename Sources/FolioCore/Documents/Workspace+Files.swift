extension Workspace {
  /// Saves a document to its file, or to a new path with `as`.
  ///
  /// The file is written atomically. A file changed on disk since it was read (its content
  /// hash differs, or it was deleted) is refused unless `force`. Saving as an existing other
  /// file is refused unless `force`. An unedited document saved to a new path is copied
  /// byte for byte.
  ///
  /// - Returns: the path written.
  /// - Throws: `FolioError.conflict` or `FolioError.io`; the document stays as it was.
  @discardableResult
  public func save(_ document: Document, as newPath: String? = nil, force: Bool = false) throws(FolioError)
    -> String
  {
    let target: String
    if let newPath {
      target = try absolutePath(newPath)
    } else if let path = document.path {
      target = path
    } else {
      throw FolioError(.invalidArgument, "'\(document.title)' has no file yet: use 'save --as PATH'")
    }
    let isSameFile =
      document.path.map { DocumentFile.resolvedTarget($0) == DocumentFile.resolvedTarget(target) } ?? false
    let format = DocumentFormat(fileName: DocumentFile.fileName(of: target))
    if isSameFile {
      try checkUnchangedOnDisk(document, force: force)
    } else if !force, DocumentFile.exists(target) {
      throw FolioError(
        .conflict,
        "'\(DocumentFile.fileName(of: target))' already exists; 'save --as \(newPath ?? target) --force' replaces it"
      )
    }
    // An unedited document whose file still holds what was read is written byte for byte:
    // nothing at all to do for its own file, a copy for a new one.
    var fileUnchanged = false
    if !document.isDirty, format == document.format, let path = document.path {
      fileUnchanged = try DocumentFile.currentSnapshot(of: path) == document.snapshot
    }
    let snapshot: FileSnapshot
    if fileUnchanged, isSameFile, let unchanged = document.snapshot {
      snapshot = unchanged
    } else if fileUnchanged, let path = document.path {
      snapshot = try DocumentFile.copy(path, to: target)
    } else {
      snapshot = try DocumentFile.writeAtomically(try format.encode(document.content), to: target)
    }
    if !isSameFile {
      document.path = target
      document.title = Self.title(ofFile: target)
      document.format = format
      try? store?.noteRecentDocument(path: target)
    }
    document.snapshot = snapshot
    document.markSaved()
    emit(.saved(windowID: document.windowID))
    return target
  }

  /// Throws unless the document's file still holds what was read (or last saved).
  private func checkUnchangedOnDisk(_ document: Document, force: Bool) throws(FolioError) {
    guard !force, let path = document.path else { return }
    let name = DocumentFile.fileName(of: path)
    guard let current = try DocumentFile.currentSnapshot(of: path) else {
      throw FolioError(
        .conflict, "\(name) was deleted on disk since it was read; 'save --force' writes it again")
    }
    if current.size != document.snapshot?.size || current.contentHash != document.snapshot?.contentHash {
      throw FolioError(
        .conflict,
        "\(name) changed on disk since it was read; 'save --force' overwrites it, 'revert' loads the new version"
      )
    }
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
      content = try document.format.decode(bytes)
    } catch {
      throw FolioError(error.code, "\(DocumentFile.fileName(of: path)): \(error.message)")
    }
    try FolioError.converting { try document.replaceContent(with: content, stepName: "Revert") }
    document.pruneSelection()
    document.snapshot = snapshot
    document.markSaved()
  }

  /// Renames a document [RenameButton]: the file is renamed in its folder, keeping its
  /// extension and never replacing another file; an untitled document only changes its
  /// title. Unsaved edits are kept. The rename is one undoable step.
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
        "Rename", apply: { $0.title = newTitle }, revert: { $0.title = oldTitle })
      emit(.renamed(windowID: document.windowID, from: oldTitle, to: newTitle))
      return
    }
    let newPath = DocumentFile.directoryPath(of: oldPath) + "/" + newTitle + fileExtension
    try FolioError.converting {
      try document.perform(
        "Rename",
        apply: { document in
          try DocumentFile.renameWithoutReplacing(oldPath, to: newPath)
          document.path = newPath
          document.title = newTitle
        },
        revert: { document in
          try DocumentFile.renameWithoutReplacing(newPath, to: oldPath)
          document.path = oldPath
          document.title = oldTitle
        })
    }
    try? store?.noteRecentDocument(path: newPath)
    emit(.renamed(windowID: document.windowID, from: oldTitle, to: newTitle))
  }

  /// Checks a new title against the rules of SPEC §3.1, with a message per case.
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
