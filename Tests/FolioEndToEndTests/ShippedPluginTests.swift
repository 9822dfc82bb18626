import Foundation
import Testing

/// The shipped plugins that carry their own tests (`plugins/NAME/tests/*.folio` with the
/// expected output beside each) pass them through `plugin test`, as an author's CI would run
/// them; the tests run in scratch copies, so the plugin folders stay as they are.
@Suite struct ShippedPluginTests {
  private static let plugins = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("plugins")

  /// The shipped plugins with a `tests` folder.
  static let tested: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: plugins.path)) ?? []
    return names.filter {
      FileManager.default.fileExists(
        atPath: plugins.appendingPathComponent($0).appendingPathComponent("tests").path)
    }.sorted()
  }()

  @Test("the six plugins docs/shipped-plugins.md describes carry their tests")
  func testedPlugins() {
    #expect(Self.tested == ["checkin", "fontsize", "guide", "icecream", "markdown", "wordcount"])
  }

  @Test(
    "plugin test passes for each shipped plugin with tests and leaves its files unchanged", arguments: tested)
  func pluginTestPasses(name: String) throws {
    let tests = Self.plugins.appendingPathComponent(name).appendingPathComponent("tests")
    let before = try Self.contents(of: tests)
    let result = try FolioProcess.run(["-c", "plugin test \(Self.plugins.appendingPathComponent(name).path)"])
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output.contains("test scripts passed:"))
    #expect(try Self.contents(of: tests) == before)
  }

  @Test("a test that edits and saves its fixture leaves the plugin's copy as it was")
  func savingTestLeavesFixture() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plugin = folder.appendingPathComponent("saver")
    let tests = plugin.appendingPathComponent("tests")
    try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
    try #"return { name = "saver", version = "1.0" }"#.write(
      to: plugin.appendingPathComponent("manifest.lua"), atomically: true, encoding: .utf8)
    try "".write(to: plugin.appendingPathComponent("plugin.lua"), atomically: true, encoding: .utf8)
    try "one\n".write(to: tests.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
    try "open notes.txt\nappend two\nsave\nshow\n".write(
      to: tests.appendingPathComponent("save.folio"), atomically: true, encoding: .utf8)
    let first = try FolioProcess.run(["-c", "plugin test \(plugin.path)"])
    // The first run prints what the script printed; saved as the expected output, it passes.
    let printed = first.errors.split(separator: "\n", omittingEmptySubsequences: false)
      .drop { !$0.contains("it printed:") }.dropFirst().filter { $0.hasPrefix("  ") }.map { $0.dropFirst(2) }
    #expect(printed.contains("Saved notes to $TESTS/notes.txt."), "\(first.errors)")
    try (printed.joined(separator: "\n") + "\n").write(
      to: tests.appendingPathComponent("save.expected"), atomically: true, encoding: .utf8)
    let second = try FolioProcess.run(["-c", "plugin test \(plugin.path)"])
    #expect(second.status == 0, "\(second.output)\(second.errors)")
    #expect(try String(contentsOf: tests.appendingPathComponent("notes.txt"), encoding: .utf8) == "one\n")
  }

  /// Every file below a folder with its bytes, by its path inside the folder.
  private static func contents(of folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for path in FileManager.default.subpaths(atPath: folder.path) ?? [] {
      var isFolder: ObjCBool = false
      let url = folder.appendingPathComponent(path)
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue
      else {
        files[path] = Data()
        continue
      }
      files[path] = try Data(contentsOf: url)
    }
    return files
  }
}
