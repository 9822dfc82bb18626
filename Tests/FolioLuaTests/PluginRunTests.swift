import Foundation
import Testing

@testable import FolioCore
@testable import FolioLua

/// `folio.run(id, args)`: a plugin runs commands by id, inside its transaction and budgets.
@Suite struct PluginRunTests {
  private static let plugin = """
    folio.command { id = "demo.rename", title = "Rename Cell", params = { { name = "to", type = "string" } },
      run = function(ctx, args) ctx.document:set(1, "name", args.to); return { renamed = args.to } end }
    folio.command { id = "demo.both", title = "Both", run = function(ctx)
      ctx.document:set(2, "name", "Bea")
      local result = folio.run("demo.rename", { to = "Ann" })
      return result.renamed
    end }
    folio.command { id = "demo.fail", title = "Fail", run = function(ctx)
      folio.run("demo.rename", { to = "Zoe" })
      error("after running")
    end }
    folio.command { id = "demo.errors", title = "Errors", run = function()
      local out = {}
      for _, call in ipairs {
        function() return folio.run("demo.nothing") end,
        function() return folio.run("demo.rename", { bogus = 1 }) end,
        function() return folio.run("demo.rename", { to = {} }) end,
        function() return folio.run(42) end,
      } do
        local ok, err = pcall(call)
        out[#out + 1] = tostring(err):gsub("^[^:]*:%d+: ", "")
      end
      return table.concat(out, "\\n")
    end }
    folio.command { id = "demo.loop", title = "Loop", run = function()
      return folio.run("demo.loop")
    end }
    folio.command { id = "demo.spin", title = "Spin", run = function()
      local n = 0
      for i = 1, 1000000 do n = n + i end
      return n
    end }
    folio.command { id = "demo.spins", title = "Spins", run = function()
      for i = 1, 3 do pcall(folio.run, "demo.spin") end
      return "not stopped"
    end }
    folio.command { id = "demo.peek", title = "Peek", enabled = function()
      local ok, err = pcall(folio.run, "demo.spin")
      return err
    end, run = function() end }
    """

  private func setUp(instructions: Int = PluginHost.defaultInstructionBudget) throws -> (
    URL, RecordingSurface, PluginHost, Document
  ) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("demo"), withIntermediateDirectories: true)
    try Self.plugin.write(
      to: root.appendingPathComponent("demo/plugin.lua"), atomically: true, encoding: .utf8)
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    host.instructionBudget = instructions
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let document = try surface.workspace.newDocument(kind: .table, columns: ["name"])
    _ = try surface.workspace.addRow([("name", "Ada")], to: document)
    _ = try surface.workspace.addRow([("name", "Bob")], to: document)
    return (root, surface, host, document)
  }

  private func invoke(_ id: String, in surface: RecordingSurface) throws -> CommandOutput {
    let command = try #require(surface.registry.command(id: id))
    return try surface.registry.invoke(command, words: [])
  }

  private func names(_ document: Document) -> [String] {
    guard case .table(let table) = document.content else { return [] }
    return (0..<table.rowCount).map { table.cell(row: $0, column: 0).description }
  }

  @Test("a command run by folio.run returns its value and is one undo step with the caller's edits")
  func oneUndoStep() throws {
    let (root, surface, host, document) = try setUp()
    defer { withExtendedLifetime(host) {} }
    defer { try? FileManager.default.removeItem(at: root) }
    guard case .text(let text) = try invoke("demo.both", in: surface) else {
      Issue.record("expected text")
      return
    }
    #expect(text == "Ann")
    #expect(names(document) == ["Ann", "Bea"])
    #expect(try surface.workspace.undo(document) == "Both")
    #expect(names(document) == ["Ada", "Bob"])
  }

  @Test("when the caller fails after folio.run, the command's edits are taken back with its own")
  func rollback() throws {
    let (root, surface, host, document) = try setUp()
    defer { withExtendedLifetime(host) {} }
    defer { try? FileManager.default.removeItem(at: root) }
    #expect {
      try invoke("demo.fail", in: surface)
    } throws: { ($0 as? FolioError)?.code == .lua && "\($0)".hasSuffix("after running") }
    #expect(names(document) == ["Ada", "Bob"])
  }

  @Test("folio.run's errors name the command, the error's code and its message")
  func errors() throws {
    let (root, surface, host, _) = try setUp()
    defer { withExtendedLifetime(host) {} }
    defer { try? FileManager.default.removeItem(at: root) }
    guard case .text(let text) = try invoke("demo.errors", in: surface) else {
      Issue.record("expected text")
      return
    }
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    #expect(
      lines[0] == "folio.run: demo.nothing failed (unknown-command): no command has the id 'demo.nothing'")
    #expect(lines[1].hasPrefix("folio.run: demo.rename failed (invalid-argument): "))
    #expect(lines[2] == "folio.run: demo.rename: 'args.to' must be a string, number or boolean, got table")
    #expect(lines[3] == "folio.run: 'id' must be a command id (a string), got number")
  }

  @Test("a command that runs itself stops at the nesting limit; predicates cannot run commands")
  func recursion() throws {
    let (root, surface, host, _) = try setUp()
    defer { withExtendedLifetime(host) {} }
    defer { try? FileManager.default.removeItem(at: root) }
    #expect {
      try invoke("demo.loop", in: surface)
    } throws: { error in
      "\(error)".contains("commands run through folio.run nest at most 8 deep (does a command run itself?)")
    }
    let peek = try #require(surface.registry.command(id: "demo.peek"))
    guard case .disabled(let reason) = peek.currentAvailability else {
      Issue.record("expected the predicate's reason")
      return
    }
    #expect(reason.hasSuffix("folio.run: commands cannot run in enabled, visible and state get functions"))
  }

  @Test("the instructions a command run by folio.run takes count against the caller's budget")
  func sharedBudget() throws {
    // Each spin takes about 40% of the budget; three of them, each within its own, spend the caller's.
    let (root, surface, host, _) = try setUp(instructions: 5_000_000)
    defer { withExtendedLifetime(host) {} }
    defer { try? FileManager.default.removeItem(at: root) }
    #expect {
      try invoke("demo.spins", in: surface)
    } throws: { error in
      (error as? FolioError)?.code == .lua && "\(error)".contains("instruction budget exceeded")
    }
  }
}
