/// Which recovery journal an operation means: its number in the listing or its document's
/// path.
public enum JournalReference: Sendable, Equatable {
  /// The journal's number in `Workspace.recoveryListing()`, from 1.
  case number(Int)
  /// The path of the document whose unsaved changes it holds, absolute or relative to the
  /// workspace's folder.
  case path(String)
}

extension Workspace {
  /// The error for a journal number, as written, that is not in 1…`count`.
  public static func missingJournal(_ number: String, count: Int) -> FolioError {
    guard count > 0 else { return .invalidArgument("there is nothing to recover") }
    return FolioError(
      .invalidArgument, "there is no journal \(number); they are 1–\(count)", values: ["journal": number],
      remedies: [listJournals])
  }

  /// The remedy that lists the journals: the recover command without arguments.
  static let listJournals = Remedy.run("document.recover", effect: "lists them")
}
