import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Files that are not documents are never replaced: only regular files are saved over, a
/// read-only file only with `--force`, and a lock file that is not a file is left alone.
@Suite struct FileSafetyTests {
  /// The type bits of what is at `path` (not following a link), or nil when nothing is.
  private static func type(_ path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & S_IFMT
  }

  @Test("save --as and print --to refuse a FIFO, a device and a folder, --force or not")
  func onlyRegularFilesAreReplaced() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("a,b\n1,2\n", to: "t.csv")
    #expect(mkfifo(run.path("pipe.csv"), 0o644) == 0)
    try FileManager.default.createDirectory(
      atPath: run.path("folder.csv"), withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: run.path("link.csv"), withDestinationPath: "pipe.csv")
    // The null device (major 1, minor 3: 0x103), made here (root only), so that a failure
    // breaks nothing else.
    let hasDevice = mknod(run.path("null.csv"), S_IFCHR | 0o666, dev_t(0x103)) == 0
    var commands = [
      "open t.csv", "cell 1 b 3", "save --as pipe.csv", "save --as pipe.csv --force",
      "save --as link.csv --force",
      "save --as folder.csv --force", "print --to pipe.csv --force",
    ]
    if hasDevice { commands.append("save --as null.csv --force") }
    let result = try run.run(["--keep-going", "-c", commands.joined(separator: "; ")])
    #expect(result.status == 1)
    let errors = result.errors.split(separator: "\n")
    try #require(errors.count == commands.count - 2, "\(result.errors)")
    #expect(
      errors.prefix(3).allSatisfy { $0.hasSuffix("cannot replace it: it is a FIFO, not a regular file") })
    #expect(errors[3].hasSuffix("folder.csv: cannot replace it: it is a folder, not a regular file"))
    #expect(errors[4].hasSuffix("pipe.csv: cannot replace it: it is a FIFO, not a regular file"))
    if hasDevice {
      #expect(
        errors[5].hasSuffix("null.csv: cannot replace it: it is a character device, not a regular file"))
      #expect(Self.type(run.path("null.csv")) == S_IFCHR)
    }
    #expect(Self.type(run.path("pipe.csv")) == S_IFIFO)
    #expect(Self.type(run.path("link.csv")) == S_IFLNK)
    #expect(Self.type(run.path("folder.csv")) == S_IFDIR)
    #expect(try run.text("t.csv") == "a,b\n1,2\n")
  }

  @Test(
    "a read-only file is not saved over without --force; --force keeps its mode; an unedited save is fine")
  func readOnlyFiles() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("one\n", to: "notes.txt")
    #expect(chmod(run.path("notes.txt"), 0o444) == 0)

    let refused = try run.run(["--keep-going", "-c", "open notes.txt; save; append two; save; docs"])
    #expect(refused.status == 1)
    #expect(
      refused.errors.hasSuffix(
        "error: notes.txt is read-only (no write permission); 'save --force' writes it anyway\n"),
      "\(refused.errors)")
    #expect(refused.errors.split(separator: "\n").count == 1)
    #expect(try run.text("notes.txt") == "one\n")

    let forced = try run.run(["-c", "open notes.txt; append two; save --force"])
    #expect(forced.status == 0, "\(forced.errors)")
    #expect(try run.text("notes.txt") == "one\ntwo\n")
    var info = stat()
    #expect(stat(run.path("notes.txt"), &info) == 0)
    #expect(info.st_mode & 0o7777 == 0o444)
  }

  @Test(
    "a lock file that is a FIFO or a folder is warned about and left alone by a session reading stdin",
    arguments: [true, false])
  func unusableLockFile(isFIFO: Bool) throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("one\n", to: "notes.txt")
    let lock = run.path(".~notes.txt.folio-lock")
    if isFIFO {
      #expect(mkfifo(lock, 0o644) == 0)
    } else {
      try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: false)
    }
    let kind = isFIFO ? "a FIFO" : "a folder"
    let folio = try RunningFolio(in: run.folder, home: run.home)
    folio.send("open notes.txt\nappend two\nsave\nclose\necho done\n")
    #expect(folio.waitForOutput(containing: "done\n"))
    let session = try folio.finish()
    #expect(
      session.output.contains(
        "Opened notes (text, 1 line). Warning: notes is open unlocked: its lock file .~notes.txt.folio-lock is "
          + "\(kind), not a regular file, so another Folio editing it would not know.\n"),
      "\(session.output)")
    #expect(try run.text("notes.txt") == "one\ntwo\n")
    #expect(Self.type(lock) == (isFIFO ? S_IFIFO : S_IFDIR))
    #expect(try run.names() == [".~notes.txt.folio-lock", "notes.txt"])
  }

  @Test(
    "a FIFO as the state store or one of its companion files is refused at once; Folio runs without it",
    arguments: ["state.sqlite", "state.sqlite-wal", "state.sqlite-journal"])
  func fifoStateStore(name: String) throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("a,b\n1,2\n", to: "t.csv")
    try FileManager.default.createDirectory(at: run.stateFolder, withIntermediateDirectories: true)
    let fifo = run.stateFolder.appendingPathComponent(name).path
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = try run.run(["-c", "open t.csv; echo done"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.errors
        == "folio: warning: state store: cannot open \(fifo): it is a FIFO, not a regular file; "
        + "recent documents are not kept\n")
    #expect(result.output.hasSuffix("done\n"))
    #expect(Self.type(fifo) == S_IFIFO)
  }

  @Test(
    "record onto a FIFO is refused at once, --force or not, and the FIFO stays", arguments: [false, true])
  func recordOntoFIFO(force: Bool) throws {
    let run = try FaultRun()
    defer { run.remove() }
    #expect(mkfifo(run.path("r.folio"), 0o644) == 0)
    let result = try run.run(["-c", "record r.folio\(force ? " --force" : ""); echo done"])
    #expect(result.status == 1)
    #expect(
      result.errors.hasSuffix("error: r.folio: cannot record: it is a FIFO, not a regular file\n"),
      "\(result.errors)")
    #expect(!result.output.contains("done"))
    #expect(Self.type(run.path("r.folio")) == S_IFIFO)
  }
}
