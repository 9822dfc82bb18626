import FolioTestSupport
import Foundation
import Testing

@testable import FolioCore

/// A row an edit moves to keep a sorted table in order reaches the recovery journal's log as
/// its move, however far it goes (`JournalChange`): the journal read back — the journal, then
/// its log — is the table byte for byte after every command, no whole journal is written
/// again, and a log cut anywhere reads back as the table after a command that finished.
@Suite struct JournalMoveTests {
  /// `count` rows `name,n` in descending order of name, so that sorting moves every row.
  private static func csv(rows count: Int) -> String {
    "name,n\n" + (0..<count).reversed().map { "r\(100_000 + $0),\($0 % 7)\n" }.joined()
  }

  /// A workspace with a state folder over `text` in `t.csv`, the document open and sorted by
  /// `keys` (its first change: the whole journal).
  private static func sorted(
    _ text: String, by keys: [TableSortKey] = [TableSortKey(column: "name")], in folder: TemporaryFolder
  ) throws -> (
    workspace: Workspace, document: Document, journal: RecoveryJournal, file: String
  ) {
    try folder.write("t.csv", text)
    let workspace = Workspace(
      store: nil, currentDirectory: folder.url.path, home: nil, stateDirectory: folder.path("state"))
    let document = try workspace.open("t.csv").document
    try workspace.sort(document, by: keys)
    #expect(workspace.journalChanges().isEmpty)
    let journal = RecoveryJournal(stateDirectory: folder.path("state"))
    return (workspace, document, journal, journal.journalPath(forDocumentAt: document.path ?? ""))
  }

  private static func saved(_ document: Document) throws -> [UInt8] {
    try document.format.encode(document.content)
  }

  private static func logSize(_ file: String) throws -> Int {
    try FileManager.default.attributesOfItem(atPath: JournalLog.path(ofJournal: file))[.size] as? Int ?? 0
  }

