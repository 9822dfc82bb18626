import FolioCore
import Foundation
import Testing

@testable import FolioLua

/// Sandbox round 3 (issue 34): host copies of Lua data are bounded by the memory budget, the
/// library's loops in C are charged, a spent budget ends the callback whatever the plugin
/// does, a plugin declares ids in its own namespace only, what the host keeps for a callback
/// is charged, invalid UTF-8 is refused, and every stop has one rule and a clear message.
@Suite struct SandboxRound3Tests {
  /// Writes plugin folders under a new root: `files` maps `FOLDER/FILE` to its text.
  private static func makeRoot(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-sandbox3-\(UUID().uuidString)")
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return root
  }

  /// A loaded plugin `demo` whose `plugin.lua` is `source`, with a two-column table open.
  private struct Loaded {
    let root: URL
    let surface = RecordingSurface()
    let host: PluginHost
    let document: Document

    init(
      _ source: String, instructions: Int = PluginHost.defaultInstructionBudget,
      milliseconds: Int = PluginHost.defaultTimeBudget, memory: Int = PluginHost.defaultMemoryBudget
    ) throws {
      root = try SandboxRound3Tests.makeRoot([
        "demo/plugin.lua": source, "places.csv": "name,city\nLouvre,Paris\nPrado,Madrid\n",
      ])
      host = PluginHost(surface: surface)
      host.instructionBudget = instructions
      host.timeBudget = milliseconds
      host.memoryBudget = memory
      let failed = host.discoverAndLoad(in: [root.path])
      #expect(failed.isEmpty, "\(failed.map(\.status))")
      document = try surface.workspace.open(root.appendingPathComponent("places.csv").path).document
    }

    var plugin: Plugin? { host.plugin(named: "demo") }

    var isQuarantined: Bool {
      if case .quarantined = plugin?.status { true } else { false }
    }

    func run(_ id: String) throws -> CommandOutput {
      let command = try #require(surface.registry.command(id: id))
      return try surface.registry.invoke(command, words: [])
    }

    /// The error running `id` ends in; a failed expectation when it succeeds.
    func failure(_ id: String) throws -> FolioError {
      try #require(throws: FolioError.self) { try run(id) }
    }

    var cells: [String] {
      guard case .table(let table) = document.content else { return [] }
      return (0..<table.rowCount).flatMap { row in table.cells(ofRow: row).map(\.description) }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
  }

  /// A Lua expression for 30 references to a list of 30 references to one 16 KB string:
  /// about 16 KB of Lua memory, 14 MB once copied reference by reference.
  private static let shared = """
    (function()
      local s, inner, outer = string.rep("x", 16384), {}, {}
      for i = 1, 30 do inner[i] = s end
      for i = 1, 30 do outer[i] = inner end
      return outer
    end)()
    """

  @Test(
    "a copy of shared references is counted as it goes and refused past the memory budget",
    arguments: [
      ("folio.json.encode(\(shared))", "folio.json.encode: result too large: more than "),
      (
        "folio.state.set('k', \(shared))",
        "folio.state.set: 'value' cannot be stored: result too large: more than "
      ),
      ("return \(shared)", "run's result too large: more than "),
    ])
  func sharedReferences(body: String, error: String) throws {
    let loaded = try Loaded(
      "folio.command { id = 'demo.copy', title = 'Copy', run = function(ctx) \(body) end }", memory: 4 << 20)
    defer { loaded.remove() }
    let failed = try loaded.failure("demo.copy")
    #expect(failed.message.contains(error), "\(failed.message)")
    #expect(failed.message.contains(", limit "), "\(failed.message)")
    #expect(
      failed.message.hasSuffix("(memory budget of 4 MB exceeded; setting plugins.memory)"),
      "\(failed.message)")
    #expect(loaded.isQuarantined)
    #expect(loaded.host.unsavedValues["demo"] == nil)
  }

