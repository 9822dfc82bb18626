import CLua
import Foundation
import Testing

@testable import FolioLua

/// Folio's counted string.find/match/gmatch/gsub against the stock Lua 5.4 functions, and
/// pattern bombs that must end as errors.
@Suite struct PatternTests {
  /// Runs a chunk and describes its results (or its error) as one line, the same way in
  /// both states.
  static let harness = """
    local code = ...
    local function describe(ok, ...)
      if not ok then return "error: " .. tostring((...)) end
      local out = {}
      for i = 1, select("#", ...) do
        local v = select(i, ...)
        out[#out + 1] = (math.type(v) or type(v)) .. " " .. tostring(v)
      end
      return table.concat(out, " | ")
    end
    return describe(pcall(assert(load(code, "=case"))))
    """

  static let cases: [String] = [
    // find: plain text, init, plain flag, specials
    #"return string.find("hello world", "o w")"#,
    #"return string.find("hello world", "o", 6)"#,
    #"return string.find("hello world", "o", -3)"#,
    #"return string.find("hello", "l", 0)"#,
    #"return string.find("hello", "l", -100)"#,
    #"return string.find("hello", "", 6)"#,
    #"return string.find("hello", "", 7)"#,
    #"return string.find("hello", "", 10)"#,
    #"return string.find("a.b.c", ".", 1, true)"#,
    #"return string.find("a+b", "+", 1, true)"#,
    #"return string.find("a.b", "%.")"#,
    #"return string.find("", "")"#,
    #"return string.find("abc", "")"#,
    #"return string.find("abc", "x*")"#,
    #"return string.find("a\0b", "\0")"#,
    #"return string.find("a\0b", "%z")"#,
    // classes
    #"return string.find("abc 123 DEF", "%d+")"#,
    #"return string.find("abc 123 DEF", "%u+")"#,
    #"return string.find("abc 123 DEF", "%s")"#,
    #"return string.match("  x = 1", "^%s*(%a)%s*=%s*(%d)$")"#,
    #"return string.match("hello, world!", "%p")"#,
    #"return string.match("tab\there", "%c")"#,
    #"return string.match("0x1F", "%x+", 3)"#,
    #"return string.match("abc", "%W")"#,
    #"return string.match("ab_1", "%w+")"#,
    #"return string.match("ABCdef", "%l+")"#,
    #"return string.match("ABCdef", "%L+")"#,
    #"return string.match("a b", "%S+%s%S+")"#,
    #"return string.match("xyz!", "%g+")"#,
    // sets
    #"return string.match("hello123", "[a-z]+")"#,
    #"return string.match("hello123", "[^a-z]+")"#,
    #"return string.match("a]b", "[]]")"#,
    #"return string.match("a]b", "[^]]+")"#,
    #"return string.match("a-b", "[a%-]+")"#,
    #"return string.match("x-y", "[-x]+")"#,
    #"return string.match("f9", "[%d%a]+")"#,
    #"return string.match("a^b", "[b^]+")"#,
    #"return string.match("za", "[z-a]")"#,
    // anchors and quantifiers
    #"return string.find("aaa", "^a")"#,
    #"return string.find("baa", "^a")"#,
    #"return string.find("aab", "b$")"#,
    #"return string.find("a$b", "$b")"#,
    #"return string.match("aaab", "a-b")"#,
    #"return string.match("<<a>>", "<(.-)>")"#,
    #"return string.match("<<a>>", "<(.*)>")"#,
    #"return string.match("color colour", "colou?r", 3)"#,
    #"return string.match("abc", "a?b?c?d?")"#,
    #"return string.match("x = 10", "(%w+)%s*=%s*(%d+)")"#,
    #"return string.match("key", "(k)(e)(y)()")"#,
    #"return string.find("hello", "(l)(l)")"#,
    #"return string.find("hello", "()ll()")"#,
    #"return string.match("", ".*")"#,
    #"return string.match("abc", ".+", 4)"#,
    // %b, %f, back-references
    #"return string.match("f(a(b)c) x", "%b()")"#,
    #"return string.match("[[x]]", "%b[]")"#,
    #"return string.match("'q'", "%b''")"#,
    #"return string.match("THE (quick) fox", "%f[%a]%a+")"#,
    #"return string.find("THE (quick) fox", "%f[%l]%a+")"#,
    #"return string.match("word", "%f[%w]%w+%f[%W]")"#,
    #"return string.match("say \"hi\" now", "([\"'])(.-)%1")"#,
    #"return string.match("abab", "(ab)%1")"#,
    #"return string.match("aXa", "(a)X%1")"#,
    // gmatch
    #"local t = {} for k, v in string.gmatch("a=1, b=2, c=3", "(%w+)=(%w+)") do t[#t + 1] = k .. v end return table.concat(t, ";")"#,
    #"local t = {} for w in string.gmatch("one two  three", "%a+") do t[#t + 1] = w end return table.concat(t, ",")"#,
    #"local t = {} for w in string.gmatch("abc", "") do t[#t + 1] = "[" .. w .. "]" end return table.concat(t)"#,
    #"local t = {} for w in string.gmatch("abc", "x*") do t[#t + 1] = "<" .. w .. ">" end return #t"#,
    #"local t = {} for p in string.gmatch("hello", "()l") do t[#t + 1] = p end return table.concat(t, ",")"#,
    #"local t = {} for w in string.gmatch("one two three", "%a+", 5) do t[#t + 1] = w end return table.concat(t, ",")"#,
    #"local t = {} for w in string.gmatch("^a^a", "^a") do t[#t + 1] = w end return #t"#,
    #"local t = {} for w in string.gmatch("abc", ".", 10) do t[#t + 1] = w end return #t"#,
    // gsub: strings, captures, %0, %%, counts, anchors, empty matches
    #"return string.gsub("hello world", "o", "0")"#,
    #"return string.gsub("hello world", "(%w+)", "<%1>")"#,
    #"return string.gsub("hello world", "%w+", "%0 %0", 1)"#,
    #"return string.gsub("hello", "", "-")"#,
    #"return string.gsub("abc", "x*", "-")"#,
    #"return string.gsub("100%", "%%", "%% percent")"#,
    #"return string.gsub("abc", "^a", "A")"#,
    #"return string.gsub("aaa", "^a", "A")"#,
    #"return string.gsub("abc", "()", "%1")"#,
    #"return string.gsub("hello", "l+", 42)"#,
    #"return string.gsub("abc", ".", { a = 1, b = true })"#,
    #"return string.gsub("abc", ".", { a = "A", b = false })"#,
    #"return string.gsub("a1b2", "(%a)(%d)", function(l, d) return d .. l end)"#,
    #"return string.gsub("a1b2", "%d", function(d) if d == "1" then return nil end return "x" end)"#,
    #"return string.gsub("abc", "b", "%0%0", 0)"#,
    #"return string.gsub("abc", "b", "x", -1)"#,
    #"return string.gsub("", "", "x")"#,
    #"return ("x y"):gsub("%s", "_")"#,
    #"return ("abc"):find("b", 1, true)"#,
    #"return ("key=val"):match("(%w+)=(%w+)")"#,
    // errors
    #"return string.find("a", "%")"#,
    #"return string.find("a", "[a")"#,
    #"return string.find("a", "[]")"#,
    #"return string.find("a", "[a%")"#,
    #"return string.find("a", "(a")"#,
    #"return string.find("a", "a)")"#,
    #"return string.find("a", "%1")"#,
    #"return string.find("aa", "(a)%2")"#,
    #"return string.find("a", "(a%1)")"#,
    #"return string.find("a", "%0")"#,
    #"return string.find("a", "%b")"#,
    #"return string.find("a", "%ba")"#,
    #"return string.find("a", "%f")"#,
    #"return string.find("a", "%fa")"#,
    #"return string.match("a", string.rep("(", 33) .. "a" .. string.rep(")", 33))"#,
    #"return string.match(string.rep("a", 300), string.rep("a?", 300) .. string.rep("a", 300))"#,
    #"return string.gsub("abc", "b", "%2")"#,
    #"return string.gsub("abc", "b", "%x")"#,
    #"return string.gsub("abc", "b", "%")"#,
    #"return string.gsub("abc", "b", {b = {}})"#,
    #"return string.gsub("abc", "b")"#,
    #"return string.gsub("abc", "b", true)"#,
    #"return string.find({}, "a")"#,
    #"return string.find("a")"#,
    #"return string.gmatch("a")"#,
    #"return string.find("a", "a", "x")"#,
  ]

