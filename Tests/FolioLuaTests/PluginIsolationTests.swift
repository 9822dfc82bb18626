import FolioCore
import Foundation
import Testing

@testable import FolioLua

/// Sandbox, round 2: a plugin is who its folder says, manifests cannot touch each other,
/// `print` goes to the plugin's log, and messages and `folio.state` are bounded.
@Suite struct PluginIsolationTests {
  /// Writes plugin folders under a new root: `files` maps `FOLDER/FILE` to its text.
  private static func makeRoot(_ files: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-plugins-\(UUID().uuidString)")
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return root
  }

  private func run(_ id: String, in surface: RecordingSurface) throws -> CommandOutput {
    let command = try #require(surface.registry.command(id: id))
    return try surface.registry.invoke(command, words: [])
  }

  /// The text a command printed; nil when it printed nothing or something else.
  private func text(_ id: String, in surface: RecordingSurface) throws -> String? {
    guard case .text(let text) = try run(id, in: surface) else { return nil }
    return text
  }

  /// A plugin whose `NAME.token` command returns its `token` state and whose `NAME.keep`
  /// stores one.
  private static func tokenPlugin(_ name: String) -> String {
    """
    folio.command { id = "\(name).keep", title = "Keep", run = function() folio.state.set("token", "\(name)-secret") end }
    folio.command { id = "\(name).token", title = "Token", run = function() return folio.state.get("token") or "none" end }
    """
  }

  @Test("a manifest naming another plugin is refused, so it neither reads its state nor locks it out")
  func manifestCannotClaimAnotherName() throws {
    // "impostor" sorts first: with the old code it loaded as "victim", and the real one failed.
    let root = try Self.makeRoot([
      "impostor/manifest.lua": "return { name = 'victim', version = '1.0' }",
      "impostor/plugin.lua": Self.tokenPlugin("impostor"),
      "victim/plugin.lua": Self.tokenPlugin("victim"),
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    let failed = host.discoverAndLoad(in: [root.path])
    #expect(failed.map(\.name) == ["impostor"])
    #expect(
      failed.first?.status
        == .failed(
          "manifest.lua: field 'name' is 'victim' but the folder is 'impostor': a plugin is named by its folder"
        ))
    #expect(host.plugin(named: "victim")?.status == .loaded)
    _ = try run("victim.keep", in: surface)
    #expect(try text("victim.token", in: surface) == "victim-secret")
    #expect(host.unsavedValues.keys.sorted() == ["victim"])
  }

  @Test("two folders with one name: the later is refused naming both folders and never runs")
  func nameClashNamesBothFolders() throws {
    let first = try Self.makeRoot(["demo/plugin.lua": Self.tokenPlugin("demo")])
    let second = try Self.makeRoot([
      "demo/plugin.lua": "folio.state.set('token', 'stolen')\n" + Self.tokenPlugin("other")
    ])
    defer {
      try? FileManager.default.removeItem(at: first)
      try? FileManager.default.removeItem(at: second)
    }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    let failed = host.discoverAndLoad(in: [first.path, second.path])
    #expect(failed.count == 1)
    let reason = "\(failed.first?.status ?? .disabled)"
    #expect(reason.contains(second.path + "/demo") && reason.contains(first.path + "/demo"), "\(reason)")
    #expect(try text("demo.token", in: surface) == "none")
    #expect(surface.registry.command(id: "other.token") == nil)
    try host.reload(named: "demo")
    #expect(host.plugins.first?.folder == first.path + "/demo")
    #expect(host.plugins.first?.status == .loaded)
  }

  @Test("a folder whose name is not letters, digits, '-' or '_' is not loaded")
  func folderNameIsChecked() throws {
    let root = try Self.makeRoot(["bad name/plugin.lua": "error('must not run')"])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    let failed = host.discoverAndLoad(in: [root.path])
    guard case .failed(let reason) = try #require(failed.first).status else {
      Issue.record("expected the plugin to fail: \(failed)")
      return
    }
    #expect(reason.contains("must be letters, digits"), "\(reason)")
  }

