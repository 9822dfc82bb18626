import Foundation
import Testing

@testable import FolioCore
@testable import FolioLua

/// A plugin's mistakes are told once, saying what is wrong, within the message bound.
@Suite struct PluginMessageTests {
  /// A plugin `msg` loaded from `source` into a fresh host.
  private final class Loaded {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-msg-\(UUID().uuidString)")
    let surface = RecordingSurface()
    let host: PluginHost

    init(_ source: String) throws {
      let folder = root.appendingPathComponent("msg")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try source.write(to: folder.appendingPathComponent("plugin.lua"), atomically: true, encoding: .utf8)
      host = PluginHost(surface: surface)
      host.discoverAndLoad(in: [root.path])
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var failure: String? {
      if case .failed(let reason) = host.plugin(named: "msg")?.status { return reason }
      return nil
    }
  }

  @Test(
    "a bound that is no finite number says so, not that min exceeds max",
    arguments: [
      ("0/0", "2", "'min' must be a finite number, got NaN"),
      ("0", "1/0", "'max' must be a finite number, got infinity"),
      ("-1/0", "1", "'min' must be a finite number, got -infinity"),
    ])
  func nonFiniteBounds(_ low: String, _ high: String, _ expected: String) throws {
    let loaded = try Loaded(
      """
      folio.command { id = "msg.n", title = "N", state = { kind = "number", min = \(low), max = \(high),
        get = function() return 1 end, set = function() end } }
      """)
    #expect(loaded.failure == "plugin.lua:1: folio.command: state: \(expected)")
  }

  @Test("a command id holding a control character is refused, naming it")
  func controlInID() throws {
    for (escape, code) in [("\\0", "0000"), ("\\27", "001B"), ("\\n", "000A")] {
      let loaded = try Loaded(
        #"folio.command { id = "msg.a\#(escape)b", title = "A", run = function() end }"#)
      #expect(
        loaded.failure
          == "plugin.lua:1: folio.command: field 'id' must not hold control characters, got U+\(code)")
      #expect(loaded.surface.registry.commands.allSatisfy { !$0.id.hasPrefix("msg.") })
    }
  }

  @Test("an error re-raised at each level of a recursion names its place once")
  func locationOnce() throws {
    let loaded = try Loaded(
      """
      local function f(n) if n == 0 then error("boom") end local ok, e = pcall(f, n - 1); error(e) end
      folio.command { id = "msg.deep", title = "Deep", run = function() f(90) end }
      """)
    let command = try #require(loaded.surface.registry.command(id: "msg.deep"))
    let error = try #require(throws: FolioError.self) {
      try loaded.surface.registry.invoke(command, words: [])
    }
    #expect(error.code == .lua)
    #expect(error.message == "plugin msg: plugin.lua:1: boom")
    #expect(PluginHost.locatedOnce("a.lua:3: b.lua:4: c:d: x") == "b.lua:4: c:d: x")
    #expect(PluginHost.locatedOnce("folio.command: field 'id'") == "folio.command: field 'id'")
    #expect(PluginHost.locatedOnce("plugin.lua:12: ctx:confirm: no") == "plugin.lua:12: ctx:confirm: no")
  }
}
