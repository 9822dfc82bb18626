import Foundation
import Testing

/// Two Folio processes editing one document: the lock file beside it warns the second, whose
/// `save` refuses unless `--force`; a killed holder's lock is stale and taken over.
@Suite struct DocumentLockTests {
  @Test("a second Folio is warned, cannot save without --force, and a killed holder's lock is taken over")
  func twoProcesses() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("one\n", to: "notes.txt")
    let first = try RunningFolio(in: run.folder, home: run.home)
    first.send("option keep-going on\nopen notes.txt\nappend from the first\necho ready\n")
    #expect(first.waitForOutput(containing: "ready\n"))
    let pid = first.process.processIdentifier
    let lockFile = try run.text(".~notes.txt.folio-lock")
    #expect(lockFile.hasPrefix("pid=\(pid)\nhost="))

    let second = try run.run(
      ["--keep-going", "-c", "open notes.txt; docs; info; append from the second; save; save --force"])
    #expect(second.status == 1)
    #expect(
      second.output.hasPrefix(
        "Opened notes (text, 1 line). Warning: notes.txt is being edited by another Folio (pid \(pid) on "))
    #expect(second.output.contains("notes.txt (locked by pid \(pid) on "))
    #expect(second.output.contains("Locked by:       another Folio, pid \(pid) on "))
    #expect(
      second.errors.hasSuffix(
        "'save --force' saves anyway\n"), "\(second.errors)")
    #expect(second.errors.split(separator: "\n").count == 1)
    #expect(try run.text("notes.txt") == "one\nfrom the second\n")
    // The second Folio never held the lock, so it left the first one's alone.
    #expect(try run.text(".~notes.txt.folio-lock") == lockFile)

    // The first one now finds the file changed by the second and refuses too.
    first.send("save\necho tried\n")
    #expect(first.waitForOutput(containing: "tried\n"))
    kill(pid, SIGKILL)
    let killed = try first.finish()
    #expect(killed.errors.contains("notes.txt changed on disk since it was read"))

    // The lock file is still there, but no live process holds it.
    #expect(try run.text(".~notes.txt.folio-lock") == lockFile)
    let third = try run.run(["-c", "open notes.txt; choose Discard; docs"])
    #expect(third.status == 0, "\(third.errors)")
    #expect(!third.output.contains("another Folio"), "\(third.output)")
    #expect(!third.output.contains("locked by"))
    #expect(try run.names() == ["notes.txt"])
  }

  @Test("closing the document releases the lock at once")
  func releasedOnClose() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("one\n", to: "notes.txt")
    let first = try RunningFolio(in: run.folder, home: run.home)
    first.send("open notes.txt\necho opened\n")
    #expect(first.waitForOutput(containing: "opened\n"))
    #expect(try run.run(["-c", "open notes.txt"]).output.contains("being edited by another Folio"))
    first.send("close\necho closed\n")
    #expect(first.waitForOutput(containing: "closed\n"))
    #expect(try run.names() == ["notes.txt"])
    let after = try run.run(["-c", "open notes.txt; append two; save"])
    #expect(after.status == 0, "\(after.errors)")
    #expect(!after.output.contains("another Folio"))
    #expect(try first.finish().status == 0)
  }

  @Test("a document in a folder Folio cannot write is locked in the state folder instead")
  func lockInStateFolder() throws {
    let run = try FaultRun()
    defer { run.remove() }
    let folder = run.folder.appendingPathComponent("shared")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    try run.write("one\n", to: "shared/notes.txt")
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o666], ofItemAtPath: run.path("shared/notes.txt"))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    try Self.giveToNobody(run.home)
    let nobody = (uid: 65534, gid: 65534)
    let first = try run.run(["-c", "open shared/notes.txt; append two; save; docs"], user: nobody)
    #expect(first.status == 0, "\(first.errors)")
    #expect(
      first.output.contains(
        "Saved notes to \(run.path("shared/notes.txt")). It was written in place: cannot create a file in its "
          + "folder (Permission denied)."), "\(first.output)")
    #expect(try run.text("shared/notes.txt") == "one\ntwo\n")
    let facts = try FileFacts(run.path("shared/notes.txt"))
    #expect(facts.owner == 0 && facts.mode == 0o666)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
    #expect(run.recoveryNames().isEmpty)
    let locks = run.stateFolder.appendingPathComponent("locks").path
    #expect(try FileManager.default.contentsOfDirectory(atPath: locks).isEmpty, "released at the end")

    // A file the user cannot write either is read-only, and with --force a clear error; untouched.
    try run.write("locked\n", to: "shared/other.txt")
    let refused = try run.run(
      ["--keep-going", "-c", "open shared/other.txt; append two; save; save --force"], user: nobody)
    #expect(refused.status == 1)
    #expect(
      refused.errors.contains(
        "error: other.txt is read-only (no write permission); 'save --force' writes it anyway\n"),
      "\(refused.errors)")
    #expect(
      refused.errors.hasSuffix(
        "other.txt: cannot save: cannot create a file in its folder (Permission denied), and the file itself "
          + "cannot be written: Permission denied\n"), "\(refused.errors)")
    #expect(try run.text("shared/other.txt") == "locked\n")
  }

  /// The journals in the recovery folder, by name, with the text of each file and its log.
  private static func journals(in run: FaultRun) -> [String: String] {
    let folder = run.stateFolder.appendingPathComponent("recovery")
    var texts: [String: String] = [:]
    for name in run.recoveryNames() where name.hasSuffix(".journal") {
      let journal = (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
      let log = (try? Data(contentsOf: folder.appendingPathComponent(name + ".log"))) ?? Data()
      texts[name] = String(decoding: journal + log, as: UTF8.self)
    }
    return texts
  }

  @Test(
    "a lock file deleted while a Folio edits: its live journal is not offered to another, and never mixed",
    arguments: [true, false])
  func deletedLock(firstEditsBefore: Bool) throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("one\n", to: "notes.txt")
    let first = try RunningFolio(in: run.folder, home: run.home)
    first.send(
      "option keep-going on\nopen notes.txt\n\(firstEditsBefore ? "append from the first\n" : "")echo ready\n"
    )
    #expect(first.waitForOutput(containing: "ready\n"))
    let firstPID = first.process.processIdentifier
    #expect(unlink(run.path(".~notes.txt.folio-lock")) == 0)

    let second = try RunningFolio(in: run.folder, home: run.home)
    second.send("option keep-going on\nopen notes.txt\nappend from the second\necho ready\n")
    #expect(second.waitForOutput(containing: "ready\n"))
    if !firstEditsBefore {
      // The first Folio finds its lock file another's: its save refuses, naming the second.
      first.send("save\necho saved\nappend from the first\necho edited\n")
      #expect(first.waitForOutput(containing: "edited\n"))
    }
    kill(firstPID, SIGKILL)
    kill(second.process.processIdentifier, SIGKILL)
    let firstRun = try first.finish()
    let secondRun = try second.finish()
    #expect(!firstRun.output.contains("Recover"), "\(firstRun.output)")
    #expect(!secondRun.output.contains("Recover"), "\(secondRun.output)")
    if !firstEditsBefore {
      #expect(
        firstRun.errors.contains(
          "error: notes.txt is being edited by another Folio (pid \(second.process.processIdentifier) on "),
        "\(firstRun.errors)")
    }
    if firstEditsBefore {
      // The first Folio's journal says who is editing, though its lock file is gone.
      #expect(
        secondRun.output.contains(
          "Opened notes (text, 1 line). Warning: notes.txt is being edited by another Folio (pid \(firstPID) on "
        ),
        "\(secondRun.output)")
    }

    // Each session's changes are in a journal of their own, none in the other's.
    let journals = Self.journals(in: run)
    #expect(journals.count == 2, "\(journals.keys.sorted())")
    for (name, text) in journals {
      let holdsFirst = text.contains("from the first")
      let holdsSecond = text.contains("from the second")
      #expect(holdsFirst != holdsSecond, "\(name) holds both or neither")
    }
    // The document's own journal is the first editor's when it edited first, else the one
    // that held the lock.
    let keyed = try #require(journals.first { !$0.key.hasPrefix("session-") })
    #expect(keyed.value.contains(firstEditsBefore ? "from the first" : "from the second"))

    let recovered = try run.run(["-c", "open notes.txt; choose Recover; show"])
    #expect(recovered.status == 0, "\(recovered.errors)")
    #expect(recovered.output.contains(firstEditsBefore ? "from the first" : "from the second"))
    #expect(!recovered.output.contains(firstEditsBefore ? "from the second" : "from the first"))
  }

  /// Makes a folder and everything in it belong to `nobody`, so folio can run as that user.
  static func giveToNobody(_ folder: URL) throws {
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("state"), withIntermediateDirectories: true)
    let paths =
      [folder.path]
      + (FileManager.default.subpaths(atPath: folder.path) ?? []).map {
        folder.appendingPathComponent($0).path
      }
    for path in paths { chown(path, 65534, 65534) }
  }
}
