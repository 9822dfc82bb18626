import FolioCore
import Foundation
import Testing

@testable import FolioLua

/// The mistakes a plugin author makes are errors that name the plugin, the `FILE:LINE:` and
/// what to write instead; the API is a module; cells follow one data contract; JSON helpers.
@Suite struct PluginAuthorTests {
  /// A folder of plugins, one sub-folder per name, each with the files given; removed when
  /// the test ends.
  private final class Plugins {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-authors-\(UUID().uuidString)")
    let surface = RecordingSurface()
    let host: PluginHost

    init(_ plugins: [String: [String: String]]) throws {
      for (name, files) in plugins {
        for (path, text) in files {
          let url = root.appendingPathComponent("\(name)/\(path)")
          try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
          try text.write(to: url, atomically: true, encoding: .utf8)
        }
      }
      host = PluginHost(surface: surface)
      host.discoverAndLoad(in: [root.path])
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// Why the plugin failed to load, nil when it loaded.
    func failure(_ name: String) -> String? {
      if case .failed(let reason) = host.plugin(named: name)?.status { return reason }
      return nil
    }

    func run(_ id: String, _ words: [Word] = []) throws -> CommandOutput {
      let command = try #require(surface.registry.command(id: id))
      return try surface.registry.invoke(command, words: words)
    }

    func text(_ id: String) throws -> String? {
      if case .text(let text) = try run(id) { return text }
      return nil
    }

    func availability(_ id: String) throws -> Availability {
      try #require(surface.registry.command(id: id)).currentAvailability
    }
  }

  private static func plugin(_ source: String, manifest: String? = nil) -> [String: String] {
    var files = ["plugin.lua": source]
    if let manifest { files["manifest.lua"] = manifest }
    return files
  }

  @Test("require(\"folio\") returns the global API table; the standard libraries are modules too")
  func requireFolio() throws {
    let plugins = try Plugins([
      "mod": Self.plugin(
        """
        local api = require("folio")
        api.command { id = "mod.same", title = "Same", run = function()
          return tostring(api == folio) .. " " .. tostring(require("string") == string)
            .. " " .. tostring(require("folio") == api)
        end }
        """)
    ])
    #expect(plugins.failure("mod") == nil)
    #expect(try plugins.text("mod.same") == "true true true")
  }

  @Test(
    "reading what the sandbox leaves out says so and names what to use instead",
    arguments: [
      ("io.open('x')", "`io` is not available to plugins: read and change documents through ctx.document"),
      ("os.execute('ls')", "`os.execute` is not available to plugins: plugins cannot run programs"),
      ("os.getenv('HOME')", "`os.getenv` is not available to plugins: ctx.env describes"),
      ("debug.traceback()", "`debug` is not available to plugins:"),
      (
        "package.loadlib('x', 'y')", "`package` is not available to plugins: require(\"name\") loads name.lua"
      ),
      ("dofile('x.lua')", "`dofile` is not available to plugins:"),
      ("loadstring('return 1')", "`loadstring` is not available to plugins: load(text) compiles text"),
      ("unpack({1})", "`unpack` is not available to plugins: use table.unpack"),
      ("require('io')", "require: `io` is not available to plugins:"),
    ])
  func unavailable(_ code: String, _ expected: String) throws {
    let plugins = try Plugins([
      "sand": Self.plugin(
        """
        folio.command { id = "sand.try", title = "Try", run = function()
          return \(code)
        end }
        """)
    ])
    let error = try #require(throws: FolioError.self) { try plugins.run("sand.try") }
    #expect(error.message.hasPrefix("plugin sand: plugin.lua:2: " + expected), "\(error.message)")
  }

  @Test("an undefined global that is not a known omission still reads as nil")
  func otherGlobalsReadAsNil() throws {
    let plugins = try Plugins([
      "nil": Self.plugin(
        "folio.command { id = \"nil.probe\", title = \"P\", run = function() return tostring(jit) end }")
    ])
    #expect(try plugins.text("nil.probe") == "nil")
  }

