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

  @Test("the shipped plugins that have tests are those moved to plugin test")
  func testedPlugins() {
    #expect(Self.tested == ["checkin", "fontsize", "guide", "icecream"])
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

  /// Every file of a folder with its bytes, by name.
  private static func contents(of folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
    }
    return files
  }
}
