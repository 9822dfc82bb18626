import Foundation
import Testing

/// A plugin written to break out of its sandbox, exhaust Folio or corrupt a document, and
/// the error its attempt must end in.
struct HostilePlugin: CustomTestStringConvertible, Sendable {
  /// What the plugin tries.
  var name: String
  /// The body of `plugin.lua`. Unless the attack happens while loading, it declares the
  /// command `hostile.run`, which the test runs on an open, edited table.
  var source: String
  /// Fragments of the error that may be reported, after `plugin hostile: ` (one must be).
  var errors: [String]
  /// Whether the attack happens while the plugin loads (then it must contribute nothing).
  var failsWhileLoading = false

  var testDescription: String { name }

  /// A plugin whose `hostile.run` command runs `body`, after changing the open table so
  /// that a failed command has something to roll back.
  static func command(_ name: String, error: String, _ body: String) -> HostilePlugin {
    command(name, errors: [error], body)
  }

  /// A plugin whose `hostile.run` command never ends on its own: the instruction budget
  /// stops it, or the time budget on a machine slow enough to reach it first.
  static func spinning(_ name: String, _ body: String) -> HostilePlugin {
    command(name, errors: ["instruction budget exceeded", "time budget exceeded"], body)
  }

  static func command(_ name: String, errors: [String], _ body: String) -> HostilePlugin {
    HostilePlugin(
      name: name,
      source: """
        folio.command { id = "hostile.run", title = "Run", run = function(ctx)
          ctx.document:set(ctx.document:rows()[1].id, "name", "Hijacked")
          \(body)
        end }
        """,
      errors: errors)
  }

  /// A plugin whose loading runs `body`.
  static func loading(_ name: String, error: String, _ body: String) -> HostilePlugin {
    loading(name, errors: [error], body)
  }

  static func loading(_ name: String, errors: [String], _ body: String) -> HostilePlugin {
    HostilePlugin(
      name: name,
      source: "folio.command { id = \"hostile.run\", title = \"Run\", run = function() end }\n" + body,
      errors: errors, failsWhileLoading: true)
  }
}

