import Foundation
import Testing

@testable import FolioCore
@testable import FolioLua

/// Issue 35 §6: the document API on real-sized tables — edits in one callback kept compactly
/// as one undo step, and reading a table a part at a time.
@Suite struct PluginLargeDocumentTests {
  private static let plugin = """
    folio.command { id = "big.fill", title = "Fill Names", params = { { name = "fail", type = "bool", optional = true } },
      run = function(ctx, args)
        local d = ctx.document
        for id = 1, d:count() do d:set(id, "name", "N" .. id) end
        if args.fail then error("stopped after the edits") end
        return d:count()
      end }
    folio.command { id = "big.twice", title = "Twice", run = function(ctx)
      local d = ctx.document
      d:set(1, "name", "first"); d:set(1, "name", "second"); d:set(2, "city", "Lyon")
      return d:get(1, "name")
    end }
    folio.command { id = "big.read", title = "Read", params = { { name = "what", type = "string" } },
      run = function(ctx, args)
        local d, w = ctx.document, args.what
        local function try(f, ...) local ok, err = pcall(f, d, ...) return ok and "ok" or err end
        if w == "count" then return d:count() end
        if w == "ids" then return table.concat(d:ids{ from = 2, count = 2 }, ",") end
        if w == "rows" then
          local out = {}
          for _, r in ipairs(d:rows{ from = 3 }) do out[#out + 1] = r.id .. "=" .. r.name end
          return table.concat(out, ",")
        end
        if w == "column" then return table.concat(d:column("city"), ",") end
        if w == "each" then
          local out = {}
          for r in d:each() do out[#out + 1] = r.name end
          return table.concat(out, ",")
        end
        if w == "frequency" then
          local counts = {}
          for _, city in ipairs(d:column("city")) do counts[city] = (counts[city] or 0) + 1 end
          return counts
        end
        if w == "badfrom" then return try(d.rows, { from = 0 }) end
        if w == "badfield" then return try(d.ids, { start = 1 }) end
        if w == "badcolumn" then return try(d.column, "town") end
      end }
    folio.command { id = "big.update", title = "Shout", params = { { name = "how", type = "string" } },
      run = function(ctx, args)
        local d = ctx.document
        if args.how == "bad" then return d:update(function(row) return 3 end) end
        if args.how == "stop" then
          return d:update(function(row) if row.id == 3 then press_ctrl_c() end return { name = "X" } end)
        end
        return d:update(function(row)
          if row.city == "Paris" then return { name = row.name:upper() } end
        end)
      end }
    """

  private static let table = "name,city\nAda,Paris\nBob,Lyon\nCy,Paris\nDee,Nice\n"

