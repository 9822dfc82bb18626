import FolioTestSupport
import Foundation
import Testing

@testable import FolioCore

/// The changes a journal's log holds: told from two versions of a content, encoded, read
/// back without trusting the bytes, and applied.
@Suite struct JournalDeltaTests {
  private static let csv = DocumentFormat.csv

  private static func table(_ text: String) throws -> TableModel {
    guard case .table(let table) = try csv.decode(Array(text.utf8)) else {
      throw FolioError(.format, "no table")
    }
    return table
  }

  private static func encoded(_ content: DocumentContent) throws -> String {
    var bytes: [UInt8] = []
    try csv.saveContent(content).write { bytes.append(contentsOf: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("runs of changes merge into one run that rebuilds the result from the start, whatever the edits")
  func mergedRuns() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let original = Array(0..<Int.random(in: 0...12, using: &generator)).map { "old \($0)" }
      var items = original
      var change: ContentChange?
      for step in 0..<Int.random(in: 1...4, using: &generator) {
        let start = Int.random(in: 0...items.count, using: &generator)
        let removed = Int.random(in: 0...(items.count - start), using: &generator)
        let inserted = Int.random(in: 0...3, using: &generator)
        items.replaceSubrange(start..<(start + removed), with: (0..<inserted).map { "new \(step).\($0)" })
        let run = ContentChange.run(start: start, removed: removed, inserted: inserted)
        change = change.map { $0.then(run) } ?? run
      }
      guard case .run(let start, let removed, let inserted)? = change else {
        Issue.record("not a run")
        return
      }
      var rebuilt = original
      rebuilt.replaceSubrange(start..<(start + removed), with: items[start..<(start + inserted)])
      #expect(rebuilt == items)
    }
    #expect(ContentChange.run(start: 0, removed: 1, inserted: 1).then(.unknown) == .unknown)
    #expect(ContentChange.unknown.then(.run(start: 0, removed: 0, inserted: 1)) == .unknown)
  }

  @Test("every table edit of a workspace reaches the journal; the log read back gives the same bytes")
  func tableEdits() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-delta-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("name,city\na,Lyon\nb,Gent\n\"c, d\",Kiel\ne,Oslo\n".utf8).write(
      to: folder.appendingPathComponent("t.csv"))
    let state = folder.appendingPathComponent("state").path
    let workspace = Workspace(store: nil, currentDirectory: folder.path, home: nil, stateDirectory: state)
    let document = try workspace.open("t.csv").document
    let journal = RecoveryJournal(stateDirectory: state)
    let file = journal.journalPath(forDocumentAt: document.path ?? "")
    func check(_ edit: String, _ body: () throws -> Void) throws {
      try body()
      // A rename moves the journal with the file.
      let file = journal.journalPath(forDocumentAt: document.path ?? "")
      #expect(workspace.journalChanges().isEmpty)
      #expect(
        try journal.entry(at: file).map { String(decoding: $0.content, as: UTF8.self) }
          == Self.encoded(document.content), "after \(edit)")
    }
    try check("a cell") { try workspace.setCell(position: 2, columnNamed: "city", to: "Paris", in: document) }
    let journalSize = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int
    try check("a row added") { try workspace.addRow([(column: "name", value: "f \"q\"")], to: document) }
    try check("rows deleted") { _ = try workspace.deleteRows([1, 3], from: document) }
    try check("an undo") { _ = try workspace.undo(document) }
    try check("a cell") { try workspace.setCell(rowID: 5, column: 0, to: "E", in: document) }
    #expect(
      try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int == journalSize,
      "only the log grew")
    try check("a sort") {
      _ = try workspace.sort(document, by: [TableSortKey(column: "name", order: .descending)])
    }
    try check("a rename") { try workspace.rename(document, to: "u") }
    try check("a redo") {
      _ = try workspace.undo(document)
      _ = try workspace.redo(document)
    }
  }

  @Test("cells of every kind and lines round-trip; every cut or damaged payload is refused, never trapping")
  func untrustedBytes() throws {
    let delta = JournalDelta(
      start: 3, removed: 1_000_000,
      items: .rows([
        [.string("é"), .number("1e3"), .bool(true), .bool(false), .null, .json("[1]"), .absent], [],
      ]))
    let bytes = JournalDeltaCoding.encoded(delta)
    #expect(JournalDeltaCoding.decoded(bytes) == [delta])
    let lines = JournalDelta(start: 0, removed: 0, items: .lines(["", "a b", "ü"]))
    #expect(JournalDeltaCoding.decoded(JournalDeltaCoding.encoded(lines)) == [lines])
    for count in 0..<bytes.count {
      #expect(JournalDeltaCoding.decoded(Array(bytes.prefix(count))) == nil)
    }
    #expect(JournalDeltaCoding.decoded(bytes + [0]) == nil)
    // A count or length far beyond the bytes, a number past 63 bits, an unknown tag.
    #expect(JournalDeltaCoding.decoded([0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]) == nil)
    #expect(
      JournalDeltaCoding.decoded([0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0, 0]) == nil
    )
    #expect(JournalDeltaCoding.decoded([1, 0, 0, 1, 1, 9]) == nil)
    #expect(JournalDeltaCoding.decoded([0, 0, 0, 1, 2, 0xC3, 0x28]) == nil, "not UTF-8")
    let base = DocumentContent.table(try Self.table("a\n1\n"))
    #expect(throws: FolioError.self) { try JournalDelta.apply([delta], to: base, shape: JournalShape(base)) }
    // Rows recorded under columns the content's do not match by name are not applied.
    let shape = JournalShape.table(columns: ["b"], dialect: .delimited(.csv), rowCount: 1)
    #expect(throws: FolioError.self) { try JournalDelta.apply([], to: base, shape: shape) }

    for shape in [
      JournalShape.text(lineEnding: .crlf, hasByteOrderMark: true, endsWithNewline: false, lineCount: 7),
      .table(columns: ["é", "", "a,b"], dialect: .json(.pretty(indent: 4)), rowCount: 2),
      .table(columns: [], dialect: .json(.compact), rowCount: 0),
      .table(
        columns: ["a"],
        dialect: .json(
          .pretty(indent: 2),
          ends: JSONTextEnds(lineEnding: .crlf, hasByteOrderMark: true, endsWithNewline: false)),
        rowCount: 1),
      .table(
        columns: ["b"], dialect: .json(.compact, ends: JSONTextEnds(endsWithNewline: false)), rowCount: 3),
      .table(
        columns: ["x"],
        dialect: .delimited(
          DelimitedDialect(
            delimiter: .semicolon, lineEnding: .cr, hasByteOrderMark: false, endsWithNewline: false)),
        rowCount: 300),
    ] {
      let bytes = JournalDeltaCoding.encoded(shape)
      #expect(JournalDeltaCoding.decodedShape(bytes) == shape)
      #expect(JournalDeltaCoding.decoded(bytes) == nil, "a shape is no delta")
      for count in 0..<bytes.count {
        #expect(JournalDeltaCoding.decodedShape(Array(bytes.prefix(count))) == nil)
      }
      #expect(JournalDeltaCoding.decodedShape(bytes + [0]) == nil)
    }
    #expect(JournalDeltaCoding.decodedShape(bytes) == nil, "a delta is no shape")
  }

  /// A workspace over a folder holding `file` with `text`, and the document it opens; the
  /// entry its journal reads back as gives `journaled`.
  private static func journaling(_ file: String, _ text: String) throws -> (
    workspace: Workspace, document: Document, journaled: () -> String?, folder: URL
  ) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-delta-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: folder.appendingPathComponent(file))
    let state = folder.appendingPathComponent("state").path
    let workspace = Workspace(store: nil, currentDirectory: folder.path, home: nil, stateDirectory: state)
    let document = try workspace.open(file).document
    let journal = RecoveryJournal(stateDirectory: state)
    let journaled = {
      journal.entry(at: journal.journalPath(forDocumentAt: document.path ?? "")).map {
        String(decoding: $0.content, as: UTF8.self)
      }
    }
    return (workspace, document, journaled, folder)
  }

  private static func saved(_ document: Document) throws -> String {
    String(decoding: try document.format.encode(document.content), as: UTF8.self)
  }

  @Test(
    "a JSON table's log applies each cell under the column it was recorded in, though the journal reads its columns back in another order or without one"
  )
  func jsonColumnsByName() throws {
    let sorted = try Self.journaling("v.json", "[{\"a\":1,\"c\":5},{\"b\":2,\"a\":3}]\n")
    defer { try? FileManager.default.removeItem(at: sorted.folder) }
    _ = try sorted.workspace.sort(sorted.document, by: [TableSortKey(column: "b", order: .descending)])
    #expect(sorted.workspace.journalChanges().isEmpty)
    try sorted.workspace.setCell(position: 2, columnNamed: "c", to: "7", in: sorted.document)
    #expect(sorted.workspace.journalChanges().isEmpty)
    #expect(sorted.journaled() == (try Self.saved(sorted.document)))
    #expect(sorted.journaled() == "[{\"a\":3,\"b\":2},{\"a\":1,\"c\":7}]\n")

    let favorite = try Self.journaling("f.json", "[{\"a\":1},{\"b\":2,\"a\":3}]\n")
    defer { try? FileManager.default.removeItem(at: favorite.folder) }
    try favorite.workspace.select(
      [1], mode: .replace, in: favorite.document, environment: AppEnvironment(platform: .mac))
    try favorite.workspace.setFavorite(true, in: favorite.document)
    #expect(favorite.workspace.journalChanges().isEmpty)
    try favorite.workspace.setCell(position: 2, columnNamed: "b", to: "9", in: favorite.document)
    #expect(favorite.workspace.journalChanges().isEmpty)
    #expect(favorite.journaled() == (try Self.saved(favorite.document)))
    #expect(favorite.journaled()?.contains("\"favorite\":9") == false)
  }

  @Test("rows no record of the log replaced keep the bytes of the CSV file, quoting and all")
  func csvRowsKeepTheirBytes() throws {
    let text = "name,city\n\"Ann\",Oslo\nBob,\"Rome\"\nCy,Bern\n"
    let places = try Self.journaling("p.csv", text)
    defer { try? FileManager.default.removeItem(at: places.folder) }
    try places.workspace.setCell(position: 3, columnNamed: "city", to: "Paris", in: places.document)
    #expect(places.workspace.journalChanges().isEmpty)
    try places.workspace.setCell(position: 3, columnNamed: "city", to: "Lima", in: places.document)
    #expect(places.workspace.journalChanges().isEmpty)
    #expect(places.journaled() == "name,city\n\"Ann\",Oslo\nBob,\"Rome\"\nCy,Lima\n")
    #expect(places.journaled() == (try Self.saved(places.document)))
    // A row edited back to its record is its record again.
    try places.workspace.setCell(position: 2, columnNamed: "city", to: "Kiel", in: places.document)
    #expect(places.workspace.journalChanges().isEmpty)
    try places.workspace.setCell(position: 2, columnNamed: "city", to: "Rome", in: places.document)
    #expect(places.workspace.journalChanges().isEmpty)
    #expect(places.journaled() == "name,city\n\"Ann\",Oslo\nBob,\"Rome\"\nCy,Lima\n")
  }

  @Test(
    "a text journaled without lines comes back with the final newline, byte order mark and line ending it had"
  )
  func textShapeKept() throws {
    for (text, recovered) in [("a\nb", "x"), ("\u{FEFF}a\r\nb", "\u{FEFF}x"), ("a\r\nb\r\n", "x\r\n")] {
      let notes = try Self.journaling("n.txt", text)
      defer { try? FileManager.default.removeItem(at: notes.folder) }
      _ = try notes.workspace.deleteLines([1, 2], from: notes.document)
      #expect(notes.workspace.journalChanges().isEmpty)
      try notes.workspace.appendLine("x", to: notes.document)
      #expect(notes.workspace.journalChanges().isEmpty)
      #expect(notes.journaled() == (try Self.saved(notes.document)))
      #expect(notes.journaled() == recovered, "\(text.debugDescription)")
    }
    // One empty unterminated line is journaled as nothing.
    let empty = try Self.journaling("e.txt", "a")
    defer { try? FileManager.default.removeItem(at: empty.folder) }
    try empty.workspace.replaceLine(1, with: "", in: empty.document)
    #expect(empty.workspace.journalChanges().isEmpty)
    try empty.workspace.appendLine("y", to: empty.document)
    #expect(empty.workspace.journalChanges().isEmpty)
    #expect(empty.journaled() == "\ny")
    #expect(empty.journaled() == (try Self.saved(empty.document)))
  }
}
