import FolioCore

/// Phrases what commands did, for people: the one place the core's reports become
/// sentences ("Saved Notes to /home/me/Notes.txt.").
///
/// The text renderer shows these sentences; the JSON renderer keeps them as `message`
/// beside the reports' own fields.
public enum ReportText {
  /// What a command did with a document, as one or more sentences.
  public static func phrase(_ report: DocumentReport) -> String {
    let document = report.document
    let title = document.title
    switch report.event {
    case .made: return "Made \(title) (\(document.kind.rawValue))."
    case .opened(let size, let warning, let discardedRecovery):
      return "Opened \(describe(title, size))." + (warning.map { " Warning: \($0)." } ?? "")
        + (discardedRecovery ? " Discarded the unsaved changes of the ended session." : "")
    case .alreadyOpen: return "\(title) is already open; focused it."
    case .recovered(let size):
      return
        "Recovered the unsaved changes to \(describe(title, size)); saving keeps them, Undo takes them back."
    case .focused: return "\(title) is active."
    case .title: return title + (document.url.map { " — " + $0 } ?? " — not saved yet")
    case .renamed(let from, let to): return "Renamed \(from) to \(to)."
    case .saved(let path, _, let notes):
      return "Saved \(title) to \(path)." + notes.map { " \(phrase($0))." }.joined()
    case .reverted: return "Reverted \(title) to the saved version."
    case .undone(let action): return "Undid \(action)."
    case .redone(let action): return "Redid \(action)."
    case .lineAppended(let line): return "Appended line \(line)."
    case .lineInserted(let line): return "Inserted line \(line)."
    case .lineReplaced(let line): return "Replaced line \(line)."
    case .rowAdded(let id): return "Added row id:\(id)."
    case .cellSet(let row, let column, let changed):
      return changed
        ? "Set \(column) of row \(row)."
        : "\(column) of row \(row) holds that value already; nothing changed."
    case .linesDeleted(let count): return "Deleted \(amount(count, "line"))."
    case .rowsDeleted(let count): return "Deleted \(amount(count, "row"))."
    case .columnChanged(let change): return phrase(change)
    case .favoriteMarked(let row, let isFavorite):
      return isFavorite ? "Marked “\(row)” as a favorite." : "Removed “\(row)” from the favorites."
    case .printed(let path, let pages, let missingGlyphs):
      let missing =
        missingGlyphs.isEmpty
        ? ""
        : " No font has a glyph for \(amount(missingGlyphs.count, "character")) (listed on standard error)."
      return "Printed \(amount(pages, "page")) to \(path).\(missing)"
    case .shared(_, let outcome): return phrase(outcome)
    case .closed: return "Closed \(title)."
    case .closedWithoutSaving: return "Closed \(title) without saving."
    case .savedAndClosed(let path): return "Saved \(title) to \(path) and closed it."
    case .closedKeepingRecovery:
      return "Left \(title) closed; its unsaved changes stay in the recovery journal."
    case .keptOpen: return "Kept \(title) open."
    case .keptUnchanged: return "Kept \(title) as it is."
    }
  }

  /// The sentence of a result that is only a short report; nil for any other result.
  public static func phrase(_ output: CommandOutput) -> String? {
    switch output {
    case .document(let report): phrase(report)
    case .sortOrder(let report): phrase(report)
    case .recentDocumentsCleared(let count):
      "Cleared the recent documents (\(count)). Documents opened from now on are listed again."
    case .journalDiscarded(let path, let title): "Discarded the unsaved changes to \(path ?? title)."
    default: nil
    }
  }

  /// What sharing did: "Saved a copy of Places as /tmp/Places 2.csv".
  public static func phrase(_ outcome: ShareOutcome) -> String {
    let path = outcome.writtenPath.map { " as \($0)" } ?? ""
    let sentence =
      switch outcome.delivery {
      case .copy: "Saved a copy of \(outcome.title)\(path)"
      case .mailDraft: "Wrote a mail draft with \(outcome.fileName) attached: \(outcome.writtenPath ?? "")"
      case .standardOutput:
        "Wrote \(outcome.title) as \(outcome.representation.rawValue) to standard output"
      case .clipboard: "Copied \(outcome.title) as \(outcome.representation.rawValue) to the clipboard"
      case .plugin(let targetTitle): "Shared '\(outcome.title)' with \(targetTitle)\(path)"
      }
    return sentence
      + (outcome.leavesOutUnsavedChanges ? " (the file as last saved: unsaved changes are not in it)" : "")
  }

  /// What `sort` says: what sorting did, or the order the rows are in.
  public static func phrase(_ report: SortReport) -> String {
    if let rows = report.sortedRows { return "Sorted \(amount(rows, "row")) by \(describe(report.keys))." }
    if report.wasCleared { return "\(report.document) has no sort order now; its rows stay where they are." }
    if report.keys.isEmpty {
      return "\(report.document) has no sort order; 'sort COLUMN' sorts it and keeps it sorted."
    }
    return "\(report.document) is sorted by \(describe(report.keys))."
  }

  /// A note on how a file was saved, as a sentence without its full stop.
  public static func phrase(_ note: SaveNote) -> String {
    switch note {
    case .rewrittenAfterDeletion: "It had been deleted on disk since it was read; it was written again"
    case .writtenInPlace(let reason): "It was written in place: \(reason)"
    }
  }

  /// "name, noise descending".
  public static func describe(_ keys: [TableSortKey]) -> String {
    keys.map { $0.order == .ascending ? $0.column : $0.column + " descending" }.joined(separator: ", ")
  }

  /// The title with its kind and size: "Notes (text, 12 lines)".
  private static func describe(_ title: String, _ size: DocumentSize) -> String {
    switch size {
    case .lines(let lines): "\(title) (text, \(amount(lines, "line")))"
    case .table(let rows, let columns):
      "\(title) (table, \(amount(rows, "row")) × \(amount(columns, "column")))"
    }
  }

  /// "1 row", "3 rows".
  private static func amount(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
