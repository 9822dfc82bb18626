import Foundation
import Testing

@testable import FolioCore

@Suite struct StateStoreTests {
  @Test(
    "a fresh store creates its folder and missing parents with mode 0700, and the database at the current schema version",
    arguments: ["state", "a/b/state", "a/b/state/"])
  func fresh(relative: String) throws {
    let folder = try StateTestFolder()
    let directory = folder.file(relative)
    let store = try StateStore(directory: directory)
    #expect(store.warnings.isEmpty)
    #expect(store.path == folder.file("\(relative.hasSuffix("/") ? relative : relative + "/")state.sqlite"))
    #expect(FileManager.default.fileExists(atPath: store.path))
    #expect(try StateTestSupport.userVersion(store.path) == StateStore.schemaVersion)
    #expect(StateStore.schemaVersion == 2)
    var created = folder.path
    for component in relative.split(separator: "/") {
      created += "/\(component)"
      #expect(try StateTestSupport.mode(created) == 0o700, "folder \(created)")
    }
  }

  @Test("an existing folder keeps its permissions")
  func existingFolder() throws {
    let folder = try StateTestFolder()
    chmod(folder.path, 0o755)
    _ = try StateStore(directory: folder.path)
    #expect(try StateTestSupport.mode(folder.path) == 0o755)
  }

  @Test("reopening keeps everything that was stored")
  func reopen() throws {
    let folder = try StateTestFolder()
    do {
      let store = try StateStore(directory: folder.path)
      try store.noteRecentDocument(path: "/docs/a.txt")
      try store.setSetting("theme", to: "dark")
      try store.setPluginValue("3", plugin: "counter", key: "count")
    }
    let store = try StateStore(directory: folder.path)
    #expect(store.warnings.isEmpty)
    #expect(try store.recentDocuments().map(\.path) == ["/docs/a.txt"])
    #expect(try store.setting("theme") == "dark")
    #expect(try store.pluginValue(plugin: "counter", key: "count") == "3")
  }

  @Test("plugins' declaration cache entries are read one by one or all at once, alike")
  func pluginDeclarations() throws {
    let folder = try StateTestFolder()
    let store = try StateStore(directory: folder.path)
    // The table is made by the first entry written: none yet reads as none.
    #expect(store.allPluginDeclarations().isEmpty)
    #expect(store.pluginDeclarations(plugin: "a") == nil)
    try store.setPluginDeclarations([1, 2, 3], key: "key a", plugin: "a")
    try store.setPluginDeclarations([4], key: "key b", plugin: "b")
    try store.setPluginDeclarations([5, 6], key: "key b2", plugin: "b")
    let all = store.allPluginDeclarations()
    #expect(all.keys.sorted() == ["a", "b"])
    for plugin in ["a", "b"] {
      let one = try #require(store.pluginDeclarations(plugin: plugin))
      #expect(all[plugin]?.key == one.key && all[plugin]?.data == one.data, "\(plugin)")
    }
    #expect(all["b"]?.key == "key b2" && all["b"]?.data == [5, 6])
    try store.setPluginDeclarations(nil, key: "", plugin: "a")
    #expect(store.allPluginDeclarations().keys.sorted() == ["b"])
  }

  @Test("the connection uses write-ahead logging, a five-second lock wait and foreign keys")
  func connectionSettings() throws {
    let folder = try StateTestFolder()
    let store = try StateStore(directory: folder.path)
    let pragma = { (name: String) throws -> String? in
      try store.connection.rows("PRAGMA \(name)") { $0.value(at: 0) }.first.map { "\($0)" }
    }
    #expect(try pragma("journal_mode") == "text(\"wal\")")
    #expect(try pragma("busy_timeout") == "int(5000)")
    #expect(try pragma("foreign_keys") == "int(1)")
    // The mode is kept in the file, so any other program opening it uses the log too.
    #expect(
      try StateTestSupport.connection(store.path).rows("PRAGMA journal_mode") { $0.text(at: 0) } == ["wal"])
  }

  @Test("the shipped schema: recent documents, settings, plugin values and toolbar layouts")
  func schema() throws {
    let folder = try StateTestFolder()
    let store = try StateStore(directory: folder.path)
    let columns = { (table: String) throws -> [String] in
      try store.connection.rows("SELECT name FROM pragma_table_info(?1) ORDER BY cid", [.text(table)]) {
        $0.text(at: 0) ?? ""
      }
    }
    let tables = try store.connection.rows(
      "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"
    ) { $0.text(at: 0) ?? "" }
    #expect(tables == ["plugin_values", "recent_documents", "settings", "toolbar_layouts"])
    #expect(try columns("recent_documents") == ["path", "opened_at", "sequence"])
    #expect(try columns("settings") == ["key", "value"])
    #expect(try columns("plugin_values") == ["plugin", "key", "value"])
    #expect(try columns("toolbar_layouts") == ["toolbar", "version", "items", "known_items"])
  }

  @Test("an empty folder name is refused")
  func emptyDirectory() {
    #expect(throws: FolioError.invalidArgument("the state folder must not be empty")) {
      try StateStore(directory: "")
    }
  }

  @Test("a transaction keeps all of its writes or none")
  func transaction() throws {
    let folder = try StateTestFolder()
    let store = try StateStore(directory: folder.path)
    try store.transaction { () throws(FolioError) in
      try store.setSetting("a", to: "1")
      try store.noteRecentDocument(path: "/x")
    }
    #expect(throws: FolioError(.conflict, "stop")) {
      try store.transaction { () throws(FolioError) in
        try store.setSetting("a", to: "2")
        try store.setPluginValue("v", plugin: "p", key: "k")
        try store.noteRecentDocument(path: "/y")
        throw FolioError(.conflict, "stop")
      }
    }
    #expect(try store.setting("a") == "1")
    #expect(try store.pluginValue(plugin: "p", key: "k") == nil)
    #expect(try store.recentDocuments().map(\.path) == ["/x"])
    #expect(try store.transaction { () throws(FolioError) in try store.setting("a") } == "1")
  }
}
