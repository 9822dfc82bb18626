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
    later.takenNanoseconds += 2 * DocumentFile.racyMargin
    return later
  }

  /// Waits until the kernel's coarse clock, which file times are taken from, has passed the
  /// file's change time, so that a change made now gets a later one, as any change made
  /// after a real read would (a tick is a few milliseconds; the bound is generous).
  private static func waitForClockToPass(changeTimeOf path: String) throws {
    var info = stat()
    try #require(stat(path, &info) == 0)
    let changed = info.st_ctim.tv_sec * 1_000_000_000 + info.st_ctim.tv_nsec
    let deadline = DocumentFile.now() + 10 * DocumentFile.racyMargin
    var clock = timespec()
    repeat {
      clock_gettime(CLOCK_REALTIME_COARSE, &clock)
    } while clock.tv_sec * 1_000_000_000 + clock.tv_nsec <= changed && DocumentFile.now() < deadline
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
}
