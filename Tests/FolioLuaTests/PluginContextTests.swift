import FolioCore
import Foundation
import Testing

@testable import FolioLua

/// The `ctx` built on the Lua stack (lazy fields, the selection snapshot, predicates sharing
/// one `ctx`), `d:add_column`, the undo step named after the command, the record of what a
/// plugin contributed, and manifests sharing one state.
@Suite struct PluginContextTests {
  private static let plugin = """
    local function keys(t)
      local out = {}
      for k in pairs(t) do out[#out + 1] = k end
      table.sort(out)
      return table.concat(out, ",")
    end
    folio.command { id = "demo.snap", title = "Snap", run = function(ctx)
      local count = ctx.selection.count
      local first = ctx.selection:rows()[1].id
      ctx.document:delete(first)
      return count .. " " .. table.concat(ctx.selection.ids, ",") .. " " .. #ctx.selection:rows()
        .. " | " .. keys(ctx) .. " | " .. keys(ctx.selection) .. " | " .. tostring(getmetatable(ctx))
    end }
    folio.command { id = "demo.mark", title = "Mark", run = function(ctx)
      local d = ctx.document
      d:add_column("visited")
      d:set(ctx.selection.ids[1], "visited", "yes")
      local errors = {}
      for _, name in ipairs({ "visited", "", "a\\nb" }) do
        errors[#errors + 1] = select(2, pcall(d.add_column, d, name))
      end
      return table.concat(errors, " / ")
    end }
    folio.command { id = "demo.one", title = "Rename Ada", run = function(ctx)
      ctx.document:set(1, "name", "Ada L.")
    end }
    local seen, calls = {}, 0
    folio.command { id = "demo.asked", title = "Asked",
      enabled = function(ctx) seen[ctx] = true; calls = calls + 1; return ctx.selection.count > 0 end,
      run = function()
        local distinct = 0
        for _ in pairs(seen) do distinct = distinct + 1 end
        return calls .. " calls, " .. distinct .. " ctx"
      end }
    folio.menu { id = "demo.menu", title = "Demo", items = { "demo.snap" } }
    folio.context_menu { selection = "single", items = { "demo.mark", "demo.one" } }
    folio.toolbar_item { id = "demo.bar", command = "demo.snap" }
    folio.share_target { id = "demo.share", title = "Share", accepts = { "text" },
      send = function(ctx, item) return item.text end }
    folio.on("document.saved", function() end)
    """

