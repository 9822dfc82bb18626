import Foundation
import Testing

@testable import FolioCore

#if canImport(Glibc)
  import Glibc
#endif

/// The check before a save (`DocumentFile.check(_:against:)`): a file's status is trusted
/// alone only when its times are older than the snapshot by more than `racyMargin`; a change
/// that keeps the size and puts the modification time back is still found.
@Suite struct FileCheckTests {
  private final class Folder {
    let url: URL
    init() throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-check-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    func write(_ name: String, _ text: String) throws {
      try text.write(to: url.appendingPathComponent(name), atomically: false, encoding: .utf8)
    }
    func read(_ name: String) throws -> String {
      try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
    }
  }

  /// The snapshot as if it had been taken two seconds later than it was: the file's times
  /// are then older than it by more than the margin, as for a file written a while before
  /// it was opened.
  private static func takenLater(_ snapshot: FileSnapshot) -> FileSnapshot {
    var later = snapshot
    later.takenOnBootClock += 2 * DocumentFile.racyMargin
    later.takenOnRealClock += 2 * DocumentFile.racyMargin
    return later
  }

  /// Waits until the kernel's coarse clock, which file times are taken from, has passed the
  /// file's change time, so that a change made now gets a later one, as any change made
  /// after a real read would (a tick is a few milliseconds; the bound is generous).
  private static func waitForClockToPass(changeTimeOf path: String) throws {
    var info = stat()
    try #require(stat(path, &info) == 0)
    let changed = info.st_ctim.tv_sec * 1_000_000_000 + info.st_ctim.tv_nsec
    let deadline = DocumentFile.bootClock() + 10 * DocumentFile.racyMargin
    var clock = timespec()
    repeat {
      clock_gettime(CLOCK_REALTIME_COARSE, &clock)
    } while clock.tv_sec * 1_000_000_000 + clock.tv_nsec <= changed && DocumentFile.bootClock() < deadline
  }

  /// A file's status change time, in nanoseconds since 1970.
  private static func changeTime(of path: String) throws -> Int {
    var info = stat()
    try #require(stat(path, &info) == 0)
    return info.st_ctim.tv_sec * 1_000_000_000 + info.st_ctim.tv_nsec
  }

  /// The file system's clock as if `seconds` had passed on it since `path` last changed,
  /// given now: a snapshot taken now is then as old, on the file system, as that.
  private static func fileSystemTime(_ seconds: Double, after path: String) throws
    -> DocumentFile.FileSystemTime
  {
    DocumentFile.FileSystemTime(
      stamp: try changeTime(of: path) + Int(seconds * 1e9), bootClock: DocumentFile.bootClock(),
      realClock: DocumentFile.realClock(), device: nil)
  }

  /// Writes `text` over a file's content in place, then sets its modification time back to
  /// what it was (`touch -r` of a copy made before): only the change time tells.
  private static func overwriteKeepingModificationTime(_ path: String, with text: String) throws {
    var before = stat()
    try #require(stat(path, &before) == 0)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
    var times = [before.st_atim, before.st_mtim]
    try #require(utimensat(AT_FDCWD, path, &times, 0) == 0)
    var after = stat()
    try #require(stat(path, &after) == 0)
    #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
    #expect(after.st_size == before.st_size)
  }

  @Test("a file older than its snapshot by the margin is trusted by its status; a newer one is read")
  func statusOrContent() throws {
    let folder = try Folder()
    try folder.write("a.csv", "a,b\n1,2\n")
    let path = folder.path("a.csv")
    let snapshot = try DocumentFile.read(path).snapshot
    // Read at once after being written: racily clean, so read again to be sure.
    #expect(try DocumentFile.check(path, against: snapshot) == .unchanged(readWhole: true))
    #expect(try DocumentFile.check(path, against: Self.takenLater(snapshot)) == .unchanged(readWhole: false))
    // A snapshot that does not match the status is never trusted.
    var otherSize = Self.takenLater(snapshot)
    otherSize.size += 1
    #expect(try DocumentFile.check(path, against: otherSize) == .changed)
    var otherHash = Self.takenLater(snapshot)
    otherHash.modifiedNanoseconds = (otherHash.modifiedNanoseconds + 1) % 1_000_000_000
    #expect(try DocumentFile.check(path, against: otherHash) == .unchanged(readWhole: true))
    otherHash.contentHash &+= 1
    #expect(try DocumentFile.check(path, against: otherHash) == .changed)
    try FileManager.default.removeItem(atPath: path)
    #expect(try DocumentFile.check(path, against: snapshot) == .deleted)
  }

