import Foundation
import Testing

@testable import FolioCore
@testable import FolioLua

@Suite struct PluginHostTests {
  private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  private func run(_ id: String, in surface: RecordingSurface, _ words: [Word] = []) throws -> CommandOutput {
    let command = try #require(surface.registry.command(id: id))
    return try surface.registry.invoke(command, words: words)
  }

  @Test("the shipped hello plugin loads, greets, keeps its count across reload, and unloads cleanly")
  func shippedHello() throws {
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    let failed = host.discoverAndLoad(in: [Self.repository.appendingPathComponent("plugins").path])
    #expect(failed.isEmpty)
    guard case .text(let first) = try run("hello.greet", in: surface, [Word("Ada")]) else {
      Issue.record("expected text")
      return
    }
    #expect(first == "greeting #1\nHello, Ada")
    #expect(surface.menus.contains { $0.id == "hello.menu" })
    try host.reload(named: "hello")
    guard case .text(let second) = try run("hello.greet", in: surface) else {
      Issue.record("expected text")
      return
    }
    #expect(second == "greeting #2\nHello, world")
    try host.unload(named: "hello")
    #expect(surface.registry.command(id: "hello.greet") == nil)
    #expect(!surface.menus.contains { $0.owner == "plugin hello" })
    #expect(host.plugin(named: "hello")?.status == .disabled)
  }