  /// Loads the plugin from a new folder, which the caller removes.
  private func load() throws -> (RecordingSurface, PluginHost, Document, URL) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-ctx-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("demo"), withIntermediateDirectories: true)
    try Self.plugin.write(
      to: root.appendingPathComponent("demo/plugin.lua"), atomically: true, encoding: .utf8)
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let table = try surface.workspace.newDocument(kind: .table, columns: ["name", "city"])
    for (name, city) in [("Ada", "Paris"), ("Bob", "Rome"), ("Cy", "Oslo")] {
      try surface.workspace.addRow([("name", name), ("city", city)], to: table)
    }
    return (surface, host, table, root)
  }

  private func text(_ id: String, in surface: RecordingSurface) throws -> String? {
    let command = try #require(surface.registry.command(id: id))
    if case .text(let text) = try surface.registry.invoke(command, words: []) { return text }
    return nil
  }

  @Test(
    "ctx.selection.ids is the selection when the callback started, built when read; pairs lists every field")
  func selectionSnapshot() throws {
    let (surface, host, table, root) = try load()
    defer { try? FileManager.default.removeItem(at: root) }
    defer { withExtendedLifetime(host) {} }
    try surface.workspace.select([1, 3], mode: .replace, in: table, environment: surface.appEnvironment)
    let report = try text("demo.snap", in: surface)
    #expect(
      report
        == "2 1,3 1 | args,choose,confirm,document,env,notify,prompt,selection | add,clear,count,ids,rows,set | protected"
    )
  }

  @Test("d:add_column joins the command's one undo step, named after the command; bad names are refused")
  func addColumn() throws {
    let (surface, host, table, root) = try load()
    defer { try? FileManager.default.removeItem(at: root) }
    defer { withExtendedLifetime(host) {} }
    try surface.workspace.select([2], mode: .replace, in: table, environment: surface.appEnvironment)
    #expect(
      try text("demo.mark", in: surface)
        == "d:add_column: there is a column 'visited' already / d:add_column: a column name cannot be empty"
        + " / d:add_column: a column name cannot hold line breaks, tabs or other control characters")
    guard case .table(let marked) = table.content else { throw FolioError(.io, "expected a table") }
    #expect(marked.columns == ["name", "city", "visited"])
    #expect(marked.cell(row: 1, column: 2) == .string("yes"))
    #expect(try surface.workspace.undo(table) == "Mark")
    guard case .table(let restored) = table.content else { throw FolioError(.io, "expected a table") }
    #expect(restored.columns == ["name", "city"])
    _ = try text("demo.one", in: surface)
    #expect(try surface.workspace.undo(table) == "Rename Ada")
  }

  @Test("predicates share one ctx while what it describes is unchanged, and get a new one after a change")
  func sharedContext() throws {
    let (surface, host, table, root) = try load()
    defer { try? FileManager.default.removeItem(at: root) }
    defer { withExtendedLifetime(host) {} }
    let asked = try #require(surface.registry.command(id: "demo.asked"))
    #expect(!asked.currentAvailability.isEnabled)
    #expect(!asked.currentAvailability.isEnabled)
    try surface.workspace.select([1], mode: .replace, in: table, environment: surface.appEnvironment)
    #expect(asked.currentAvailability.isEnabled)
    #expect(asked.currentAvailability.isEnabled)
    surface.appEnvironment.width = 40
    #expect(asked.currentAvailability.isEnabled)
    // The run itself is asked first too: 6 predicate calls with 3 different moments.
    #expect(try text("demo.asked", in: surface) == "6 calls, 3 ctx")
  }

  @Test("inside readingTogether the shared ctx is checked once; a later round sees a change made between")
  func readingTogether() throws {
    let (surface, host, table, root) = try load()
    defer { try? FileManager.default.removeItem(at: root) }
    defer { withExtendedLifetime(host) {} }
    let asked = try #require(surface.registry.command(id: "demo.asked"))
    try host.readingTogether {
      #expect(!asked.currentAvailability.isEnabled)
      // Checked once a round: a change made inside it — which no predicate can make — is
      // seen from the next round on, not by this round's later predicates.
      try surface.workspace.select([1], mode: .replace, in: table, environment: surface.appEnvironment)
      #expect(!asked.currentAvailability.isEnabled)
    }
    host.readingTogether {
      #expect(asked.currentAvailability.isEnabled)
      host.readingTogether { #expect(asked.currentAvailability.isEnabled) }
      #expect(asked.currentAvailability.isEnabled)
    }
    // The run is asked first too, outside any round: 6 predicate calls with 2 moments.
    #expect(try text("demo.asked", in: surface) == "6 calls, 2 ctx")
  }

  @Test("a plugin's contributions are recorded for plugin info, and forgotten when it unloads")
  func contributions() throws {
    let (surface, host, _, root) = try load()
    defer { try? FileManager.default.removeItem(at: root) }
    defer { withExtendedLifetime(surface) {} }
    let plugin = try #require(host.plugin(named: "demo"))
    #expect(plugin.contributions.commands == ["demo.snap", "demo.mark", "demo.one", "demo.asked"])
    #expect(plugin.contributions.menus == ["demo.menu"])
    #expect(plugin.contributions.contextMenuEntries == ["demo.mark, demo.one (single)"])
    #expect(plugin.contributions.toolbarItems == ["demo.bar"])
    #expect(plugin.contributions.shareTargets == ["demo.share"])
    #expect(plugin.contributions.eventHandlers == ["document.saved"])
    #expect(plugin.contributions.menuContributions.isEmpty)
    try host.unload(named: "demo")
    #expect(plugin.contributions == PluginContributions())
  }

  /// A plugin that keeps its callbacks' `ctx` in globals and reads them in later callbacks.
  private static let keeper = """
    local kept, read
    folio.command { id = "keep.some", title = "Keep", run = function(ctx)
      kept = ctx
      read = ctx
      return ctx.env.platform .. " " .. ctx.selection.count
    end }
    folio.command { id = "keep.none", title = "Keep Unread", run = function(ctx) kept = ctx end }
    folio.command { id = "keep.late", title = "Late", run = function(ctx)
      local ok, problem = pcall(function() return kept.document.title end)
      local same = rawequal(ctx, kept) and "same" or "own"
      return same .. " | " .. tostring(ok) .. " " .. tostring(problem)
        .. " | " .. read.env.platform .. " " .. read.selection.count .. " " .. #read.selection.ids
        .. " | " .. ctx.document.title
    end }
    """

  @Test("each callback gets its own ctx; a part of a ctx first read after its callback returned is refused")
  func staleContext() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-keep-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("keep"), withIntermediateDirectories: true)
    try Self.keeper.write(
      to: root.appendingPathComponent("keep/plugin.lua"), atomically: false, encoding: .utf8)
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    defer { withExtendedLifetime(host) {} }
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let table = try surface.workspace.newDocument(kind: .table, columns: ["name"])
    try surface.workspace.addRow([("name", "Ada")], to: table)
    try surface.workspace.select([1], mode: .replace, in: table, environment: surface.appEnvironment)
    #expect(try text("keep.some", in: surface) == "mac 1")
    #expect(try text("keep.none", in: surface) == nil)
    // What `keep.some` read stays readable; `keep.none` read nothing, so its document is gone.
    try surface.workspace.select([], mode: .replace, in: table, environment: surface.appEnvironment)
    let late = try text("keep.late", in: surface)
    #expect(
      late
        == "own | false plugin.lua:9: ctx.document: this ctx belongs to a callback that has "
        + "returned; read ctx only while its callback runs | mac 1 1 | \(table.title)")
    #expect(host.liveContexts.isEmpty)
  }

  @Test("each manifest runs in a state of its own; a failing manifest fails only its plugin")
  func manifestStates() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-man-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let files = [
      "a/manifest.lua": "leak = 'seen'\nreturn { name = 'a', version = '1' }",
      "b/manifest.lua": "error('broken manifest')",
      "c/manifest.lua": "return { version = tostring(leak) .. ' ' .. string.upper('v') }",
    ]
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
      try "".write(
        to: url.deletingLastPathComponent().appendingPathComponent("plugin.lua"), atomically: true,
        encoding: .utf8)
    }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    let failed = host.discoverAndLoad(in: [root.path])
    #expect(failed.map(\.name) == ["b"])
    #expect(host.plugin(named: "a")?.version == "1")
    #expect(host.plugin(named: "c")?.version == "nil V")
    #expect(host.plugin(named: "c")?.status == .loaded)
  }
}