  @Test("a file dated past 2262 or before 1677, beyond nanoseconds in an Int, is read, not trusted")
  func timesBeyondNanoseconds() throws {
    let folder = try Folder()
    try folder.write("a.csv", "a,b\n1,2\n")
    let path = folder.path("a.csv")
    for seconds in [10_000_000_000, -10_000_000_000] {
      var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
      try #require(utimensat(AT_FDCWD, path, &times, 0) == 0)
      let snapshot = Self.takenLater(try DocumentFile.read(path).snapshot)
      // A file system may clamp the time to what it can keep (ext4 without large times keeps
      // 1901–2446); a time that still fits in nanoseconds is trusted as any other.
      let fits = DocumentFile.nanoseconds(snapshot.modifiedSeconds, 0) != nil
      #expect(fits || snapshot.modifiedSeconds == seconds)
      #expect(try DocumentFile.check(path, against: snapshot) == .unchanged(readWhole: !fits))
      try folder.write("a.csv", "a,b\n3,4\n")
      try #require(utimensat(AT_FDCWD, path, &times, 0) == 0)
      #expect(try DocumentFile.check(path, against: snapshot) == .changed)
      try folder.write("a.csv", "a,b\n1,2\n")
    }
  }

  @Test("a change of the same size with the modification time put back is found by the change time")
  func restoredModificationTime() throws {
    let folder = try Folder()
    try folder.write("a.csv", "a,b\n1,2\n")
    let path = folder.path("a.csv")
    let snapshot = Self.takenLater(try DocumentFile.read(path).snapshot)
    try Self.waitForClockToPass(changeTimeOf: path)
    try Self.overwriteKeepingModificationTime(path, with: "a,b\n3,4\n")
    #expect(try DocumentFile.check(path, against: snapshot) == .changed)
  }

  @Test("a save checks an unchanged file by its status; a file changed with its time put back is refused")
  func saveChecks() throws {
    let folder = try Folder()
    try folder.write("t.csv", "a,b\n1,2\n")
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("t.csv").document
    document.snapshot = document.snapshot.map(Self.takenLater)
    try workspace.setCell(rowID: 1, column: 1, to: "5", in: document)
    try workspace.save(document)
    #expect(workspace.wholeFileChecks == 0)
    #expect(try folder.read("t.csv") == "a,b\n1,5\n")
    // Its own save just now is racily clean: the next save reads it to be sure.
    try workspace.setCell(rowID: 1, column: 1, to: "6", in: document)
    try workspace.save(document)
    #expect(workspace.wholeFileChecks == 1)
    #expect(try folder.read("t.csv") == "a,b\n1,6\n")
    // Changed behind its back, same size, modification time put back: refused as before.
    document.snapshot = document.snapshot.map(Self.takenLater)
    try Self.waitForClockToPass(changeTimeOf: folder.path("t.csv"))
    try Self.overwriteKeepingModificationTime(folder.path("t.csv"), with: "a,b\n1,7\n")
    try workspace.setCell(rowID: 1, column: 1, to: "8", in: document)
    #expect(workspace.diskState(of: document) == .changed)
    #expect(throws: FolioError.self) { try workspace.save(document) }
    #expect(try folder.read("t.csv") == "a,b\n1,7\n")
    #expect(document.isDirty)
  }

