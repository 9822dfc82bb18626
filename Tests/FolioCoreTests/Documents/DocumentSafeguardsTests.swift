import FolioTestSupport
import Foundation
import Testing

@testable import FolioCore

/// The pieces behind locks, the recovery journal and fault injection, in one process.
@Suite struct DocumentSafeguardsTests {
  @Test(
    "FOLIO_FAULT values are read strictly",
    arguments: [
      ("save.fsync:kill", FaultPoint.Arming(point: "save.fsync", action: .kill, occurrence: nil)),
      ("journal.rename:eio:3", FaultPoint.Arming(point: "journal.rename", action: .fail(EIO), occurrence: 3)),
      ("save.write:enospc", FaultPoint.Arming(point: "save.write", action: .fail(ENOSPC), occurrence: nil)),
      ("save.rename:exdev:1", FaultPoint.Arming(point: "save.rename", action: .fail(EXDEV), occurrence: 1)),
    ])
  func faultParsing(value: String, arming: FaultPoint.Arming) throws {
    #expect(try FaultPoint.parse(value) == arming)
  }

  @Test(
    "malformed FOLIO_FAULT values are refused",
    arguments: [
      "save.fsync", "nowhere:kill", "save.fsync:explode", "save.fsync:kill:0", "save.fsync:kill:x:y",
    ])
  func faultRefused(value: String) throws {
    #expect(throws: FolioError.self) { try FaultPoint.parse(value) }
    #expect(try FaultPoint.parse(nil) == nil)
    #expect(try FaultPoint.parse("") == nil)
  }

  @Test("a journal entry survives the trip through its file, line breaks and percent signs in names too")
  func journalRoundTrip() {
    let entry = JournalEntry(
      file: "/state/recovery/x.journal", path: "/docs/odd\nname 100%.txt", title: "odd\nname 100%",
      format: .csv, pid: 42, host: "box", time: 1_735_787_045, baseHash: 0xdead_beef,
      content: Array("a,b\n\n1,2\n".utf8))
    let bytes = Self.encoded(entry)
    #expect(JournalEntry(file: entry.file, bytes: bytes) == entry)
    var untitled = entry
    untitled.path = nil
    untitled.baseHash = nil
    #expect(JournalEntry(file: entry.file, bytes: Self.encoded(untitled)) == untitled)
    var empty = entry
    empty.content = []
    #expect(JournalEntry(file: entry.file, bytes: Self.encoded(empty)) == empty)
    // Cut short anywhere, its length wrong, or not a journal at all: nothing is read.
    for count in [bytes.count - 1, bytes.count - 2, bytes.count - 12, 40] {
      #expect(JournalEntry(file: entry.file, bytes: Array(bytes.prefix(count))) == nil, "\(count) bytes")
    }
    let wrongLength = Array(
      String(decoding: bytes, as: UTF8.self).replacing("length: 9", with: "length: 8").utf8)
    #expect(JournalEntry(file: entry.file, bytes: wrongLength) == nil)
    #expect(JournalEntry(file: entry.file, bytes: Array("hello\n\nworld".utf8)) == nil)
  }

  /// The bytes of an entry's journal file, as `RecoveryJournal.write` streams them.
  private static func encoded(_ entry: JournalEntry) -> [UInt8] {
    var bytes: [UInt8] = []
    try? entry.encoded(content: SaveContent(entry.content)).write { bytes.append(contentsOf: $0) }
    return bytes
  }

