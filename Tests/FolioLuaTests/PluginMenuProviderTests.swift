import FolioCore
import Foundation
import Testing

@testable import FolioLua

/// Menus built at run time: a submenu's `items` and an item's `title`, `subtitle` and
/// `enabled` as functions of `ctx`, called each time the menu is resolved; an error disables
/// the menu or item with its reason; `arguments` reach the command as if typed.
@Suite struct PluginMenuProviderTests {
  private static let source = """
    folio.command { id = "demo.apply", title = "Apply", params = { { name = "tag", type = "string" },
      { name = "loud", type = "bool", optional = true } },
      run = function(ctx) return "applied " .. ctx.args.tag .. (ctx.args.loud and "!" or "") end }
    folio.command { id = "demo.add", title = "Add", run = function(ctx)
      local tags = folio.state.get("tags") or {}
      tags[#tags + 1] = "t" .. (#tags + 1)
      folio.state.set("tags", tags)
    end }
    folio.menu { id = "demo.menu", title = "Demo", items = {
      folio.submenu { title = "Tag", items = function(ctx)
        local items = {}
        for _, tag in ipairs(folio.state.get("tags") or {}) do
          items[#items + 1] = { command = "demo.apply", title = tag, arguments = { tag = tag, loud = tag == "t2" } }
        end
        return items
      end },
      folio.submenu { title = "Broken", items = function(ctx) error("no tags here") end },
      { command = "demo.add", title = function(ctx) return "Add Tag " .. (#(folio.state.get("tags") or {}) + 1) end,
        enabled = function(ctx) return #(folio.state.get("tags") or {}) < 2 or "two is enough" end },
    } }
    """

  @Test("a submenu's items are made when it is resolved, with their arguments; an error disables it")
  func madeAtRunTime() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-menus-\(UUID().uuidString)")
    let url = root.appendingPathComponent("demo/plugin.lua")
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Self.source.write(to: url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let menu = try #require(surface.menus.first { $0.id == "demo.menu" })
    func resolved() throws -> MenuNode { try MenuResolver.resolve(menu, registry: surface.registry) }

    var node = try resolved()
    #expect(node.children[0].children.isEmpty)
    #expect(node.children[1].isEnabled == false)
    #expect(node.children[1].disabledReason == "plugin demo: plugin.lua:17: no tags here")
    #expect(node.children[2].title == "Add Tag 1")
    #expect(node.children[2].isEnabled)

    for _ in 0..<2 {
      _ = try surface.registry.invoke(try #require(surface.registry.command(id: "demo.add")), words: [])
    }
    node = try resolved()
    #expect(node.children[0].children.map(\.title) == ["t1", "t2"])
    #expect(node.children[2].title == "Add Tag 3")
    #expect(node.children[2].disabledReason == "two is enough")

    var session = try MenuSession(menu, registry: surface.registry)
    _ = try session.choose("Tag")
    guard case .text(let text)? = try session.choose("t2").output else {
      Issue.record("t2 gave no text")
      return
    }
    #expect(text == "applied t2!")
  }
}
