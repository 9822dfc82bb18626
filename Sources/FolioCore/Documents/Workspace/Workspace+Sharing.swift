extension ShareTargetInfo {
  init(_ target: ShareTarget, offered: [Representation]) {
    id = target.id
    title = target.title
    accepts = target.accepts
    representation = target.preferredRepresentation(among: offered)
    owner = target.owner
  }
}

/// A share target as `share` lists it.
public struct ShareTargetInfo: Sendable, Equatable {
  public var id: String
  public var title: String
  /// What the target accepts, in its order of preference.
  public var accepts: [Representation]
  /// What the document would be sent as.
  public var representation: Representation?
  public var owner: String
}

extension Workspace {
  /// The share targets that accept a document, with what each would get.
  public func shareTargets(for document: Document) -> [ShareTargetInfo] {
    let offered = document.shareSource.offered
    return shareTargets.targets(accepting: offered).map { ShareTargetInfo($0, offered: offered) }
  }

  /// Shares a document through a target [ShareLink].
  ///
  /// - Parameters:
  ///   - target: the target's id: `file`, `stdout`, `mail` or a plugin's.
  ///   - representation: `--as`: file, text, csv or json; nil for the target's best.
  ///   - destination: `--to`: a folder for `file`, `mail` and plugin targets (`mail` and
  ///     plugin targets default to the document's folder); `-` prints a plugin target's text.
  /// - Throws: `FolioError.invalidArgument` naming what is possible, or the target's error;
  ///   `FolioError.interrupted` once `cancellation` is cancelled, checked while the item is
  ///   made, encoded and written by a built-in target, which then leaves no file behind.
  public func share(
    _ document: Document, with target: String, as representation: String?, to destination: String?
  ) throws(FolioError) -> ShareOutcome {
    let requested = try representation.map(Representation.init(named:))
    // `--to -` is standard output, as for `print`: a plugin's target prints its text.
    let toStandardOutput = destination == "-"
    if toStandardOutput, target == "file" || target == "mail" {
      throw FolioError(
        .invalidArgument, "'\(target)' writes a file and cannot send it to standard output",
        remedies: [.run("document.share", ["target": .string("stdout")], effect: "prints the document")])
    }
    var folder = toStandardOutput ? nil : try destination.map(absolutePath)
    if folder == nil, target == "mail" {
      folder = document.path.map(DocumentFile.directoryPath) ?? currentDirectory
    } else if folder == nil, !toStandardOutput, let owner = shareTargets.target(id: target)?.owner,
      owner != "built-in"
    {
      // A plugin's target writes beside the document; a never-saved one has no folder, so
      // the target prints instead.
      folder = document.path.map(DocumentFile.directoryPath)
    }
    try cancellation.check()
    let source = ShareSource(
      title: document.title, path: document.path, content: document.content, cancellation: cancellation)
    var outcome = try shareTargets.share(
      source, with: target, as: requested, to: folder, cancellation: cancellation)
    if document.isDirty,
      try shareTargets.representation(
        for: target, offered: document.shareSource.offered, title: document.title, requested: requested)
        == .file
    {
      outcome.leavesOutUnsavedChanges = true
    }
    return outcome
  }
}
