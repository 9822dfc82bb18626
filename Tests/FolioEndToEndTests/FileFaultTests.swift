import Foundation
import Testing

/// Faults injected into saves — a kill at every step, a full disk, failing flushes, renames
/// that cannot cross file systems — through the built binary: each must leave the whole old
/// or the whole new file, a clear error, and nothing to clean up by hand.
@Suite struct FileFaultTests {
  /// The document every test saves: big enough that half a write is a torn file.
  private static let old = (1...2_000).map { "old line \($0)" }.joined(separator: "\n") + "\n"
  private static let new = "new line\n" + old

  /// A kill point, what the file holds after the kill there, and whether the document is
  /// hard-linked (so saved in place).
  struct KillPoint: CustomTestStringConvertible, Sendable {
    var point: String
    var fileAfterKill: String
    var hardLinked: Bool
    var testDescription: String { "\(point)\(hardLinked ? " (hard-linked)" : "")" }
  }

  static let killPoints: [KillPoint] = [
    KillPoint(point: "save.create", fileAfterKill: "old", hardLinked: false),
    KillPoint(point: "save.write", fileAfterKill: "old", hardLinked: false),
    KillPoint(point: "save.fsync", fileAfterKill: "old", hardLinked: false),
    KillPoint(point: "save.rename", fileAfterKill: "old", hardLinked: false),
    KillPoint(point: "save.sync-folder", fileAfterKill: "new", hardLinked: false),
    KillPoint(point: "save.done", fileAfterKill: "new", hardLinked: false),
    KillPoint(point: "save.backup", fileAfterKill: "old", hardLinked: true),
    KillPoint(point: "save.in-place-write", fileAfterKill: "torn", hardLinked: true),
    KillPoint(point: "save.in-place-fsync", fileAfterKill: "new", hardLinked: true),
    KillPoint(point: "save.done", fileAfterKill: "new", hardLinked: true),
  ]

  @Test(
    "SIGKILL at each step of a save loses nothing: the file is whole, or the journal and safety copy are, and the next run recovers and cleans up",
    arguments: killPoints)
  func killAtStep(_ kill: KillPoint) throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write(Self.old, to: "doc.txt")
    if kill.hardLinked {
      try FileManager.default.linkItem(atPath: run.path("doc.txt"), toPath: run.path("link.txt"))
    }
    let inode = try FileFacts(run.path("doc.txt")).inode

    let killed = try run.run(
      ["-c", "open doc.txt; insert 1 new line; save"], environment: ["FOLIO_FAULT": "\(kill.point):kill"])
    #expect(killed.wasSignalled && killed.status == SIGKILL, "the fault did not fire: \(killed)")
    let after = try run.text("doc.txt")
    switch kill.fileAfterKill {
    case "old": #expect(after == Self.old)
    case "new": #expect(after == Self.new)
    default: #expect(after != Self.old && after != Self.new && Self.new.hasPrefix(after.prefix(100)))
    }
    // The new version is in the journal whatever the step.
    let journals = run.recoveryNames().filter { $0.hasSuffix(".journal") }
    #expect(journals.count == 1, "\(run.recoveryNames())")
    if kill.point == "save.in-place-write" || kill.point == "save.in-place-fsync" {
      let backup = try #require(run.recoveryNames().first { $0.hasSuffix(".backup") })
      let copy = try String(contentsOfFile: run.stateFolder.path + "/recovery/" + backup, encoding: .utf8)
      #expect(copy == Self.old)
    }