  @Test(
    "a row moved a few rows, past 4,096 rows, to either end, added, undone and redone is logged as its move; the journal reads back as the table"
  )
  func movesOfAnyDistance() throws {
    let folder = try TemporaryFolder("folio-journal-move")
    let rows = 10_000
    let (workspace, document, journal, file) = try Self.sorted(Self.csv(rows: rows), in: folder)
    let safeguards = try #require(workspace.safeguards)
    let writes = safeguards.journalWrites
    let name = { (position: Int) in
      try document.readTable { $0.cell(row: position - 1, column: 0).description }
    }
    func check(
      _ what: String, movedTo position: Int? = nil, newName: String? = nil, _ body: () throws -> Void
    )
      throws
    {
      let logBefore = try Self.logSize(file)
      try body()
      #expect(workspace.journalChanges().isEmpty, "\(what)")
      if let position, let newName { #expect(try name(position) == newName, "\(what)") }
      let same = try journal.entry(at: file)?.content == Self.saved(document)
      #expect(same, "the journal read back after \(what)")
      #expect(safeguards.journalWrites == writes, "no whole journal after \(what)")
      #expect(try Self.logSize(file) - logBefore < 200, "a few bytes for \(what)")
    }
    let edit = { (position: Int, value: String) in
      _ = try workspace.setCell(position: position, columnNamed: "name", to: value, in: document)
    }
    try check("a move of two rows", movedTo: 103, newName: "r100102x") { try edit(101, "r100102x") }
    try check("a move past 4,096 rows", movedTo: 9_000, newName: "r108999x") { try edit(2, "r108999x") }
    try check("a move to the last place", movedTo: rows, newName: "s") { try edit(5_000, "s") }
    try check("a move to the first place", movedTo: 1, newName: "a") { try edit(rows - 1, "a") }
    try check("a move back from the first place", movedTo: rows - 1, newName: "r109999x") {
      try edit(1, "r109999x")
    }
    try check("an edit that stays in place", movedTo: 50, newName: "r100050") {
      try workspace.setCell(position: 50, columnNamed: "n", to: "x", in: document)
    }
    try check("an added row", movedTo: 2_000, newName: "r101999z") {
      _ = try workspace.addRow([(column: "name", value: "r101999z")], to: document)
    }
    try check("an undo of the added row") { _ = try workspace.undo(document) }
    try check("an undo of a move to the first place and back") {
      _ = try workspace.undo(document)
      _ = try workspace.undo(document)
    }
    try check("a redo") { _ = try workspace.redo(document) }
    try check("a deleted row") {
      _ = try workspace.deleteRows([document.readTable { $0.id(ofRow: 7_000) }], from: document)
    }
    workspace.endSession()
  }

  private struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state ^ (state >> 29)
    }
  }

  @Test(
    "random edits, adds, deletes, undos, redos and grouped edits of a sorted table: the journal reads back as the table after each"
  )
  func randomCommands() throws {
    var random = Generator(state: 5)
    let values = ["1", "2", "10", "", "b", "B", "a", "Évora", "item 9", "x", "zz"]
    for round in 0..<8 {
      let folder = try TemporaryFolder("folio-journal-move")
      var text = "k,n\n"
      for row in 0..<(12 + round * 5) { text += "\(values[(row * 7 + round) % values.count]),\(row % 4)\n" }
      let keys = [
        [TableSortKey(column: "k")],
        [TableSortKey(column: "n", order: .descending), TableSortKey(column: "k")],
      ][round % 2]
      let (workspace, document, journal, file) = try Self.sorted(text, by: keys, in: folder)
      let safeguards = try #require(workspace.safeguards)
      let writes = safeguards.journalWrites
      var commands = 0
      func edit() throws {
        let table = try document.readTable { $0 }
        let value = values[Int.random(in: 0..<values.count, using: &random)]
        switch Int.random(in: 0..<5, using: &random) {
        case 0 where table.rowCount > 2:
          let id = table.id(ofRow: Int.random(in: 0..<table.rowCount, using: &random))
          _ = try workspace.deleteRows([id], from: document)
        case 1:
          _ = try workspace.addRow([0: value, 1: value], to: document)
        default:
          let id = table.id(ofRow: Int.random(in: 0..<table.rowCount, using: &random))
          try workspace.setCell(
            rowID: id, column: Int.random(in: 0..<2, using: &random), to: value, in: document)
        }
      }
      for _ in 0..<40 {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: _ = try? workspace.undo(document)
        case 1: _ = try? workspace.redo(document)
        case 2:
          // A plugin command's edits: one step, several runs and moves.
          document.beginGroup()
          for _ in 0..<Int.random(in: 2...5, using: &random) { try edit() }
          document.commitGroup(name: "Plugin")
        default: try edit()
        }
        commands += 1
        #expect(workspace.journalChanges().isEmpty)
        // Undone back to the file (the sort undone), the document has no journal.
        let same = try journal.entry(at: file)?.content == (document.isDirty ? Self.saved(document) : nil)
        #expect(same, "the journal read back, round \(round)")
      }
      #expect(safeguards.journalWrites - writes < commands / 2, "most commands only append to the log")
      workspace.endSession()
    }
  }

  @Test("a log cut at any byte after moves reads back as the table after the last command it holds whole")
  func logCutAnywhere() throws {
    let folder = try TemporaryFolder("folio-journal-move")
    let (workspace, document, journal, file) = try Self.sorted(Self.csv(rows: 6_000), in: folder)
    // The table and the log's size after each command.
    var states: [(size: Int, saved: [UInt8])] = [(try Self.logSize(file), try Self.saved(document))]
    for (position, value) in [(2, "r105000x"), (5_500, "a"), (3, "r100001x"), (1, "z")] {
      try workspace.setCell(position: position, columnNamed: "name", to: value, in: document)
      #expect(workspace.journalChanges().isEmpty)
      states.append((try Self.logSize(file), try Self.saved(document)))
    }
    // Each undo journals itself before it returns.
    for _ in 0..<2 {
      _ = try workspace.undo(document)
      #expect(workspace.journalChanges().isEmpty)
      states.append((try Self.logSize(file), try Self.saved(document)))
    }
    let log = try [UInt8](Data(contentsOf: URL(fileURLWithPath: JournalLog.path(ofJournal: file))))
    workspace.endSessionKeepingJournals()
    for cut in stride(from: log.count, through: states[0].size, by: -1) {
      try Data(log.prefix(cut)).write(to: URL(fileURLWithPath: JournalLog.path(ofJournal: file)))
      let expected = states.lastIndex { $0.size <= cut }
      let read = journal.entry(at: file)?.content
      let same = read == expected.map { states[$0].saved }
      #expect(
        same,
        "cut at \(cut) of \(log.count): \(states.firstIndex { $0.saved == read } ?? -1) for \(expected ?? -1) sizes \(states.map(\.size))"
      )
    }
  }

  @Test(
    "a move record and a record of several deltas round-trip; one cut short, or moving rows from or to one place twice or outside the table, is refused without trapping"
  )
  func untrustedMoves() throws {
    let moves = JournalDelta(
      start: 0, removed: 0,
      items: .moves([RowReordering.Move(from: 0, to: 2), RowReordering.Move(from: 300, to: 0)]))
    let cells = JournalDelta(start: 1, removed: 1, items: .rows([[.string("z"), .number("4")]]))
    let bytes = JournalDeltaCoding.encoded([cells, moves])
    #expect(JournalDeltaCoding.decoded(bytes) == [cells, moves])
    #expect(JournalDeltaCoding.decoded(JournalDeltaCoding.encoded(moves)) == [moves])
    // Cut where the first delta ends, the bytes are that delta alone: a record's length and
    // hash, not its payload, tell a torn record (`JournalLog`).
    let first = JournalDeltaCoding.encoded(cells).count
    for count in 0..<bytes.count {
      #expect(JournalDeltaCoding.decoded(Array(bytes.prefix(count))) == (count == first ? [cells] : nil))
    }
    #expect(JournalDeltaCoding.decoded(bytes + [5]) == nil)
    #expect(JournalDeltaCoding.decoded([5, 0xFF, 0xFF, 0x7F, 1, 2]) == nil, "a count beyond the bytes")

    var csv = "name,n\n"
    for row in 0..<4 { csv += "r\(row),\(row)\n" }
    guard case .table(let table) = try DocumentFormat.csv.decode(Array(csv.utf8)) else {
      Issue.record("a CSV decodes as a table")
      return
    }
    let content = DocumentContent.table(table)
    let moved = try JournalDelta.apply(
      [JournalDelta(start: 0, removed: 0, items: .moves([RowReordering.Move(from: 0, to: 3)]))], to: content,
      shape: JournalShape(content))
    #expect(try DocumentFormat.csv.encode(moved) == Array("name,n\nr1,1\nr2,2\nr3,3\nr0,0\n".utf8))
    for bad in [[(0, 1), (0, 2)], [(0, 1), (2, 1)], [(0, 4)], [(4, 0)]] {
      let delta = JournalDelta(
        start: 0, removed: 0, items: .moves(bad.map { RowReordering.Move(from: $0.0, to: $0.1) }))
      #expect(throws: FolioError.self) {
        try JournalDelta.apply([delta], to: content, shape: JournalShape(content))
      }
    }
    let text = DocumentContent.text(TextContent(lines: ["a", "b"]))
    #expect(throws: FolioError.self) {
      try JournalDelta.apply([moves], to: text, shape: JournalShape(text))
    }
  }
}