  @Test("the margin is reckoned on the file system's clock, from a time it gives, not on this machine's")
  func fileSystemClock() throws {
    let folder = try Folder()
    try folder.write("a.csv", "a,b\n1,2\n")
    let path = folder.path("a.csv")
    var known = try DocumentFile.read(path).snapshot
    // The machine's clock says nothing: the same snapshot is racy or settled as the file
    // system's clock, a server's perhaps, says it was when the snapshot was taken.
    let racy = try Self.fileSystemTime(0.5, after: path)
    #expect(try DocumentFile.check(path, refreshing: &known) { racy } == .unchanged(readWhole: true))
    let settled = try Self.fileSystemTime(5, after: path)
    #expect(try DocumentFile.check(path, refreshing: &known) { settled } == .unchanged(readWhole: false))
    // A file system that gives no time (a read-only folder): read.
    #expect(try DocumentFile.check(path, refreshing: &known) { nil } == .unchanged(readWhole: true))
    // The time elapsed since the snapshot, on the boot clock, is taken off the time given now.
    var later = try Self.fileSystemTime(5, after: path)
    later.bootClock += 4 * 1_000_000_000
    #expect(try DocumentFile.check(path, refreshing: &known) { later } == .unchanged(readWhole: true))
  }

  @Test("the file system's time comes from a file made and removed beside the document")
  func fileSystemTimeBeside() throws {
    let folder = try Folder()
    try folder.write("a.csv", "a,b\n1,2\n")
    let path = folder.path("a.csv")
    let changed = try Self.changeTime(of: path)
    let time = try #require(DocumentFile.fileSystemTime(besideFile: path))
    #expect(time.stamp >= changed)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["a.csv"])
    // A folder no file can be made in gives none (root can make files anywhere).
    if geteuid() != 0 {
      try #require(chmod(folder.url.path, 0o500) == 0)
      defer { chmod(folder.url.path, 0o700) }
      #expect(DocumentFile.fileSystemTime(besideFile: path) == nil)
    }
  }

  @Test("a stamp from another file system, or a clock stepped since the snapshot, is not trusted")
  func untrustedStamps() throws {
    let folder = try Folder()
    try folder.write("a.csv", "a,b\n1,2\n")
    let path = folder.path("a.csv")
    let known = try DocumentFile.read(path).snapshot
    var time = try Self.fileSystemTime(5, after: path)
    #expect(DocumentFile.isSettled(known, at: time))
    time.device = known.device &+ 1
    #expect(!DocumentFile.isSettled(known, at: time), "another file system's clock")
    time.device = known.device
    #expect(DocumentFile.isSettled(known, at: time))
    // This machine's clock moved on five seconds more than its boot clock did: stepped.
    time.realClock += 5_000_000_000
    #expect(!DocumentFile.isSettled(known, at: time), "a stepped clock")
    var check = known
    #expect(try DocumentFile.check(path, refreshing: &check) { time } == .unchanged(readWhole: true))
  }

  @Test(
    "a snapshot's two clocks are read together, before a large file is read, not one before and one after")
  func clocksReadTogether() throws {
    let folder = try Folder()
    let path = folder.path("big.csv")
    // Large enough that reading and hashing it takes a while, as a 49 MB table did: over the
    // tenth of a second of drift `clocksAgree` allows, the snapshot was never trusted.
    let line = Array("12345,Person 1234,City 12,12.345,notes 12345\n".utf8)
    let bytes = Array((0..<200_000).lazy.flatMap { _ in line })
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let before = DocumentFile.realClock()
    let snapshot = try DocumentFile.read(path).snapshot
    let after = DocumentFile.realClock()
    let offsetThen = snapshot.takenOnRealClock - snapshot.takenOnBootClock
    let offsetNow = DocumentFile.realClock() - DocumentFile.bootClock()
    #expect(snapshot.takenOnRealClock - before <= (after - before) / 2)
    #expect(abs(offsetThen - offsetNow) < 50_000_000)
  }

