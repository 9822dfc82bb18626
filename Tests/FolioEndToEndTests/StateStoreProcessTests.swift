import Foundation
import Testing

/// The state store between real Folio processes: a damaged file is set aside with a
/// message, and two processes writing at once lose neither's writes.
@Suite struct StateStoreProcessTests {
  @Test("a damaged state.sqlite is set aside with a warning, kept byte for byte, and a fresh store works")
  func damaged() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("one\n", to: "notes.txt")
    try FileManager.default.createDirectory(at: run.stateFolder, withIntermediateDirectories: true)
    let garbage = Data(String(repeating: "not a database\n", count: 100).utf8)
    try garbage.write(to: run.stateFolder.appendingPathComponent("state.sqlite"))

    let result = try run.run(["-c", "open notes.txt"])
    #expect(result.status == 0, "\(result.errors)")
    let aside = try FileManager.default.contentsOfDirectory(atPath: run.stateFolder.path).filter {
      $0.hasPrefix("state.sqlite.damaged-")
    }
    try #require(aside.count == 1)
    let asidePath = run.stateFolder.appendingPathComponent(aside[0]).path
    #expect(
      result.errors
        == "folio: warning: the state store was damaged (file is not a database) and set aside as "
        + "\(asidePath); a fresh store was started\n")
    #expect(FileManager.default.contents(atPath: asidePath) == garbage)
    // The fresh store remembered the document.
    let recent = try Self.query(
      run.stateFolder.appendingPathComponent("state.sqlite").path, "SELECT path FROM recent_documents")
    #expect(recent == [run.path("notes.txt")])
  }

  @Test("two Folio processes writing plugin values and recent documents at once lose neither's writes")
  func twoWriters() throws {
    let run = try FaultRun()
    defer { run.remove() }
    let plugin = run.folder.appendingPathComponent("plugins/hammer")
    try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
    try Data(
      #"return { name = "hammer", version = "1.0", api = 1, description = "writes state", permissions = {} }"#
        .utf8
    ).write(to: plugin.appendingPathComponent("manifest.lua"))
    try Data(
      """
      folio.command {
        id = "hammer.put", title = "Put",
        params = { { name = "key", type = "string" } },
        run = function(ctx, args) folio.state.set(args.key, "written") end,
      }
      """.utf8
    ).write(to: plugin.appendingPathComponent("plugin.lua"))
    let writes = 40
    var scripts: [String] = []
    for name in ["a", "b"] {
      var script = ""
      for index in 0..<writes {
        script += "hammer.put \(name)-\(index)\n"
        if index % 10 == 0 {
          let file = "\(name)-\(index / 10).txt"
          try run.write("\(name)\n", to: file)
          script += "open \(file)\n"
        }
      }
      scripts.append(script + "echo done\n")
    }
    // Both start and load the plugin; only then does either get its commands, at once.
    let processes = try ["a", "b"].map { _ in
      try RunningFolio(arguments: ["--plugins", "plugins"], in: run.folder, home: run.home)
    }
    for folio in processes {
      folio.send("echo ready\n")
      #expect(folio.waitForOutput(containing: "ready\n"))
    }
    for (folio, script) in zip(processes, scripts) { folio.send(script) }
    for folio in processes {
      let result = try folio.finish()
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.hasSuffix("done\n"))
    }

    let database = run.stateFolder.appendingPathComponent("state.sqlite").path
    let keys = try Self.query(database, "SELECT key FROM plugin_values WHERE plugin = 'hammer'")
    let expected = ["a", "b"].flatMap { name in (0..<writes).map { "\(name)-\($0)" } }
    #expect(Set(keys) == Set(expected))
    #expect(keys.count == 2 * writes)
    let recent = try Self.query(database, "SELECT path FROM recent_documents")
    #expect(
      Set(recent)
        == Set(["a", "b"].flatMap { name in (0..<writes / 10).map { run.path("\(name)-\($0).txt") } }))
  }

  /// The first column of every row a query returns, read by Python's own SQLite.
  static func query(_ database: String, _ sql: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      "-c",
      "import sqlite3, sys\nfor row in sqlite3.connect(sys.argv[1]).execute(sys.argv[2]): print(row[0])",
      database, sql,
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    return text.split(separator: "\n").map(String.init)
  }
}
