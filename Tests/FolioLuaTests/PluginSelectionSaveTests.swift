import Foundation
import Testing

@testable import FolioCore
@testable import FolioLua

/// `ctx.selection:set/add/clear` and `d:save()`: plugins reach what users reach.
@Suite struct PluginSelectionSaveTests {
  private static let plugin = """
    folio.command { id = "demo.select", title = "Select", params = { { name = "how", type = "string" } },
      run = function(ctx, args)
        local s = ctx.selection
        local ok, err = true, nil
        if args.how == "set" then s:set({ 3, 1 })
        elseif args.how == "one" then s:set(2)
        elseif args.how == "add" then s:add({ 2 })
        elseif args.how == "clear" then s:clear()
        elseif args.how == "unknown" then ok, err = pcall(s.set, s, { 1, 9, 12 })
        elseif args.how == "float" then ok, err = pcall(s.set, s, { 1.5 })
        elseif args.how == "fail" then s:set({ 1 }); error("then failed")
        end
        if not ok then return err end
        return s.count .. ":" .. table.concat(s.ids, ",")
      end }
    folio.command { id = "demo.save", title = "Save", params = { { name = "as", type = "string", optional = true } },
      run = function(ctx, args)
        local d = ctx.document
        d:set(1, "name", "Ada Lovelace")
        local ok, why = d:save(args.as and { as = args.as } or nil)
        return tostring(ok) .. "|" .. tostring(why)
      end }
    folio.command { id = "demo.badsave", title = "Bad Save", run = function(ctx)
      local _, err = pcall(ctx.document.save, ctx.document, { path = "x.csv" })
      return err
    end }
    folio.command { id = "demo.peek", title = "Peek", enabled = function(ctx)
      local ok, err = pcall(ctx.selection.clear, ctx.selection)
      return err
    end, run = function() return "ran" end }
    """

  private func setUp() throws -> (URL, RecordingSurface, PluginHost, Document) {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-selsave-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("demo"), withIntermediateDirectories: true)
    try Self.plugin.write(
      to: root.appendingPathComponent("demo/plugin.lua"), atomically: true, encoding: .utf8)
    try "name\nAda\nBob\nCy\n".write(
      to: root.appendingPathComponent("people.csv"), atomically: true, encoding: .utf8)
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let document = try surface.workspace.open(root.appendingPathComponent("people.csv").path).document
    return (root, surface, host, document)
  }

  private func text(_ id: String, _ words: [Word] = [], in surface: RecordingSurface) throws -> String {
    let command = try #require(surface.registry.command(id: id))
    guard case .text(let text) = try surface.registry.invoke(command, words: words) else { return "" }
    return text
  }

  @Test("selection:set, :add and :clear change the table's selection and what ctx.selection says")
  func setAddClear() throws {
    let (root, surface, host, document) = try setUp()
    defer { withExtendedLifetime(host) {} }
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(try text("demo.select", [Word("set")], in: surface) == "2:1,3")
    #expect(document.selection == [1, 3])
    #expect(try text("demo.select", [Word("add")], in: surface) == "3:1,2,3")
    #expect(document.selection == [1, 2, 3])
    #expect(try text("demo.select", [Word("one")], in: surface) == "1:2")
    #expect(document.selection == [2])
    #expect(try text("demo.select", [Word("clear")], in: surface) == "0:")
    #expect(document.selection.isEmpty)
  }

  @Test("unknown and non-integer ids are errors naming them, and the selection stays")
  func idsAreChecked() throws {
    let (root, surface, host, document) = try setUp()
    defer { withExtendedLifetime(host) {} }
    defer { try? FileManager.default.removeItem(at: root) }
    document.selection = [2]
    #expect(
      try text("demo.select", [Word("unknown")], in: surface)
        == "selection:set: no rows have the ids 9, 12")
    #expect(document.selection == [2])
    #expect(
      try text("demo.select", [Word("float")], in: surface)
        == "selection:set: 'ids[1]' must be an integer row id, got 1.5")
    #expect(document.selection == [2])
  }

  @Test("a failed command takes its selection change back; predicates cannot change the selection")
  func rollbackAndReadOnly() throws {
    let (root, surface, host, document) = try setUp()
    defer { withExtendedLifetime(host) {} }
    defer { try? FileManager.default.removeItem(at: root) }
    document.selection = [2]
    let command = try #require(surface.registry.command(id: "demo.select"))
    #expect {
      try surface.registry.invoke(command, words: [Word("fail")])
    } throws: { error in
      (error as? FolioError)?.code == .lua && "\(error)".contains("then failed")
    }
    #expect(document.selection == [2])
    let peek = try #require(surface.registry.command(id: "demo.peek"))
    #expect(
      peek.currentAvailability
        == .disabled(
          reason: "selection:clear: the selection cannot change in enabled, visible and state get functions"))
    #expect(document.selection == [2])
  }

  @Test("d:save saves with save's checks, returning true or nil and the reason")
  func save() throws {
    let (root, surface, host, document) = try setUp()
    defer { withExtendedLifetime(host) {} }
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("people.csv")
    #expect(try text("demo.save", in: surface) == "true|nil")
    #expect(try String(contentsOf: file, encoding: .utf8) == "name\nAda Lovelace\nBob\nCy\n")
    #expect(!document.isDirty)
    // Another existing file is never replaced without force.
    let other = root.appendingPathComponent("other.csv")
    try "kept\n".write(to: other, atomically: false, encoding: .utf8)
    #expect(try text("demo.save", [Word(other.path)], in: surface) == "nil|'other.csv' already exists")
    #expect(try String(contentsOf: other, encoding: .utf8) == "kept\n")
    // Nor is a folder.
    let folder = root.appendingPathComponent("folder.csv")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let refused = try text("demo.save", [Word(folder.path)], in: surface)
    #expect(refused.hasPrefix("nil|") && refused.contains("not a regular file"))
    // A new path is written, and becomes the document's.
    let copy = root.appendingPathComponent("copy.csv")
    #expect(try text("demo.save", [Word(copy.path)], in: surface) == "true|nil")
    #expect(try String(contentsOf: copy, encoding: .utf8) == "name\nAda Lovelace\nBob\nCy\n")
    #expect(try text("demo.badsave", in: surface).hasSuffix("d:save: unknown option 'path' (options: as)"))
  }

  @Test("d:save refuses a read-only file and a file changed on disk, leaving both as they were")
  func saveChecks() throws {
    let (root, surface, host, document) = try setUp()
    defer { withExtendedLifetime(host) {} }
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.appendingPathComponent("people.csv")
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
    #expect(try text("demo.save", in: surface) == "nil|people.csv is read-only (no write permission)")
    #expect(try String(contentsOf: file, encoding: .utf8) == "name\nAda\nBob\nCy\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
    try "name\nZed\n".write(to: file, atomically: false, encoding: .utf8)
    #expect(try text("demo.save", in: surface) == "nil|people.csv changed on disk since it was read")
    #expect(try String(contentsOf: file, encoding: .utf8) == "name\nZed\n")
    #expect(document.isDirty)
  }
}