  @Test("a file read whole and found unchanged gets a new snapshot, unless that one is racy too")
  func refreshedSnapshot() throws {
    let folder = try Folder()
    try folder.write("a.csv", "a,b\n1,2\n")
    let path = folder.path("a.csv")
    let original = try DocumentFile.read(path).snapshot
    // A touch: the status no longer matches, the content does.
    var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
    try #require(utimensat(AT_FDCWD, path, &times, 0) == 0)
    var known = original
    let racy = try Self.fileSystemTime(0.5, after: path)
    #expect(try DocumentFile.check(path, refreshing: &known) { racy } == .unchanged(readWhole: true))
    #expect(known == original)
    let settled = try Self.fileSystemTime(5, after: path)
    #expect(try DocumentFile.check(path, refreshing: &known) { settled } == .unchanged(readWhole: true))
    #expect(known.isSameState(as: try DocumentFile.read(path).snapshot))
    #expect(try DocumentFile.check(path, refreshing: &known) { settled } == .unchanged(readWhole: false))
    // A changed file keeps the snapshot it was checked against.
    try folder.write("a.csv", "a,b\n3,4\n")
    let before = known
    #expect(try DocumentFile.check(path, refreshing: &known) { settled } == .changed)
    #expect(known == before)
  }

  @Test("a document whose file was read whole to check it is not read again once settled")
  func workspaceRefreshes() throws {
    let folder = try Folder()
    try folder.write("t.csv", "a,b\n1,2\n")
    let path = folder.path("t.csv")
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("t.csv").document
    // Touched since: the status no longer matches, so the file is read; while the touch is
    // racy, its new status is not kept, and the file is read each time.
    var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
    try #require(utimensat(AT_FDCWD, path, &times, 0) == 0)
    var offset = 0.5
    workspace.fileSystemTime = { _ in try? Self.fileSystemTime(offset, after: path) }
    #expect(try workspace.checkFile(of: document) == .unchanged(readWhole: true))
    #expect(try workspace.checkFile(of: document) == .unchanged(readWhole: true))
    #expect(workspace.wholeFileChecks == 2)
    // Settled by the file system's clock: read once more and kept, then trusted by its status,
    // also by the save of the edited document.
    offset = 5
    #expect(try workspace.checkFile(of: document) == .unchanged(readWhole: true))
    #expect(workspace.wholeFileChecks == 3)
    #expect(try workspace.checkFile(of: document) == .unchanged(readWhole: false))
    try workspace.setCell(position: 1, columnNamed: "b", to: "9", in: document)
    try workspace.save(document)
    #expect(workspace.wholeFileChecks == 3)
    #expect(try folder.read("t.csv") == "a,b\n1,9\n")
    try folder.write("t.csv", "a,b\n1,3\n")
    #expect(workspace.diskState(of: document) == .changed)
  }

  @Test("docs and info make nothing beside a document to tell whether its file changed")
  func diskStateWritesNothing() throws {
    let folder = try Folder()
    try folder.write("t.csv", "a,b\n1,2\n")
    let path = folder.path("t.csv")
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("t.csv").document
    var asked = 0
    workspace.fileSystemTime = { _ in
      asked += 1
      return nil
    }
    // The folder's own times would move if a file were made and removed in it.
    func folderTime() -> [Int] {
      var info = stat()
      _ = stat(folder.url.path, &info)
      return [info.st_mtim.tv_sec, info.st_mtim.tv_nsec, info.st_ctim.tv_sec, info.st_ctim.tv_nsec]
    }
    var before = folderTime()
    #expect(workspace.diskState(of: document) == .unchanged)
    #expect(folderTime() == before)
    // Nor does the save of the unedited document, which writes nothing.
    try workspace.save(document)
    #expect(folderTime() == before)
    try folder.write("t.csv", "a,b\n1,3\n")
    var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
    try #require(utimensat(AT_FDCWD, path, &times, 0) == 0)
    before = folderTime()
    #expect(workspace.diskState(of: document) == .changed)
    #expect(folderTime() == before)
    #expect(asked == 0)
  }
}
