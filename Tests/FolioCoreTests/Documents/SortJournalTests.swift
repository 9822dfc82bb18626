import FolioTestSupport
import Foundation
import Testing

@testable import FolioCore

/// A sort is in the recovery journal before it counts as made (`Workspace.journaling`): a
/// Ctrl-C that arrives while the journal holding the sorted table is written takes the sort
/// back — rows, order, dirty flag, undo history, queued events and journal as they were.
@Suite struct SortJournalTests {
  private static let csv = "name,n\ncherry,3\napple,1\nbanana,2\n"

  /// A workspace with a state folder and its own cancellation token, and the table open.
  private static func open(_ folder: TemporaryFolder) throws -> (Workspace, Document, CancellationToken) {
    try folder.write("fruit.csv", csv)
    let token = CancellationToken()
    let workspace = Workspace(
      store: nil, currentDirectory: folder.url.path, home: nil, stateDirectory: folder.path("state"),
      cancellation: token)
    return (workspace, try workspace.open("fruit.csv").document, token)
  }

  private static func names(_ document: Document) throws -> [String] {
    try document.readTable { table in (0..<table.rowCount).map { table.cell(row: $0, column: 0).description }
    }
  }

  private static func journaled(_ workspace: Workspace, _ document: Document, in folder: TemporaryFolder)
    -> String?
  {
    let journal = RecoveryJournal(stateDirectory: folder.path("state"))
    return journal.entry(at: journal.journalPath(forDocumentAt: document.path ?? "")).map {
      String(decoding: $0.content, as: UTF8.self)
    }
  }

  @Test("a sort has its journal written when it returns, and is one undo step")
  func sortIsJournaled() throws {
    let folder = try TemporaryFolder("folio-sort-journal")
    let (workspace, document, _) = try Self.open(folder)
    var reports: [WorkProgress] = []
    workspace.progress = { reports.append($0) }
    try workspace.sort(document, by: [TableSortKey(column: "name")])
    #expect(try Self.names(document) == ["apple", "banana", "cherry"])
    #expect(Self.journaled(workspace, document, in: folder) == "name,n\napple,1\nbanana,2\ncherry,3\n")
    // The journal's write says how far it got, after the sort's own reports.
    let journaling = reports.filter { $0.task == .journal }
    #expect(!journaling.isEmpty && journaling.allSatisfy { $0.document == "fruit" && $0.unit == .bytes })
    #expect(reports.last?.task == .journal && (reports.last?.done ?? 0) > 0)
    #expect(document.undoStack.undoName == "Sort")
    #expect(workspace.journalChanges().isEmpty)
    _ = try workspace.undo(document)
    #expect(try Self.names(document) == ["cherry", "apple", "banana"])
    #expect(!document.isDirty)
    workspace.journalChanges()
    #expect(Self.journaled(workspace, document, in: folder) == nil)
    workspace.endSession()
  }

  @Test(
    "Ctrl-C while a sort's journal is written takes the sort back, with its events, and keeps the journal as it was",
    arguments: [false, true])
  func interruptedJournal(editedBefore: Bool) throws {
    let folder = try TemporaryFolder("folio-sort-journal")
    let (workspace, document, token) = try Self.open(folder)
    if editedBefore {
      try workspace.setCell(position: 1, columnNamed: "n", to: "30", in: document)
      #expect(workspace.journalChanges().isEmpty)
    }
    workspace.events.flush()
    _ = document.takeContentChange()
    let journalBefore = Self.journaled(workspace, document, in: folder)
    let rowsBefore = try Self.names(document)
    let revisionBefore = document.revision
    let undoBefore = document.undoStack.undoName

    // The sort itself is done when the token is cancelled: only the journal write is left.
    #expect(throws: FolioError.interrupted) {
      try workspace.journaling(document, stepName: "Sort") {
        try workspace.sort(document, by: [TableSortKey(column: "name")])
        token.cancel()
      }
    }
    #expect(try Self.names(document) == rowsBefore)
    #expect(document.sortOrder.isEmpty)
    #expect(document.revision == revisionBefore)
    #expect(document.isDirty == editedBefore)
    #expect(document.undoStack.undoName == undoBefore)
    #expect(document.undoStack.redoName == nil)
    #expect(workspace.events.pendingEvents.isEmpty)
    #expect(document.takeContentChange() == nil, "a front end hears of no change")
    #expect(Self.journaled(workspace, document, in: folder) == journalBefore)
    #expect(!folder.names(in: "state/recovery").contains { $0.hasPrefix(".") }, "no temporary journal left")
    #expect(try folder.read("fruit.csv") == Self.csv)

