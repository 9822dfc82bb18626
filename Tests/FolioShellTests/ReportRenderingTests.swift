import FolioPresentation
import Foundation
import Testing

@testable import FolioCore
@testable import FolioSession
@testable import FolioShell

/// The core's reports are data; the text renderer phrases them as Folio always has, and the
/// JSON renderer keeps that sentence as `message` beside the reports' own fields.
@Suite struct ReportRenderingTests {
  /// A report about an untitled text document, with `event`.
  private static func report(_ event: DocumentReport.Event) throws -> DocumentReport {
    let workspace = Workspace(currentDirectory: "/", home: nil)
    let document = try workspace.newDocument(kind: .text, columns: [])
    document.title = "Notes"
    return DocumentReport(document: DocumentSummary(document, in: workspace), event: event)
  }

  private static func text(_ output: CommandOutput) -> String? {
    TextRenderer(style: TextStyle(usesColor: false)).render(output)
  }

  /// The JSON result as a dictionary.
  private static func json(_ output: CommandOutput) throws -> [String: Any] {
    let line = JSONRenderer.result(output).serialized
    return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  private static let outcome = ShareOutcome(
    .copy,
    item: ShareItem(
      title: "Notes", fileName: "Notes.txt", representation: .file, mediaType: "text/plain", bytes: []),
    writtenPath: "/tmp/Notes 2.txt", leavesOutUnsavedChanges: true)

  /// Each event with the sentence it has always been shown as.
  private static let phrasings: [(DocumentReport.Event, String)] = [
    (.made, "Made Notes (text)."),
    (
      .opened(size: .table(rows: 1, columns: 3), warning: nil, discardedRecovery: false),
      "Opened Notes (table, 1 row × 3 columns)."
    ),
    (
      .opened(size: .lines(2), warning: FolioError(.conflict, "locked"), discardedRecovery: true),
      "Opened Notes (text, 2 lines). Warning: locked. Discarded the unsaved changes of the ended session."
    ),
    (.alreadyOpen, "Notes is already open; focused it."),
    (
      .recovered(size: .lines(1)),
      "Recovered the unsaved changes to Notes (text, 1 line); saving keeps them, Undo takes them back."
    ),
    (.focused, "Notes is active."),
    (.title, "Notes — not saved yet"),
    (.renamed(from: "Old", to: "Notes"), "Renamed Old to Notes."),
    (.saved(path: "/tmp/Notes.txt", bytes: 12, notes: []), "Saved Notes to /tmp/Notes.txt."),
    (
      .saved(
        path: "/n.txt", bytes: 0,
        notes: [.rewrittenAfterDeletion, .writtenInPlace(reason: "it is hard-linked")]),
      "Saved Notes to /n.txt. It had been deleted on disk since it was read; it was written again. It was "
        + "written in place: it is hard-linked."
    ),
    (.reverted, "Reverted Notes to the saved version."),
    (.undone(action: "Sort"), "Undid Sort."),
    (.redone(action: "Sort"), "Redid Sort."),
    (.lineAppended(line: 3), "Appended line 3."),
    (.lineInserted(line: 1), "Inserted line 1."),
    (.lineReplaced(line: 2), "Replaced line 2."),
    (.rowAdded(id: 7), "Added row id:7."),
    (.cellSet(row: "id:7", column: "name", changed: true), "Set name of row id:7."),
    (
      .cellSet(row: "2", column: "name", changed: false),
      "name of row 2 holds that value already; nothing changed."
    ),
    (.linesDeleted(count: 1), "Deleted 1 line."),
    (.rowsDeleted(count: 4), "Deleted 4 rows."),
    (.printed(path: "/tmp/Notes.pdf", pages: 1, missingGlyphs: []), "Printed 1 page to /tmp/Notes.pdf."),
    (
      .printed(path: "/n.pdf", pages: 3, missingGlyphs: ["\u{E000}", "λ"]),
      "Printed 3 pages to /n.pdf. No font has a glyph for 2 characters (listed on standard error)."
    ),
    (
      .shared(target: "file", outcome: outcome),
      "Saved a copy of Notes as /tmp/Notes 2.txt (the file as last saved: unsaved changes are not in it)"
    ),
    (.closed, "Closed Notes."),
    (.closedWithoutSaving, "Closed Notes without saving."),
    (.savedAndClosed(path: "/n.txt"), "Saved Notes to /n.txt and closed it."),
    (.closedKeepingRecovery, "Left Notes closed; its unsaved changes stay in the recovery journal."),
    (.keptOpen, "Kept Notes open."),
    (.keptUnchanged, "Kept Notes as it is."),
  ]

  @Test("text phrases every document event; JSON keeps the sentence as message and names the event")
  func documentEvents() throws {
    for (event, sentence) in Self.phrasings {
      let output = CommandOutput.document(try Self.report(event))
      #expect(Self.text(output) == sentence)
      let json = try Self.json(output)
      #expect(json["message"] as? String == sentence)
      #expect(json["title"] as? String == "Notes")
      #expect(json["event"] is String, "\(event)")
    }
  }

  @Test("each share delivery is phrased as before")
  func shareDeliveries() throws {
    let item = ShareItem(
      title: "Places", fileName: "Places.csv", representation: .csv, mediaType: "text/csv", bytes: [])
    let cases: [(ShareOutcome, String)] = [
      (
        ShareOutcome(.copy, item: item, writtenPath: "/t/Places.csv"),
        "Saved a copy of Places as /t/Places.csv"
      ),
      (
        ShareOutcome(.mailDraft, item: item, writtenPath: "/t/Places.eml"),
        "Wrote a mail draft with Places.csv attached: /t/Places.eml"
      ),
      (ShareOutcome(.standardOutput, item: item, output: ""), "Wrote Places as csv to standard output"),
      (ShareOutcome(.plugin(targetTitle: "Markdown"), item: item), "Shared 'Places' with Markdown"),
      (
        ShareOutcome(.plugin(targetTitle: "Markdown"), item: item, writtenPath: "/t/Places.md"),
        "Shared 'Places' with Markdown as /t/Places.md"
      ),
    ]
    for (outcome, sentence) in cases { #expect(ReportText.phrase(outcome) == sentence) }
  }

  @Test("JSON carries the typed fields of save, print, share and rename")
  func typedFields() throws {
    let saved = try Self.json(
      .document(try Self.report(.saved(path: "/n.txt", bytes: 12, notes: [.writtenInPlace(reason: "r")]))))
    #expect(saved["path"] as? String == "/n.txt")
    #expect(saved["bytes"] as? Int == 12)
    #expect((saved["notes"] as? [[String: String]])?.first == ["note": "writtenInPlace", "reason": "r"])
    let printed = try Self.json(
      .document(try Self.report(.printed(path: "/n.pdf", pages: 3, missingGlyphs: ["λ"]))))
    #expect(printed["event"] as? String == "printed")
    #expect(printed["path"] as? String == "/n.pdf")
    #expect(printed["pages"] as? Int == 3)
    #expect(printed["missingGlyphs"] as? [String] == ["λ"])
    let shared = try Self.json(.document(try Self.report(.shared(target: "file", outcome: Self.outcome))))
    #expect(shared["target"] as? String == "file")
    #expect(shared["path"] as? String == "/tmp/Notes 2.txt")
    #expect(shared["representation"] as? String == "file")
    #expect(shared["unsavedChangesLeftOut"] as? Bool == true)
    let renamed = try Self.json(.document(try Self.report(.renamed(from: "Old", to: "Notes"))))
    #expect(renamed["from"] as? String == "Old" && renamed["to"] as? String == "Notes")
  }

  @Test("sort reports what sorting did, or the order the rows are in")
  func sortReports() throws {
    let keys = [
      TableSortKey(column: "name", order: .ascending), TableSortKey(column: "noise", order: .descending),
    ]
    let cases: [(SortReport, String)] = [
      (SortReport(document: "P", keys: keys, sortedRows: 1), "Sorted 1 row by name, noise descending."),
      (
        SortReport(document: "P", keys: [], sortedRows: nil),
        "P has no sort order; 'sort COLUMN' sorts it and keeps it sorted."
      ),
      (SortReport(document: "P", keys: keys, sortedRows: nil), "P is sorted by name, noise descending."),
      (
        SortReport(document: "P", keys: [], sortedRows: nil, wasCleared: true),
        "P has no sort order now; its rows stay where they are."
      ),
    ]
    for (report, sentence) in cases {
      #expect(Self.text(.sortOrder(report)) == sentence)
      let json = try Self.json(.sortOrder(report))
      #expect(json["rows"] as? Int == report.sortedRows)
      let hasMessage = report.sortedRows != nil || report.wasCleared
      #expect(json["message"] as? String == (hasMessage ? sentence : nil))
    }
  }

  @Test("recent clear and recover --discard report counts and paths")
  func recentAndRecovery() throws {
    let cleared = CommandOutput.recentDocumentsCleared(count: 3)
    #expect(
      Self.text(cleared) == "Cleared the recent documents (3). Documents opened from now on are listed again."
    )
    #expect(try Self.json(cleared)["count"] as? Int == 3)
    let discarded = CommandOutput.journalDiscarded(path: "/n.txt", title: "n")
    #expect(Self.text(discarded) == "Discarded the unsaved changes to /n.txt.")
    #expect(try Self.json(discarded)["path"] as? String == "/n.txt")
    #expect(
      Self.text(.journalDiscarded(path: nil, title: "Untitled"))
        == "Discarded the unsaved changes to Untitled.")
  }

