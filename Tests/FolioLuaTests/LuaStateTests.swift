import CLua
import Testing

@testable import FolioLua

@Suite struct LuaStateTests {
  @Test("a chunk runs and returns its values")
  func returnsValues() throws {
    let lua = try LuaState()
    let results = try lua.run("return 1 + 1, 'two', 2.5, true, nil", name: "=smoke")
    #expect(results == [.integer(2), .string("two"), .number(2.5), .boolean(true), .nil])
  }

  @Test("a runtime error comes back with its message and a traceback")
  func traceback() throws {
    let lua = try LuaState()
    let source = """
      local function inner() error("boom") end
      local function outer() inner() end
      outer()
      """
    let error = try #require(throws: LuaError.self) { try lua.run(source, name: "@plugin.lua") }
    #expect(error.message == "plugin.lua:1: boom")
    #expect(error.traceback.hasPrefix("stack traceback:"))
    #expect(error.traceback.contains("plugin.lua:1: in"))
    #expect(error.traceback.contains("plugin.lua:2: in"))
  }

  @Test("a syntax error names the chunk and line")
  func syntaxError() throws {
    let lua = try LuaState()
    let error = try #require(throws: LuaError.self) { try lua.run("x = = 1", name: "@bad.lua") }
    #expect(error.message.hasPrefix("bad.lua:1:"))
  }

  @Test(
    "a Swift function's error is raised in Lua only after Swift returned: pcall catches it and Swift frees its objects"
  )
  func swiftErrorsUnwindSafely() throws {
    final class Tracked {
      nonisolated(unsafe) static var live = 0
      init() { Tracked.live += 1 }
      deinit { Tracked.live -= 1 }
    }
    let lua = try LuaState()
    lua.register("fails") { (arguments: [LuaValue]) throws(LuaError) -> [LuaValue] in
      let tracked = Tracked()
      defer { withExtendedLifetime(tracked) {} }
      throw LuaError(message: "refused \(arguments.first ?? .nil)")
    }
    let before = Tracked.live
    let results = try lua.run(
      """
      local results = {}
      for i = 1, 1000 do
        local ok, message = pcall(fails, i)
        results[1], results[2] = ok, message
      end
      return results[1], results[2]
      """, name: "=trampoline")
    #expect(results == [.boolean(false), .string("refused 1000")])
    #expect(Tracked.live == before)
  }

  @Test("a Swift function receives arguments and returns results")
  func swiftFunctionValues() throws {
    let lua = try LuaState()
    lua.register("describe") { (arguments: [LuaValue]) throws(LuaError) -> [LuaValue] in
      [.integer(arguments.count), .string(arguments.map(\.description).joined(separator: ","))]
    }
    #expect(
      try lua.run("return describe(1, 'a', false, 0.5)", name: "=t") == [
        .integer(4), .string("1,a,false,0.5"),
      ])
  }

  @Test("an endless loop stops at the instruction budget, and the state stays usable")
  func instructionBudget() throws {
    let lua = try LuaState()
    lua.instructionBudget = 100_000
    let error = try #require(throws: LuaError.self) { try lua.run("while true do end", name: "=loop") }
    #expect(error.message.contains("instruction budget exceeded"))
    #expect(try lua.run("return 40 + 2", name: "=after") == [.integer(42)])
  }

  @Test("a stop request interrupts running code")
  func stopRequest() throws {
    let lua = try LuaState()
    lua.register("stop") { [unowned lua] (_: [LuaValue]) throws(LuaError) -> [LuaValue] in
      lua.requestStop()
      return []
    }
    let error = try #require(throws: LuaError.self) { try lua.run("stop() while true do end", name: "=stop") }
    #expect(error.message.contains("interrupted"))
    lua.clearStop()
    #expect(try lua.run("return 1", name: "=after") == [.integer(1)])
  }

  @Test("allocations past the memory limit fail cleanly and the state stays usable")
  func memoryLimit() throws {
    let lua = try LuaState(memoryLimit: 4 << 20)
    let error = try #require(throws: LuaError.self) {
      try lua.run("return string.rep('x', 64 * 1024 * 1024)", name: "=bomb")
    }
    #expect(error.message.contains("not enough memory"))
    #expect(lua.memoryUsed < 4 << 20)
    #expect(try lua.run("return #string.rep('x', 1000)", name: "=after") == [.integer(1000)])
  }

  @Test("only the safe libraries are open")
  func sandbox() throws {
    let lua = try LuaState()
    let absent = [
      "io", "debug", "package", "require", "dofile", "loadfile", "os.execute", "os.getenv", "os.exit",
      "os.remove",
    ]
    for name in absent {
      let parts = name.split(separator: ".")
      let raw = parts.count == 2 ? "rawget(\(parts[0]), '\(parts[1])')" : "rawget(_G, '\(name)')"
      #expect(
        try lua.run("return \(raw) == nil", name: "=probe") == [.boolean(true)], "\(name) should be absent")
    }
    for name in [
      "string.format", "table.sort", "math.floor", "utf8.char", "coroutine.wrap", "os.time", "os.clock",
      "os.date", "load", "pcall",
    ] {
      #expect(
        try lua.run("return \(name) ~= nil", name: "=probe") == [.boolean(true)], "\(name) should be present")
    }
  }

  @Test("load accepts text and refuses bytecode")
  func loadTextOnly() throws {
    let lua = try LuaState()
    #expect(try lua.run("return load('return 7')()", name: "=text") == [.integer(7)])
    let results = try lua.run(
      "local f, message = load(string.dump(function() return 1 end)) return f, message", name: "=binary")
    #expect(results.first == .nil)
    #expect(results.last?.description.contains("binary chunk") == true)
    #expect(
      try lua.run("local env = {y = 5} return load('return y', 'c', 'b', env)()", name: "=env") == [
        .integer(5)
      ])
  }
}

