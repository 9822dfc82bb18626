#if canImport(Glibc)
  import Glibc
#endif

extension Workspace {
  /// How many recent documents `recent`, the Recent tab and File › Open Recent show.
  public static let recentDocumentsShown = 10

  /// The recently opened documents, newest first, from the state store.
  ///
  /// - Throws: `FolioError.disabled` when Folio runs without a state store.
  public func recentDocuments(limit: Int) throws(FolioError) -> [RecentDocument] {
    try requireStore().recentDocuments(limit: limit)
  }

  /// Opens a recent document [File › Open Recent], as `open` opens its path.
  ///
  /// A file that no longer exists is removed from the list, and the error says so: the list
  /// then shows only what can be opened, as File › Open Recent does on macOS.
  ///
  /// - Parameter entry: its number in `recent` (1 is the newest), its path as listed, its
  ///   file name or its title (exactly, else ignoring case).
  /// - Returns: what `open` returns: the document, or the dialog offering unsaved changes a
  ///   killed session left.
  /// - Throws: `FolioError.disabled` without a state store; `FolioError.invalidArgument`
  ///   when no entry, or more than one, matches; `FolioError.io` for a file that no longer
  ///   exists (then removed from the list) or cannot be read; what `open` throws.
  public func openRecent(_ entry: String) throws(FolioError) -> CommandOutput {
    let store = try requireStore()
    let recent = try store.recentDocuments(limit: StateStore.recentDocumentsKept)
    let path = try recentPath(entry, in: recent)
    // An open window keeps its document even when the file went away: `open` focuses it.
    let isOpen = documents.contains { $0.path == path }
    if !isOpen, Self.isMissing(path) {
      let removal: String
      do {
        try store.removeRecentDocument(path: path)
        removal = "removed it from the recent documents"
      } catch {
        removal = "removing it from the recent documents failed: \(error.message)"
      }
      throw .io(path, "the file no longer exists; \(removal)")
    }
    return try openOfferingRecovery(
      path, responder: .command(CommandInvocation("document.open", ["path": .string(path)])))
  }

  /// Forgets every recent document [Clear Menu].
  ///
  /// - Returns: `recentDocumentsCleared` with how many were forgotten.
  /// - Throws: `FolioError.disabled` without a state store or when the list is empty.
  public func clearRecentDocuments() throws(FolioError) -> CommandOutput {
    if let reason = recentClearAvailability().reason { throw FolioError(.disabled, reason) }
    return .recentDocumentsCleared(count: try requireStore().clearRecentDocuments())
  }

  private static let noStoreReason = "recent documents are not kept: the state store could not be opened"

  private func requireStore() throws(FolioError) -> StateStore {
    guard let store else { throw FolioError(.disabled, Self.noStoreReason) }
    return store
  }

  /// Whether recent documents can be opened: only with a state store.
  public func recentOpenAvailability() -> Availability {
    store == nil ? .disabled(reason: Self.noStoreReason) : .enabled
  }

  /// Whether the recent documents can be cleared: only with a state store that lists some.
  public func recentClearAvailability() -> Availability {
    guard let store else { return .disabled(reason: Self.noStoreReason) }
    let isEmpty = (try? store.recentDocuments(limit: 1).isEmpty) ?? false
    return isEmpty ? .disabled(reason: "there are no recent documents to clear") : .enabled
  }

  /// The path of the recent document an entry names: by number, path, file name or title.
  private func recentPath(_ entry: String, in recent: [RecentDocument]) throws(FolioError) -> String {
    guard !recent.isEmpty else {
      throw FolioError.invalidArgument("there are no recent documents; documents you open are listed")
    }
    if Parameter.integer(entry) != nil || Parameter.isTooLargeInteger(entry) {
      guard let number = Parameter.integer(entry), let document = Position.element(number, of: recent) else {
        let listing: [String: ArgumentValue] =
          recent.count > Self.recentDocumentsShown ? ["what": .string(String(recent.count))] : [:]
        throw FolioError(
          .invalidArgument, "there is no recent document \(entry); they are 1–\(recent.count)",
          values: ["entry": entry], remedies: [.run("document.recent", listing, effect: "lists them")])
      }
      return document.path
    }
    let paths = recent.map(\.path)
    // A word with a slash is a path (relative ones from the current folder); a bare name is
    // matched against every entry, so it never silently prefers the one in this folder.
    if entry.contains("/"), let absolute = try? absolutePath(entry), paths.contains(absolute) {
      return absolute
    }
    let rules: [(String) -> String] = [
      { DocumentFile.fileName(of: $0) }, { Self.title(ofFile: $0) },
      { DocumentFile.fileName(of: $0).lowercased() }, { Self.title(ofFile: $0).lowercased() },
    ]
    for (index, rule) in rules.enumerated() {
      let key = index < 2 ? entry : entry.lowercased()
      let matches = paths.indices.filter { rule(paths[$0]) == key }
      guard let first = matches.first else { continue }
      guard matches.count == 1 else {
        let numbers = matches.map { String($0 + 1) }.joined(separator: ", ")
        throw FolioError(
          .invalidArgument, "'\(entry)' matches recent documents \(numbers)", values: ["entry": entry],
          remedies: matches.map { index in
            .run(
              "document.recent.open", ["entry": .string(String(index + 1))], effect: "opens \(paths[index])")
          })
      }
      return paths[first]
    }
    throw FolioError(
      .invalidArgument, "no recent document '\(entry)'", values: ["entry": entry],
      remedies: [.run("document.recent", effect: "lists them")])
  }

  /// Whether nothing is at `path` any more (following symbolic links), as opposed to a file
  /// that exists but cannot be read, which stays on the list.
  private static func isMissing(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) != 0 else { return false }
    return errno == ENOENT || errno == ENOTDIR
  }
}