  @Test(
    "the library's loops in C are charged as they go, so the budget stops them",
    arguments: [
      ("table.move({}, 1, 1e8, 1)", "table.move"),
      ("table.insert(setmetatable({}, { __len = function() return 1e7 end }), 1, 'x')", "table.insert"),
      ("table.remove(setmetatable({}, { __len = function() return 1e7 end }), 1)", "table.remove"),
      ("table.sort(setmetatable({}, { __len = function() return 1e5 end, __index = rawlen }))", "table.sort"),
    ])
  func countedLibrary(body: String, function: String) throws {
    let loaded = try Loaded(
      """
      folio.command { id = "demo.loop", title = "Loop", run = function(ctx)
        ctx.document:set(ctx.document:rows()[1].id, "name", "Hijacked")
        \(body)
      end }
      """, instructions: 100_000)
    defer { loaded.remove() }
    let failed = try loaded.failure("demo.loop")
    #expect(
      failed.message.hasSuffix(
        "plugin.lua:3: instruction budget exceeded in \(function) (100000 instructions per callback; setting plugins.instructions)"
      ),
      "\(failed.message)")
    #expect(loaded.isQuarantined)
    #expect(loaded.cells == ["Louvre", "Paris", "Prado", "Madrid"])
  }

  @Test("the stock results of the counted library functions are kept")
  func countedLibraryResults() throws {
    let loaded = try Loaded(
      """
      folio.command { id = "demo.same", title = "Same", run = function()
        local out = {}
        local t = { 1, 2, 3, 4, 5 }
        table.move(t, 1, 3, 3) out[#out + 1] = table.concat(t, ",")
        t = { 1, 2, 3, 4, 5 } table.move(t, 2, 5, 1) out[#out + 1] = table.concat(t, ",")
        local a, b = { 1, 2, 3 }, {} table.move(a, 1, 3, 2, b) out[#out + 1] = tostring(b[1]) .. table.concat(b, ",", 2)
        local big = {} for i = 1, 3000 do big[i] = i end
        table.move(big, 1, 2999, 2) out[#out + 1] = big[1] .. ":" .. big[2] .. ":" .. big[3000]
        t = { "a", "c" } table.insert(t, 2, "b") table.insert(t, "d") out[#out + 1] = table.concat(t)
        out[#out + 1] = table.remove(t, 1) .. table.remove(t) .. table.concat(t) .. tostring(table.remove({}))
        t = { 5, 3, 9, 1 } table.sort(t) out[#out + 1] = table.concat(t, ",")
        table.sort(t, function(x, y) return x > y end) out[#out + 1] = table.concat(t, ",")
        out[#out + 1] = "[" .. string.rep("", 3) .. string.rep("ab", 3, "-") .. "]"
        out[#out + 1] = select(2, pcall(table.insert, { 1 }, 5, "x")):gsub("^.-: ", "")
        return table.concat(out, "\\n")
      end }
      """)
    defer { loaded.remove() }
    guard case .text(let text) = try loaded.run("demo.same") else {
      Issue.record("expected text")
      return
    }
    #expect(
      text.split(separator: "\n") == [
        "1,2,1,2,3", "2,3,4,5,5", "nil1,2,3", "1:1:2999", "abcd", "adbcnil", "1,3,5,9", "9,5,3,1",
        "[ab-ab-ab]", "bad argument #2 to 'table.insert' (position out of bounds)",
      ])
  }

  @Test("an enabled predicate whose library call loops in C is stopped and quarantines its plugin")
  func countedPredicate() throws {
    let loaded = try Loaded(
      """
      folio.command { id = "demo.pred", title = "Pred", run = function() end,
        enabled = function() table.move({}, 1, 1e7, 1) return true end }
      """, instructions: 100_000)
    defer { loaded.remove() }
    let failed = try loaded.failure("demo.pred")
    #expect(failed.message.contains("instruction budget exceeded in table.move"), "\(failed.message)")
    #expect(loaded.isQuarantined)
  }

  @Test("coroutine.close re-raises a budget spent in the __close handlers it runs")
  func closeCannotSwallowTheStop() throws {
    let loaded = try Loaded(
      """
      folio.command { id = "demo.close", title = "Close", run = function(ctx)
        folio.state.set("k", "kept?")
        local co = coroutine.create(function()
          local x <close> = setmetatable({}, { __close = function() while true do end end })
          coroutine.yield()
        end)
        coroutine.resume(co)
        local ok, message = coroutine.close(co)
        return tostring(ok) .. " " .. tostring(message)
      end }
      """, instructions: 100_000)
    defer { loaded.remove() }
    let failed = try loaded.failure("demo.close")
    #expect(
      failed.message.hasSuffix(
        "instruction budget exceeded (100000 instructions per callback; setting plugins.instructions)"))
    #expect(loaded.isQuarantined)
    #expect(loaded.host.unsavedValues["demo"] == nil)
  }

  @Test("a plugin declares command and menu ids in its own namespace only")
  func namespaces() throws {
    let root = try Self.makeRoot([
      "aaa/plugin.lua":
        "folio.command { id = 'good.ok', title = 'Taken', run = function() return 'aaa' end }",
      "bbb/plugin.lua": """
      folio.command { id = "bbb.run", title = "Run", run = function() end }
      folio.menu { id = "title", title = "Mine", items = { "bbb.run" } }
      """,
      "good/plugin.lua": "folio.command { id = 'good.ok', title = 'OK', run = function() return 'good' end }",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    let failed = host.discoverAndLoad(in: [root.path])
    #expect(failed.map(\.name) == ["aaa", "bbb"])
    #expect(
      host.plugin(named: "aaa")?.status
        == .failed(
          "plugin.lua:1: folio.command: field 'id' is \"good.ok\", outside the plugin's namespace: the ids of "
            + "plugin aaa begin with \"aaa.\""))
    #expect(
      host.plugin(named: "bbb")?.status
        == .failed(
          "plugin.lua:2: folio.menu: field 'id' is \"title\", outside the plugin's namespace: the ids of "
            + "plugin bbb begin with \"bbb.\""))
    #expect(host.plugin(named: "good")?.status == .loaded)
    let command = try #require(surface.registry.command(id: "good.ok"))
    guard case .text(let text) = try surface.registry.invoke(command, words: []) else {
      Issue.record("expected text")
      return
    }
    #expect(text == "good")
    #expect(surface.menus.isEmpty)
  }

  @Test(
    "what the host keeps for a callback counts against the memory budget",
    arguments: [
      ("for i = 1, 20000 do ctx:notify(string.rep('n', 1000)) end", "ctx:notify: not enough memory"),
      ("for i = 1, 20000 do ctx.document:add({}) end", "d:add: not enough memory"),
      (
        "folio.json.decode('[' .. string.rep('1,', 100000) .. '1]')",
        "folio.json.decode: result too large: about "
      ),
    ])
  func hostWorkIsCharged(body: String, error: String) throws {
    let loaded = try Loaded(
      """
      folio.command { id = "demo.keep", title = "Keep", run = function(ctx)
        ctx.document:set(ctx.document:rows()[1].id, "name", "Hijacked")
        \(body)
      end }
      """, memory: 1 << 20)
    defer { loaded.remove() }
    let failed = try loaded.failure("demo.keep")
    #expect(failed.message.contains(error), "\(failed.message)")
    #expect(
      failed.message.hasSuffix("(memory budget of 1 MB exceeded; setting plugins.memory)"),
      "\(failed.message)")
    #expect(loaded.isQuarantined)
    #expect(loaded.cells == ["Louvre", "Paris", "Prado", "Madrid"])
  }

  @Test(
    "invalid UTF-8 from a plugin is an error naming the call and the byte, never replaced",
    arguments: [
      (
        "ctx.document:set(ctx.document:rows()[1].id, 'name', 'caf\\xe9')",
        "plugin.lua:2: d:set: argument #3 is a string that is not valid UTF-8 (byte 4 is \\xE9)"
      ),
      (
        "folio.state.set('\\xff', 1) folio.state.set('\\xfe', 2)",
        "plugin.lua:2: folio.state.set: argument #1 is a string that is not valid UTF-8 (byte 1 is \\xFF)"
      ),
      (
        "return folio.json.encode({ name = 'ok', city = { 'caf\\xc3' } })",
        "plugin.lua:2: folio.json.encode: argument #1 holds a string that is not valid UTF-8 (byte 4 is \\xC3)"
      ),
      (
        "return { 'fine', 'caf\\xe9' }",
        "run returned a string that is not valid UTF-8 (byte 4 is \\xE9) at $[2]"
      ),
      (
        "ctx:notify('\\xed\\xa0\\x80')",
        "ctx:notify: argument #1 is a string that is not valid UTF-8 (byte 1 is \\xED)"
      ),
    ])
  func invalidText(body: String, error: String) throws {
    let loaded = try Loaded(
      """
      folio.command { id = "demo.text", title = "Text", run = function(ctx)
        \(body)
      end }
      """)
    defer { loaded.remove() }
    let failed = try loaded.failure("demo.text")
    #expect(failed.message.contains(error), "\(failed.message)")
    #expect(failed.message.contains("Folio keeps text as UTF-8") || !error.contains("argument"))
    #expect(!loaded.isQuarantined)
    #expect(loaded.cells == ["Louvre", "Paris", "Prado", "Madrid"])
    #expect(loaded.host.unsavedValues["demo"] == nil)
  }

  @Test("host work counts against the time budget: a Swift call that runs past it ends the call")
  func hostWorkIsTimed() throws {
    let lua = try LuaState()
    lua.timeBudget = 100
    lua.register("slow") { _ throws(LuaError) in
      // Host work that takes three times the budget (a long folio.json.decode, say).
      let clock = ContinuousClock()
      let end = clock.now.advanced(by: .milliseconds(300))
      while clock.now < end {}
      return []
    }
    let stopped = try #require(throws: LuaError.self) { try lua.run("slow() return 1", name: "=host") }
    #expect(stopped.message == "host:1: time budget exceeded in slow", "\(stopped.message)")
    #expect(stopped.stop == .time)
    #expect(try lua.run("return 2", name: "=after") == [.integer(2)])
  }

  @Test("a memory error the plugin catches still ends the callback and quarantines the plugin")
  func caughtMemoryError() throws {
    let loaded = try Loaded(
      """
      folio.command { id = "demo.bomb", title = "Bomb", run = function(ctx)
        pcall(function() local s = "x" while true do s = s .. s end end)
        folio.state.set("k", "after")
        return "survived"
      end }
      """, memory: 2 << 20)
    defer { loaded.remove() }
    let failed = try loaded.failure("demo.bomb")
    #expect(
      failed.message.hasSuffix("not enough memory (memory budget of 2 MB exceeded; setting plugins.memory)"),
      "\(failed.message)")
    #expect(loaded.isQuarantined)
    #expect(loaded.host.unsavedValues["demo"] == nil)
  }

  @Test(
    "a stop met while an error object's __tostring runs is reported as that stop",
    arguments: [
      (
        100_000, PluginHost.defaultTimeBudget,
        "instruction budget exceeded (100000 instructions per callback; setting plugins.instructions)"
      ),
      (10_000_000_000, 200, "time budget exceeded (200 ms per callback; setting plugins.time)"),
    ])
  func stopInErrorObject(instructions: Int, milliseconds: Int, error: String) throws {
    let loaded = try Loaded(
      """
      folio.command { id = "demo.object", title = "Object", run = function()
        error(setmetatable({}, { __tostring = function() while true do end end }))
      end }
      """, instructions: instructions, milliseconds: milliseconds)
    defer { loaded.remove() }
    let failed = try loaded.failure("demo.object")
    #expect(failed.message.hasSuffix(error), "\(failed.message)")
    #expect(loaded.isQuarantined)
  }
}
