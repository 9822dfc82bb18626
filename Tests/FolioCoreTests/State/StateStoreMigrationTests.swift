import Foundation
import Testing

@testable import FolioCore

@Suite struct StateStoreMigrationTests {
  private static let steps = [
    StateMigration(summary: "a log", sql: "CREATE TABLE log (entry TEXT NOT NULL)"),
    StateMigration(summary: "first entry", sql: "INSERT INTO log VALUES ('second step')"),
  ]
  private static let third = StateMigration(
    summary: "third entry", sql: "INSERT INTO log VALUES ('third step');")

  private static func open(_ folder: StateTestFolder, _ migrations: [StateMigration]) throws(FolioError)
    -> StateStore
  {
    try StateStore(directory: folder.path, migrations: migrations, busyTimeoutMilliseconds: 5000)
  }

  private static func entries(_ store: StateStore) throws -> [String] {
    try store.connection.rows("SELECT entry FROM log ORDER BY rowid") { $0.text(at: 0) ?? "" }
  }

  @Test("each step runs once however often the store is opened, and the version follows the list")
  func once() throws {
    let folder = try StateTestFolder()
    for _ in 0..<3 {
      let store = try Self.open(folder, Self.steps)
      #expect(try Self.entries(store) == ["second step"])
      #expect(try store.connection.userVersion() == 2)
    }
    for _ in 0..<2 {
      let store = try Self.open(folder, Self.steps + [Self.third])
      #expect(try Self.entries(store) == ["second step", "third step"])
      #expect(try store.connection.userVersion() == 3)
    }
  }

  @Test("a failing step keeps the earlier version and nothing of itself, and is named")
  func failing() throws {
    let folder = try StateTestFolder()
    _ = try Self.open(folder, Self.steps)
    let broken = StateMigration(
      summary: "a broken step", sql: "INSERT INTO log VALUES ('half'); INSERT INTO nowhere VALUES (1)")
    #expect(
      throws: FolioError(
        .io, "state store: cannot upgrade the schema to version 3 (a broken step)",
        cause: FolioError(.io, "no such table: nowhere"))
    ) {
      try Self.open(folder, Self.steps + [broken])
    }
    let store = try Self.open(folder, Self.steps)
    #expect(try Self.entries(store) == ["second step"])
    #expect(try store.connection.userVersion() == 2)
  }

  @Test("a store from a newer Folio is refused and left byte for byte as it was")
  func newer() throws {
    let folder = try StateTestFolder()
    do {
      let store = try StateStore(directory: folder.path)
      try store.setSetting("kept", to: "yes")
      try store.connection.setUserVersion(StateStore.schemaVersion + 5)
    }
    let path = folder.file("state.sqlite")
    let before = try #require(StateTestSupport.bytes(path))
    let names = folder.names()
    let newer = StateStore.schemaVersion + 5
    #expect(
      throws: FolioError(
        .conflict,
        "state store: \(path) was written by a newer Folio (schema version \(newer); this build knows "
          + "up to \(StateStore.schemaVersion)); it was left untouched: update Folio or use another "
          + "state folder")
    ) {
      try StateStore(directory: folder.path)
    }
    #expect(StateTestSupport.bytes(path) == before)
    #expect(folder.names() == names)
    #expect(try StateTestSupport.userVersion(path) == newer)
  }
}