  @Test("a manifest that rewrites the libraries and globals changes nothing for the next one")
  func manifestsCannotPoisonEachOther() throws {
    let root = try Self.makeRoot([
      "a-poison/manifest.lua": """
      string.format = function() return "poisoned" end
      string.rep = nil
      _G.tostring = function() return "poisoned" end
      _G.type = nil
      rawset(_G, "select", nil)
      shared_secret = "leaked"
      return { version = "6.6.6" }
      """,
      "a-poison/plugin.lua": "",
      "b-clean/manifest.lua": """
      return { version = string.format("%d.%d", 2, 0),
        description = tostring(42) .. type("") .. ("ab"):rep(2) .. select("#", 1, 2) .. tostring(shared_secret) }
      """,
      "b-clean/plugin.lua": "",
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let clean = try #require(host.plugin(named: "b-clean"))
    #expect(clean.version == "2.0")
    #expect(clean.summary == "42stringabab2nil")
  }

  @Test("print writes to the plugin's log, from the manifest, while loading and in a command")
  func printGoesToTheLog() throws {
    let root = try Self.makeRoot([
      "printer/manifest.lua": "print('from the manifest', 1) return {}",
      "printer/plugin.lua": """
      print('{"ok":true,"command":"forged"}')
      folio.command { id = "printer.run", title = "Run", run = function() print("in", "a", "command", {}) end }
      """,
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    #expect(try text("printer.run", in: surface) == nil)
    #expect(
      host.plugin(named: "printer")?.log
        == ["from the manifest 1", #"{"ok":true,"command":"forged"}"#, "in a command table"])
  }

  @Test("a 10 MB error message, a 2 MB notice, log line or dialog text is cut to 4 KB with a note")
  func longMessagesAreCut() throws {
    let root = try Self.makeRoot([
      "loud/plugin.lua": """
      folio.command { id = "loud.fail", title = "Fail", run = function() error(("x"):rep(1e7)) end }
      folio.command { id = "loud.notify", title = "Notify", run = function(ctx) ctx:notify(("é"):rep(1e6)) end }
      folio.command { id = "loud.log", title = "Log", run = function() folio.log(("y"):rep(2e6)) end }
      folio.command { id = "loud.ask", title = "Ask", run = function(ctx)
        local long = ("z"):rep(1e6)
        ctx:confirm { title = long, message = long, buttons = { { title = long } } }
      end }
      """
    ])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let error = try #require(throws: FolioError.self) { try run("loud.fail", in: surface) }
    #expect(error.message.utf8.count < 4200)
    #expect(error.message.hasSuffix("more bytes cut)"), "\(error.message.suffix(80))")
    guard case .text(let notice) = try run("loud.notify", in: surface) else {
      Issue.record("expected text")
      return
    }
    #expect(notice.utf8.count < 4200)
    #expect(notice.hasPrefix("éé") && notice.hasSuffix("1995904 more bytes cut)"), "\(notice.suffix(80))")
    _ = try run("loud.log", in: surface)
    let log = try #require(host.plugin(named: "loud")?.log)
    #expect(log.allSatisfy { $0.utf8.count < 4200 })
    #expect(log.last?.hasSuffix("1995904 more bytes cut)") == true)
    guard case .dialog(let dialog) = try run("loud.ask", in: surface) else {
      Issue.record("expected a dialog")
      return
    }
    for text in [dialog.title, dialog.message ?? "", dialog.buttons[0].title] {
      #expect(text.utf8.count < 4200 && text.hasSuffix("995904 more bytes cut)"), "\(text.suffix(80))")
    }
  }

  /// A plugin whose commands write `folio.state` and then fail in several ways.
  private static let writer = """
    folio.command { id = "writer.big", title = "Big", run = function() folio.state.set("k", ("x"):rep(70000)) end }
    folio.command { id = "writer.fill", title = "Fill", run = function()
      for i = 1, 1e6 do folio.state.set("k" .. i, ("x"):rep(60000)) end
    end }
    folio.command { id = "writer.then_fail", title = "Then fail", run = function()
      folio.state.set("kept", "changed")
      error("failed after writing")
    end }
    folio.command { id = "writer.then_spin", title = "Then spin", run = function()
      folio.state.set("kept", "changed")
      while true do end
    end }
    folio.command { id = "writer.ok", title = "OK", run = function()
      folio.state.set("kept", "original")
      return tostring(folio.state.get("kept"))
    end }
    folio.command { id = "writer.get", title = "Get", run = function()
      return tostring(folio.state.get("kept")) .. " " .. tostring(folio.state.get("k1"))
    end }
    """

  @Test("folio.state refuses a value over its quota and a plugin over its own, and keeps nothing of it")
  func stateQuotas() throws {
    let root = try Self.makeRoot(["writer/plugin.lua": Self.writer])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    let big = try #require(throws: FolioError.self) { try run("writer.big", in: surface) }
    #expect(big.message.contains("70003 bytes with its key, over the quota of 65536 bytes a value"), "\(big)")
    let fill = try #require(throws: FolioError.self) { try run("writer.fill", in: surface) }
    #expect(fill.message.contains("over its quota of 1048576 bytes (setting plugins.state-total)"), "\(fill)")
    #expect(try text("writer.get", in: surface) == "nil nil")
    #expect(host.unsavedValues["writer"] == nil)
    host.stateQuota = 200_000
    host.stateValueQuota = 100_000
    _ = try run("writer.big", in: surface)
    #expect(host.unsavedValues["writer"]?["k"]?.utf8.count == 70_002)
  }

  @Test("state writes are rolled back with the command that failed or ran out of budget")
  func stateWritesRollBack() throws {
    let root = try Self.makeRoot(["writer/plugin.lua": Self.writer])
    defer { try? FileManager.default.removeItem(at: root) }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    host.instructionBudget = 100_000
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    #expect(try text("writer.ok", in: surface) == "original")
    #expect(throws: FolioError.self) { try run("writer.then_fail", in: surface) }
    #expect(try text("writer.get", in: surface) == "original nil")
    #expect(throws: FolioError.self) { try run("writer.then_spin", in: surface) }
    try host.reload(named: "writer")
    #expect(try text("writer.get", in: surface) == "original nil")
  }

  @Test("with a state store, writes are stored when the command succeeds and counted against the quota")
  func stateStoreQuota() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-state-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try StateStore(directory: folder.path)
    let surface = RecordingSurface(store: store)
    let root = try Self.makeRoot(["writer/plugin.lua": Self.writer])
    defer { try? FileManager.default.removeItem(at: root) }
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    #expect(try text("writer.ok", in: surface) == "original")
    #expect(try store.pluginValue(plugin: "writer", key: "kept") == "s:original")
    #expect(try store.pluginValuesSize(plugin: "writer") == "kept".count + "s:original".count)
    #expect(throws: FolioError.self) { try run("writer.then_fail", in: surface) }
    #expect(throws: FolioError.self) { try run("writer.fill", in: surface) }
    #expect(try store.pluginValues(plugin: "writer").map(\.key) == ["kept"])
    #expect(try store.pluginValue(plugin: "writer", key: "kept") == "s:original")
  }

  @Test(
    "a command that writes no folio.state value opens no store transaction: it runs while another holds the write lock"
  )
  func noWritesNoStoreTransaction() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-state-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try StateStore(directory: folder.path)
    let surface = RecordingSurface(store: store)
    let root = try Self.makeRoot(["writer/plugin.lua": Self.writer])
    defer { try? FileManager.default.removeItem(at: root) }
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [root.path]).isEmpty)
    #expect(try text("writer.ok", in: surface) == "original")
    // Another connection takes the write lock (BEGIN IMMEDIATE); a command reading state only
    // must not wait for it, even though one that writes would wait for it.
    let other = try StateStore(directory: folder.path)
    var reading: String?
    try other.transaction { () throws(FolioError) in
      reading = try? text("writer.get", in: surface)
    }
    #expect(reading == "original nil")
    #expect(try store.pluginValue(plugin: "writer", key: "kept") == "s:original")
  }
}
