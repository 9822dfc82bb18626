#if canImport(Glibc)
  import Glibc
#endif

extension DocumentFile {
  /// What a save that cannot replace the file atomically needs to write it in place without
  /// risking it: where to keep the safety copy of the old version, and a step that makes the
  /// new version safe elsewhere first (the recovery journal).
  public struct InPlaceSafety {
    /// Where the old version is copied before the file is overwritten; removed once the
    /// new version is on disk.
    public var backupPath: String
    /// Runs before the file is touched; throwing stops the save with nothing changed.
    public var prepare: () throws(FolioError) -> Void

    /// Creates the safety measures of one save.
    public init(backupPath: String, prepare: @escaping () throws(FolioError) -> Void) {
      self.backupPath = backupPath
      self.prepare = prepare
    }
  }

  /// How a save went.
  public struct SaveOutcome {
    /// The file as written.
    public var snapshot: FileSnapshot
    /// Why the file was written in place rather than replaced; nil for an atomic replace.
    public var inPlaceReason: String?
  }

  /// Saves a document's bytes to `path`: atomically when it can (see `writeAtomically`),
  /// otherwise in place after a safety copy.
  ///
  /// A file with several hard links is written in place, since replacing it would break the
  /// links; so is one whose folder is read-only, whose owner a new file cannot get, or that
  /// is mounted on its own. In place means: `safety.prepare` runs (the new version goes to
  /// the journal), the old version is copied to `safety.backupPath` and flushed, the file is
  /// overwritten, truncated and flushed, and the copy is removed. A failure part-way writes
  /// the old version back; if even that fails, the copy stays and the error names it.
  ///
  /// - Parameter safety: how to write in place safely; nil refuses to write in place.
  /// - Throws: `FolioError.io`, also when `path` is not a regular file (a folder, a device, a
  ///   FIFO); nothing is lost then.
  public static func save(_ bytes: [UInt8], to path: String, inPlace safety: InPlaceSafety?)
    throws(FolioError) -> SaveOutcome
  {
    try save(SaveContent(bytes), to: path, inPlace: safety)
  }

  /// Saves content to `path` as `save(_:to:inPlace:)` saves bytes, streaming it to the file a
  /// chunk at a time as the encoder makes it.
  public static func save(_ content: SaveContent, to path: String, inPlace safety: InPlaceSafety?)
    throws(FolioError) -> SaveOutcome
  {
    try save(content, to: path, inPlace: safety, beforeReplacing: nil)
  }

  /// Saves content as `save(_:to:inPlace:)` does, calling `beforeReplacing` at the last
  /// moment the save can still be given up: once the new version is written and flushed,
  /// just before it is renamed over the file (or, in place, once the safety copy is kept,
  /// just before the file is overwritten). Throwing there leaves the file as it was, and no
  /// temporary file or safety copy.
  static func save(
    _ content: SaveContent, to path: String, inPlace safety: InPlaceSafety?,
    beforeReplacing: (() throws(FolioError) -> Void)?
  ) throws(FolioError) -> SaveOutcome {
    let target = resolvedTarget(path)
    let found = try replaceableFile(at: target, path: path)
    if let found, found.st_nlink > 1 {
      let reason = "it has \(found.st_nlink) hard links, which replacing it would break"
      return try saveInPlace(
        content, path: path, target: target, reason: reason, safety: safety, beforeReplacing: beforeReplacing)
    }
    switch try replace(
      content, path: path, target: target, existing: found, newFileMode: 0o666, faults: "save",
      beforeReplacing: beforeReplacing)
    {
    case .replaced(let snapshot): return SaveOutcome(snapshot: snapshot, inPlaceReason: nil)
    case .impossible(let reason):
      return try saveInPlace(
        content, path: path, target: target, reason: reason, safety: safety, beforeReplacing: beforeReplacing)
    }
  }

  /// Overwrites an existing file in place, keeping its inode, links, owner and mode.
  private static func saveInPlace(
    _ content: SaveContent, path: String, target: String, reason: String, safety: InPlaceSafety?,
    beforeReplacing: (() throws(FolioError) -> Void)?
  ) throws(FolioError) -> SaveOutcome {
    guard let safety else {
      throw .io(
        path, "cannot save: \(reason), and without a state folder there is nowhere to keep a safety copy")
    }
    let descriptor = open(target, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .io(path, "cannot save: \(reason), and the file itself cannot be written: \(lastError)")
    }
    defer { close(descriptor) }
    try safety.prepare()
    let old = try read(target).bytes
    if let code = FaultPoint.reach("save.backup") {
      throw .io(path, "cannot save: cannot keep a safety copy: \(describe(code))")
    }
    do throws(FolioError) {
      try writeAtomically(old, to: safety.backupPath, newFileMode: 0o600)
    } catch {
      throw FolioError(
        .io, "\(path): cannot save: cannot keep a safety copy", values: ["path": path], cause: error)
    }
    do throws(FolioError) {
      try beforeReplacing?()
    } catch {
      unlink(safety.backupPath)
      throw error
    }
    let written: (size: Int, hash: UInt64)
    do throws(FolioError) {
      written = try overwrite(descriptor, with: content, path: path, faults: true)
    } catch {
      do throws(FolioError) {
        try overwrite(descriptor, with: SaveContent(old), path: path, faults: false)
      } catch {
        throw FolioError(
          error.code, "\(error); the previous version is kept in \(safety.backupPath)", values: error.values)
      }
      unlink(safety.backupPath)
      throw FolioError(error.code, "\(error); the file was written back as it was", values: error.values)
    }
    unlink(safety.backupPath)
    _ = FaultPoint.reach("save.done")
    var info = stat()
    let taken = clocks()
    guard fstat(descriptor, &info) == 0 else { throw .io(path, "cannot check the saved file: \(lastError)") }
    return SaveOutcome(snapshot: snapshot(info, hash: written.hash, taken: taken), inPlaceReason: reason)
  }

  /// Writes `content` from the start of an open file, cuts the file to its length and flushes
  /// it.
  ///
  /// - Returns: the number of bytes written and their `FileSnapshot` hash.
  @discardableResult
  private static func overwrite(_ descriptor: Int32, with content: SaveContent, path: String, faults: Bool)
    throws(FolioError) -> (size: Int, hash: UInt64)
  {
    guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw .io(path, "cannot save: \(lastError)") }
    let written = try writeAll(
      content, to: descriptor, path: path, step: faults ? "save.in-place-write" : nil)
    guard ftruncate(descriptor, off_t(written.size)) == 0 else {
      throw .io(path, "cannot save: \(describe(errno))")
    }
    try flush(descriptor, path: path, step: faults ? "save.in-place-fsync" : nil)
    return written
  }
}