  @Test("run returning a table is structured output; functions, cycles and mixed tables are errors")
  func structuredResults() throws {
    let plugins = try Plugins([
      "out": Self.plugin(
        """
        folio.command { id = "out.list", title = "List", run = function(ctx)
          ctx:notify("two rows")
          return { { name = "Ada", age = 36 }, { name = "Bob" } }
        end }
        folio.command { id = "out.map", title = "Map", run = function() return { a = 1, b = { true, "x" } } end }
        folio.command { id = "out.fn", title = "Fn", run = function() return { 1, { f = print } } end }
        folio.command { id = "out.cycle", title = "Cycle", run = function()
          local t = {}
          t.me = t
          return t
        end }
        folio.command { id = "out.mixed", title = "Mixed", run = function() return { 1, x = 2 } end }
        folio.command { id = "out.gap", title = "Gap", run = function() return { 1, nil, 3 } end }
        folio.command { id = "out.bare", title = "Bare", run = function() return print end }
        """)
    ])
    guard case .value(let list, let notices) = try plugins.run("out.list") else {
      Issue.record("expected structured output")
      return
    }
    #expect(notices == ["two rows"])
    #expect(list.serialized == #"[{"age":36,"name":"Ada"},{"name":"Bob"}]"#)
    guard case .value(let map, _) = try plugins.run("out.map") else {
      Issue.record("expected structured output")
      return
    }
    #expect(map.serialized == #"{"a":1,"b":[true,"x"]}"#)
    let expectations = [
      ("out.fn", "plugin out: plugin.lua:6: run returned a function at $[2].f; return a string"),
      ("out.cycle", "plugin out: plugin.lua:7: run returned a table that contains itself at $.me;"),
      (
        "out.mixed", "plugin out: plugin.lua:12: run returned a table that mixes list items with string keys;"
      ),
      ("out.gap", "plugin out: plugin.lua:13: run returned a list with a gap at [2]"),
      (
        "out.bare", "plugin out: plugin.lua:14: run returned a function; return a string, a number, a boolean"
      ),
    ]
    for (id, expected) in expectations {
      let error = try #require(throws: FolioError.self) { try plugins.run(id) }
      #expect(error.message.hasPrefix(expected), "\(id): \(error.message)")
    }
  }

  @Test(
    "enabled, visible and state getters returning the wrong kind disable the item with the reason, logged once"
  )
  func wrongPredicateResults() throws {
    let plugins = try Plugins([
      "pred": Self.plugin(
        """
        folio.command { id = "pred.en", title = "En", enabled = function() return {} end, run = print }
        folio.command { id = "pred.vis", title = "Vis", visible = function() return 1 end, run = print }
        folio.command { id = "pred.tog", title = "Tog",
          state = { kind = "toggle", get = function() return "yes" end, set = function() end } }
        folio.command { id = "pred.cho", title = "Cho",
          state = { kind = "choice", options = { "a", "b" }, get = function() return "c" end, set = function() end } }
        folio.command { id = "pred.ok", title = "Ok",
          state = { kind = "toggle", get = function() return true end, set = function() end } }
        """)
    ])
    #expect(plugins.failure("pred") == nil)
    let expectations: [(String, Availability)] = [
      (
        "pred.en",
        .disabled(
          reason:
            "plugin pred: plugin.lua:1: enabled must return true, false or a reason (a string), got table")
      ),
      (
        "pred.vis",
        .hidden(
          reason:
            "plugin pred: plugin.lua:2: visible must return true, false or a reason (a string), got number")
      ),
      (
        "pred.tog",
        .disabled(
          reason: "plugin pred: plugin.lua:4: state get must return a boolean, got the string \"yes\"")
      ),
      (
        "pred.cho",
        .disabled(
          reason: "plugin pred: plugin.lua:6: state get must return one of its options (\"a\", \"b\"), "
            + "got the string \"c\"")
      ),
      ("pred.ok", .enabled),
    ]
    for (id, expected) in expectations {
      #expect(try plugins.availability(id) == expected, "\(id)")
      #expect(try plugins.availability(id) == expected, "\(id), asked again")
    }
    let log = plugins.host.plugin(named: "pred")?.log ?? []
    #expect(log.filter { $0.contains("enabled must return") }.count == 1, "\(log)")
  }

