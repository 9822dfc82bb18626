import Foundation
import Testing

/// What documents promise about files on disk, checked through the built binary.
@Suite struct DocumentFileTests {
  private static func write(_ text: String, _ name: String, in folder: URL) throws {
    try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }

  private static func read(_ name: String, in folder: URL) throws -> Data {
    try Data(contentsOf: folder.appendingPathComponent(name))
  }

  @Test(
    "opening and saving an unedited file gives identical bytes",
    arguments: [
      ("mixed.txt", "crlf\r\nlf\nlone cr\rno final newline"),
      ("bom.txt", "\u{FEFF}with a byte-order mark\n"),
      ("quoted.csv", "a,b\r\n\"x, y\",\"say \"\"hi\"\"\"\r\n\"multi\nline\",2\r\n"),
      ("tabs.tsv", "a\tb\n1\t2"),
      ("data.json", "[{\"n\": 1.50, \"ok\": true, \"none\": null, \"nested\": {\"k\": [1, 2]}}]"),
    ])
  func unchangedRoundTrip(name: String, content: String) throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.write(content, name, in: folder)
    let original = try Self.read(name, in: folder)
    let result = try FolioProcess.run(
      ["-c", "open \(name); save --force; save --as copy-\(name)"], in: folder)
    #expect(result.status == 0, "\(result.errors)")
    #expect(try Self.read(name, in: folder) == original)
    #expect(try Self.read("copy-\(name)", in: folder) == original)
  }

  @Test("a file changed behind Folio's back is not overwritten without --force")
  func changedOnDisk() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.write("one\n", "notes.txt", in: folder)
    let folio = try RunningFolio(in: folder, home: folder)
    folio.send("option keep-going on\nopen notes.txt\nappend two\necho ready\n")
    #expect(folio.waitForOutput(containing: "ready\n"))
    try Self.write("changed elsewhere\n", "notes.txt", in: folder)
    folio.send("save\nsave --force\n")
    let result = try folio.finish()
    #expect(
      result.errors
        == "-:5: error: notes.txt changed on disk since it was read; 'save --force' overwrites it, 'revert' loads the new version\n"
    )
    #expect(result.output.contains("Saved notes"))
    #expect(try Self.read("notes.txt", in: folder) == Data("one\ntwo\n".utf8))
    #expect(result.status == 1)
  }

  @Test("rename onto an existing file changes neither file, and refusals leave everything as it was")
  func renameRefusals() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.write("a,b\n1,2\n", "places.csv", in: folder)
    try Self.write("x\ny\n", "taken.csv", in: folder)
    let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    let result = try FolioProcess.run(
      [
        "--keep-going", "-c",
        "open places.csv; cell 1 a edited; rename taken; rename ''; rename ../x; rename places",
      ],
      in: folder)
    #expect(result.status == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
    #expect(try Self.read("places.csv", in: folder) == Data("a,b\n1,2\n".utf8))
    #expect(try Self.read("taken.csv", in: folder) == Data("x\ny\n".utf8))
  }

  @Test("a save that cannot be written completely leaves the old file and no temporary file")
  func failedWrite() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let original = String(repeating: "a line of text that is long enough\n", count: 40_000)  // ~1.4 MB
    try Self.write(original, "big.txt", in: folder)
    // A 1 MB file-size limit makes write(2) fail part-way with EFBIG, as a full disk fails
    // with ENOSPC; SIGXFSZ is ignored so the failure comes back as an error, not a signal.
    // (Not less: ThreadSanitizer's runtime writes a 512 KB file when a process starts.)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [
      "-c", "trap '' XFSZ; ulimit -f 1024; exec \"$0\" -c 'open big.txt; append more; save'",
      FolioProcess.executable.path,
    ]
    process.environment = FolioProcess.environment(home: folder)
    process.currentDirectoryURL = folder
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    killIfHung(process)
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(message.contains("big.txt: cannot save: File too large"), "\(message)")
    #expect(try Self.read("big.txt", in: folder) == Data(original.utf8))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "state" } == ["big.txt"]
    )
  }

  @Test("save keeps the file's permissions and a symbolic link stays a link")
  func modeAndSymlink() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.write("one\n", "real.txt", in: folder)
    let real = folder.appendingPathComponent("real.txt").path
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: real)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("link.txt").path, withDestinationPath: "real.txt")
    let result = try FolioProcess.run(["-c", "open link.txt; append two; save"], in: folder)
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(
        atPath: folder.appendingPathComponent("link.txt").path)
        == "real.txt")
    #expect(try Self.read("real.txt", in: folder) == Data("one\ntwo\n".utf8))
    let attributes = try FileManager.default.attributesOfItem(atPath: real)
    #expect(attributes[.posixPermissions] as? Int == 0o640)
  }

  @Test("SIGKILL during saves leaves the complete old or new file, and the next open removes temporary files")
  func killDuringSave() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let base =
      (1...100_000).map { "line \($0) " + String(repeating: "x", count: 40) }.joined(separator: "\n") + "\n"
    try Self.write(base, "big.txt", in: folder)
    let script = "open big.txt\n" + String(repeating: "append more\nsave\n", count: 200)
    try Self.write(script, "loop.folio", in: folder)
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<6 {
      let process = Process()
      process.executableURL = FolioProcess.executable
      process.arguments = ["run", "loop.folio"]
      process.environment = FolioProcess.environment(home: folder)
      process.currentDirectoryURL = folder
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      killIfHung(process)
      // The fault model: the process dies at an arbitrary moment of its save loop.
      usleep(UInt32.random(in: 50_000...400_000, using: &generator))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let text = String(decoding: try Self.read("big.txt", in: folder), as: UTF8.self)
      #expect(text.hasPrefix(base), "the saved file lost its original content")
      let added = text.dropFirst(base.count)
      #expect(
        added.isEmpty
          || added.split(separator: "\n", omittingEmptySubsequences: false).dropLast().allSatisfy {
            $0 == "more"
          })
      #expect(added.isEmpty || added.hasSuffix("more\n"), "a partial write reached the file")
    }
    let reopened = try FolioProcess.run(["-c", "open big.txt"], in: folder)
    #expect(reopened.status == 0)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.contains(".folio-save-")
    }
    #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
  }

  @Test("save keeps a file's owner, group and mode, even another user's")
  func ownership() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("one\n", to: "theirs.txt")
    try #require(chown(run.path("theirs.txt"), 12_345, 23_456) == 0)
    try #require(chmod(run.path("theirs.txt"), 0o640) == 0)
    let result = try run.run(["-c", "open theirs.txt; append two; save"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(!result.output.contains("in place"), "root can give a new file its owner: the save is atomic")
    let facts = try FileFacts(run.path("theirs.txt"))
    #expect(facts.owner == 12_345 && facts.group == 23_456 && facts.mode == 0o640)
    #expect(try run.text("theirs.txt") == "one\ntwo\n")
  }

  @Test("a hard-linked document is saved in place: every name sees the new content and the link stays")
  func hardLink() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("one\n", to: "notes.txt")
    try FileManager.default.linkItem(atPath: run.path("notes.txt"), toPath: run.path("other name.txt"))
    let before = try FileFacts(run.path("notes.txt"))
    let result = try run.run(["-c", "open notes.txt; append two; save"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output.hasSuffix(
        "Saved notes to \(run.path("notes.txt")). It was written in place: it has 2 hard links, which "
          + "replacing it would break.\n"))
    #expect(try FileFacts(run.path("notes.txt")) == before)
    #expect(try run.text("other name.txt") == "one\ntwo\n")
    #expect(try run.names() == ["notes.txt", "other name.txt"])
    #expect(run.recoveryNames().isEmpty)
  }

  @Test(
    "a file replaced by another program's atomic save is not overwritten without --force; docs and info say so"
  )
  func replacedOnDisk() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("one\n", to: "notes.txt")
    let folio = try RunningFolio(in: run.folder, home: run.home)
    folio.send("option keep-going on\nopen notes.txt\nappend two\necho ready\n")
    #expect(folio.waitForOutput(containing: "ready\n"))
    try run.write("theirs\n", to: "new.tmp")
    try #require(rename(run.path("new.tmp"), run.path("notes.txt")) == 0)
    folio.send("docs\ninfo\nsave\nsave --force\ninfo\n")
    let result = try folio.finish()
    #expect(result.output.contains("notes.txt (changed on disk since it was read)"))
    #expect(result.output.contains("On disk:         changed on disk since it was read"))
    #expect(result.output.contains("On disk:         as read or saved"))
    #expect(
      result.errors.hasSuffix(
        "notes.txt changed on disk since it was read; 'save --force' overwrites it, 'revert' loads the new version\n"
      ))
    #expect(try run.text("notes.txt") == "one\ntwo\n")
  }

  @Test("a file deleted behind Folio's back is written again by save, which says so")
  func deletedOnDisk() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("one\n", to: "notes.txt")
    let folio = try RunningFolio(in: run.folder, home: run.home)
    folio.send("open notes.txt\necho ready\n")
    #expect(folio.waitForOutput(containing: "ready\n"))
    try FileManager.default.removeItem(atPath: run.path("notes.txt"))
    folio.send("docs\ninfo\nsave\n")
    let result = try folio.finish()
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("notes.txt (deleted on disk since it was read)"))
    #expect(result.output.contains("On disk:         deleted on disk since it was read"))
    #expect(
      result.output.hasSuffix(
        "Saved notes to \(run.path("notes.txt")). It had been deleted on disk since it was read; it was written again.\n"
      ))
    #expect(try run.text("notes.txt") == "one\n")
  }
}
