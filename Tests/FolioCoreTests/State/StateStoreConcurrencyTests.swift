import Foundation
import Testing

@testable import FolioCore

@Suite struct StateStoreConcurrencyTests {
  /// Runs `work` on `count` threads at once, each opening its own store as a separate Folio
  /// process would, and returns what failed and the warnings the stores gave.
  private static func onThreads(
    _ count: Int, directory: String, _ work: @escaping @Sendable (Int, StateStore) throws -> Void
  ) -> (failures: [String], warnings: [String]) {
    let failures = StateThreadFailures()
    let warnings = StateThreadFailures()
    let group = DispatchGroup()
    for index in 0..<count {
      group.enter()
      Thread {
        defer { group.leave() }
        do {
          let store = try StateStore(directory: directory)
          for warning in store.warnings { warnings.add(warning) }
          try work(index, store)
        } catch {
          failures.add("thread \(index): \(error)")
        }
      }.start()
    }
    group.wait()
    return (failures.all, warnings.all)
  }

  @Test("two stores writing at once from two threads both succeed and lose nothing")
  func twoWriters() throws {
    let folder = try StateTestFolder()
    // Both open a folder that does not exist yet, so they also create and migrate it together.
    let directory = folder.file("state")
    let failures = Self.onThreads(2, directory: directory) { index, store in
      for batch in 0..<20 {
        try store.transaction { () throws(FolioError) in
          for item in 0..<10 {
            try store.setPluginValue("\(index)", plugin: "shared", key: "\(index)-\(batch * 10 + item)")
          }
        }
        // A read followed by a write: only a transaction that holds the lock from its start
        // keeps the other writer from slipping in between.
        try store.transaction { () throws(FolioError) in
          let count = Int(try store.setting("counter") ?? "0") ?? 0
          try store.setSetting("counter", to: "\(count + 1)")
        }
        try store.noteRecentDocument(path: "/\(index)/\(batch)")
      }
    }
    #expect(failures.failures.isEmpty)
    #expect(failures.warnings.isEmpty)
    let store = try StateStore(directory: directory)
    let values = try store.pluginValues(plugin: "shared")
    #expect(values.count == 400)
    for index in 0..<2 {
      let keys = Set(values.filter { $0.value == "\(index)" }.map(\.key))
      #expect(keys == Set((0..<200).map { "\(index)-\($0)" }), "writer \(index)")
    }
    #expect(try store.setting("counter") == "40")
    #expect(try store.recentDocuments(limit: 50).count == 40)
    #expect(try StateTestSupport.userVersion(store.path) == StateStore.schemaVersion)
  }

  @Test(
    "two stores opening one damaged file at once set it aside once and both work",
    arguments: ["not a database", "corrupt pages"])
  func damagedTogether(damage: String) throws {
    for attempt in 0..<10 {
      let folder = try StateTestFolder()
      var garbage = Array("not a database, attempt \(attempt)\n".utf8)
      if damage == "corrupt pages" {
        garbage = try StateTestSupport.writeCorruptStore(in: folder)
      } else {
        try StateTestSupport.write(garbage, to: folder.file("state.sqlite"))
      }
      let outcome = Self.onThreads(2, directory: folder.path) { index, store in
        try store.setPluginValue("written", plugin: "p", key: "\(index)")
      }
      #expect(outcome.failures.isEmpty, "attempt \(attempt)")
      #expect(outcome.warnings.count == 1, "attempt \(attempt): \(outcome.warnings)")
      let aside = folder.names().filter { $0.hasPrefix("state.sqlite.damaged-") }
      #expect(aside.count == 1, "attempt \(attempt): \(folder.names())")
      #expect(aside.compactMap { StateTestSupport.bytes(folder.file($0)) } == [garbage])
      let store = try StateStore(directory: folder.path)
      #expect(try store.pluginValues(plugin: "p").map(\.key) == ["0", "1"], "attempt \(attempt)")
    }
  }

  @Test(
    "another process waits for the store's write to finish, then writes too")
  func otherProcessWaits() throws {
    let folder = try StateTestFolder()
    let store = try StateStore(directory: folder.path)
    // The other process first proves the lock is held (failing at once without a wait),
    // then waits for it with a timeout of its own.
    let script = """
      import sqlite3, sys
      probe = sqlite3.connect(sys.argv[1], timeout=0, isolation_level=None)
      try:
          probe.execute("BEGIN IMMEDIATE")
          print("not locked", flush=True)
          sys.exit(1)
      except sqlite3.OperationalError as error:
          print("blocked: " + str(error), flush=True)
      probe.close()
      other = sqlite3.connect(sys.argv[1], timeout=30, isolation_level=None)
      other.execute("BEGIN IMMEDIATE")
      other.execute("INSERT INTO plugin_values VALUES ('python', 'k', 'from python')")
      other.execute("COMMIT")
      print("done", flush=True)
      """
    var python: StatePythonProcess?
    try store.transaction { () throws(FolioError) in
      try store.setPluginValue("from swift", plugin: "swift", key: "k")
      let process = try? StatePythonProcess(script: script, arguments: [store.path])
      python = process
      #expect(process?.readLine() == "blocked: database is locked")
    }
    let process = try #require(python)
    #expect(process.readLine() == "done")
    #expect(process.finish() == 0)
    #expect(try store.pluginValue(plugin: "python", key: "k") == "from python")
    #expect(try store.pluginValue(plugin: "swift", key: "k") == "from swift")
  }

  @Test(
    "while another process holds the write lock, a store that cannot wait says so and loses nothing")
  func lockedByOtherProcess() throws {
    let folder = try StateTestFolder()
    let path = try StateStore(directory: folder.path).path
    let script = """
      import sqlite3, sys
      other = sqlite3.connect(sys.argv[1], isolation_level=None)
      other.execute("BEGIN IMMEDIATE")
      other.execute("INSERT INTO plugin_values VALUES ('python', 'k', 'from python')")
      print("locked", flush=True)
      sys.stdin.readline()
      other.execute("COMMIT")
      print("done", flush=True)
      """
    let python = try StatePythonProcess(script: script, arguments: [path])
    #expect(python.readLine() == "locked")
    // No waiting at all, so the outcome does not depend on timing.
    let impatient = try StateStore(
      directory: folder.path, migrations: StateStore.migrations, busyTimeoutMilliseconds: 0)
    #expect(throws: FolioError(.io, "state store: database is locked")) {
      try impatient.setPluginValue("from swift", plugin: "swift", key: "k")
    }
    // Readers are not blocked by a writer.
    #expect(try impatient.pluginValue(plugin: "python", key: "k") == nil)
    try python.writeLine("commit")
    #expect(python.readLine() == "done")
    #expect(python.finish() == 0)
    try impatient.setPluginValue("from swift", plugin: "swift", key: "k")
    #expect(try impatient.pluginValue(plugin: "python", key: "k") == "from python")
    #expect(try impatient.pluginValue(plugin: "swift", key: "k") == "from swift")
  }
}
