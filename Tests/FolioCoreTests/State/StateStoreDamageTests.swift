import Foundation
import Testing

@testable import FolioCore

@Suite struct StateStoreDamageTests {
  /// Bytes no SQLite database starts with, of several shapes.
  private static let garbage: [(name: String, bytes: [UInt8])] = [
    ("text", Array(String(repeating: "this is not a database\n", count: 300).utf8)),
    ("binary", (0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }),
    ("short", [0x42]),
    ("a header and nothing else", Array("SQLite format 3\u{0}".utf8) + Array(repeating: 0xFF, count: 84)),
  ]

  /// The names the store set aside, with the damaged file first.
  private static func setAside(in folder: StateTestFolder) throws -> [String] {
    let pattern = try Regex(#"state\.sqlite\.damaged-\d{8}T\d{6}Z(-\d+)?(-wal|-shm|-journal)?"#)
    return folder.names().filter { $0.wholeMatch(of: pattern) != nil }
  }

  private static func expectFreshStoreWorks(_ store: StateStore) throws {
    #expect(try StateTestSupport.userVersion(store.path) == StateStore.schemaVersion)
    try store.setSetting("after", to: "works")
    #expect(try store.setting("after") == "works")
  }

  @Test("a file that is not a database is set aside, warned about, and a fresh store works")
  func notADatabase() throws {
    for sample in Self.garbage {
      let folder = try StateTestFolder()
      try StateTestSupport.write(sample.bytes, to: folder.file("state.sqlite"))
      let store = try StateStore(directory: folder.path)
      let aside = try Self.setAside(in: folder)
      try #require(aside.count == 1, "\(sample.name): \(folder.names())")
      #expect(StateTestSupport.bytes(folder.file(aside[0])) == sample.bytes, "\(sample.name)")
      #expect(
        store.warnings == [
          "the state store was damaged (file is not a database) and set aside as "
            + "\(folder.file(aside[0])); a fresh store was started"
        ], "\(sample.name)")
      try Self.expectFreshStoreWorks(store)
    }
  }

  @Test("a database whose pages were overwritten fails its check and is set aside whole")
  func corruptPages() throws {
    let folder = try StateTestFolder()
    let bytes = try StateTestSupport.writeCorruptStore(in: folder)

    let store = try StateStore(directory: folder.path)
    let aside = try Self.setAside(in: folder)
    try #require(aside.count == 1, "\(folder.names())")
    #expect(StateTestSupport.bytes(folder.file(aside[0])) == bytes)
    let warning = try #require(store.warnings.first)
    #expect(warning.hasPrefix("the state store was damaged ("))
    #expect(warning.hasSuffix("set aside as \(folder.file(aside[0])); a fresh store was started"))
    #expect(try store.pluginValues(plugin: "p").isEmpty)
    try Self.expectFreshStoreWorks(store)
  }

  @Test(
    "a database cut short is set aside whole",
    arguments: [1, 16, 100, 4096, 3 * 4096 + 17, 10 * 4096])
  func truncated(length: Int) throws {
    let folder = try StateTestFolder()
    do {
      let store = try StateStore(directory: folder.path)
      for index in 0..<500 {
        try store.setPluginValue(String(repeating: "v", count: 200), plugin: "p", key: "key \(index)")
      }
    }
    let path = folder.file("state.sqlite")
    let whole = try #require(StateTestSupport.bytes(path))
    try #require(whole.count > length)
    try StateTestSupport.write(Array(whole.prefix(length)), to: path)

    let store = try StateStore(directory: folder.path)
    let aside = try Self.setAside(in: folder)
    try #require(aside.count == 1, "\(folder.names())")
    #expect(StateTestSupport.bytes(folder.file(aside[0])) == Array(whole.prefix(length)))
    #expect(store.warnings.count == 1)
    try Self.expectFreshStoreWorks(store)
  }