@Suite struct LuaFirstResultTests {
  @Test("callShared returns the first result only, .nil when there is none, tables copied")
  func firstResult() throws {
    let lua = try LuaState()
    for (source, expected) in [
      ("return true, false", LuaData.boolean(true)), ("return false", .boolean(false)), ("return", .nil),
      ("return nil, 1", .nil), ("return 'reason'", .string("reason")), ("return 3", .integer(3)),
    ] {
      let function = try lua.load(source, name: "=first")
      #expect(try lua.callShared(function, argument: LUA_NOREF) == expected, "\(source)")
    }
    let table = try lua.load("return { a = 1 }, 2", name: "=table")
    #expect(try lua.callShared(table, argument: LUA_NOREF).table?["a"] == .integer(1))
  }

  @Test("callShared passes the value its reference names, nil for none, and leaves the stack as it was")
  func argument() throws {
    let lua = try LuaState()
    let echo = try lua.load("local f = ... return f == nil and 'none' or f() * 2", name: "=echo")
    let answer = try lua.load("return 21", name: "=answer")
    let top = lua_gettop(lua.state)
    #expect(try lua.callShared(echo, argument: answer.reference) == .integer(42))
    #expect(try lua.callShared(echo, argument: LUA_NOREF) == .string("none"))
    #expect(lua_gettop(lua.state) == top)
  }

  @Test("callShared: an error keeps its FILE:LINE and traceback, and the stack is left as it was")
  func errors() throws {
    let lua = try LuaState()
    let failing = try lua.load("\n error('no')", name: "@predicate.lua")
    let top = lua_gettop(lua.state)
    let error = try #require(throws: LuaError.self) {
      try lua.callShared(failing, argument: LUA_NOREF)
    }
    #expect(error.message == "predicate.lua:2: no")
    #expect(error.traceback.hasPrefix("stack traceback:"))
    #expect(error.stop == nil)
    #expect(lua_gettop(lua.state) == top)
  }

  @Test("callShared stops an endless loop at the instruction budget, each call with the whole budget")
  func budget() throws {
    let lua = try LuaState()
    lua.instructionBudget = 100_000
    let endless = try lua.load("while true do end", name: "=endless")
    let error = try #require(throws: LuaError.self) {
      try lua.callShared(endless, argument: LUA_NOREF)
    }
    #expect(error.stop == .instructions)
    #expect(error.message.hasSuffix("instruction budget exceeded"))
    // A loop of 30,000 iterations (about 90,000 instructions) fits the budget in every call:
    // no call is charged for another's instructions.
    let counting = try lua.load("local n = 0 for i = 1, 30000 do n = n + 1 end return n", name: "=counting")
    for _ in 0..<5 {
      #expect(try lua.callShared(counting, argument: LUA_NOREF) == .integer(30000))
      #expect(lua.lastStop == nil)
    }
  }

  @Test("callShared stops at the time budget")
  func time() throws {
    let lua = try LuaState()
    lua.timeBudget = 20
    let endless = try lua.load("while true do end", name: "=endless")
    let error = try #require(throws: LuaError.self) {
      try lua.callShared(endless, argument: LUA_NOREF)
    }
    #expect(error.stop == .time)
  }
}
