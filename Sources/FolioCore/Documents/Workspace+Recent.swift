extension Workspace {
  /// The recently opened documents, newest first, from the state store.
  ///
  /// - Throws: `FolioError.disabled` when Folio runs without a state store.
  public func recentDocuments(limit: Int) throws(FolioError) -> [RecentDocument] {
    guard let store else {
      throw FolioError(.disabled, "recent documents are not kept: the state store could not be opened")
    }
    return try store.recentDocuments(limit: limit)
  }

  /// `recent [N]`: the recently opened documents.
  public var recentCommand: Command {
    Command(
      id: "document.recent", verb: "recent", title: "Open Recent", icon: "clock", category: "Documents",
      summary: "the documents opened most recently, newest first (kept in the state store)",
      parameters: [Parameter("count", .int, defaultValue: .int(10), summary: "how many", valueName: "N")],
      behavior: .action { [unowned self] arguments in
        let count = arguments.int("count") ?? 10
        guard count > 0 else { throw FolioError.invalidArgument("'count' must be at least 1") }
        return .recentDocuments(try recentDocuments(limit: count))
      })
  }
}