/// Every hostile plugin ends as a clear error naming it; Folio keeps running, the document
/// and its file are exactly as before the attack, and another plugin still works.
@Suite struct HostilePluginTests {
  static let plugins: [HostilePlugin] = [
    // CPU
    .spinning("an endless loop", "while true do end"),
    .spinning(
      "a loop that swallows its stop with pcall",
      "while true do pcall(function() while true do end end) end"),
    .spinning(
      "a loop inside xpcall's message handler",
      "xpcall(error, function() while true do end end)"),
    .spinning(
      "a loop inside a coroutine",
      "coroutine.wrap(function() while true do end end)()"),
    .spinning(
      "a loop resumed again and again",
      """
      local co = coroutine.create(function() while true do coroutine.yield() end end)
      while true do coroutine.resume(co) end
      """),
    .spinning(
      "an endless tail call",
      "local function f() return f() end f()"),
    .spinning(
      "a comparator that never returns",
      "local t = {3, 2, 1} table.sort(t, function() while true do end end)"),
    .spinning(
      "a loop inside a __close handler",
      "local x <close> = setmetatable({}, { __close = function() while true do end end })"),
    .spinning(
      "a loop behind a global's __index",
      "setmetatable(_G, { __index = function() while true do end end }) return undefined_name"),
    .loading(
      "an endless loop while loading", errors: ["instruction budget exceeded", "time budget exceeded"],
      "while true do end"),
    // Sandbox round 2: coroutines the budget stopped
    .spinning(
      "a stopped coroutine whose __close loops, closed by a pcall's __close",
      Self.closeAfterStop),
    .spinning(
      "a coroutine.wrap whose __close loops once stopped",
      """
      coroutine.wrap(function()
        local x <close> = setmetatable({}, { __close = function() while true do end end })
        while true do end
      end)()
      """),
    .loading(
      "a stopped coroutine whose __close loops, while loading",
      errors: ["instruction budget exceeded", "time budget exceeded"], closeAfterStop),
    // Sandbox round 2: host calls charged to the plugin
    .command(
      "a hundred 8 MB cells under a 32 MB budget", error: "d:add: not enough memory (memory budget",
      "local s = string.rep('x', 8 << 20) for i = 1, 100 do ctx.document:add { name = s } end"),
    // Sandbox round 2: forged handles
    .command(
      "a document handle forged from a table", error: "document handle from ctx",
      "for w = 0, 8 do ctx.document.set({ __window = w }, 1, 'name', 'Forged') end"),
    .command(
      "a document handle copied field by field", error: "document handle from ctx",
      """
      local copy = {}
      for k, v in pairs(ctx.document) do copy[k] = v end
      ctx.document.set(copy, 1, 'name', 'Forged')
      """),
    .command(
      "a selection handle forged from a table", error: "ctx.selection:rows()",
      "return ctx.selection.rows({ __window = 1, count = 1 })"),
    // Sandbox round 2: error objects
    .command(
      "an error object with a working __tostring", error: "plugin hostile: shown through __tostring",
      "error(setmetatable({}, { __tostring = function() return 'shown through __tostring' end }))"),
    .loading(
      "a menu nested 17 levels deep", error: "nest at most 16 levels deep",
      """
      local menu = { 'hostile.run' }
      for _ = 1, 17 do menu = { folio.submenu { title = 'Deeper', items = menu } } end
      folio.menu { id = 'hostile.deep', title = 'Deep', items = menu }
      """),
    // Stack
    .command(
      "deep recursion", error: "memory budget",
      "local function f(n) return 1 + f(n + 1) end f(1)"),
    .command(
      "recursion through pcall", error: "stack overflow",
      "local function f() local ok, e = pcall(f) error(e, 0) end f()"),
    .command(
      "recursion through __index", error: "stack overflow",
      "local t = setmetatable({}, { __index = function(t, k) return t[k] end }) return t.x"),
    // Memory
    .command(
      "a string doubling without end", error: "memory budget",
      "local s = 'x' while true do s = s .. s end"),
    .command(
      "a table growing without end", error: "memory budget",
      "local t = {} local i = 0 while true do i = i + 1 t[i] = {} end"),
    .command("one huge string.rep", error: "resulting string too large", "return string.rep('x', 1 << 40)"),
    .command(
      "a memory error caught, then a loop",
      error: "not enough memory (memory budget of 32 MB exceeded; setting plugins.memory)",
      "pcall(function() local s = 'x' while true do s = s .. s end end) while true do end"),
    .loading(
      "a memory bomb while loading", error: "memory budget",
      "local t = {} while true do t[#t + 1] = string.rep('y', 1000) end"),
    // Escapes
    .command("package.loadlib", error: "package", "return package.loadlib('libc.so.6', 'system')"),
    .command("io.open", error: "`io` is not available to plugins", "return io.open('/etc/passwd')"),
    .command("os.execute", error: "execute", "return os.execute('touch pwned')"),
    .command("os.getenv", error: "getenv", "return os.getenv('HOME')"),
    .command("debug.sethook", error: "`debug` is not available to plugins", "debug.sethook()"),
    .command("dofile", error: "dofile", "dofile('/etc/passwd')"),
    .command("loadfile", error: "loadfile", "loadfile('/etc/passwd')"),
    .command(
      "bytecode through load", error: "binary chunk",
      "assert(load('\\27Lua\\x54\\0\\x19\\x93\\r\\n\\x1a\\n', 'x', 'b'))"),
    .command(
      "bytecode through load in text mode", error: "binary chunk",
      "assert(load('\\27Lua\\x54\\0', 'x'))"),
    .command("require of a path outside the folder", error: "module", "require('../../etc/passwd')"),
    .command("require of a C library", error: "module", "require('lfs')"),
    .command(
      "string metatable poisoning", error: "attempt to index a string value",
      "getmetatable('').__index = function() return function() return 'poisoned' end end"),
    .command(
      "a finaliser", error: "__gc",
      "setmetatable({}, { __gc = function() while true do end end })"),
    .command(
      "collectgarbage('stop')", error: "not allowed",
      "collectgarbage('stop') local s = 'x' while true do s = s .. s end"),
    // Error objects
    .command(
      "an error object whose __tostring fails", error: "error object",
      "error(setmetatable({}, { __tostring = function() error('nope') end }))"),
    .spinning(
      "an error object whose __tostring loops",
      "error(setmetatable({}, { __tostring = function() while true do end end }))"),
    .command("an error object that is a table", error: "error object", "error({})"),
    .command("error(nil)", error: "nil", "error(nil)"),
    .command(
      "a change, then an error", error: "boom", "error('boom')"),
    // C functions that never return on their own
    .spinning(
      "a pattern bomb in string.find",
      "string.find(string.rep('a', 40), string.rep('a*', 30) .. 'b')"),
    .spinning(
      "a pattern bomb in gsub",
      "string.gsub(string.rep('a', 40), string.rep('a-', 30) .. 'b', '')"),
    .spinning(
      "a pattern bomb in gmatch",
      "for _ in string.gmatch(string.rep('a', 40), string.rep('a*', 30) .. '$b') do end"),
    // Re-entrancy
    .command(
      "a bare yield from a command", error: "attempt to yield from outside a coroutine",
      "coroutine.yield(1, 2)"),
    .command(
      "ctx:confirm inside a coroutine of its own", error: "ctx:confirm",
      "coroutine.wrap(function() return ctx:confirm { title = 'x', buttons = { { title = 'OK' } } } end)()"),
    HostilePlugin(
      name: "an enabled predicate that edits the document",
      source: """
        folio.command { id = "hostile.run", title = "Run", run = function() end,
          enabled = function(ctx)
            ctx.document:set(ctx.document:rows()[1].id, "name", "Hijacked")
            return true
          end }
        """,
      errors: ["d:set: documents are read-only in enabled, visible and state get functions"]),
    // API misuse and oversized inputs
    .command(
      "a state value too big for the budget", error: "memory budget",
      "folio.state.set('k', string.rep('s', 20 * 1024 * 1024))"),
    .loading(
      "a handler for an event that does not exist", error: "document.exploded",
      "folio.on('document.exploded', function() end)"),
    .loading(
      "a context menu naming another plugin's command", error: "witness.check",
      "folio.context_menu { selection = 'single', items = { 'witness.check' } }"),
    .loading(
      "a toolbar item naming a missing command", error: "hostile.missing",
      "folio.toolbar_item { id = 'hostile.item', command = 'hostile.missing' }"),
    .command(
      "a row that does not exist", error: "row", "ctx.document:set(123456789, 'name', 'x')"),
    .command(
      "a column that does not exist", error: "column", "ctx.document:set(1, 'no such column', 'x')"),
    .command("a cell that is a table", error: "string", "ctx.document:set(1, 'name', {})"),
    .command(
      "a confirm without buttons", error: "button", "ctx:confirm { title = 'Sure?', buttons = {} }"),
    .command(
      "declaring a command while running", error: "folio.command",
      "folio.command { id = 'hostile.late', title = 'Late', run = function() end }"),
    .command(
      "an oversized cell", error: "memory budget",
      "ctx.document:add({ name = string.rep('z', 64 * 1024 * 1024) })"),
    // Sizes: long messages are cut, folio.state has quotas and rolls back with the command
    .command("a 10 MB error message", error: "more bytes cut)", "error(('x'):rep(1e7))"),
    .command(
      "a folio.state value over its quota", error: "(setting plugins.state-value)",
      "folio.state.set('k', ('x'):rep(1e6))"),
    .command(
      "folio.state writes past the plugin's quota", error: "(setting plugins.state-total)",
      "for i = 1, 1e6 do folio.state.set('k' .. i, ('x'):rep(60000)) end"),
    .loading(
      "a command without an id", error: "id", "folio.command { title = 'Nameless', run = function() end }"),
    .loading(
      "a command id that is not text", error: "id",
      "folio.command { id = 42, title = 'Number', run = function() end }"),
    .loading(
      "a menu naming an unknown command", error: "no.such.command",
      "folio.menu { id = 'hostile.menu', title = 'Menu', items = { 'no.such.command' } }"),
    // Sandbox round 3: loops inside C functions are charged
    .command(
      "string.rep of an empty string a huge number of times", error: "rep returned at once: 0",
      "error('rep returned at once: ' .. #string.rep('', 1 << 62, ''))"),
    .spinning("table.move over a huge empty range", "table.move({}, 1, math.maxinteger - 1, 1)"),
    .spinning(
      "table.insert into a table whose __len lies",
      "table.insert(setmetatable({}, { __len = function() return math.maxinteger - 1 end }), 1, 'x')"),
    .loading(
      "table.move over a huge range at the top of plugin.lua",
      errors: ["instruction budget exceeded in table.move", "time budget exceeded in table.move"],
      "table.move({}, 1, 1 << 62, 1)"),
    // Sandbox round 3: a spent budget ends the callback whatever the plugin does
    .spinning(
      "coroutine.close swallowing the stop of a looping __close",
      """
      local co = coroutine.create(function()
        local x <close> = setmetatable({}, { __close = function() while true do end end })
        coroutine.yield()
      end)
      coroutine.resume(co)
      return tostring(coroutine.close(co))
      """),
    .command(
      "a memory error caught, then a return",
      error: "not enough memory (memory budget of 32 MB exceeded; setting plugins.memory)",
      "pcall(function() local s = 'x' while true do s = s .. s end end) return 'survived'"),
    // Sandbox round 3: ids, text
    .loading(
      "a command in another plugin's namespace", error: "outside the plugin's namespace",
      "folio.command { id = 'witness.check', title = 'Stolen', run = function() end }"),
    .loading(
      "a menu replacing the built-in title menu", error: "outside the plugin's namespace",
      "folio.menu { id = 'title', title = 'Mine', items = { 'hostile.run' } }"),
    .command(
      "a cell of invalid UTF-8",
      error: "d:set: argument #3 is a string that is not valid UTF-8 (byte 4 is \\xE9)",
      "ctx.document:set(1, 'name', 'caf\\xe9')"),
  ]