  @Test(
    "declaration mistakes fail the load with FILE:LINE and what to write instead",
    arguments: [
      (
        """
        folio.command { id = "m.a", title = "A", params = { name = "who" }, run = print }
        """,
        "plugin.lua:1: folio.command: field 'params' must be a list { …, … }, got a table with the key 'name'; "
          + "write params = { { name = … } } for a list of one table"
      ),
      (
        """
        folio.command { id = "m.a", title = "A", params = { { name = "x", type = "choice", choices = { "a", 2 } } },
          run = print }
        """,
        "plugin.lua:1: folio.command: params[1]: field 'choices' must be a list of strings, but item 2 is number"
      ),
      (
        """
        folio.command { id = "m.a", title = "A", run = print }
        folio.command { id = "m.a", title = "Again", run = print }
        """,
        "plugin.lua:2: folio.command:"
      ),
      (
        """
        folio.share_target { id = "m.t", title = "T", accepts = { "text" }, send = print }
        folio.share_target { id = "m.t", title = "T2", accepts = { "text" }, send = print }
        """,
        "plugin.lua:2: folio.share_target:"
      ),
      (
        """
        folio.command { id = "m.a", title = "A", run = print }
        local x = nil
        x.y = 1
        """,
        "plugin.lua:3: attempt to index a nil value (local 'x')"
      ),
    ])
  func declarationMistakes(_ source: String, _ expected: String) throws {
    let plugins = try Plugins(["m": Self.plugin(source)])
    let failure = try #require(plugins.failure("m"))
    #expect(failure.hasPrefix(expected), "\(failure)")
    #expect(plugins.surface.registry.command(id: "m.a") == nil)
  }

  @Test(
    "manifest mistakes fail the load: unknown fields, a numeric version, permissions",
    arguments: [
      (
        "return { version = \"1.0\", colour = \"red\" }",
        "manifest.lua: unknown field 'colour' (fields: api, "
      ),
      (
        "return { version = 1.5 }",
        "manifest.lua: field 'version' must be a string, got a number: write version = \"1.5\""
      ),
      (
        "return { version = 2 }",
        "manifest.lua: field 'version' must be a string, got a number: write version = \"2\""
      ),
      (
        "return { permissions = { \"network\" } }",
        "manifest.lua: field 'permissions' asks for permissions, but Folio"
      ),
      ("return { description = { \"x\" } }", "manifest.lua: field 'description' must be a string, got table"),
    ])
  func manifestMistakes(_ manifest: String, _ expected: String) throws {
    let plugins = try Plugins(["man": Self.plugin("folio.log('ran')", manifest: manifest)])
    let failure = try #require(plugins.failure("man"))
    #expect(failure.hasPrefix(expected), "\(failure)")
  }

  @Test("an empty permissions list is allowed")
  func emptyPermissions() throws {
    let plugins = try Plugins([
      "man": Self.plugin(
        "folio.log('ran')", manifest: "return { version = \"1.0\", api = 1, permissions = {} }")
    ])
    #expect(plugins.failure("man") == nil)
    #expect(plugins.host.plugin(named: "man")?.version == "1.0")
  }

  @Test("a failed plugin is found by the commands it declared, or by its name as the id's first part")
  func failedPluginForCommand() throws {
    let plugins = try Plugins([
      "oops": Self.plugin(
        """
        folio.command { id = "oops.greet", title = "Greet", run = print }
        error("broken")
        """)
    ])
    #expect(plugins.host.failedPlugin(forCommand: "oops.greet")?.name == "oops")
    #expect(plugins.host.failedPlugin(forCommand: "oops.anything")?.name == "oops")
    #expect(plugins.host.failedPlugin(forCommand: "nobody.greet") == nil)
    #expect(plugins.failure("oops") == "plugin.lua:2: broken")
  }

  @Test("a spent instruction budget names the line that was running")
  func budgetLocation() throws {
    let plugins = try Plugins([
      "slow": Self.plugin(
        """
        folio.command { id = "slow.spin", title = "Spin", run = function()
          local n = 0
          while true do n = n + 1 end
        end }
        """)
    ])
    plugins.host.instructionBudget = 100_000
    let error = try #require(throws: FolioError.self) { try plugins.run("slow.spin") }
    #expect(
      error.message
        == "plugin slow: plugin.lua:3: instruction budget exceeded (100000 instructions per callback; setting plugins.instructions)"
    )
  }

