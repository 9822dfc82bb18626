import Foundation
import Testing

/// The plugin declaration cache between real Folio processes: the second start on the same
/// state folder registers the plugins whose `plugin.lua` only declared from the cache, and
/// nobody can tell but by the time it took.
@Suite struct DeclarationCacheProcessTests {
  private static let plugins = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("plugins")

  /// What the runs do: list and describe plugins, ask for help, run plugin commands (each
  /// kind of first use: an action, a choice's state), and fail to run one. The choice is
  /// set first, so every run starts from the same `folio.state`.
  private static let script = [
    "plugins", "plugin info icecream", "help hello.greet", "icecream.flavor vanilla",
    "icecream.flavor chocolate", "wordcount.count", "noisy.go", "broken.go",
  ].joined(separator: "; ")

  @Test("two runs on the same state folder print the same, in text and JSON; the second uses the cache")
  func twoRuns() throws {
    let run = try FaultRun()
    defer { run.remove() }
    let extra = run.folder.appendingPathComponent("extra")
    for (name, source) in [
      (
        "noisy",
        "print('loading')\nfolio.command { id = 'noisy.go', title = 'Go', run = function() return 'went' end }\n"
      ),
      (
        "broken",
        "folio.command { id = 'broken.go', title = 'Go', run = function() end }\nerror('broken on purpose')\n"
      ),
    ] {
      let folder = extra.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(source.utf8).write(to: folder.appendingPathComponent("plugin.lua"))
    }
    let arguments = ["--keep-going", "--plugins", Self.plugins.path, "--plugins", extra.path]
    let database = run.stateFolder.appendingPathComponent("state.sqlite").path

    let first = try run.run(arguments + ["-c", Self.script])
    let cached = try StateStoreProcessTests.query(
      database, "SELECT plugin FROM plugin_declarations ORDER BY plugin")
    // noisy prints while loading, broken fails.
    #expect(cached == ["checkin", "fontsize", "guide", "hello", "icecream", "markdown", "wordcount"])
    let second = try run.run(arguments + ["-c", Self.script])
    #expect(second.output == first.output)
    #expect(second.errors == first.errors)
    #expect(second.status == first.status)
    #expect(first.output.contains("chocolate"))
    #expect(first.output.contains("went"))
    #expect(first.errors.contains("broken on purpose"))

    let json = try run.run(arguments + ["--json", "-c", Self.script])
    let jsonAgain = try run.run(arguments + ["--json", "-c", Self.script])
    #expect(jsonAgain.output == json.output)
    #expect(jsonAgain.errors == json.errors)

    // Without plugins, nothing of them shows, and the cache stays as it was.
    let none = try run.run(["--no-plugins", "-c", "plugins"])
    #expect(none.status == 0)
    #expect(try StateStoreProcessTests.query(database, "SELECT count(*) FROM plugin_declarations") == ["7"])
  }
  @Test("guide, registered from the cache, runs plugin.lua on a rename and its handler moves the entries")
  func cachedHandler() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("place\nAlcatraz\n", to: "trip.csv")
    let arguments = ["--plugins", Self.plugins.path]
    let first = try run.run(arguments + ["-c", "open \(run.path("trip.csv")); select 1; guide.add"])
    #expect(first.status == 0, "\(first.errors)")
    let database = run.stateFolder.appendingPathComponent("state.sqlite").path
    #expect(
      try StateStoreProcessTests.query(
        database, "SELECT count(*) FROM plugin_declarations WHERE plugin = 'guide'")
        == ["1"])
    // No guide command runs before the rename: only the event brings its plugin.lua in.
    let second = try run.run(arguments + ["-c", "open \(run.path("trip.csv")); rename journey; guide.show"])
    #expect(second.status == 0, "\(second.errors)")
    #expect(second.output.contains("1. Alcatraz (journey)"), "\(second.output)")
  }
}