  /// A coroutine the budget stops while it holds a to-be-closed variable whose `__close`
  /// loops, resumed inside a `pcall` whose own to-be-closed variable closes the coroutine.
  static let closeAfterStop = """
    local co = coroutine.create(function()
      local x <close> = setmetatable({}, { __close = function() while true do end end })
      while true do end
    end)
    pcall(function()
      local y <close> = setmetatable({}, { __close = function() coroutine.close(co) end })
      coroutine.resume(co)
    end)
    """

  /// A well-behaved plugin that must keep working after each attack.
  static let witness = """
    folio.command { id = "witness.check", title = "Check", run = function(ctx)
      ctx:notify(("witness sees "):upper() .. #ctx.document:rows() .. " rows")
    end }
    """

  static let places = "name,city\nAlcatraz,San Francisco\nLouvre,Paris\nPrado,Madrid\n"

  @Test("a hostile plugin ends as a clear error and changes nothing", arguments: plugins)
  func hostile(_ plugin: HostilePlugin) throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pluginsFolder = folder.appendingPathComponent("plugins")
    for (name, source) in [("hostile", plugin.source), ("witness", Self.witness)] {
      let pluginFolder = pluginsFolder.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: pluginFolder, withIntermediateDirectories: true)
      try source.write(
        to: pluginFolder.appendingPathComponent("plugin.lua"), atomically: true, encoding: .utf8)
    }
    let document = folder.appendingPathComponent("places.csv")
    try Self.places.write(to: document, atomically: true, encoding: .utf8)
    let script = """
      open places.csv
      cell 2 name Orsay
      echo @before
      show
      echo @-
      hostile.run
      echo @after
      show
      echo @-
      undo
      echo @undone
      show
      echo @-
      witness.check
      plugins

      """
    let result = try FolioProcess.run(
      ["--keep-going", "--plugins", "plugins"], input: Data(script.utf8), in: folder)

    #expect(result.status == 1, "\(result.errors)")
    let expected = plugin.failsWhileLoading ? "hostile" : "plugin hostile: "
    #expect(result.errors.contains(expected), "\(result.output)\(result.errors)")
    #expect(
      plugin.errors.contains { (result.errors + result.output).contains($0) },
      "\(result.output)\(result.errors)")
    let sections = Self.sections(of: result.output)
    #expect(sections["@after"] == sections["@before"], "\(result.output)")
    #expect(sections["@after"]?.contains("Orsay") == true, "\(result.output)")
    #expect(sections["@undone"]?.contains("Louvre") == true, "\(result.output)")
    #expect(sections["@undone"]?.contains("Orsay") == false, "\(result.output)")
    #expect(result.output.contains("WITNESS SEES 3 rows"), "\(result.output)\(result.errors)")
    #expect(try String(contentsOf: document, encoding: .utf8) == Self.places)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path))
    if plugin.failsWhileLoading {
      #expect(result.output.contains("hostile  failed"), "\(result.output)")
    }
  }

  /// The output after each `echo @NAME` marker, up to the next marker (`@-` ends one).
  static func sections(of output: String) -> [String: String] {
    var sections: [String: String] = [:]
    var current: String?
    for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("@") {
        current = String(line)
        sections[String(line)] = ""
      } else if let name = current {
        sections[name, default: ""] += line + "\n"
      }
    }
    return sections
  }
}