    let script = after == Self.new ? "open doc.txt; save" : "open doc.txt; choose Recover; save"
    let next = try run.run(["-c", script])
    #expect(next.status == 0, "\(next.errors)")
    #expect(next.output.contains("Recover the unsaved changes") == (after != Self.new))
    #expect(try run.text("doc.txt") == Self.new)
    #expect(try run.names() == (kill.hardLinked ? ["doc.txt", "link.txt"] : ["doc.txt"]))
    #expect(run.recoveryNames().isEmpty)
    if kill.hardLinked {
      #expect(try run.text("link.txt") == Self.new)
      #expect(try FileFacts(run.path("link.txt")).inode == inode)
    }
  }

  @Test("SIGKILL while the journal is written keeps the previous journal and its log whole")
  func killWritingJournal() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("name\nx\ny\n", to: "doc.csv")
    // The first journal write follows `cell`; `add` goes to its log; `favorite` adds a
    // column, which only a whole journal can hold: that second write dies half-way.
    let folio = try RunningFolio(
      in: run.folder, home: run.home, environment: ["FOLIO_FAULT": "journal.write:kill:2"])
    folio.send("open doc.csv\ncell 1 name a\nadd name=z\necho written\n")
    #expect(folio.waitForOutput(containing: "written\n"))
    folio.send("select 2\nfavorite\n")
    _ = try folio.finish()
    #expect(folio.process.terminationReason == .uncaughtSignal)
    #expect(
      run.recoveryNames().contains { $0.hasPrefix(".") }, "no torn temporary journal: \(run.recoveryNames())")

    let next = try run.run(["-c", "open doc.csv; choose Recover; save"])
    #expect(next.status == 0, "\(next.errors)")
    #expect(try run.text("doc.csv") == "name\na\ny\nz\n")
    #expect(run.recoveryNames().isEmpty)
  }

  @Test(
    "Ctrl-C while a sort's journal is written: only 'interrupted' is printed, and the sort is taken back",
    arguments: [
      ("open doc.csv; sort name; show", "Opened doc (table, 3 rows × 2 columns).\n")
    ])
  func interruptWritingSortJournal(script: String, output: String) throws {
    let run = try FaultRun()
    defer { run.remove() }
    let csv = "name,n\ncherry,3\napple,1\nbanana,2\n"
    try run.write(csv, to: "doc.csv")
    // SIGINT arrives half-way through the journal write that follows the sort; before, that
    // write came after "Sorted …" was printed and could not be cancelled.
    let result = try run.run(["-c", script], environment: ["FOLIO_FAULT": "journal.write:sigint"])
    #expect(result.status == 130)
    #expect(result.output == output)
    #expect(result.errors == "interrupted\n")
    #expect(try run.text("doc.csv") == csv)
    #expect(try run.names() == ["doc.csv"])
    #expect(run.recoveryNames().isEmpty, "no journal, no temporary file: \(run.recoveryNames())")
  }

  @Test("open --sort is the window's order, no edit: it writes no journal for a Ctrl-C to stop")
  func openSortedWritesNoJournal() throws {
    let run = try FaultRun()
    defer { run.remove() }
    let csv = "name,n\ncherry,3\napple,1\nbanana,2\n"
    try run.write(csv, to: "doc.csv")
    let result = try run.run(
      ["-c", "open doc.csv --sort name; show; close"], environment: ["FOLIO_FAULT": "journal.write:sigint"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.errors == "")
    let names = result.output.split(separator: "\n").compactMap { line in
      ["apple", "banana", "cherry"].first { line.contains($0) }
    }
    #expect(names == ["apple", "banana", "cherry"], "\(result.output)")
    #expect(result.output.hasSuffix("Closed doc.\n"), "\(result.output)")
    #expect(try run.text("doc.csv") == csv)
    #expect(run.recoveryNames().isEmpty, "no journal: \(run.recoveryNames())")
  }

  @Test(
    "Ctrl-C while an undo or a favorite's new column writes the whole journal: only 'interrupted', the change taken back",
    arguments: [
      // `revert` leaves the file's content, and no journal; undoing it writes one whole.
      (
        "open doc.csv; cell 1 n 30; revert; undo; show", "journal.write:sigint:2",
        "Opened doc (table, 3 rows × 2 columns).\nSet n of row 1.\nReverted doc to the saved version.\n"
      ),
      (
        "open doc.csv; select 1; favorite; show", "journal.write:sigint",
        "Opened doc (table, 3 rows × 2 columns).\n1 row selected in doc: 1 (id:1)\n"
      ),
    ])
  func interruptWritingWholeJournal(script: String, fault: String, output: String) throws {
    let run = try FaultRun()
    defer { run.remove() }
    let csv = "name,n\ncherry,3\napple,1\nbanana,2\n"
    try run.write(csv, to: "doc.csv")
    let result = try run.run(["-c", script], environment: ["FOLIO_FAULT": fault])
    #expect(result.status == 130)
    #expect(result.output == output)
    #expect(result.errors == "interrupted\n")
    #expect(try run.text("doc.csv") == csv)
    // Folio ended in order after the Ctrl-C: the journals it wrote went with it.
    #expect(run.recoveryNames().isEmpty, "no journal, no temporary file: \(run.recoveryNames())")
  }

  @Test(
    "a sort whose journal cannot be written (full disk, I/O error) stands: one warning with the cause, in text and JSON",
    arguments: [
      ("journal.write:enospc", "the disk is full"), ("journal.create:eio", "Input/output error"),
    ])
  func unwritableSortJournal(fault: String, cause: String) throws {
    let run = try FaultRun()
    defer { run.remove() }
    let csv = "name,n\ncherry,3\napple,1\nbanana,2\n"
    try run.write(csv, to: "doc.csv")
    let text = try run.run(
      ["-c", "open doc.csv; sort name; show; info"], environment: ["FOLIO_FAULT": fault])
    #expect(text.status == 0, "\(text.errors)")
    #expect(text.output.contains("Sorted 3 rows by name.\n"))
    #expect(text.output.contains(" 1 │ apple  │ 1\n 2 │ banana │ 2\n 3 │ cherry │ 3\n"), "\(text.output)")
    #expect(text.output.contains("Unsaved changes: yes"))
    let warnings = text.errors.split(separator: "\n")
    #expect(warnings.count == 1, "\(text.errors)")
    #expect(
      warnings.first?.hasPrefix(
        "folio: warning: cannot keep the unsaved changes of doc in the recovery journal: ")
        == true)
    #expect(warnings.first?.hasSuffix(cause) == true, "\(text.errors)")
    #expect(try run.text("doc.csv") == csv)
    #expect(run.recoveryNames().isEmpty, "no journal, no temporary file: \(run.recoveryNames())")

    let json = try run.run(["--json", "-c", "open doc.csv; sort name"], environment: ["FOLIO_FAULT": fault])
    #expect(json.status == 0, "\(json.errors)")
    #expect(json.errors.isEmpty, "told in the sort's line, not on standard error: \(json.errors)")
    let lines = json.output.split(separator: "\n")
    #expect(lines.count == 2)
    let sortLine = try #require(lines.last.map(String.init))
    #expect(sortLine.hasPrefix(#"{"ok":true,"command":"sort name","result":{"#))
    #expect(
      sortLine.contains(
        #""warnings":[{"code":"io","message":"cannot keep the unsaved changes of doc in the recovery journal","values":{"title":"doc"},"cause":{"code":"io","message":""#
      ), "\(sortLine)")
    #expect(sortLine.contains(cause))
    #expect(run.recoveryNames().isEmpty, "\(run.recoveryNames())")
  }

  @Test(
    "SIGKILL half-way through appending to the journal's log: the torn record is ignored, the earlier ones kept"
  )
  func killAppendingToLog() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("name\nx\ny\nz\n", to: "doc.csv")
    // `cell 1` writes the journal; `cell 2` is the log's first record; `cell 3` its second, torn.
    let folio = try RunningFolio(
      in: run.folder, home: run.home, environment: ["FOLIO_FAULT": "journal.append:kill:2"])
    folio.send("open doc.csv\ncell 1 name a\ncell 2 name b\ncell 3 name c\n")
    _ = try folio.finish()
    #expect(folio.process.terminationReason == .uncaughtSignal)

    let next = try run.run(["-c", "open doc.csv; choose Recover; save"])
    #expect(next.status == 0, "\(next.errors)")
    #expect(try run.text("doc.csv") == "name\na\nb\nz\n")
    #expect(run.recoveryNames().isEmpty)
  }

  @Test(
    "a full file system refuses the save clearly, keeps the old file whole and leaves no temporary file",
    arguments: [false, true])
  func outOfSpace(hardLinked: Bool) throws {
    let run = try FaultRun()
    defer { run.remove() }
    let mount = try TemporaryMount(tmpfsOf: "256k", named: "small", in: run.folder)
    let document = mount.path + "/doc.txt"
    try Data(Self.old.utf8).write(to: URL(fileURLWithPath: document))
    if hardLinked { try FileManager.default.linkItem(atPath: document, toPath: mount.path + "/link.txt") }
    try Self.fill(mount.path + "/filler")

    let long = String(repeating: "x", count: 5_000)
    // A line longer than a page, so that even a save in place needs more room.
    let result = try run.run(["--keep-going", "-c", "open small/doc.txt; append \(long); save; info"])
    #expect(result.status == 1)
    #expect(result.errors.contains("small/doc.txt: cannot save: the disk is full"), "\(result.errors)")
    if hardLinked { #expect(result.errors.contains("; the file was written back as it was")) }
    #expect(result.output.contains("Unsaved changes: yes"))
    #expect(try String(contentsOfFile: document, encoding: .utf8) == Self.old)
    let names = try FileManager.default.contentsOfDirectory(atPath: mount.path).sorted()
    #expect(names == (hardLinked ? ["doc.txt", "filler", "link.txt"] : ["doc.txt", "filler"]))
    #expect(run.recoveryNames().isEmpty)
  }

  /// Writes a file until the file system is full.
  private static func fill(_ path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let chunk = [UInt8](repeating: 0x46, count: 4096)
    var result = 0
    repeat {
      result = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    } while result > 0
    #expect(errno == ENOSPC)
  }

  @Test(
    "an injected I/O error at a step of a save is a clear error; the document stays unsaved and a second save works",
    arguments: [
      ("save.create:eio:1", "doc.txt: cannot save: Input/output error"),
      ("save.write:enospc:1", "doc.txt: cannot save: the disk is full"),
      ("save.fsync:eio:1", "doc.txt: cannot save: flushing to disk failed: Input/output error"),
      ("save.rename:eio:1", "doc.txt: cannot save: Input/output error"),
      (
        "save.sync-folder:eio:1",
        "doc.txt: saved, but flushing its folder to disk failed (Input/output error); the new version may not survive a power cut: save again"
      ),
    ])
  func ioError(fault: String, message: String) throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write(Self.old, to: "doc.txt")
    let result = try run.run(
      ["--keep-going", "-c", "open doc.txt; insert 1 new line; save; info; save; info"],
      environment: ["FOLIO_FAULT": fault])
    #expect(result.status == 1)
    #expect(result.errors.hasSuffix(message + "\n"), "\(result.errors)")
    #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
    let dirty = result.output.split(separator: "\n").filter { $0.hasPrefix("Unsaved changes:") }
    #expect(dirty == ["Unsaved changes: yes", "Unsaved changes: no"])
    #expect(try run.text("doc.txt") == Self.new)
    #expect(try run.names() == ["doc.txt"])
  }

  @Test("EIO on every fsync keeps the old file and no temporary file")
  func ioErrorEveryTime() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write(Self.old, to: "doc.txt")
    let result = try run.run(
      ["--keep-going", "-c", "open doc.txt; insert 1 new line; save; save; info"],
      environment: ["FOLIO_FAULT": "save.fsync:eio"])
    #expect(result.status == 1)
    #expect(result.errors.components(separatedBy: "flushing to disk failed: Input/output error").count == 3)
    #expect(result.output.contains("Unsaved changes: yes"))
    #expect(try run.text("doc.txt") == Self.old)
    #expect(try run.names() == ["doc.txt"])
  }

  @Test("a misspelled FOLIO_FAULT stops Folio instead of passing for a fault that never fired")
  func misspelledFault() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("one\n", to: "doc.txt")
    let result = try run.run(
      ["-c", "open doc.txt; append two; save"], environment: ["FOLIO_FAULT": "save.fsnyc:kill"])
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("folio: FOLIO_FAULT=save.fsnyc:kill: expected POINT:ACTION[:N]"))
    #expect(try run.text("doc.txt") == "one\n")
  }

  @Test("a file mounted from another file system cannot be renamed over, so it is saved in place")
  func otherFileSystem() throws {
    let run = try FaultRun()
    defer { run.remove() }
    let mount = try TemporaryMount(tmpfsOf: "1m", named: "other", in: run.folder)
    let real = mount.path + "/real.txt"
    try Data(Self.old.utf8).write(to: URL(fileURLWithPath: real))
    try run.write("placeholder\n", to: "doc.txt")
    try mount.bind(real, over: run.path("doc.txt"))

    let result = try run.run(["-c", "open doc.txt; insert 1 new line; save"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output.contains(
        "It was written in place: it is on another file system than its folder (Device or resource busy)."))
    #expect(try String(contentsOfFile: real, encoding: .utf8) == Self.new)
    #expect(try run.names() == ["doc.txt", "other"])
    #expect(run.recoveryNames().isEmpty)
  }

  @Test("a rename that fails with EXDEV falls back to writing in place and keeps the inode")
  func crossDeviceRename() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write(Self.old, to: "doc.txt")
    let before = try FileFacts(run.path("doc.txt"))
    let result = try run.run(
      ["-c", "open doc.txt; insert 1 new line; save"], environment: ["FOLIO_FAULT": "save.rename:exdev"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("(Invalid cross-device link)."))
    #expect(try run.text("doc.txt") == Self.new)
    #expect(try FileFacts(run.path("doc.txt")) == before)
    #expect(try run.names() == ["doc.txt"])
  }
}
