import Foundation
import Testing

@testable import FolioCore
@testable import FolioLua

/// Issue 35 §7: a number state's `set` gets an integer when the value is whole.
@Suite struct PluginNumberStateTests {
  private static let plugin = """
    local seen = "none"
    folio.command { id = "num.size", title = "Size",
      state = { kind = "number", min = 8, max = 72, step = 0.5,
        get = function() return 12 end,
        set = function(_, value) seen = math.type(value) .. " " .. tostring(value) end } }
    folio.command { id = "num.seen", title = "Seen", run = function() return "Font size " .. seen end }
    """

  @Test("a whole number reaches the state's set as an integer (15, not 15.0); a fraction as a float")
  func wholeNumbersAreIntegers() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-num-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("num"), withIntermediateDirectories: true)
    try Self.plugin.write(
      to: root.appendingPathComponent("num/plugin.lua"), atomically: true, encoding: .utf8)
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    defer { withExtendedLifetime(host) {} }
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let size = try #require(surface.registry.command(id: "num.size"))
    let seen = try #require(surface.registry.command(id: "num.seen"))
    _ = try surface.registry.invoke(size, words: [Word("15")])
    guard case .text(let whole) = try surface.registry.invoke(seen, words: []) else {
      Issue.record("no text")
      return
    }
    #expect(whole == "Font size integer 15")
    _ = try surface.registry.invoke(size, words: [Word("15.5")])
    guard case .text(let fraction) = try surface.registry.invoke(seen, words: []) else {
      Issue.record("no text")
      return
    }
    #expect(fraction == "Font size float 15.5")
  }
}
