import FolioCore
import Foundation
import Testing

@testable import FolioLua

@Suite struct PluginHostTests {
  private final class Surface: PluginSurface {
    let registry = CommandRegistry()
    let workspace = Workspace(store: nil, currentDirectory: "/", home: nil)
    var menus: [Menu] = []
    func addMenu(_ menu: Menu) throws(FolioError) { menus.append(menu) }
    func removeMenus(ownedBy owner: String) { menus.removeAll { $0.owner == owner } }
    var contributions: [MenuContribution] = []
    func addMenuContribution(_ contribution: MenuContribution) throws(FolioError) {
      contributions.append(contribution)
    }
    func removeMenuContributions(ownedBy owner: String) { contributions.removeAll { $0.owner == owner } }
    var toolbarItems: [ToolbarItem] = []
    func addToolbarItem(_ item: ToolbarItem) throws(FolioError) { toolbarItems.append(item) }
    func removeToolbarItems(ownedBy owner: String) { toolbarItems.removeAll { $0.owner == owner } }
  }

  private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  private func run(_ id: String, in surface: Surface, _ words: [Word] = []) throws -> CommandOutput {
    let command = try #require(surface.registry.command(id: id))
    return try surface.registry.invoke(command, words: words)
  }

  @Test("the shipped hello plugin loads, greets, keeps its count across reload, and unloads cleanly")
  func shippedHello() throws {
    let surface = Surface()
    let host = PluginHost(surface: surface)
    let failed = host.discoverAndLoad(in: [Self.repository.appendingPathComponent("plugins").path])
    #expect(failed.isEmpty)
    guard case .text(let first) = try run("hello.greet", in: surface, [Word("Ada")]) else {
      Issue.record("expected text")
      return
    }
    #expect(first == "greeting #1\nHello, Ada")
    #expect(surface.menus.map(\.id) == ["hello.menu"])
    try host.reload(named: "hello")
    guard case .text(let second) = try run("hello.greet", in: surface) else {
      Issue.record("expected text")
      return
    }
    #expect(second == "greeting #2\nHello, world")
    try host.unload(named: "hello")
    #expect(surface.registry.command(id: "hello.greet") == nil)
    #expect(surface.menus.isEmpty)
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
    let surface = Surface()
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
    let surface = Surface()
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
    #expect(plugin.log.count == before)
  }

  @Test("folio.on refuses an unknown event, failing the plugin")
  func badEvent() throws {
    let root = try Self.makePlugin(["plugin.lua": "folio.on(\"document.exploded\", function() end)"])
    defer { try? FileManager.default.removeItem(at: root) }
    let host = PluginHost(surface: Surface())
    let failed = host.discoverAndLoad(in: [root.path])
    #expect(failed.count == 1)
    let reason = failed.first.map { "\($0.status)" } ?? ""
    #expect(reason.contains("folio.on: the event must be one of"))
  }
}
