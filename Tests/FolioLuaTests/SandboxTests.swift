import FolioCore
import Foundation
import Testing

@testable import FolioLua

#if canImport(Glibc)
  import Glibc
#endif

/// Sandbox round 2: budgets reach every coroutine and what the host does for a plugin,
/// numbers from plugins are range-checked, `require` stays inside the plugin's folder and
/// menus nest deeply.
@Suite struct SandboxTests {
  /// A plugin folder `demo` holding `files`, under a new temporary root.
  private static func makePlugin(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-sandbox-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("demo"), withIntermediateDirectories: true)
    for (path, text) in files {
      try text.write(to: root.appendingPathComponent("demo/" + path), atomically: true, encoding: .utf8)
    }
    return root
  }

  /// Loads the plugin in `root` with a three-line text document open and active.
  private static func loadWithText(_ root: URL) throws -> (RecordingSurface, PluginHost, Document) {
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    let failed = host.discoverAndLoad(in: [root.path])
    #expect(failed.isEmpty, "\(failed.map(\.status))")
    let file = root.appendingPathComponent("notes.txt")
    try "one\ntwo\nthree\n".write(to: file, atomically: true, encoding: .utf8)
    let document = try surface.workspace.open(file.path).document
    return (surface, host, document)
  }

  private static func run(_ id: String, in surface: RecordingSurface) throws -> CommandOutput {
    let command = try #require(surface.registry.command(id: id))
    return try surface.registry.invoke(command, words: [])
  }

  private static func lines(of document: Document) -> [String] {
    guard case .text(let text) = document.content else { return [] }
    return text.lines
  }

  @Test("numbers at the edges get an error naming the value and the valid range, at once")
  func edgeNumbers() throws {
    let root = try Self.makePlugin([
      "plugin.lua": """
      folio.command { id = "demo.edges", title = "Edges", run = function(ctx)
        local d, out = ctx.document, {}
        for _, call in ipairs {
          function() return d:line(math.mininteger) end,
          function() return d:set_line(math.mininteger, "x") end,
          function() return d:insert(math.maxinteger, "x") end,
          function() return d:delete_lines(1, math.maxinteger) end,
          function() return d:delete_lines(1, 2^40) end,
          function() return d:delete_lines(1, 1e8) end,
          function() return d:delete_lines(math.mininteger) end,
          function() return d:line(1e300) end,
        } do
          local ok, message = pcall(call)
          out[#out + 1] = tostring(ok) .. " " .. tostring(message):gsub("^[^:]*:%d+: ", "")
        end
        return table.concat(out, "\\n")
      end }
      """
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let (surface, host, document) = try Self.loadWithText(root)
    defer { withExtendedLifetime(host) {} }
    guard case .text(let text) = try Self.run("demo.edges", in: surface) else {
      Issue.record("expected text")
      return
    }
    #expect(
      text.split(separator: "\n") == [
        "false d:line: 'n' must be an integer of at least 1, got -9223372036854775808",
        "false d:set_line: 'n' must be an integer from 1 to 3, got -9223372036854775808",
        "false d:insert: 'n' must be an integer from 1 to 4, got 9223372036854775807",
        "false d:delete_lines: 'b' must be an integer from 1 to 3, got 9223372036854775807",
        "false d:delete_lines: 'b' must be an integer from 1 to 3, got 1099511627776.0",
        "false d:delete_lines: 'b' must be an integer from 1 to 3, got 100000000.0",
        "false d:delete_lines: 'a' must be an integer from 1 to 3, got -9223372036854775808",
        "false d:line: 'n' must be an integer of at least 1, got 1e+300",
      ])
    #expect(Self.lines(of: document) == ["one", "two", "three"])
  }

  @Test("text a callback adds to documents counts against the plugin's memory budget")
  func hostEditsAreCharged() throws {
    let root = try Self.makePlugin([
      "plugin.lua": """
      folio.command { id = "demo.flood", title = "Flood", run = function(ctx)
        local s = string.rep("x", 8 << 20)
        for _ = 1, 100 do ctx.document:insert(1, s) end
      end }
      """
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let (surface, host, document) = try Self.loadWithText(root)
    defer { withExtendedLifetime(host) {} }
    // Host work counts against the time budget: on a loaded machine copying 8 MB strings in a
    // debug build can take seconds, and this test is about memory.
    host.timeBudget = 3_600_000
    let error = try #require(throws: FolioError.self) { try Self.run("demo.flood", in: surface) }
    #expect(
      error.message.contains(
        "d:insert: not enough memory (memory budget of 32 MB exceeded; setting plugins.memory)"))
    #expect(Self.lines(of: document) == ["one", "two", "three"])
  }

  @Test("what the host holds for a call counts against Lua's own allocations too")
  func chargedMemoryLimitsLua() throws {
    let root = try Self.makePlugin([
      "plugin.lua": """
      folio.command { id = "demo.both", title = "Both", run = function(ctx)
        ctx.document:insert(1, string.rep("x", 8 << 20))
        collectgarbage()
        ctx.document:insert(1, string.rep("y", 8 << 20))
        collectgarbage()
        return #string.rep("z", 12 << 20)
      end }
      """
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let (surface, host, document) = try Self.loadWithText(root)
    defer { withExtendedLifetime(host) {} }
    host.timeBudget = 3_600_000
    // 16 MB held for the document plus 12 MB more in Lua (24 MB while string.rep builds it)
    // is past the 32 MB budget, though Lua alone would hold only 24 MB.
    let error = try #require(throws: FolioError.self) { try Self.run("demo.both", in: surface) }
    #expect(error.message.contains("not enough memory"), "\(error.message)")
    #expect(Self.lines(of: document) == ["one", "two", "three"])
  }

  @Test("plugin.lua runs under its own load budget, whatever the callbacks' budgets")
  func loadBudget() throws {
    let root = try Self.makePlugin(["plugin.lua": "while true do end"])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    host.instructionBudget = 1 << 50
    host.timeBudget = 1 << 40
    let failed = host.discoverAndLoad(in: [root.path])
    guard case .failed(let reason) = try #require(failed.first).status else {
      Issue.record("expected the plugin to fail")
      return
    }
    #expect(
      reason.hasSuffix("(10000000 instructions while loading)")
        || reason.hasSuffix("(5000 ms while loading)"),
      "\(reason)")
  }

  @Test("a coroutine the budget stopped never runs its __close handlers, even in a later call")
  func stoppedCoroutineStaysStopped() throws {
    let lua = try LuaState()
    lua.instructionBudget = 100_000
    let error = try #require(throws: LuaError.self) {
      try lua.run(
        """
        co = coroutine.create(function()
          local x <close> = setmetatable({}, { __close = function() while true do end end })
          while true do end
        end)
        coroutine.resume(co)
        """, name: "=stop")
    }
    #expect(error.message.contains("instruction budget exceeded"))
    let closed = try lua.run("return coroutine.close(co)", name: "=later")
    #expect(closed.first == .boolean(false))
    #expect(closed.last?.description.contains("stopped by its budget") == true)
    // A coroutine that fails on its own still has its to-be-closed variables closed.
    let normal = try lua.run(
      """
      local closed = false
      local ok = pcall(coroutine.wrap(function()
        local x <close> = setmetatable({}, { __close = function() closed = true end })
        error("boom")
      end))
      return ok, closed
      """, name: "=normal")
    #expect(normal == [.boolean(false), .boolean(true)])
  }

  @Test("a coroutine resumed for short bursts has every instruction counted")
  func shortBurstsAreCounted() throws {
    let lua = try LuaState()
    lua.instructionBudget = 1_000_000
    // The caller runs about 5 instructions a resumption, the coroutine about 300.
    let error = try #require(throws: LuaError.self) {
      try lua.run(
        """
        local co = coroutine.wrap(function() while true do for _ = 1, 300 do end coroutine.yield() end end)
        local resume = coroutine.resume
        local other = coroutine.create(function() while true do for _ = 1, 300 do end coroutine.yield() end end)
        for _ = 1, 50000 do co() resume(other) end
        """, name: "=bursts")
    }
    #expect(error.message.contains("instruction budget exceeded"))
  }

  @Test("require refuses links out of the plugin's folder and files that are not regular")
  func requireStaysInside() throws {
    let root = try Self.makePlugin([
      "plugin.lua": """
      folio.command { id = "demo.require", title = "Require", run = function()
        local out = {}
        for _, name in ipairs { "outside", "secret", "fifo", "inside" } do
          local ok, message = pcall(require, name)
          out[#out + 1] = tostring(ok) .. " " .. tostring(message)
        end
        return table.concat(out, "\\n")
      end }
      """,
      "real.lua": "return 'inside'",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let manager = FileManager.default
    try "return 'outside'".write(
      to: root.appendingPathComponent("outside.lua"), atomically: true, encoding: .utf8)
    try "SECRET_TOKEN is here".write(
      to: root.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
    let folder = root.appendingPathComponent("demo")
    try manager.createSymbolicLink(
      atPath: folder.path + "/outside.lua", withDestinationPath: root.path + "/outside.lua")
    try manager.createSymbolicLink(
      atPath: folder.path + "/secret.lua", withDestinationPath: root.path + "/secret.txt")
    try manager.createSymbolicLink(atPath: folder.path + "/inside.lua", withDestinationPath: "real.lua")
    #expect(mkfifo(folder.path + "/fifo.lua", 0o600) == 0)
    #expect(PluginFiles.read(folder.path + "/fifo.lua") == nil)
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    defer { withExtendedLifetime(host) {} }
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    guard case .text(let text) = try Self.run("demo.require", in: surface) else {
      Issue.record("expected text")
      return
    }
    let results = text.split(separator: "\n").map(String.init)
    #expect(results.count == 4)
    #expect(results[0].hasSuffix("require: module 'outside' is a link to a file outside the plugin's folder"))
    #expect(results[1].hasSuffix("require: module 'secret' is a link to a file outside the plugin's folder"))
    #expect(results[2].hasSuffix("require: module 'fifo' is not a readable regular file of at most 16 MB"))
    #expect(results[3] == "true inside")
    #expect(!text.contains("SECRET_TOKEN"))
  }

  @Test("menus nest 16 levels, with dividers, sections and submenus inside submenus; 17 is an error")
  func deepMenus() throws {
    let nested = { (levels: Int) in
      """
      folio.command { id = "demo.run", title = "Run", run = function() end }
      local items = { "demo.run", folio.divider(), folio.section { title = "S", items = { "demo.run" } } }
      for _ = 2, \(levels) do items = { folio.divider(), folio.submenu { title = "Deeper", items = items } } end
      folio.menu { id = "demo.deep", title = "Deep", items = items }
      """
    }
    let root = try Self.makePlugin(["plugin.lua": nested(16)])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    var elements = try #require(surface.menus.first { $0.id == "demo.deep" }).elements
    var depth = 0
    while case .submenu(let menu) = elements.last {
      depth += 1
      elements = menu.elements
    }
    #expect(depth == 15)
    guard case .section(let section) = elements.last else {
      Issue.record("expected the innermost section, got \(elements)")
      return
    }
    #expect(section.elements.count == 1)

    try nested(17).write(
      to: root.appendingPathComponent("demo/plugin.lua"), atomically: true, encoding: .utf8)
    let error = try #require(throws: FolioError.self) { try host.reload(named: "demo") }
    #expect(error.message.contains("nest at most 16 levels deep"), "\(error.message)")
  }
}
