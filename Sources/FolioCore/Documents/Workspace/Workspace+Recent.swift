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
    return try openOfferingRecovery(path)
  }

  /// Forgets every recent document [Clear Menu].
  ///
  /// - Returns: a sentence saying how many were forgotten.
  /// - Throws: `FolioError.disabled` without a state store or when the list is empty.
  public func clearRecentDocuments() throws(FolioError) -> String {
    if let reason = recentClearAvailability().reason { throw FolioError(.disabled, reason) }
    let count = try requireStore().clearRecentDocuments()
    return "Cleared the recent documents (\(count)). Documents opened from now on are listed again."
  }

  /// `recent [N]`, `recent open N-OR-NAME` and `recent clear`, and the two subcommands as
  /// commands of their own (File › Open Recent's items run `document.recent.open`).
  public var recentCommands: [Command] {
    [
      Command(
        id: "document.recent", verb: "recent", title: "Recent Documents", icon: "clock",
        category: "Documents",
        summary: "the documents opened most recently, numbered; 'recent open N' opens one",
        details: "'recent [N]' lists the N (default \(Self.recentDocumentsShown)) documents opened most "
          + "recently, newest first, kept in the state store. 'recent open N-OR-NAME' opens one by its "
          + "number, file name, title or path; a file that no longer exists is removed from the list. "
          + "'recent clear' forgets them all. File › Open Recent lists the same documents.",
        parameters: [
          Parameter(
            "what", isOptional: true, summary: "how many to list, or open or clear", valueName: "N|open|clear"
          ),
          Parameter(
            "entry", isOptional: true, summary: "after open: a number in the list, a file name or a path",
            valueName: "N-OR-NAME"),
        ],
        behavior: .action { [unowned self] arguments in
          let what = arguments.string("what")
          let entry = arguments.string("entry")
          switch what?.lowercased() {
          case "open":
            guard let entry else { throw FolioError.invalidArgument("usage: recent open N-OR-NAME") }
            return try openRecent(entry)
          case "clear":
            guard entry == nil else { throw FolioError.invalidArgument("'recent clear' takes no arguments") }
            return .message(try clearRecentDocuments())
          default:
            let count = try what.map(Self.recentCount) ?? Self.recentDocumentsShown
            guard entry == nil else {
              throw FolioError.invalidArgument("usage: recent [N], recent open N-OR-NAME or recent clear")
            }
            return .recentDocuments(try recentDocuments(limit: count))
          }
        }),
      Command(
        id: "document.recent.open", title: "Open Recent Document", icon: "clock", category: "Documents",
        summary: "open a recent document by its number in 'recent', file name, title or path",
        parameters: [
          Parameter(
            "entry", summary: "a number in the list, a file name, a title or a path", valueName: "N-OR-NAME")
        ],
        availability: { [unowned self] in store == nil ? .disabled(reason: Self.noStoreReason) : .enabled },
        behavior: .action { [unowned self] arguments in try openRecent(arguments.string("entry") ?? "") }),
      Command(
        id: "document.recent.clear", title: "Clear Recent Documents", icon: "clock", category: "Documents",
        summary: "forget every recent document (File › Open Recent › Clear Menu)",
        availability: { [unowned self] in recentClearAvailability() },
        behavior: .action { [unowned self] _ in .message(try clearRecentDocuments()) }),
    ]
  }

  private static let noStoreReason = "recent documents are not kept: the state store could not be opened"

  private func requireStore() throws(FolioError) -> StateStore {
    guard let store else { throw FolioError(.disabled, Self.noStoreReason) }
    return store
  }

  private func recentClearAvailability() -> Availability {
    guard let store else { return .disabled(reason: Self.noStoreReason) }
    let isEmpty = (try? store.recentDocuments(limit: 1).isEmpty) ?? false
    return isEmpty ? .disabled(reason: "there are no recent documents to clear") : .enabled
  }

  /// `recent N`'s count.
  private static func recentCount(_ text: String) throws(FolioError) -> Int {
    if Parameter.isTooLargeInteger(text) {
      throw FolioError.invalidArgument("'recent N' lists 1–\(Int.max), got \(text)")
    }
    guard let count = Parameter.integer(text) else {
      throw FolioError.invalidArgument("'recent' expects a number, open or clear, got '\(text)'")
    }
    guard count > 0 else { throw FolioError.invalidArgument("'recent N' lists at least 1, got \(count)") }
    return count
  }

  /// The path of the recent document an entry names: by number, path, file name or title.
  private func recentPath(_ entry: String, in recent: [RecentDocument]) throws(FolioError) -> String {
    guard !recent.isEmpty else {
      throw FolioError.invalidArgument("there are no recent documents; documents you open are listed")
    }
    if Parameter.integer(entry) != nil || Parameter.isTooLargeInteger(entry) {
      guard let number = Parameter.integer(entry), let document = Position.element(number, of: recent) else {
        let listing = recent.count > Self.recentDocumentsShown ? "'recent \(recent.count)'" : "'recent'"
        throw FolioError.invalidArgument(
          "there is no recent document \(entry); they are 1–\(recent.count) (\(listing) lists them)")
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
        throw FolioError.invalidArgument(
          "'\(entry)' matches recent documents \(numbers); open one by number ('recent' lists them)")
      }
      return paths[first]
    }
    throw FolioError.invalidArgument("no recent document '\(entry)'; 'recent' lists them")
  }

  /// Whether nothing is at `path` any more (following symbolic links), as opposed to a file
  /// that exists but cannot be read, which stays on the list.
  private static func isMissing(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) != 0 else { return false }
    return errno == ENOENT || errno == ENOTDIR
  }
}