  @Test("plugins list as lines in text and as objects in JSON")
  func pluginList() throws {
    var contributions = PluginContributions()
    contributions.commands = ["wordcount.count"]
    let plugins = [
      PluginSummary(
        name: "wordcount", version: "1.0", summary: "counts words", folder: "/p/wordcount",
        status: .loaded, contributions: contributions, log: ["hello"]),
      PluginSummary(
        name: "broken", version: nil, summary: nil, folder: "/p/broken",
        status: .failed("syntax error"), contributions: PluginContributions(), log: []),
    ]
    #expect(Self.text(.pluginList(plugins)) == "wordcount 1.0  loaded\nbroken  failed: syntax error")
    #expect(Self.text(.pluginList([])) == "no plugins")
    let list = try #require(try Self.json(.pluginList(plugins))["plugins"] as? [[String: Any]])
    #expect(list.map { $0["name"] as? String } == ["wordcount", "broken"])
    #expect(list.map { $0["status"] as? String } == ["loaded", "failed"])
    #expect(list[1]["reason"] as? String == "syntax error")
    #expect(list[0]["folder"] as? String == "/p/wordcount")
    let budgets = PluginBudgets(
      instructions: 100, milliseconds: 50, memoryBytes: 2 << 20, stateValueBytes: 1 << 10, stateBytes: 4 << 10
    )
    let info = try Self.json(.pluginInfo(plugins[0], budgets: budgets))
    let plugin = try #require(info["plugin"] as? [String: Any])
    #expect((plugin["contributions"] as? [String: [String]])?["commands"] == ["wordcount.count"])
    #expect(plugin["log"] as? [String] == ["hello"])
    #expect((info["budgets"] as? [String: Int])?["milliseconds"] == 50)
    let text = try #require(Self.text(.pluginInfo(plugins[0], budgets: budgets)))
    #expect(
      text.hasPrefix("name: wordcount\nversion: 1.0\ndescription: counts words\nfolder: /p/wordcount\n"))
    #expect(text.contains("commands: wordcount.count\n"))
    #expect(
      text.hasSuffix(
        "budgets: 100 instructions and 50 ms per callback, 2 MB of memory; folio.state: 1 KB a value, "
          + "4 KB in all\nlog:\n  hello"))
  }

  @Test("print and share to a file report its path, in JSON as path")
  func printAndShareCarryPath() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write("notes.txt", "one\ntwo\n")
    try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: false)
    let shell = Shell(
      console: Console { _, _ in }, environment: [:],
      workspace: Workspace(currentDirectory: folder.url.path, home: nil))
    let registry = shell.session.registry
    try shell.session.workspace.open("notes.txt")
    let print = try #require(registry.resolve("print"))
    let printed = try Self.json(
      try registry.invoke(print, words: ["--to", "notes-print.txt"].map { Word($0) }))
    #expect(printed["path"] as? String == folder.path("notes-print.txt"))
    #expect(printed["pages"] as? Int == 1)
    #expect(printed["message"] as? String == "Printed 1 page to \(folder.path("notes-print.txt")).")
    let share = try #require(registry.resolve("share"))
    let shared = try Self.json(try registry.invoke(share, words: ["file", "--to", "out"].map { Word($0) }))
    #expect(shared["path"] as? String == folder.path("out/notes.txt"))
    #expect(shared["target"] as? String == "file")
    #expect(shared["message"] as? String == "Saved a copy of notes as \(folder.path("out/notes.txt"))")
    #expect(FileManager.default.fileExists(atPath: folder.path("out/notes.txt")))
  }

  @Test("a dialog's message wraps to the window, at most 80 columns, keeping its own line breaks")
  func dialogMessageWraps() {
    let words = Array(repeating: "unsaved", count: 30).joined(separator: " ")
    let dialog = Dialog(
      title: "Quit?", message: words + "\nSecond paragraph.",
      buttons: [DialogButton("Quit", role: .destructive)],
      responder: .pluginConfirmation(1))
    var renderer = TextRenderer(style: TextStyle(usesColor: false))
    #expect(renderer.render(.dialog(dialog))?.split(separator: "\n")[1] == Substring(words))
    for (window, limit) in [(40, 40), (200, 80)] {
      renderer.width = window
      let lines = (renderer.render(.dialog(dialog)) ?? "").split(separator: "\n").map(String.init)
      let message = lines[1..<(lines.firstIndex(of: "Second paragraph.") ?? 1)]
      #expect(message.count > 1 && message.allSatisfy { $0.displayWidth <= limit }, "\(lines)")
      #expect(message.joined(separator: " ") == words)
    }
  }
}