  /// The stock string library's answer, from a plain state with every standard library.
  private static func stock(_ code: String) throws -> String {
    let state = try #require(luaL_newstate())
    defer { lua_close(state) }
    luaL_openlibs(state)
    var source = harness
    let loaded = source.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        luaL_loadbufferx(state, $0.baseAddress, $0.count, "=harness", "t")
      }
    }
    #expect(loaded == LUA_OK)
    var argument = code
    argument.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(state, $0.baseAddress, $0.count) }
    }
    #expect(lua_pcall(state, 1, 1, 0) == LUA_OK)
    var length = 0
    let text = try #require(lua_tolstring(state, -1, &length))
    return String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
  }

  /// Folio's answer, from a sandboxed state.
  private static func counted(_ code: String, in lua: LuaState) throws -> String {
    let function = try lua.load(harness, name: "=harness")
    return try #require(try lua.call(function, [.string(code)]).first?.string)
  }

  @Test("the counted pattern functions answer as Lua 5.4's do", arguments: cases)
  func matchesStock(_ code: String) throws {
    let lua = try LuaState()
    lua.instructionBudget = 10_000_000
    #expect(try Self.counted(code, in: lua) == (try Self.stock(code)))
  }

  @Test("the sandbox's string functions are the counted ones, also as string methods")
  func installed() throws {
    let lua = try LuaState()
    let results = try lua.run(
      """
      return string.find == ("").find, string.gsub == ("").gsub, rawget(_G, "debug") == nil
      """, name: "=installed")
    #expect(results == [.boolean(true), .boolean(true), .boolean(true)])
  }

  static let bombs: [String] = [
    #"string.find(string.rep("a", 40), string.rep("a*", 30) .. "b")"#,
    #"string.match(string.rep("a", 300), ".-.-.-.-.-b")"#,
    #"string.gsub(string.rep("a", 40), string.rep("a*", 30) .. "b", "x")"#,
    #"for m in string.gmatch(string.rep("a", 40), string.rep("a*", 30) .. "b") do end"#,
    #"string.find(string.rep("a", 4000000), string.rep("a", 2000000) .. "b", 1, true)"#,
    #"pcall(string.find, string.rep("a", 40), string.rep("a*", 30) .. "b") while true do end"#,
  ]

  @Test("a pattern bomb ends within the instruction budget, and pcall cannot swallow that", arguments: bombs)
  func instructionBudget(_ bomb: String) throws {
    let lua = try LuaState(memoryLimit: 32 << 20)
    lua.instructionBudget = 10_000_000
    lua.timeBudget = 60_000
    let started = ContinuousClock.now
    let error = try #require(throws: LuaError.self) { try lua.run(bomb, name: "=bomb") }
    #expect(error.message.contains("instruction budget exceeded"), "\(error.message)")
    #expect(error.stop == nil || error.stop == .instructions)
    // Only a generous bound: the budget counts instructions, and the machine may be loaded.
    #expect(ContinuousClock.now - started < .seconds(60))
    #expect(try lua.run("return ('abc'):find('b')", name: "=after") == [.integer(2), .integer(2)])
  }

  @Test("without an instruction budget, the time budget stops a pattern bomb, not before half of it")
  func timeBudget() throws {
    let lua = try LuaState()
    lua.timeBudget = 200
    let function = try lua.load(
      #"local found = string.find(string.rep("a", 40), string.rep("a*", 30) .. "b") return found"#,
      name: "@bomb.lua")
    let started = ContinuousClock.now
    let error = try #require(throws: LuaError.self) { try lua.call(function, []) }
    let elapsed = ContinuousClock.now - started
    #expect(error.message == "bomb.lua:1: time budget exceeded while matching a pattern", "\(error.message)")
    #expect(error.stop == .time)
    // The budget reads CLOCK_MONOTONIC_COARSE, which ticks every 1–10 ms (HZ 1000 to 100), so
    // it may fire a tick before 200 ms by this finer clock: half the budget is the floor on
    // any tick rate, and the ceiling is generous because the machine may be loaded. How
    // closely the budget is kept is measured by the bench, not here.
    #expect(elapsed >= .milliseconds(100))
    #expect(elapsed < .seconds(60))
  }

  @Test("a stop request (what Ctrl-C makes) stops a pattern bomb and a plain loop until it is cleared")
  func stopRequest() throws {
    // The process-wide Ctrl-C flag would stop the other tests' Lua code too, so this asks one
    // state; the signal itself is tested end to end (PluginInterruptTests).
    let lua = try LuaState()
    lua.timeBudget = 60_000
    lua.register("press_ctrl_c") { [unowned lua] _ throws(LuaError) in
      lua.requestStop()
      return []
    }
    let bomb = try #require(throws: LuaError.self) {
      try lua.run(
        #"press_ctrl_c() local found = string.find(string.rep("a", 40), string.rep("a*", 30) .. "b") return found"#,
        name: "=bomb")
    }
    #expect(bomb.message == "bomb:1: interrupted while matching a pattern", "\(bomb.message)")
    #expect(bomb.stop == .interrupted)
    let loop = try #require(throws: LuaError.self) { try lua.run("while true do end", name: "=loop") }
    #expect(loop.message.hasSuffix("interrupted"), "\(loop.message)")
    lua.clearStop()
    #expect(try lua.run("return 1", name: "=after") == [.integer(1)])
  }
}
