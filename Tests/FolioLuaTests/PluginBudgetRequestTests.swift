import Foundation
import Testing

@testable import FolioCore
@testable import FolioLua

/// Issue 35 §6: a budget error names the setting that raises it, and a manifest may ask for
/// larger budgets within the user's caps.
@Suite struct PluginBudgetRequestTests {
  private static let plugin = """
    folio.command { id = "work.spin", title = "Spin", run = function()
      local n = 0
      for i = 1, 1000000 do n = n + i end
      return n
    end }
    """

  private func load(manifest: String?, configure: (PluginHost) -> Void = { _ in }) throws -> (
    URL, RecordingSurface, PluginHost
  ) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-budgets-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("work"), withIntermediateDirectories: true)
    try Self.plugin.write(
      to: root.appendingPathComponent("work/plugin.lua"), atomically: true, encoding: .utf8)
    if let manifest {
      try manifest.write(
        to: root.appendingPathComponent("work/manifest.lua"), atomically: true, encoding: .utf8)
    }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    configure(host)
    _ = host.discoverAndLoad(in: [root.path])
    return (root, surface, host)
  }

  private func spin(_ surface: RecordingSurface) throws -> CommandOutput {
    try surface.registry.invoke(try #require(surface.registry.command(id: "work.spin")), words: [])
  }

  @Test("an instruction budget error names the budget and the setting that raises it")
  func errorNamesTheSetting() throws {
    let (root, surface, host) = try load(manifest: nil) { $0.instructionBudget = 100_000 }
    defer { withExtendedLifetime(host) {} }
    defer { try? FileManager.default.removeItem(at: root) }
    let error = try #require(throws: FolioError.self) { try spin(surface) }
    #expect(
      error.message
        == "plugin work: plugin.lua:3: instruction budget exceeded (100000 instructions per callback; "
        + "setting plugins.instructions)", "\(error.message)")
  }

  @Test("a manifest's budgets.instructions is granted up to the cap; past the cap the error names it")
  func manifestAsksForMore() throws {
    let manifest = "return { budgets = { instructions = 50000000 } }"
    let (root, surface, host) = try load(manifest: manifest) { $0.instructionBudget = 100_000 }
    defer { withExtendedLifetime(host) {} }
    defer { try? FileManager.default.removeItem(at: root) }
    guard case .text(let sum) = try spin(surface) else {
      Issue.record("no sum")
      return
    }
    #expect(sum == "500000500000")
    let (cappedRoot, cappedSurface, cappedHost) = try load(manifest: manifest) {
      $0.instructionBudget = 100_000
      $0.budgetCaps.instructions = 200_000
    }
    defer { withExtendedLifetime(cappedHost) {} }
    defer { try? FileManager.default.removeItem(at: cappedRoot) }
    let error = try #require(throws: FolioError.self) { try spin(cappedSurface) }
    #expect(
      error.message
        == "plugin work: plugin.lua:3: instruction budget exceeded (200000 instructions per callback; "
        + "manifest.lua budgets.instructions, capped by setting plugins.max-instructions)", "\(error.message)"
    )
  }

  @Test("a manifest's budgets with an unknown field or a value that is not a positive integer fails the load")
  func badBudgets() throws {
    for (manifest, expected) in [
      (
        "return { budgets = { cpu = 1 } }",
        "manifest.lua: field 'budgets' has an unknown field 'cpu' (fields: instructions, memory, time)"
      ),
      (
        "return { budgets = { memory = -1 } }",
        "manifest.lua: budgets.memory must be a positive integer, got -1"
      ),
      ("return { budgets = 5 }", "manifest.lua: field 'budgets' must be a table such as"),
    ] {
      let (root, _, host) = try load(manifest: manifest)
      defer { try? FileManager.default.removeItem(at: root) }
      guard case .failed(let why) = try #require(host.plugins.first).status else {
        Issue.record("\(manifest) loaded")
        continue
      }
      #expect(why.contains(expected), "\(why)")
    }
  }
}