  @Test("a runaway loop inside pcall is still stopped by the budget")
  func pcallCannotSwallowTheBudget() throws {
    let lua = try LuaState()
    lua.instructionBudget = 100_000
    let error = try #require(throws: LuaError.self) {
      try lua.run(
        "while true do pcall(function() while true do end end) end", name: "=swallow")
    }
    #expect(error.message.contains("instruction budget exceeded"))
    lua.instructionBudget = nil
    #expect(try lua.run("return select('#', pcall(error, 'x'))", name: "=after") == [.integer(2)])
  }

  private static func makePlugin(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-plugins-\(UUID().uuidString)")
    for (path, text) in files {
      let url = root.appendingPathComponent("demo/" + path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return root
  }

  @Test(
    "require loads only the plugin's own modules; __gc, collectgarbage options and the string metatable are refused"
  )
  func sandbox() throws {
    let root = try Self.makePlugin([
      "util.lua": "return { twice = function(x) return x * 2 end }",
      "plugin.lua": """
      local util = require("util")
      folio.command { id = "demo.probe", title = "Probe", run = function()
        local out = { tostring(util.twice(21)), tostring(require("util") == util),
          tostring(getmetatable("")) }
        for _, f in ipairs {
          function() return require("../outside") end,
          function() return require("/etc/passwd") end,
          function() return setmetatable({}, { __gc = print }) end,
          function() return collectgarbage("stop") end,
          function() return collectgarbage("incremental") end,
          function() return setmetatable("", {}) end,
        } do out[#out + 1] = tostring(pcall(f)) end
        return table.concat(out, " ")
      end }
      """,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    guard case .text(let text) = try run("demo.probe", in: surface) else {
      Issue.record("expected text")
      return
    }
    #expect(text == "42 true protected false false false false false false")
  }

  @Test("share targets, toolbar items and event handlers are contributed and removed on unload")
  func shareToolbarAndEvents() throws {
    let root = try Self.makePlugin([
      "plugin.lua": """
      folio.command { id = "demo.run", title = "Run", run = function() end }
      folio.share_target { id = "upper", title = "Upper", accepts = { "text" },
        send = function(ctx, item) return item.text:upper(), "md" end }
      folio.toolbar_item { id = "demo.tool", command = "demo.run", placement = "primaryAction",
        shows_by_default = false, priority = "high" }
      folio.on("document.opened", function(ctx) folio.log("opened " .. ctx.document.title) end)
      folio.on("document.saved", function() error("boom") end)
      """
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    #expect(surface.workspace.shareTargets.target(id: "upper")?.owner == "plugin demo")
    #expect(surface.toolbarItems.map(\.id) == ["demo.tool"])
    #expect(surface.toolbarItems.first?.priority == .high)
    #expect(surface.toolbarItems.first?.showsByDefault == false)

    let file = root.appendingPathComponent("notes.txt")
    try "one\ntwo\n".write(to: file, atomically: true, encoding: .utf8)
    let document = try surface.workspace.open(file.path).document
    try surface.workspace.save(document, force: true)
    let plugin = try #require(host.plugin(named: "demo"))
    #expect(plugin.log.isEmpty)
    surface.workspace.events.flush()
    #expect(plugin.log.first == "opened notes")
    let loggedFailure = plugin.log.contains { $0.hasSuffix("boom") }
    #expect(loggedFailure)

    let outcome = try surface.workspace.share(document, with: "upper", as: nil, to: nil)
    #expect(outcome.writtenPath == root.path + "/notes.md")
    #expect(try String(contentsOfFile: root.path + "/notes.md", encoding: .utf8) == "ONE\nTWO\n")

    try host.unload(named: "demo")
    #expect(surface.workspace.shareTargets.target(id: "upper") == nil)
    #expect(surface.toolbarItems.isEmpty)
    let before = plugin.log.count
    _ = try surface.workspace.open(file.path)
    surface.workspace.events.flush()
    #expect(plugin.log.count == before)
  }

  @Test("folio.on refuses an unknown event, failing the plugin")
  func badEvent() throws {
    let root = try Self.makePlugin(["plugin.lua": "folio.on(\"document.exploded\", function() end)"])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    let failed = host.discoverAndLoad(in: [root.path])
    #expect(failed.count == 1)
    let reason = failed.first.map { "\($0.status)" } ?? ""
    #expect(reason.contains("folio.on: the event must be one of"))
  }

  private func textOf(_ id: String, in surface: RecordingSurface) throws -> String? {
    if case .text(let text) = try run(id, in: surface) { return text }
    return nil
  }

  private static let documentPlugin = """
    folio.command { id = "demo.fill", title = "Fill", run = function(ctx)
      local d = ctx.document
      local a = d:add { name = "Ada", city = "Paris" }
      local b = d:add { name = "Bob" }
      d:set(b, "city", "Rome")
      d:delete { a }
      local out = {}
      for _, row in ipairs(d:rows()) do out[#out + 1] = row.id .. ":" .. row.name .. "@" .. (row.city or "") end
      return table.concat(d:columns(), ",") .. " " .. table.concat(out, ";") .. " " .. d:get(b, "city")
    end }
    folio.command { id = "demo.half", title = "Half", run = function(ctx)
      ctx.document:add { name = "Cy" }
      error("half way")
    end }
    folio.command { id = "demo.spin", title = "Spin", run = function(ctx)
      ctx.document:add { name = "Dee" }
      while true do end
    end }
    folio.command { id = "demo.bad", title = "Bad", params = { { name = "what", type = "string" } },
      run = function(ctx, args)
        local d = ctx.document
        if args.what == "col" then d:get(2, "nope")
        elseif args.what == "id" then d:set("x", "name", "y")
        elseif args.what == "value" then d:add { name = {} }
        elseif args.what == "dot" then d.rows()
        else d:lines() end
      end }
    folio.command { id = "demo.text", title = "Text", run = function(ctx)
      local d = ctx.document
      d:insert(1, "one")
      d:insert(2, "two")
      d:insert(3, "three")
      d:set_line(2, "TWO")
      d:delete_lines(3)
      return table.concat(d:lines(), "|") .. " " .. d:line(1) .. " " .. tostring(d:line(9))
    end }
    local kept
    folio.command { id = "demo.keep", title = "Keep", run = function(ctx) kept = ctx.document end }
    folio.command { id = "demo.late", title = "Late", run = function() return #kept:rows() end }
    """

  @Test("document handles read and edit tables and text; a command is one undo step")
  func documentHandles() throws {
    let root = try Self.makePlugin(["plugin.lua": Self.documentPlugin])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let table = try surface.workspace.newDocument(kind: .table, columns: ["name", "city"])
    #expect(try textOf("demo.fill", in: surface) == ("name,city 2:Bob@Rome Rome"))
    #expect(table.isDirty)
    #expect(try surface.workspace.undo(table) == "Fill")
    #expect(!table.isDirty)
    guard case .table(let model) = table.content else { throw FolioError(.io, "expected a table") }
    #expect(model.rowCount == 0)
    #expect(try surface.workspace.redo(table) == "Fill")
    let text = try surface.workspace.newDocument(kind: .text, columns: [])
    #expect(try textOf("demo.text", in: surface) == ("one|TWO one nil"))
    #expect(try surface.workspace.undo(text) == "Text")
    guard case .text(let lines) = text.content else { throw FolioError(.io, "expected text") }
    #expect(lines.lines.isEmpty)
  }

  @Test("d:set names a column only by its name: columns named '2' and '1' are not positions")
  func columnNamedLikeANumber() throws {
    let root = try Self.makePlugin([
      "plugin.lua": """
      folio.command { id = "demo.set", title = "Set", run = function(ctx)
        local d = ctx.document
        local id = d:rows()[1].id
        d:set(id, "2", "X")
        return d:get(id, "2") .. "," .. d:get(id, "1")
      end }
      """
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let table = try surface.workspace.newDocument(kind: .table, columns: ["2", "1"])
    _ = try surface.workspace.addRow([("2", "a"), ("1", "b")], to: table)
    #expect(try textOf("demo.set", in: surface) == "X,b")
    guard case .table(let model) = table.content else { throw FolioError(.io, "expected a table") }
    #expect(model.cells(ofRow: 0).map(\.description) == ["X", "b"])
  }

  @Test("d:add and d:get name columns only by name, also when the names look like numbers")
  func addToColumnsNamedLikeNumbers() throws {
    let root = try Self.makePlugin([
      "plugin.lua": """
      folio.command { id = "demo.add", title = "Add", run = function(ctx)
        local d = ctx.document
        local id = d:add { ["1"] = "one", ["3"] = "three" }
        return d:get(id, "1") .. "," .. tostring(d:get(id, "2")) .. "," .. d:get(id, "3")
      end }
      folio.command { id = "demo.bad", title = "Bad", run = function(ctx) ctx.document:add { ["4"] = "x" } end }
      """
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let table = try surface.workspace.newDocument(kind: .table, columns: ["3", "2", "1"])
    #expect(try textOf("demo.add", in: surface) == "one,nil,three")
    guard case .table(let model) = table.content else { throw FolioError(.io, "expected a table") }
    #expect(model.cells(ofRow: 0).map(\.description) == ["three", "", "one"])
    let error = try #require(throws: FolioError.self) { try run("demo.bad", in: surface) }
    #expect(error.message.contains("d:add: no column '4' (columns: 3, 2, 1)"), "\(error.message)")
  }

  @Test("a command that fails or runs out of budget leaves the document exactly as before")
  func rollback() throws {
    let root = try Self.makePlugin(["plugin.lua": Self.documentPlugin])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    host.instructionBudget = 100_000
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let table = try surface.workspace.newDocument(kind: .table, columns: ["name", "city"])
    for id in ["demo.half", "demo.spin"] {
      #expect(throws: FolioError.self) { try run(id, in: surface) }
      #expect(!table.isDirty)
      guard case .table(let model) = table.content else { throw FolioError(.io, "expected a table") }
      #expect(model.rowCount == 0)
      #expect(throws: FolioError.self) { try surface.workspace.undo(table) }
    }
  }

  @Test("document methods validate their arguments, and a closed document's handle refuses")
  func documentErrors() throws {
    let root = try Self.makePlugin(["plugin.lua": Self.documentPlugin])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let table = try surface.workspace.newDocument(kind: .table, columns: ["name", "city"])
    _ = try run("demo.fill", in: surface)
    let expectations = [
      "col": "d:get: no column 'nope' (columns: name, city)",
      "id": "d:set: 'id' must be an integer, got string",
      "value": "d:add: 'name' must be a string, number, boolean or nil, got table",
      "dot": "d:rows: call it as a method on a document handle from ctx, d:rows(…)",
      "text": "d:lines: 'Untitled' is a table, not a text document",
    ]
    for (what, message) in expectations {
      let error = try #require(throws: FolioError.self) { try run("demo.bad", in: surface, [Word(what)]) }
      #expect(error.message.contains(message), "\(error.message)")
    }
    _ = try run("demo.keep", in: surface)
    #expect(try textOf("demo.late", in: surface) == ("1"))
    surface.workspace.close(table)
    let error = try #require(throws: FolioError.self) { try run("demo.late", in: surface) }
    #expect(error.message.contains("document closed"))
  }

  private static let confirmPlugin = """
    folio.command { id = "demo.ask", title = "Ask", run = function(ctx)
      local d = ctx.document
      d:add { name = "Ada" }
      local ok, answer = pcall(ctx.confirm, ctx, { title = "Keep Ada?", message = "She was added.",
        buttons = { { title = "Keep" }, { title = "Drop", role = "destructive" } } })
      if answer == "Drop" then error("dropped") end
      if answer == "Spin" then while true do end end
      d:add { name = "Bob" }
      return answer .. " " .. #d:rows()
    end }
    folio.command { id = "demo.spinner", title = "Spinner", run = function(ctx)
      ctx.document:add { name = "Cy" }
      ctx:confirm { title = "Spin?", buttons = { { title = "Spin" }, { title = "Stop", role = "cancel" } } }
      while true do end
    end }
    folio.command { id = "demo.nested", title = "Nested", run = function(ctx)
      local co = coroutine.create(function() return ctx:confirm { title = "x", buttons = { { title = "y" } } } end)
      local ok, message = coroutine.resume(co)
      return tostring(message)
    end }
    folio.command { id = "demo.badask", title = "Bad ask", run = function(ctx)
      ctx:confirm { title = "x", buttons = { { title = "y", role = "maybe" } } }
    end }
    folio.command { id = "demo.later", title = "Later", run = function(ctx)
      local answer = ctx:confirm { title = "Read?", buttons = { { title = "Read" } } }
      return answer .. " " .. ctx.env.platform .. " " .. ctx.selection.count
    end }
    """

  private func dialogOf(_ id: String, in surface: RecordingSurface) throws -> Dialog? {
    if case .dialog(let dialog) = try run(id, in: surface) { return dialog }
    return nil
  }

  private func rowCount(_ document: Document) -> Int {
    if case .table(let model) = document.content { return model.rowCount }
    return -1
  }

  @Test("ctx:confirm suspends the command until the answer; cancel answers the cancel button")
  func confirmSuspends() throws {
    let root = try Self.makePlugin(["plugin.lua": Self.confirmPlugin])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let table = try surface.workspace.newDocument(kind: .table, columns: ["name"])
    let dialog = try #require(try dialogOf("demo.ask", in: surface))
    #expect(dialog.title == "Keep Ada?")
    #expect(dialog.message == "She was added.")
    #expect(dialog.buttons.map(\.title) == ["Keep", "Drop", "Cancel"])
    #expect(dialog.buttons.map(\.role) == [.default, .destructive, .cancel])
    #expect(rowCount(table) == 1)
    guard case .text(let text) = try Self.answer(dialog, "Keep", host: host) else {
      Issue.record("expected text")
      return
    }
    #expect(text == "Keep 2")
    #expect(try surface.workspace.undo(table) == "Ask")
    #expect(rowCount(table) == 0)
    let again = try #require(try dialogOf("demo.ask", in: surface))
    guard case .text(let cancelled) = try Self.answer(again, again.cancelButton.title, host: host) else {
      Issue.record("expected text")
      return
    }
    #expect(cancelled == "Cancel 2")
    let nested = try #require(try textOf("demo.nested", in: surface))
    #expect(nested.contains("ctx:confirm: can only be called by a command's run function"))
    let bad = try #require(throws: FolioError.self) { try run("demo.badask", in: surface) }
    #expect(bad.message.contains("ctx:confirm: buttons[1]: field 'role' must be one of"), "\(bad.message)")
    // A command waiting at ctx:confirm is still running: its ctx is read first after the answer.
    let later = try #require(try dialogOf("demo.later", in: surface))
    guard case .text(let read) = try Self.answer(later, "Read", host: host) else {
      Issue.record("expected text")
      return
    }
    #expect(read == "Read mac 0")
    #expect(host.liveContexts.isEmpty)
  }

  /// Answers a `ctx:confirm` dialog with the button titled `title`, as the session does.
  private static func answer(_ dialog: Dialog, _ title: String, host: PluginHost) throws -> CommandOutput {
    guard case .pluginConfirmation(let number) = dialog.responder else {
      throw FolioError(.internal, "ctx:confirm's dialog is answered by the plugin host")
    }
    return try host.answerConfirmation(number, with: DialogButton(title))
  }

  private static let presentingPlugin = """
    local function ask(ctx, presenting, visibility)
      return ctx:confirm { title = "Keep it?", presenting = presenting, title_visibility = visibility,
        buttons = { { title = "No", role = "cancel" }, { title = "Keep" } } }
    end
    folio.command { id = "demo.row", title = "Row", run = function(ctx) return ask(ctx, 2, "visible") end }
    folio.command { id = "demo.word", title = "Word", run = function(ctx) return ask(ctx, "2") end }
    folio.command { id = "demo.float", title = "Float", run = function(ctx) return ask(ctx, 2.5) end }
    folio.command { id = "demo.table", title = "Table", run = function(ctx) return ask(ctx, { id = 2 }) end }
    folio.command { id = "demo.gone", title = "Gone", run = function(ctx) return ask(ctx, 99) end }
    folio.command { id = "demo.shy", title = "Shy", run = function(ctx) return ask(ctx, 1, "sometimes") end }
    """

  @Test(
    "ctx:confirm{presenting = id}: the dialog names the row; a wrong value is a FILE:LINE error naming the field"
  )
  func confirmPresenting() throws {
    let root = try Self.makePlugin(["plugin.lua": Self.presentingPlugin])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let text = try surface.workspace.newDocument(kind: .text, columns: [])
    let notTable = try #require(throws: FolioError.self) { try run("demo.row", in: surface) }
    #expect(
      notTable.message.contains("plugin.lua:2: ctx:confirm: field 'presenting' needs a table"), "\(notTable)")
    surface.workspace.close(text)
    let table = try surface.workspace.newDocument(kind: .table, columns: ["name"])
    _ = try surface.workspace.addRow([(column: "name", value: "Ada")], to: table)
    _ = try surface.workspace.addRow([(column: "name", value: "Bob")], to: table)
    let dialog = try #require(try dialogOf("demo.row", in: surface))
    #expect(dialog.presenting == PresentedRow(windowID: table.windowID, rowID: 2, title: "Bob"))
    #expect(dialog.titleVisibility == .visible)
    #expect(dialog.buttons.map(\.title) == ["Keep", "No"])
    guard case .text(let answer) = try Self.answer(dialog, "Keep", host: host) else {
      Issue.record("the answer resumes the command")
      return
    }
    #expect(answer == "Keep")
    let expectations = [
      ("demo.word", "field 'presenting' must be a row id (an integer), got string"),
      ("demo.float", "field 'presenting' must be a row id (an integer), got number"),
      ("demo.table", "field 'presenting' must be a row id (an integer), got table"),
      ("demo.gone", "field 'presenting' must be the id of a row of '\(table.title)', got 99"),
      ("demo.shy", "field 'title_visibility' must be one of"),
    ]
    for (id, message) in expectations {
      let error = try #require(throws: FolioError.self) { try run(id, in: surface) }
      #expect(error.message.contains("plugin.lua:2: ctx:confirm: " + message), "\(id): \(error.message)")
    }
    #expect(rowCount(table) == 2)
  }

  @Test("an error or a spent budget after ctx:confirm rolls the whole command back; so does unloading")
  func confirmRollsBack() throws {
    let root = try Self.makePlugin(["plugin.lua": Self.confirmPlugin])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    host.instructionBudget = 100_000
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let table = try surface.workspace.newDocument(kind: .table, columns: ["name"])
    let dialog = try #require(try dialogOf("demo.ask", in: surface))
    let error = try #require(throws: FolioError.self) { try Self.answer(dialog, "Drop", host: host) }
    #expect(error.message.contains("dropped"))
    #expect(rowCount(table) == 0)
    #expect(!table.isDirty)
    let spinner = try #require(try dialogOf("demo.spinner", in: surface))
    let spent = try #require(throws: FolioError.self) { try Self.answer(spinner, "Spin", host: host) }
    #expect(spent.message.contains("instruction budget exceeded"))
    #expect(rowCount(table) == 0)
    #expect(throws: FolioError.self) { try surface.workspace.undo(table) }
    guard case .quarantined = host.plugin(named: "demo")?.status else {
      Issue.record("a spent budget quarantines the plugin")
      return
    }
    try host.reload(named: "demo")
    // A dialog dropped unanswered (the session dismissed it) rolls its command back.
    let dropped = try #require(try dialogOf("demo.ask", in: surface))
    #expect(rowCount(table) == 1)
    guard case .pluginConfirmation(let number) = dropped.responder else {
      Issue.record("ctx:confirm's dialog is answered by the plugin host")
      return
    }
    host.abandonConfirmation(number)
    #expect(rowCount(table) == 0)
    let waiting = try #require(try dialogOf("demo.ask", in: surface))
    #expect(rowCount(table) == 1)
    try host.unload(named: "demo")
    #expect(rowCount(table) == 0)
    #expect(!table.isDirty)
    #expect(throws: FolioError.self) { try Self.answer(waiting, "Keep", host: host) }
  }

  @Test("ctx.env reads the shell's environment when each callback starts")
  func environment() throws {
    let root = try Self.makePlugin([
      "plugin.lua": """
      folio.command { id = "demo.env", title = "Env", run = function(ctx)
        local e = ctx.env
        return e.platform .. " " .. e.size_class .. " " .. e.width .. " " .. tostring(e.keyboard)
      end }
      """
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    #expect(try textOf("demo.env", in: surface) == "mac regular 100 true")
    surface.appEnvironment = AppEnvironment(platform: .iphone, width: 40)
    #expect(try textOf("demo.env", in: surface) == "iphone compact 40 false")
    surface.appEnvironment.hasKeyboard = true
    surface.appEnvironment.width = 70
    #expect(try textOf("demo.env", in: surface) == "iphone compact 70 true")
  }

  @Test("selection.changed fires once per change, with the new selection; its errors go to the log")
  func selectionChanged() throws {
    let root = try Self.makePlugin([
      "plugin.lua": """
      folio.on("selection.changed", function(ctx, event)
        local names = {}
        for _, row in ipairs(ctx.selection:rows()) do names[#names + 1] = row.name end
        folio.log(event.name, ctx.document.title, ctx.selection.count, table.concat(names, "+"))
        if ctx.selection.count == 0 then error("emptied") end
      end)
      """
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let plugin = try #require(host.plugin(named: "demo"))
    let table = try surface.workspace.newDocument(kind: .table, columns: ["name"])
    let ada = try surface.workspace.addRow([("name", "Ada")], to: table)
    let bob = try surface.workspace.addRow([("name", "Bob")], to: table)
    surface.workspace.events.flush()
    #expect(plugin.log.isEmpty)
    try surface.workspace.select([bob, ada], mode: .replace, in: table, environment: AppEnvironment())
    surface.workspace.events.flush()
    surface.workspace.events.flush()
    #expect(plugin.log == ["selection.changed Untitled 2 Ada+Bob"])
    _ = try surface.workspace.deleteRows([ada, bob], from: table)
    surface.workspace.events.flush()
    #expect(plugin.log.count == 4)
    #expect(plugin.log[1] == "selection.changed Untitled 0 ")
    #expect(plugin.log[2].hasSuffix("emptied"))
  }

  @Test("selection.changed does not fire for a selection that ends as it began, nor for a closed window")
  func selectionChangedNetOfUndoneChanges() throws {
    let root = try Self.makePlugin([
      "plugin.lua": """
      folio.on("selection.changed", function(ctx) folio.log(ctx.document.title, ctx.selection.count) end)
      """
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let plugin = try #require(host.plugin(named: "demo"))
    let table = try surface.workspace.newDocument(kind: .table, columns: ["name"])
    let ada = try surface.workspace.addRow([("name", "Ada")], to: table)
    try surface.workspace.select([ada], mode: .replace, in: table, environment: AppEnvironment())
    try surface.workspace.select([], mode: .replace, in: table, environment: AppEnvironment())
    surface.workspace.events.flush()
    #expect(plugin.log.isEmpty)
    try surface.workspace.select([ada], mode: .replace, in: table, environment: AppEnvironment())
    surface.workspace.close(table)
    surface.workspace.events.flush()
    #expect(plugin.log.isEmpty)
  }

  @Test(
    "menus, context menus, toolbar items and contributions may name only their plugin's commands or built-in ones"
  )
  func commandReferences() throws {
    let root = try Self.makePlugin([:])
    defer { try? FileManager.default.removeItem(at: root) }
    let plugins: [String: String] = [
      // Loads before a: naming a's command fails as it does for b, which loads after.
      "0": """
      folio.command { id = "0.own", title = "Own", run = function() end }
      folio.menu { id = "0.menu", title = "Z", items = { "0.own", "a.run" } }
      """,
      "a": "folio.command { id = \"a.run\", title = \"Run\", run = function() end }",
      "b": """
      folio.menu { id = "b.menu", title = "B", items = { "b.own" } }
      folio.command { id = "b.own", title = "Own", run = function() end }
      folio.context_menu { items = { folio.section { items = { "b.own", "a.run" } } } }
      """,
      "c": """
      folio.command { id = "c.own", title = "Own", run = function() end }
      folio.toolbar_item { id = "c.tool", command = "c.typo" }
      """,
      "d": """
      folio.command { id = "d.own", title = "Own", run = function() end }
      folio.contribute("title", { items = { "d.own", "shell.quit" } })
      folio.menu { title = "D", primary = "a.run", items = { "d.own" } }
      """,
    ]
    for (name, source) in plugins {
      let folder = root.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try source.write(to: folder.appendingPathComponent("plugin.lua"), atomically: true, encoding: .utf8)
    }
    let surface = RecordingSurface()
    try surface.registry.register(
      Command(id: "shell.quit", title: "Quit", summary: "leave", behavior: .action { _ in .none }))
    let host = PluginHost(surface: surface)
    let failed = Dictionary(
      uniqueKeysWithValues: host.discoverAndLoad(in: [root.path]).map { ($0.name, "\($0.status)") })
    let rule =
      "which is neither a command of this plugin nor a built-in one; declare it with folio.command in this "
      + "plugin (a plugin's menus and items may name only its own commands and built-in ones)"
    // Another plugin's command and an id no command has get the same error, so it does not
    // depend on whether that plugin loaded first.
    #expect(
      failed["b"] == "failed: plugin.lua:3: folio.context_menu: items[1]: items[2] names 'a.run', " + rule)
    #expect(
      failed["c"] == "failed: plugin.lua:2: folio.toolbar_item: field 'command' names 'c.typo', " + rule)
    #expect(failed["0"] == "failed: plugin.lua:2: folio.menu: items[2] names 'a.run', " + rule)
    #expect(failed["d"]?.hasPrefix("failed: plugin.lua:3: folio.menu: field 'primary' names 'a.run'") == true)
    #expect(failed["a"] == nil)
    for name in ["0", "b", "c", "d"] {
      #expect(surface.registry.command(id: "\(name).own") == nil)
    }
    #expect(surface.menus.isEmpty)
    #expect(surface.toolbarItems.isEmpty)
    #expect(surface.contributions.isEmpty)
  }

  @Test("a plugin that blows a budget is quarantined until reload: commands disabled, handlers silent")
  func quarantine() throws {
    let root = try Self.makePlugin([
      "plugin.lua": """
      folio.command { id = "demo.spin", title = "Spin", run = function() while true do end end }
      folio.command { id = "demo.ok", title = "OK", enabled = function() folio.log("asked") return true end,
        run = function() return "fine" end }
      folio.on("document.opened", function() folio.log("opened") end)
      """
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    host.instructionBudget = 100_000
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let plugin = try #require(host.plugin(named: "demo"))
    #expect(try textOf("demo.ok", in: surface) == "fine")
    let spent = try #require(throws: FolioError.self) { try run("demo.spin", in: surface) }
    #expect(
      spent.message.hasSuffix(
        "instruction budget exceeded (100000 instructions per callback; setting plugins.instructions)"))
    guard case .quarantined(let reason) = plugin.status else {
      Issue.record("expected a quarantine, got \(plugin.status)")
      return
    }
    #expect(
      reason.hasSuffix(
        "instruction budget exceeded (100000 instructions per callback; setting plugins.instructions)"))
    let logged = plugin.log.count
    let refused = try #require(throws: FolioError.self) { try run("demo.ok", in: surface) }
    #expect(refused.message.contains("plugin demo is quarantined"), "\(refused.message)")
    #expect(refused.message.contains("'plugin reload demo' lifts it"))
    _ = try surface.workspace.newDocument(kind: .text, columns: [])
    surface.workspace.events.flush()
    #expect(plugin.log.count == logged)
    try host.reload(named: "demo")
    #expect(plugin.status == .loaded)
    #expect(try textOf("demo.ok", in: surface) == "fine")
  }

  @Test("a menu's predicates run one after another each under its own budget; a runaway one is cut off")
  func menuPredicatesBudgets() throws {
    // Each heavy predicate runs about 60,000 instructions: two fit the budget of 100,000 only
    // when each call counts afresh.
    let heavy = "enabled = function() local n = 0 for i = 1, 30000 do n = n + 1 end return n > 0 end"
    let root = try Self.makePlugin([
      "plugin.lua": """
      folio.command { id = "demo.one", title = "One", \(heavy), run = function() end }
      folio.command { id = "demo.two", title = "Two", \(heavy), run = function() end }
      folio.command { id = "demo.spin", title = "Spin", enabled = function() while true do end end,
        run = function() end }
      folio.command { id = "demo.after", title = "After", enabled = function() return true end,
        run = function() end }
      """
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    host.instructionBudget = 100_000
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let menu = Menu(
      id: "demo", title: "Demo",
      elements: ["demo.one", "demo.two", "demo.spin", "demo.after"].map { .item(MenuItem(command: $0)) })
    for round in 1...2 {
      let node = try host.readingTogether { try MenuResolver.resolve(menu, registry: surface.registry) }
      let items = node.children
      #expect(items.map(\.title) == ["One", "Two", "Spin", "After"], "round \(round)")
      if round == 1 {
        #expect(items[0].isEnabled && items[1].isEnabled)
        let reason = try #require(items[2].disabledReason)
        #expect(
          reason.hasSuffix(
            "instruction budget exceeded (100000 instructions per callback; setting plugins.instructions)"),
          "\(reason)")
      }
      // The plugin is quarantined from the runaway predicate on, in the same menu and the next:
      // its commands were registered again, and each item finds its command anew.
      let quarantined = Array(items[(round == 1 ? 3 : 0)...])
      for item in quarantined {
        #expect(!item.isEnabled, "\(item.title ?? "")")
        #expect(
          item.disabledReason?.contains("plugin demo is quarantined") == true, "\(item.disabledReason ?? "")")
      }
    }
  }

  @Test("a plugin that is interrupted is not quarantined")
  func interruptedIsNotQuarantined() throws {
    let root = try Self.makePlugin([
      "plugin.lua": """
      folio.command { id = "demo.stop", title = "Stop", run = function() stop_me() while true do end end }
      """
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let plugin = try #require(host.plugin(named: "demo"))
    let lua = try #require(plugin.lua)
    lua.register("stop_me") { [unowned lua] _ throws(LuaError) in
      lua.requestStop()
      return []
    }
    let error = try #require(throws: FolioError.self) { try run("demo.stop", in: surface) }
    #expect(error.code == .interrupted, "\(error.message)")
    #expect(plugin.status == .loaded)
    lua.clearStop()
  }

  @Test(
    "the shipped folder: FOLIO_PLUGINS_DIR, share/folio/plugins, else the package a dev build was built in")
  func shippedFolder() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-shipped-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let build = root.appendingPathComponent("repo/.build/x86_64-unknown-linux-gnu/debug")
    try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
    let executable = build.appendingPathComponent("folio").path
    #expect(PluginHost.shippedFolder(environment: [:], executable: executable) == nil)
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("repo/plugins"), withIntermediateDirectories: true)
    #expect(PluginHost.shippedFolder(environment: [:], executable: executable) == nil)
    try "// swift-tools-version: 6.0\n".write(
      to: root.appendingPathComponent("repo/Package.swift"), atomically: true, encoding: .utf8)
    #expect(PluginHost.shippedFolder(environment: [:], executable: executable) == root.path + "/repo/plugins")
    #expect(PluginHost.shippedFolder(environment: ["FOLIO_PLUGINS_DIR": ""], executable: executable) == nil)
    #expect(
      PluginHost.shippedFolder(environment: ["FOLIO_PLUGINS_DIR": "/x"], executable: executable) == "/x")
    let installed = root.appendingPathComponent("usr/bin")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("usr/share/folio/plugins"), withIntermediateDirectories: true)
    #expect(
      PluginHost.shippedFolder(environment: [:], executable: installed.appendingPathComponent("folio").path)
        == root.path + "/usr/share/folio/plugins")
  }
}
