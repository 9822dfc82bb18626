import FolioCore
import Foundation
import Testing

@testable import FolioLua

/// docs/folio.lua, the LuaLS definition of the plugin API, declares exactly what the host
/// registers: read from a live plugin state and from the field lists of its own errors.
@Suite struct APIDefinitionTests {
  /// The declarations of docs/folio.lua: each class's fields, each table's methods.
  private struct Definition {
    var fields: [String: Set<String>] = [:]
    var methods: [String: Set<String>] = [:]

    init(_ text: String) {
      var currentClass: String?
      var locals: [String: String] = [:]
      for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        if line.hasPrefix("---@class ") {
          currentClass = String(line.dropFirst("---@class ".count).split(separator: " ")[0])
          fields[currentClass!, default: []] = fields[currentClass!] ?? []
        } else if line.hasPrefix("---@field "), let currentClass {
          let name = line.dropFirst("---@field ".count).split(separator: " ")[0]
          fields[currentClass, default: []].insert(String(name.hasSuffix("?") ? name.dropLast() : name))
        } else if line.hasPrefix("local "), line.hasSuffix(" = {}"), let currentClass {
          locals[String(line.dropFirst("local ".count).split(separator: " ")[0])] = currentClass
        } else if line.hasPrefix("function ") {
          let name = line.dropFirst("function ".count).prefix { $0 != "(" }
          if let colon = name.firstIndex(of: ":") {
            let owner = locals[String(name[..<colon])] ?? String(name[..<colon])
            methods[owner, default: []].insert(String(name[name.index(after: colon)...]))
          } else if let dot = name.lastIndex(of: ".") {
            methods[String(name[..<dot]), default: []].insert(String(name[name.index(after: dot)...]))
          }
        } else if !line.hasPrefix("---") {
          currentClass = nil
        }
      }
    }
  }

  /// A plugin that reports what its state holds: `folio`, `ctx` and its parts, and the
  /// fields each declaring function accepts (from its "unknown field" error).
  private static let probe = """
    local function keys(t, want)
      local out = {}
      for k, v in pairs(t) do
        if type(k) == "string" and not k:find("^__") and (want == nil or (type(v) == "function") == want) then
          out[#out + 1] = k
        end
      end
      table.sort(out)
      return table.concat(out, ",")
    end
    local function accepted(f, ...)
      local ok, message = pcall(f, ...)
      return (tostring(message):match("%(fields: ([^)]*)%)") or "?"):gsub(" ", "")
    end
    local report = {
      ["folio:functions"] = keys(folio, true), ["folio:fields"] = keys(folio, false),
      ["folio.state:functions"] = keys(folio.state, true),
      ["folio.json:functions"] = keys(folio.json, true),
      ["folio.CommandOptions"] = accepted(folio.command, { bogus = 1 }),
      ["folio.Param"] = accepted(folio.command, { id = "probe.x", title = "x", run = print, params = { { bogus = 1 } } }),
      ["folio.State"] = accepted(folio.command, { id = "probe.x", title = "x", state = { bogus = 1 } }),
      ["folio.MenuOptions"] = accepted(folio.menu, { bogus = 1 }),
      ["folio.ContextMenuOptions"] = accepted(folio.context_menu, { bogus = 1 }),
      ["folio.ContributeOptions"] = accepted(folio.contribute, "title", { bogus = 1 }),
      ["folio.ShareTargetOptions"] = accepted(folio.share_target, { bogus = 1 }),
      ["folio.ToolbarItemOptions"] = accepted(folio.toolbar_item, { bogus = 1 }),
      ["folio.ToolbarOptions"] = accepted(folio.toolbar, { bogus = 1 }),
      ["folio.RowDecorationOptions"] = accepted(folio.row_decoration, { bogus = 1 }),
      ["folio.CellFormatOptions"] = accepted(folio.cell_format, { bogus = 1 }),
    }
    folio.command { id = "probe.ctx", title = "Probe", run = function(ctx)
      report["folio.Context:fields"] = keys(ctx, false)
      report["folio.Context:methods"] = keys(ctx, true)
      report["folio.Document:fields"] = keys(ctx.document, false)
      report["folio.Document:methods"] = keys(ctx.document, true)
      report["folio.Selection:fields"] = keys(ctx.selection, false)
      report["folio.Selection:methods"] = keys(ctx.selection, true)
      report["folio.Env:fields"] = keys(ctx.env)
      report["folio.ConfirmOptions"] = accepted(ctx.confirm, ctx, { bogus = 1 })
      local lines = {}
      for k, v in pairs(report) do lines[#lines + 1] = k .. "=" .. v end
      table.sort(lines)
      return table.concat(lines, "\\n")
    end }
    """

  @Test("docs/folio.lua declares the functions, ctx, handles and option fields the host registers")
  func definitionMatchesHost() throws {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let definition = Definition(
      try String(contentsOf: repository.appendingPathComponent("docs/folio.lua"), encoding: .utf8))
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-api-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("probe"), withIntermediateDirectories: true)
    try Self.probe.write(
      to: root.appendingPathComponent("probe/plugin.lua"), atomically: true, encoding: .utf8)
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    // A saved document, so that its handle has every field (an untitled one has no url).
    try "name\nAda\n".write(to: root.appendingPathComponent("people.csv"), atomically: true, encoding: .utf8)
    _ = try surface.workspace.open(root.appendingPathComponent("people.csv").path)
    let command = try #require(surface.registry.command(id: "probe.ctx"))
    guard case .text(let text) = try surface.registry.invoke(command, words: []) else {
      Issue.record("expected the probe's report")
      return
    }
    var registered: [String: Set<String>] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
      registered[parts[0]] = Set((parts.count > 1 ? parts[1] : "").split(separator: ",").map(String.init))
    }
    #expect(registered["folio:functions"] == definition.methods["folio"])
    #expect(registered["folio:fields"] == definition.fields["folio"].map { $0.union(["state", "json"]) })
    #expect(registered["folio.state:functions"] == definition.methods["folio.state"])
    #expect(registered["folio.json:functions"] == definition.methods["folio.json"])
    #expect(definition.fields["folio.Manifest"] == Set(PluginHost.manifestFields))
    for name in ["Context", "Document", "Selection"] {
      #expect(
        registered["folio.\(name):fields"] == definition.fields["folio.\(name)"], "folio.\(name) fields")
      #expect(
        registered["folio.\(name):methods"] == definition.methods["folio.\(name)"], "folio.\(name) methods")
    }
    #expect(registered["folio.Env:fields"] == definition.fields["folio.Env"])
    for options in [
      "CommandOptions", "Param", "State", "MenuOptions", "ContextMenuOptions", "ContributeOptions",
      "ShareTargetOptions", "ToolbarItemOptions", "ToolbarOptions", "ConfirmOptions", "RowDecorationOptions",
      "CellFormatOptions",
    ] {
      // `__element` marks the tables folio.section and friends return; it is not an option.
      #expect(
        registered["folio.\(options)"]?.subtracting(["__element"]) == definition.fields["folio.\(options)"],
        "folio.\(options)")
    }
  }
}