  @Test("cells come typed by their column's kind; numbers are written in their canonical form")
  func cellContract() throws {
    let plugins = try Plugins([
      "cells": Self.plugin(
        """
        local function show(v) return type(v) .. ":" .. tostring(v) end
        folio.command { id = "cells.read", title = "Read", run = function(ctx)
          local out = {}
          for _, row in ipairs(ctx.document:rows()) do
            out[#out + 1] = table.concat({ show(row.price), show(row.zip), show(row.open), show(row.note) }, " ")
          end
          return table.concat(out, "\\n")
        end }
        folio.command { id = "cells.write", title = "Write", run = function(ctx)
          local d = ctx.document
          local id = d:rows()[1].id
          d:set(id, "price", 3.0)
          d:set(id, "zip", 0.5)
          d:set(id, "note", 7)
          return show(d:get(id, "price")) .. " " .. show(d:get(id, "zip")) .. " " .. show(d:get(id, "note"))
        end }
        """)
    ])
    let table = try plugins.surface.workspace.newDocument(
      kind: .table, columns: ["price", "zip", "open", "note"])
    _ = try plugins.surface.workspace.addRow(
      [("price", "12"), ("zip", "0042"), ("open", "yes"), ("note", "12")], to: table)
    _ = try plugins.surface.workspace.addRow(
      [("price", "2.5"), ("zip", "75001"), ("open", "no"), ("note", "")], to: table)
    _ = try plugins.surface.workspace.addRow(
      [("price", ""), ("zip", "N1"), ("open", ""), ("note", "abc")], to: table)
    #expect(
      try plugins.text("cells.read")
        == """
        number:12 string:0042 boolean:true string:12
        number:2.5 string:75001 boolean:false nil:nil
        nil:nil string:N1 nil:nil string:abc
        """)
    #expect(try plugins.text("cells.write") == "number:3 string:0.5 string:7")
    guard case .table(let model) = table.content else { throw FolioError(.io, "expected a table") }
    #expect(model.cells(ofRow: 0).map(\.description) == ["3", "0.5", "yes", "7"])
  }

  @Test("writing back every cell d:rows() or ctx.selection:rows() gives changes no byte; codes stay text")
  func writingBackChangesNothing() throws {
    let plugins = try Plugins([
      "again": Self.plugin(
        """
        local function rewrite(d, rows)
          for _, r in ipairs(rows) do
            for k, v in pairs(r) do
              if k ~= "id" then d:set(r.id, k, v) end
            end
          end
        end
        folio.command { id = "again.rows", title = "Rows", run = function(ctx)
          rewrite(ctx.document, ctx.document:rows())
        end }
        folio.command { id = "again.selection", title = "Selection", run = function(ctx)
          rewrite(ctx.document, ctx.selection:rows())
        end }
        folio.command { id = "again.get", title = "Get", run = function(ctx)
          local d = ctx.document
          return type(d:get(1, "code")) .. ":" .. d:get(1, "code") .. " " .. tostring(d:get(1, "open"))
            .. " " .. tostring(d:get(2, "price"))
        end }
        folio.command { id = "again.other", title = "Other", run = function(ctx)
          local d = ctx.document
          d:set(1, "open", false)
          d:set(2, "open", true)
          d:set(3, "price", d:get(1, "price"))
          d:add { name = "D", open = true, price = 2, code = "011" }
        end }
        """)
    ])
    let csv = "name,open,price,code\nA,Yes,1.50,007\nB,no,2.0,010\nC,Y,1e3,100\n"
    let workspace = plugins.surface.workspace
    let places = plugins.root.appendingPathComponent("places.csv")
    try csv.write(to: places, atomically: true, encoding: .utf8)
    let document = try workspace.open(places.path).document
    let bytes = { () throws -> String in
      guard case .table(let model) = document.content else { throw FolioError(.io, "expected a table") }
      return String(decoding: DelimitedFormat.encode(model), as: UTF8.self)
    }
    _ = try plugins.run("again.rows")
    workspace.setEditing(true, in: document, environment: AppEnvironment())
    try workspace.select([1, 2, 3], mode: .replace, in: document, environment: AppEnvironment())
    _ = try plugins.run("again.selection")
    #expect(try bytes() == csv)
    #expect(!document.isDirty)
    #expect { try workspace.undo(document) } throws: { ($0 as? FolioError)?.code == .disabled }
    #expect(try plugins.text("again.get") == "string:007 true 2.0")
    _ = try plugins.run("again.other")
    #expect(try bytes() == "name,open,price,code\nA,no,1.50,007\nB,Y,2.0,010\nC,Y,1.50,100\nD,Y,2.0,011\n")
    // A column of zip codes is text: its cells come as they are written.
    let zips = plugins.root.appendingPathComponent("zips.csv")
    try "code,open,price\n0042,yes,1\n0043,no,2\n".write(to: zips, atomically: true, encoding: .utf8)
    _ = try workspace.open(zips.path)
    #expect(try plugins.text("again.get") == "string:0042 true 2")
  }

  @Test("folio.json encodes plain data and decodes JSON; errors name the path or the line and column")
  func json() throws {
    let plugins = try Plugins([
      "js": Self.plugin(
        """
        folio.command { id = "js.round", title = "Round", run = function()
          local text = folio.json.encode({ rows = { 1, 2.5, { name = "x" } }, ok = true })
          local back = folio.json.decode('{"a":[1,2.5,null,"x"],"b":{"c":false}}')
          return text .. " " .. math.type(back.a[1]) .. " " .. tostring(back.a[3]) .. " " .. back.a[4]
            .. " " .. tostring(back.b.c) .. " " .. folio.json.encode({})
        end }
        folio.command { id = "js.bad", title = "Bad", run = function()
          return folio.json.encode({ rows = { 1, 2, { name = print } } })
        end }
        folio.command { id = "js.key", title = "Key", run = function()
          return folio.json.encode({ ["my key"] = { [true] = 1 } })
        end }
        folio.command { id = "js.syntax", title = "Syntax", run = function() return folio.json.decode('{"a":') end }
        """)
    ])
    #expect(
      try plugins.text("js.round") == #"{"ok":true,"rows":[1,2.5,{"name":"x"}]} integer nil x false []"#)
    let bad = try #require(throws: FolioError.self) { try plugins.run("js.bad") }
    #expect(
      bad.message.hasPrefix(
        "plugin js: plugin.lua:8: folio.json.encode: cannot encode a function at $.rows[3].name; only strings"
      ),
      "\(bad.message)")
    let key = try #require(throws: FolioError.self) { try plugins.run("js.key") }
    #expect(
      key.message.hasPrefix(
        #"plugin js: plugin.lua:11: folio.json.encode: cannot encode a table with a boolean key"#)
        && key.message.contains(#"at $["my key"]"#), "\(key.message)")
    let syntax = try #require(throws: FolioError.self) { try plugins.run("js.syntax") }
    #expect(
      syntax.message
        == "plugin js: plugin.lua:13: folio.json.decode: line 1, column 6: expected a value, found the end of the text"
    )
  }

  @Test("folio.copy hands text to the surface's clipboard; a non-string is an error")
  func copy() throws {
    let plugins = try Plugins([
      "cp": Self.plugin(
        """
        folio.command { id = "cp.json", title = "Copy as JSON", run = function()
          folio.copy(folio.json.encode({ { name = "Ada" } }))
        end }
        folio.command { id = "cp.bad", title = "Bad", run = function() folio.copy({}) end }
        """)
    ])
    _ = try plugins.run("cp.json")
    #expect(plugins.surface.clipboard == [#"[{"name":"Ada"}]"#])
    let error = try #require(throws: FolioError.self) { try plugins.run("cp.bad") }
    #expect(error.message == "plugin cp: plugin.lua:4: folio.copy: expects a string, got table")
  }

  @Test("folio.state keeps tables of plain data, within the quotas")
  func stateTables() throws {
    let plugins = try Plugins([
      "st": Self.plugin(
        """
        folio.command { id = "st.put", title = "Put", run = function()
          folio.state.set("recent", { { name = "Ada", visits = 3 }, { name = "Bob", visits = 1 } })
        end }
        folio.command { id = "st.get", title = "Get", run = function()
          local recent = folio.state.get("recent")
          return recent[1].name .. " " .. recent[1].visits .. " " .. #recent
        end }
        folio.command { id = "st.fn", title = "Fn", run = function() folio.state.set("f", { print }) end }
        """)
    ])
    _ = try plugins.run("st.put")
    #expect(try plugins.text("st.get") == "Ada 3 2")
    try plugins.host.reload(named: "st")
    #expect(try plugins.text("st.get") == "Ada 3 2")
    let error = try #require(throws: FolioError.self) { try plugins.run("st.fn") }
    #expect(
      error.message.hasPrefix(
        "plugin st: plugin.lua:8: folio.state.set: 'value' cannot be stored: a function at $[1]"),
      "\(error.message)")
  }
}
