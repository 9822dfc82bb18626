import FolioCore
import Foundation
import Testing

@testable import FolioLua

/// `document.changed`, `document.closed` and `dialog.answered` handlers: what they are told,
/// that their edits join the step that caused them without calling them again, and that their
/// failures reach the front end.
@Suite struct PluginEventsTests {
  private static func makePlugin(_ source: String) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-events-\(UUID().uuidString)")
    let url = root.appendingPathComponent("demo/plugin.lua")
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try source.write(to: url, atomically: true, encoding: .utf8)
    return root
  }

  /// Logs each change as `kind changed=… added=… removed=…`.
  private static let logger = """
    local function ids(list) local out = {} for i, v in ipairs(list) do out[i] = tostring(v) end
      return table.concat(out, ",") end
    folio.on("document.changed", function(ctx, change)
      local text = change.kind .. " changed=" .. ids(change.changed) .. " added=" .. ids(change.added)
        .. " removed=" .. ids(change.removed)
      if change.columns then text = text .. " columns+" .. ids(change.columns.added) .. "-" .. ids(change.columns.removed) end
      if change.reordered then text = text .. " reordered" end
      folio.log(ctx.document.title, text)
    end)
    folio.on("document.closed", function(ctx, event) folio.log("closed", event.document) end)
    """

  @Test("document.changed is told once per document per delivery, with the rows changed, added, removed")
  func rowsChanged() throws {
    let root = try Self.makePlugin(Self.logger)
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let plugin = try #require(host.plugin(named: "demo"))
    let workspace = surface.workspace
    let table = try workspace.newDocument(kind: .table, columns: ["name", "city"])
    let ada = try workspace.addRow([("name", "Ada")], to: table)
    let bob = try workspace.addRow([("name", "Bob")], to: table)
    let cy = try workspace.addRow([("name", "Cy")], to: table)
    workspace.events.flush()
    #expect(plugin.log == ["Untitled rows changed= added=\(ada),\(bob),\(cy) removed="])
    _ = try workspace.setCell(rowID: bob, column: 1, to: "Rome", in: table)
    _ = try workspace.setCell(rowID: ada, column: 1, to: "Oslo", in: table)
    workspace.events.flush()
    #expect(plugin.log.last == "Untitled rows changed=\(ada),\(bob) added= removed=")
    // Deleting the first and last row: the row between them did not change.
    _ = try workspace.deleteRows([ada, cy], from: table)
    workspace.events.flush()
    #expect(plugin.log.last == "Untitled rows changed= added= removed=\(ada),\(cy)")
    _ = try workspace.undo(table)
    workspace.events.flush()
    #expect(plugin.log.last == "Untitled rows changed= added=\(ada),\(cy) removed=")
    try workspace.addColumn("zip", to: table)
    workspace.events.flush()
    #expect(plugin.log.last == "Untitled columns changed= added= removed= columns+zip-")
    // An edit taken back in the same delivery changed nothing.
    _ = try workspace.setCell(rowID: bob, column: 0, to: "Bo", in: table)
    _ = try workspace.undo(table)
    let count = plugin.log.count
    workspace.events.flush()
    #expect(plugin.log.count == count)
    workspace.close(table)
    workspace.events.flush()
    #expect(plugin.log.last == "closed \(table.windowID)")
  }

  @Test("document.changed names lines of a text: changed in place, added, removed")
  func linesChanged() throws {
    let root = try Self.makePlugin(Self.logger)
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let plugin = try #require(host.plugin(named: "demo"))
    let workspace = surface.workspace
    let text = try workspace.newDocument(kind: .text, columns: [])
    try workspace.appendLine("one", to: text)
    try workspace.appendLine("two", to: text)
    workspace.events.flush()
    #expect(plugin.log.last == "Untitled lines changed= added=1,2 removed=")
    try workspace.replaceLine(2, with: "TWO", in: text)
    workspace.events.flush()
    #expect(plugin.log.last == "Untitled lines changed=2 added= removed=")
    _ = try workspace.deleteLines([1], from: text)
    workspace.events.flush()
    #expect(plugin.log.last == "Untitled lines changed= added= removed=1")
  }

  @Test("a handler's edits join the step that caused them and call no handler again")
  func handlerEditsJoinTheStep() throws {
    let root = try Self.makePlugin(
      """
      local calls = 0
      folio.on("document.changed", function(ctx, change)
        calls = calls + 1
        folio.log("call " .. calls .. " " .. change.kind .. " " .. #change.added)
        for _, n in ipairs(change.added) do ctx.document:set_line(n, ctx.document:line(n):upper()) end
      end)
      """)
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let plugin = try #require(host.plugin(named: "demo"))
    let workspace = surface.workspace
    let text = try workspace.newDocument(kind: .text, columns: [])
    func lines() -> [String] {
      if case .text(let content) = text.content { return content.lines }
      return []
    }
    try workspace.appendLine("one", to: text)
    workspace.events.flush()
    workspace.events.flush()
    workspace.events.flush()
    #expect(plugin.log == ["call 1 lines 1"])
    #expect(lines() == ["ONE"])
    // One undo takes back the line and the handler's edit together; a redo makes both.
    _ = try workspace.undo(text)
    #expect(lines().isEmpty)
    #expect(!text.isDirty)
    workspace.events.flush()
    #expect(plugin.log.last == "call 2 lines 0")
    _ = try workspace.redo(text)
    #expect(lines() == ["ONE"])
    workspace.events.flush()
    #expect(lines() == ["ONE"])
    #expect(plugin.log.last == "call 3 lines 1")
    _ = try workspace.undo(text)
    #expect(lines().isEmpty)
  }

  @Test("a failing handler is logged and kept for the front end with FILE:LINE; the change stands")
  func handlerFailuresAreShown() throws {
    let root = try Self.makePlugin(
      """
      folio.on("document.changed", function(ctx, change)
        error("cannot count")
      end)
      """)
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let workspace = surface.workspace
    let text = try workspace.newDocument(kind: .text, columns: [])
    try workspace.appendLine("one", to: text)
    workspace.events.flush()
    let failures = host.takeHandlerFailures()
    #expect(failures.map(\.code) == [.lua])
    #expect(
      failures.first?.message == "plugin demo: plugin.lua:2: cannot count (in a document.changed handler)")
    #expect(host.takeHandlerFailures().isEmpty)
    #expect(text.isDirty)
  }

  @Test("documents keep no change details while no plugin handles document.changed")
  func noRecordingWithoutHandlers() throws {
    let root = try Self.makePlugin("folio.on(\"document.opened\", function() end)")
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let text = try surface.workspace.newDocument(kind: .text, columns: [])
    try surface.workspace.appendLine("one", to: text)
    #expect(!text.hasChangeDetails)
    #expect(!surface.workspace.events.recordsChangeDetails)
  }
}