    // The next command finds the journal up to date, and a sort then goes through.
    token.reset()
    #expect(workspace.journalChanges().isEmpty)
    #expect(Self.journaled(workspace, document, in: folder) == journalBefore)
    try workspace.sort(document, by: [TableSortKey(column: "name")])
    #expect(try Self.names(document) == ["apple", "banana", "cherry"])
    #expect(Self.journaled(workspace, document, in: folder)?.hasPrefix("name,n\napple,1\n") == true)
    workspace.endSession()
  }

  @Test("a sort whose journal cannot be written stands, and its journal is tried once and warned of once")
  func unwritableJournal() throws {
    let folder = try TemporaryFolder("folio-sort-journal")
    // The journal's folder name is taken by a file: every journal write fails.
    try FileManager.default.createDirectory(atPath: folder.path("state"), withIntermediateDirectories: false)
    try folder.write("state/recovery", "not a folder")
    let (workspace, document, _) = try Self.open(folder)
    let safeguards = try #require(workspace.safeguards)

    try workspace.sort(document, by: [TableSortKey(column: "name")])
    #expect(try Self.names(document) == ["apple", "banana", "cherry"])
    #expect(document.sortOrder == [TableSortKey(column: "name")])
    #expect(document.isDirty)
    #expect(document.undoStack.undoName == "Sort")
    #expect(safeguards.journalWrites == 1)
    let warnings = workspace.takeJournalWarnings()
    #expect(warnings.count == 1)
    #expect(warnings.first?.message == "cannot keep the unsaved changes of fruit in the recovery journal")
    #expect(warnings.first?.values == ["title": "fruit"])
    #expect(warnings.first?.cause?.code == .io)

    // After the command: no second write of the same table, no second warning.
    #expect(workspace.journalChanges().isEmpty)
    #expect(workspace.journalChanges().isEmpty)
    #expect(safeguards.journalWrites == 1)

    // The next change is tried again, and the same reason is not said twice.
    try workspace.setCell(position: 1, columnNamed: "n", to: "10", in: document)
    #expect(workspace.journalChanges().isEmpty)
    #expect(safeguards.journalWrites == 2)
    workspace.endSession()
  }

  @Test(
    "a column added is journaled before it returns, and Ctrl-C while that journal is written takes it back",
    arguments: [false, true])
  func interruptedColumnJournal(byFavorite: Bool) throws {
    let folder = try TemporaryFolder("folio-column-journal")
    let (workspace, document, token) = try Self.open(folder)
    let addColumn = {
      if byFavorite {
        try workspace.setFavorite(true, rowID: 2, in: document)
      } else {
        try workspace.addColumn("notes", to: document)
      }
    }
    let column = byFavorite ? "favorite" : "notes"
    let columns = { try document.readTable { $0.columns } }
    workspace.events.flush()
    _ = document.takeContentChange()

    // Cancelled before the command: the column's journal write stops at its first check.
    token.cancel()
    #expect(throws: FolioError.interrupted) { try addColumn() }
    #expect(try columns() == ["name", "n"])
    #expect(!document.isDirty)
    #expect(document.undoStack.undoName == nil)
    #expect(workspace.events.pendingEvents.isEmpty)
    #expect(document.takeContentChange() == nil)
    #expect(document.favoriteSpellings.isEmpty)
    #expect(Self.journaled(workspace, document, in: folder) == nil)
    #expect(!folder.names(in: "state/recovery").contains { $0.hasPrefix(".") }, "no temporary journal left")

    token.reset()
    var reports: [WorkProgress] = []
    workspace.progress = { reports.append($0) }
    try addColumn()
    #expect(try columns() == ["name", "n", column])
    // The write says how far it got, as a sort's does ("Journaling fruit: …").
    #expect(reports.contains { $0.task == .journal && $0.document == "fruit" && $0.done > 0 })
    #expect(document.undoStack.undoName == (byFavorite ? "Favorite" : "Add Column"))
    let journal = try #require(Self.journaled(workspace, document, in: folder))
    #expect(journal.hasPrefix("name,n,\(column)\n"))
    #expect(workspace.journalChanges().isEmpty)
    workspace.endSession()
  }

  @Test("Ctrl-C while the journal of an undo or redo of a sort is written takes the move back")
  func interruptedHistoryMove() throws {
    let folder = try TemporaryFolder("folio-undo-journal")
    let (workspace, document, token) = try Self.open(folder)
    try workspace.setCell(position: 1, columnNamed: "n", to: "30", in: document)
    try workspace.sort(document, by: [TableSortKey(column: "name")])
    workspace.journalChanges()
    try workspace.select([1, 2], mode: .replace, in: document, environment: AppEnvironment())

    /// Checks that an interrupted move left everything as it was.
    func expectInterrupted(_ move: () throws -> String, names: [String], undo: String?, redo: String?)
      throws
    {
      workspace.events.flush()
      _ = document.takeContentChange()
      let journal = Self.journaled(workspace, document, in: folder)
      let revision = document.revision
      token.cancel()
      #expect(throws: FolioError.interrupted) { _ = try move() }
      token.reset()
      #expect(try Self.names(document) == names)
      #expect(document.revision == revision)
      #expect(document.undoStack.undoName == undo)
      #expect(document.undoStack.redoName == redo)
      #expect(document.selection == [1, 2])
      #expect(workspace.events.pendingEvents.isEmpty)
      #expect(document.takeContentChange() == nil, "a front end hears of no change")
      #expect(Self.journaled(workspace, document, in: folder) == journal)
      #expect(!folder.names(in: "state/recovery").contains { $0.hasPrefix(".") }, "no temporary journal left")
    }

    let sorted = ["apple", "banana", "cherry"]
    let unsorted = ["cherry", "apple", "banana"]
    try expectInterrupted({ try workspace.undo(document) }, names: sorted, undo: "Sort", redo: nil)
    #expect(document.sortOrder == [TableSortKey(column: "name")])
    #expect(try workspace.undo(document) == "Sort")
    #expect(Self.journaled(workspace, document, in: folder) == "name,n\ncherry,30\napple,1\nbanana,2\n")
    try expectInterrupted({ try workspace.redo(document) }, names: unsorted, undo: "Edit Cell", redo: "Sort")
    #expect(document.sortOrder.isEmpty)
    #expect(try workspace.redo(document) == "Sort")
    #expect(Self.journaled(workspace, document, in: folder) == "name,n\napple,1\nbanana,2\ncherry,30\n")
    #expect(workspace.journalChanges().isEmpty)
    workspace.endSession()
  }

  @Test("a sort after the journal took the table appends the rows' new order to its log, not the table")
  func sortLoggedAsOrder() throws {
    let folder = try TemporaryFolder("folio-sort-journal")
    let (workspace, document, _) = try Self.open(folder)
    let safeguards = try #require(workspace.safeguards)
    try workspace.setCell(position: 1, columnNamed: "n", to: "30", in: document)
    #expect(workspace.journalChanges().isEmpty)
    let writes = safeguards.journalWrites
    try workspace.sort(document, by: [TableSortKey(column: "name")])
    #expect(safeguards.journalWrites == writes, "no whole journal written")
    #expect(Self.journaled(workspace, document, in: folder) == "name,n\napple,1\nbanana,2\ncherry,30\n")
    _ = try workspace.undo(document)
    try workspace.setCell(position: 2, columnNamed: "n", to: "10", in: document)
    #expect(workspace.journalChanges().isEmpty)
    #expect(safeguards.journalWrites == writes)
    #expect(Self.journaled(workspace, document, in: folder) == "name,n\ncherry,30\napple,10\nbanana,2\n")
    workspace.endSession()

    // The record round-trips; one cut short, or naming the rows otherwise than once each, is
    // refused without trapping.
    let order = JournalDelta(order: [2, 0, 1])
    let bytes = JournalDeltaCoding.encoded(order)
    #expect(JournalDeltaCoding.decoded(bytes) == [order])
    for count in 0..<bytes.count { #expect(JournalDeltaCoding.decoded(Array(bytes.prefix(count))) == nil) }
    let content = document.content
    // Each row in its new order names its position before: cherry, apple, banana become
    // banana, cherry, apple.
    guard
      case .table(let reordered) = try JournalDelta.apply([order], to: content, shape: JournalShape(content))
    else {
      Issue.record("a table's journal applies as a table")
      return
    }
    #expect((0..<3).map { reordered.cell(row: $0, column: 0).description } == ["banana", "cherry", "apple"])
    for bad in [[0, 0, 1], [0, 1], [0, 1, 3], [-1, 0, 1]] {
      #expect(throws: FolioError.self) {
        try JournalDelta.apply([JournalDelta(order: bad)], to: content, shape: JournalShape(content))
      }
    }
  }
}
