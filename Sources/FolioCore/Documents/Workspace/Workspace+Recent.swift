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
  /// - Parameter path: the document's path, as `recentDocuments(limit:)` lists it.
  /// - Returns: what `open` returns: the document, or the dialog offering unsaved changes a
  ///   killed session left.
  /// - Throws: `FolioError.disabled` without a state store; `FolioError.io` for a file that
  ///   no longer exists (then removed from the list) or cannot be read; what `open` throws.
  public func openRecent(path: String) throws(FolioError) -> CommandOutput {
    let store = try requireStore()
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

  /// Whether nothing is at `path` any more (following symbolic links), as opposed to a file
  /// that exists but cannot be read, which stays on the list.
  private static func isMissing(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) != 0 else { return false }
    return errno == ENOENT || errno == ENOTDIR
  }
}