  private func setUp(_ csv: String = table) throws -> (URL, RecordingSurface, PluginHost, Document) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-large-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("big"), withIntermediateDirectories: true)
    try Self.plugin.write(
      to: root.appendingPathComponent("big/plugin.lua"), atomically: true, encoding: .utf8)
    try csv.write(to: root.appendingPathComponent("t.csv"), atomically: true, encoding: .utf8)
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    // Generous: the debug build, sharing the machine, is many times slower than a release.
    host.timeBudget = 300_000
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let document = try surface.workspace.open(root.appendingPathComponent("t.csv").path).document
    return (root, surface, host, document)
  }

  private func run(_ id: String, _ words: [Word] = [], in surface: RecordingSurface) throws -> CommandOutput {
    try surface.registry.invoke(try #require(surface.registry.command(id: id)), words: words)
  }

  private func text(_ id: String, _ words: [Word] = [], in surface: RecordingSurface) throws -> String {
    guard case .text(let text) = try run(id, words, in: surface) else { return "" }
    return text
  }

  /// A result of `{ key = integer }` as a dictionary.
  private func counts(_ output: CommandOutput) -> [String: Int] {
    guard case .value(.object(let fields), _) = output else { return [:] }
    return fields.reduce(into: [:]) { counts, field in
      if case .int(let count) = field.1 { counts[field.0] = count }
    }
  }

  private func names(of document: Document) throws -> [String] {
    try document.readTable { table in (0..<table.rowCount).map { table.cell(row: $0, column: 0).description }
    }
  }

  @Test(
    "50,000 d:set calls in one callback fit a 2 MB budget: 16 bytes an edit, one undo step, undone and redone"
  )
  func manyEditsAreCompact() throws {
    let rows = 50_000
    let csv = "name,city\n" + (1...rows).map { "P\($0),C\($0 % 7)\n" }.joined()
    let (root, surface, host, document) = try setUp(csv)
    defer { withExtendedLifetime(host) {} }
    defer { try? FileManager.default.removeItem(at: root) }
    // On main each edit was an undo step of its own, charged 64 bytes besides its text: 3.2 MB.
    host.memoryBudget = 2 << 20
    let before = try names(of: document)
    #expect(try text("big.fill", in: surface) == "\(rows)")
    #expect(try names(of: document) == (1...rows).map { "N\($0)" })
    #expect(document.undoStack.undoName == "Fill Names")
    #expect(try surface.workspace.undo(document) == "Fill Names")
    #expect(try names(of: document) == before)
    #expect(!document.isDirty)
    #expect(document.undoStack.undoName == nil)
    #expect(try surface.workspace.redo(document) == "Fill Names")
    #expect(try names(of: document) == (1...rows).map { "N\($0)" })
    #expect(document.isDirty)
  }

  @Test("a failing callback takes all its cell edits back; a cell edited twice undoes to its first value")
  func rollbackAndRepeatedCells() throws {
    let (root, surface, host, document) = try setUp()
    defer { withExtendedLifetime(host) {} }
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(throws: FolioError.self) { try run("big.fill", [Word("--fail")], in: surface) }
    #expect(try names(of: document) == ["Ada", "Bob", "Cy", "Dee"])
    #expect(!document.isDirty)
    #expect(document.undoStack.undoName == nil)
    #expect(try text("big.twice", in: surface) == "second")
    #expect(try surface.workspace.undo(document) == "Twice")
    #expect(try names(of: document) == ["Ada", "Bob", "Cy", "Dee"])
    #expect(try document.readTable { $0.cell(row: 1, column: 1) } == .string("Lyon"))
    #expect(try surface.workspace.redo(document) == "Twice")
    #expect(try names(of: document) == ["second", "Bob", "Cy", "Dee"])
    // A second callback's edit of the same (now kept) cell undoes to the first's value.
    #expect(try text("big.twice", in: surface) == "second")
    #expect(try surface.workspace.undo(document) == "Twice")
    #expect(try names(of: document) == ["second", "Bob", "Cy", "Dee"])
  }

  @Test(
    "d:count, d:ids, d:rows{from,count}, d:column and d:each read parts of a table; bad options name the field"
  )
  func reading() throws {
    let (root, surface, host, _) = try setUp()
    defer { withExtendedLifetime(host) {} }
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(try text("big.read", [Word("count")], in: surface) == "4")
    #expect(try text("big.read", [Word("ids")], in: surface) == "2,3")
    #expect(try text("big.read", [Word("rows")], in: surface) == "3=Cy,4=Dee")
    #expect(try text("big.read", [Word("column")], in: surface) == "Paris,Lyon,Paris,Nice")
    #expect(try text("big.read", [Word("each")], in: surface) == "Ada,Bob,Cy,Dee")
    #expect(
      try counts(run("big.read", [Word("frequency")], in: surface)) == ["Lyon": 1, "Nice": 1, "Paris": 2])
    #expect(
      try text("big.read", [Word("badfrom")], in: surface)
        == "d:rows: 'from' must be an integer from 1 to 5, got 0")
    #expect(
      try text("big.read", [Word("badfield")], in: surface)
        == "d:ids: unknown field 'start' (fields: count, from)")
    #expect(
      try text("big.read", [Word("badcolumn")], in: surface)
        == "d:column: no column 'town' (columns: name, city)")
  }

  @Test("d:column of a 200,000-row column fits a 4 MB budget, where d:rows does not")
  func columnFitsTheBudget() throws {
    let csv = "name,city\n" + (1...200_000).map { "Person \($0),City \($0 % 500)\n" }.joined()
    let (root, surface, host, _) = try setUp(csv)
    defer { withExtendedLifetime(host) {} }
    defer { try? FileManager.default.removeItem(at: root) }
    host.memoryBudget = 4 << 20
    let counts = try counts(run("big.read", [Word("frequency")], in: surface))
    #expect(counts.count == 500)
    #expect(counts["City 7"] == 400)
  }

  @Test(
    "d:update edits the rows its function returns changes for, as one undo step; a wrong result names the line"
  )
  func update() throws {
    let (root, surface, host, document) = try setUp()
    defer { withExtendedLifetime(host) {} }
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(try text("big.update", [Word("paris")], in: surface) == "2")
    #expect(try names(of: document) == ["ADA", "Bob", "CY", "Dee"])
    #expect(try surface.workspace.undo(document) == "Shout")
    #expect(try names(of: document) == ["Ada", "Bob", "Cy", "Dee"])
    let error = try #require(throws: FolioError.self) { try run("big.update", [Word("bad")], in: surface) }
    #expect(
      error.message
        == "plugin big: plugin.lua:42: d:update: the function returned number for row 1; return a table of column = value, or nil",
      "\(error.message)")
  }

  @Test("a stop (what Ctrl-C requests) inside d:update's function ends it and takes its edits back")
  func updateStops() throws {
    let (root, surface, host, document) = try setUp()
    defer { withExtendedLifetime(host) {} }
    defer { try? FileManager.default.removeItem(at: root) }
    let lua = try #require(host.plugins.first?.lua)
    lua.register("press_ctrl_c") { [unowned lua] _ throws(LuaError) in
      lua.requestStop()
      return []
    }
    let error = try #require(throws: FolioError.self) { try run("big.update", [Word("stop")], in: surface) }
    #expect(error.code == .interrupted, "\(error.code) \(error.message)")
    lua.clearStop()
    #expect(try names(of: document) == ["Ada", "Bob", "Cy", "Dee"])
    #expect(!document.isDirty)
  }
}
