import FolioCore

/// A recent document as a command names it: its number in the list (1 is the newest), its
/// path as listed, its file name or its title (exactly, else ignoring case).
enum RecentEntry {
  /// The path of the recent document `entry` names among `recent`, newest first.
  ///
  /// - Throws: `FolioError.invalidArgument` when the list is empty, or when no entry, or
  ///   more than one, matches.
  static func path(_ entry: String, in recent: [RecentDocument], workspace: Workspace) throws(FolioError)
    -> String
  {
    guard !recent.isEmpty else {
      throw FolioError.invalidArgument("there are no recent documents; documents you open are listed")
    }
    if Parameter.integer(entry) != nil || Parameter.isTooLargeInteger(entry) {
      guard let number = Parameter.integer(entry), let document = Position.element(number, of: recent) else {
        let listing: [String: ArgumentValue] =
          recent.count > Workspace.recentDocumentsShown ? ["what": .string(String(recent.count))] : [:]
        throw FolioError(
          .invalidArgument, "there is no recent document \(entry); they are 1–\(recent.count)",
          values: ["entry": entry], remedies: [.run("document.recent", listing, effect: "lists them")])
      }
      return document.path
    }
    let paths = recent.map(\.path)
    // A word with a slash is a path (relative ones from the current folder); a bare name is
    // matched against every entry, so it never silently prefers the one in this folder.
    if entry.contains("/"), let absolute = try? workspace.absolutePath(entry), paths.contains(absolute) {
      return absolute
    }
    let rules: [(String) -> String] = [
      { DocumentFile.fileName(of: $0) }, { Workspace.title(ofFile: $0) },
      { DocumentFile.fileName(of: $0).lowercased() }, { Workspace.title(ofFile: $0).lowercased() },
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

  /// Opens the recent document `entry` names, as `Workspace.openRecent(path:)` does.
  ///
  /// - Throws: `FolioError.disabled` without a state store; what `path(_:in:workspace:)` and
  ///   `openRecent(path:)` throw.
  static func open(_ entry: String, in workspace: Workspace) throws(FolioError) -> CommandOutput {
    let recent = try workspace.recentDocuments(limit: StateStore.recentDocumentsKept)
    return try workspace.openRecent(path: try path(entry, in: recent, workspace: workspace))
  }
}
