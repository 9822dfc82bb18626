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
}