  @Test("a store that fails SQLite's quick check is set aside with the check's finding")
  func failsQuickCheck() throws {
    let folder = try StateTestFolder()
    do {
      let store = try StateStore(directory: folder.path)
      for index in 0..<300 { try store.setSetting("key \(index)", to: String(repeating: "v", count: 200)) }
      for index in 0..<300 { try store.setSetting("key \(index)", to: nil) }
    }
    let path = folder.file("state.sqlite")
    var bytes = try #require(StateTestSupport.bytes(path))
    // The header's count of free pages (bytes 36–39, big-endian) now disagrees with the list.
    let free = bytes[36..<40].reduce(0) { $0 << 8 | Int($1) }
    try #require(free > 0)
    bytes.replaceSubrange(36..<40, with: [0, 0, 0x03, 0xE7])
    try StateTestSupport.write(bytes, to: path)

    let store = try StateStore(directory: folder.path)
    let aside = try Self.setAside(in: folder)
    try #require(aside.count == 1, "\(folder.names())")
    #expect(StateTestSupport.bytes(folder.file(aside[0])) == bytes)
    #expect(
      store.warnings == [
        "the state store was damaged (Main freelist: size is \(free) but should be 999) and set aside as "
          + "\(folder.file(aside[0])); a fresh store was started"
      ])
    try Self.expectFreshStoreWorks(store)
  }

  @Test("the write-ahead log and shared-memory files move with the damaged file")
  func companions() throws {
    let folder = try StateTestFolder()
    let files = [
      "state.sqlite": [UInt8](repeating: 1, count: 5000), "state.sqlite-wal": [2, 2], "state.sqlite-shm": [3],
    ]
    for (name, bytes) in files { try StateTestSupport.write(bytes, to: folder.file(name)) }
    let store = try StateStore(directory: folder.path)
    let aside = try Self.setAside(in: folder)
    try #require(aside.count == 3, "\(folder.names())")
    let base = try #require(aside.first { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") })
    #expect(StateTestSupport.bytes(folder.file(base)) == files["state.sqlite"])
    #expect(StateTestSupport.bytes(folder.file(base + "-wal")) == files["state.sqlite-wal"])
    #expect(StateTestSupport.bytes(folder.file(base + "-shm")) == files["state.sqlite-shm"])
    try Self.expectFreshStoreWorks(store)
  }

  @Test("a store damaged twice in the same second keeps both damaged files")
  func twice() throws {
    let folder = try StateTestFolder()
    let path = folder.file("state.sqlite")
    let now = time(nil)
    let stamp = StateFiles.utcStamp(now)
    // The first set-aside name is already taken, as if damaged a moment ago.
    try StateTestSupport.write([9, 9, 9], to: "\(path).damaged-\(stamp)")
    try StateTestSupport.write([1, 2, 3], to: path)
    let first = try StateFiles.setAside(path, at: now, expecting: try #require(StateFiles.identity(path)))
    #expect(first == "\(path).damaged-\(stamp)-2")
    try StateTestSupport.write([4, 5, 6], to: path)
    _ = try StateStore(directory: folder.path)
    #expect(StateTestSupport.bytes("\(path).damaged-\(stamp)") == [9, 9, 9])
    #expect(StateTestSupport.bytes("\(path).damaged-\(stamp)-2") == [1, 2, 3])
    let aside = try Self.setAside(in: folder)
    #expect(aside.count == 3)
    #expect(aside.compactMap { StateTestSupport.bytes(folder.file($0)) }.contains([4, 5, 6]))
  }

  @Test("a damaged file another process already replaced is left alone")
  func alreadyReplaced() throws {
    let folder = try StateTestFolder()
    let path = folder.file("state.sqlite")
    try StateTestSupport.write([1, 2, 3], to: path)
    let damaged = try #require(StateFiles.identity(path))
    // Another Folio set it aside and started a fresh store in its place.
    let other = try #require(try StateFiles.setAside(path, at: time(nil), expecting: damaged))
    _ = try StateStore(directory: folder.path)
    #expect(try StateFiles.setAside(path, at: time(nil), expecting: damaged) == nil)
    #expect(try StateTestSupport.userVersion(path) == StateStore.schemaVersion)
    #expect(try Self.setAside(in: folder) == [URL(fileURLWithPath: other).lastPathComponent])
  }

  @Test("set-aside names carry the UTC time")
  func stamp() {
    #expect(StateFiles.utcStamp(0) == "19700101T000000Z")
    #expect(StateFiles.utcStamp(1_735_787_045) == "20250102T030405Z")
  }

  @Test("a healthy store is never set aside")
  func healthy() throws {
    let folder = try StateTestFolder()
    for _ in 0..<3 {
      let store = try StateStore(directory: folder.path)
      #expect(store.warnings.isEmpty)
      try store.noteRecentDocument(path: "/a")
    }
    #expect(try Self.setAside(in: folder).isEmpty)
  }

  @Test("a folder where the database file should be is an error; nothing is set aside")
  func folderInTheWay() throws {
    let folder = try StateTestFolder()
    try FileManager.default.createDirectory(
      atPath: folder.file("state.sqlite"), withIntermediateDirectories: false)
    #expect(
      throws: FolioError(
        .io, "state store: cannot open \(folder.file("state.sqlite")): it is a folder, not a regular file",
        values: ["path": folder.file("state.sqlite")])
    ) {
      try StateStore(directory: folder.path)
    }
    #expect(folder.names() == ["state.sqlite"])
  }

  @Test("a state folder path that runs through a file is a clear error")
  func fileInThePath() throws {
    let folder = try StateTestFolder()
    try StateTestSupport.write([1], to: folder.file("plain"))
    #expect(
      throws: FolioError(
        .io,
        "state store: cannot create the folder \(folder.file("plain/state")): \(folder.file("plain")) is not a folder"
      )
    ) {
      try StateStore(directory: folder.file("plain/state"))
    }
    #expect(StateTestSupport.bytes(folder.file("plain")) == [1])
  }
}