  @Test("a journal of the first version, its length in the header, still reads")
  func firstVersionJournal() {
    let text =
      "folio-journal 1\npath: /docs/a.csv\ntitle: a\nformat: csv\npid: 42\nhost: box\ntime: 7\n"
      + "length: 9\nbase: beef\n\na,b\n\n1,2\n"
    let entry = JournalEntry(file: "/j", bytes: Array(text.utf8))
    #expect(
      entry
        == JournalEntry(
          file: "/j", path: "/docs/a.csv", title: "a", format: .csv, pid: 42, host: "box", time: 7,
          baseHash: 0xbeef, content: Array("a,b\n\n1,2\n".utf8)))
    #expect(JournalEntry(file: "/j", bytes: Array(text.utf8.dropLast())) == nil)
  }

  @Test("a folder's entry names: every file and folder, hidden ones too, never . or ..; nil when unreadable")
  func entryNames() throws {
    let folder = try TemporaryFolder("folio-entries")
    #expect(DocumentFile.entryNames(inFolder: folder.url.path) == [])
    try folder.write("notes.txt", "one\n")
    try folder.write(".hidden", "")
    try FileManager.default.createDirectory(atPath: folder.path("sub"), withIntermediateDirectories: false)
    #expect(DocumentFile.entryNames(inFolder: folder.url.path)?.sorted() == [".hidden", "notes.txt", "sub"])
    #expect(DocumentFile.entryNames(inFolder: folder.path("missing")) == nil)
    #expect(DocumentFile.entryNames(inFolder: folder.path("notes.txt")) == nil)
  }

  @Test("a lock is exclusive, names its holder, is released, and a lock file nobody holds is taken over")
  func locks() throws {
    let folder = try TemporaryFolder("folio-safeguards")
    try folder.write("notes.txt", "one\n")
    let document = folder.path("notes.txt")
    guard case .acquired(let lock) = DocumentLock.acquire(document, stateDirectory: nil) else {
      Issue.record("the first lock was refused")
      return
    }
    #expect(lock.path == folder.path(".~notes.txt.folio-lock"))
    guard case .heldByOther(let holder?) = DocumentLock.acquire(document, stateDirectory: nil) else {
      Issue.record("a second lock was not refused")
      return
    }
    #expect(holder.pid == getpid() && holder.host == DocumentLock.hostName)
    lock.release()
    #expect((try? folder.contents()) ?? [] == ["notes.txt"])
    // A lock file left by a process that died: its flock went with it.
    try folder.write(".~notes.txt.folio-lock", "pid=999999\nhost=elsewhere\nsince=0\n")
    guard case .acquired(let taken) = DocumentLock.acquire(document, stateDirectory: nil) else {
      Issue.record("a stale lock was not taken over")
      return
    }
    #expect(try String(contentsOfFile: taken.path, encoding: .utf8).hasPrefix("pid=\(getpid())\n"))
    taken.release()
  }

  @Test("every change is journaled at once: a run of lines goes to the log, read back with the journal")
  func journalLog() throws {
    let folder = try TemporaryFolder("folio-safeguards")
    try folder.write("notes.txt", "one\n")
    let state = folder.path("state")
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil, stateDirectory: state)
    let document = try workspace.open("notes.txt").document
    let journal = RecoveryJournal(stateDirectory: state)
    let file = journal.journalPath(forDocumentAt: document.path ?? "")
    let log = file + ".log"
    func journaled() -> String? {
      journal.entry(at: file).map { String(decoding: $0.content, as: UTF8.self) }
    }
    func size(_ path: String) -> Int {
      ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? -1
    }

    #expect(workspace.journalChanges().isEmpty)
    #expect(journaled() == nil)
    try workspace.appendLine("two", to: document)
    workspace.journalChanges()
    #expect(journaled() == "one\ntwo\n")
    let journalSize = size(file)
    let logSize = size(log)
    try workspace.appendLine("three", to: document)
    workspace.journalChanges()
    #expect(journaled() == "one\ntwo\nthree\n", "journaled by the very next command")
    #expect(size(file) == journalSize, "the journal itself is not written again")
    #expect(size(log) > logSize)
    try workspace.replaceLine(1, with: "ONE", in: document)
    try workspace.appendLine("four", to: document)
    workspace.journalChanges()
    #expect(journaled() == "ONE\ntwo\nthree\nfour\n")

    // A record cut short (a write that did not finish) is ignored with what follows it.
    let whole = try Data(contentsOf: URL(fileURLWithPath: log))
    try whole.dropLast(3).write(to: URL(fileURLWithPath: log))
    #expect(journaled() == "one\ntwo\nthree\n")
    try whole.write(to: URL(fileURLWithPath: log))

    // A log left by an earlier journal of the file is not applied to a new one.
    _ = try workspace.undo(document)
    _ = try workspace.undo(document)
    try workspace.save(document)
    #expect(journaled() == nil)
    #expect(!FileManager.default.fileExists(atPath: log))
    try workspace.appendLine("five", to: document)
    workspace.journalChanges()
    try whole.write(to: URL(fileURLWithPath: log))
    #expect(journaled() == "one\ntwo\nthree\nfive\n")
    workspace.endSession()
    #expect((try? folder.contents()) ?? [] == ["notes.txt", "state"])
    #expect(folder.names(in: "state/recovery").isEmpty)
  }

  @Test("without a state folder a workspace neither locks nor journals")
  func withoutStateFolder() throws {
    let folder = try TemporaryFolder("folio-safeguards")
    try folder.write("notes.txt", "one\n")
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("notes.txt").document
    try workspace.appendLine("two", to: document)
    #expect(workspace.journalChanges().isEmpty)
    #expect((try? folder.contents()) ?? [] == ["notes.txt"])
  }

  @Test(
    "a save that must be written in place is refused, with the reason, when there is nowhere to keep a safety copy"
  )
  func inPlaceNeedsSafety() throws {
    let folder = try TemporaryFolder("folio-safeguards")
    try folder.write("notes.txt", "one\n")
    try FileManager.default.linkItem(atPath: folder.path("notes.txt"), toPath: folder.path("link.txt"))
    #expect(
      throws: FolioError.io(
        folder.path("notes.txt"),
        "cannot save: it has 2 hard links, which replacing it would break, and "
          + "without a state folder there is nowhere to keep a safety copy")
    ) {
      try DocumentFile.save(Array("two\n".utf8), to: folder.path("notes.txt"), inPlace: nil)
    }
    #expect(try String(contentsOfFile: folder.path("link.txt"), encoding: .utf8) == "one\n")
    #expect((try? folder.contents()) ?? [] == ["link.txt", "notes.txt"])
  }
}
