import FolioCore
import Foundation
import Testing

@testable import FolioLua

/// The declaration cache: a plugin whose last load only declared things is registered from
/// the state store at the next start, and its `plugin.lua` runs on first use.
@Suite struct DeclarationCacheTests {
  /// A plugin folder and a state folder, both removed by `remove()`.
  private struct Fixture {
    let root: URL
    let state: URL

    init(_ files: [String: String]) throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "folio-plugins-\(UUID().uuidString)")
      state = FileManager.default.temporaryDirectory.appendingPathComponent(
        "folio-state-\(UUID().uuidString)")
      try write(files)
    }

    func write(_ files: [String: String]) throws {
      for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
      }
    }

    /// A fresh start: a new store connection, surface and host loading the plugins; `build`
    /// stands for another build of Folio.
    func start(build: String? = nil) throws -> (
      host: PluginHost, surface: RecordingSurface, store: StateStore
    ) {
      let store = try StateStore(directory: state.path)
      let surface = RecordingSurface(store: store)
      let host = PluginHost(surface: surface)
      if let build { host.buildIdentity = build }
      host.discoverAndLoad(in: [root.path])
      return (host, surface, store)
    }

    func remove() {
      try? FileManager.default.removeItem(at: root)
      try? FileManager.default.removeItem(at: state)
    }
  }

  /// Runs a command; returns the text it printed, nil when it printed something else.
  @discardableResult
  private func run(_ id: String, _ words: [String] = [], in surface: RecordingSurface) throws -> String? {
    let command = try #require(surface.registry.command(id: id))
    guard case .text(let text) = try surface.registry.invoke(command, words: words.map { Word($0) }) else {
      return nil
    }
    return text
  }

  /// A plugin that declares a command whose `run` counts its calls in the plugin's state, a
  /// command with an `enabled` predicate, a toggle, a menu and a share target.
  private static let counter = """
    local util = require("lib.util")
    local count = 0
    folio.command { id = "counter.hit", title = "Hit", run = function() count = count + 1; return util.label(count) end }
    folio.command { id = "counter.maybe", title = "Maybe", enabled = function() return count > 0 end, run = function() return "maybe" end }
    local on = false
    folio.command { id = "counter.flag", title = "Flag", state = { kind = "toggle", get = function() return on end, set = function(_, v) on = v end } }
    folio.menu { title = "Counter", items = { "counter.hit", folio.divider(), "counter.maybe" } }
    folio.share_target { id = "counter-share", title = "Counter", accepts = { "text" }, send = function(ctx, item) return "shared " .. item.title end }
    """

  private static let util = """
    return { label = function(n) return "hit " .. n end }
    """

  @Test("a plugin that only declared is registered from the cache at the next start, the same as before")
  func hit() throws {
    let fixture = try Fixture(["counter/plugin.lua": Self.counter, "counter/lib/util.lua": Self.util])
    defer { fixture.remove() }
    let first = try fixture.start()
    let loaded = try #require(first.host.plugin(named: "counter"))
    #expect(loaded.status == .loaded)
    #expect(!loaded.isRegisteredFromCache)
    #expect(first.store.pluginDeclarations(plugin: "counter") != nil)

    let second = try fixture.start()
    let cached = try #require(second.host.plugin(named: "counter"))
    #expect(cached.status == .loaded)
    #expect(cached.isRegisteredFromCache)
    #expect(cached.lua == nil)
    #expect(cached.contributions == loaded.contributions)
    #expect(second.surface.registry.commands.map(\.id) == first.surface.registry.commands.map(\.id))
    #expect(second.surface.registry.commands.map(\.title) == first.surface.registry.commands.map(\.title))
    #expect(second.surface.menus.map(\.title) == ["Counter"])
    #expect(second.surface.workspace.shareTargets.target(id: "counter-share")?.title == "Counter")
  }

  @Test("the first use runs plugin.lua exactly once; the real commands then take the stand-ins' places")
  func firstUseRunsOnce() throws {
    let fixture = try Fixture(["counter/plugin.lua": Self.counter, "counter/lib/util.lua": Self.util])
    defer { fixture.remove() }
    _ = try fixture.start()
    let (host, surface, _) = try fixture.start()
    let plugin = try #require(host.plugin(named: "counter"))
    // A predicate is a use too: it makes the state, and answers as the real one would.
    #expect(try #require(surface.registry.command(id: "counter.maybe")).currentAvailability != .enabled)
    #expect(!plugin.isRegisteredFromCache)
    let lua = try #require(plugin.lua)
    #expect(try run("counter.hit", in: surface) == "hit 1")
    #expect(try run("counter.hit", in: surface) == "hit 2")
    #expect(plugin.lua === lua)
    #expect(try #require(surface.registry.command(id: "counter.maybe")).currentAvailability == .enabled)
    #expect(!plugin.log.contains { $0.hasPrefix("declaration cache") })
  }

  @Test("a stand-in's known availability is enabled without a first use; after it, the predicate's")
  func knownAvailabilityRunsNoLua() throws {
    let fixture = try Fixture(["counter/plugin.lua": Self.counter, "counter/lib/util.lua": Self.util])
    defer { fixture.remove() }
    _ = try fixture.start()
    let (host, surface, _) = try fixture.start()
    let plugin = try #require(host.plugin(named: "counter"))
    // Listing the commands (the palette's search) asks this: it runs no plugin.lua.
    for command in surface.registry.commands where command.owner == plugin.owner {
      #expect(command.knownAvailability == .enabled, "\(command.id)")
    }
    #expect(plugin.isRegisteredFromCache)
    #expect(plugin.lua == nil)
    // Once realized, the real command answers with its predicate (no hits yet: disabled).
    let maybe = try #require(surface.registry.command(id: "counter.maybe"))
    #expect(maybe.currentAvailability != .enabled)
    #expect(!plugin.isRegisteredFromCache)
    let real = try #require(surface.registry.command(id: "counter.maybe"))
    #expect(real.availabilityBeforeFirstUse == nil)
    #expect(real.knownAvailability != .enabled)
  }

  @Test("each kind of stand-in runs plugin.lua first: a command, a toggle's state, a share target")
  func standIns() throws {
    let fixture = try Fixture(["counter/plugin.lua": Self.counter, "counter/lib/util.lua": Self.util])
    defer { fixture.remove() }
    _ = try fixture.start()
    do {
      let (host, surface, _) = try fixture.start()
      #expect(try run("counter.hit", in: surface) == "hit 1")
      #expect(try host.plugin(named: "counter")?.isRegisteredFromCache == false)
    }
    do {
      let (host, surface, _) = try fixture.start()
      let flag = try #require(surface.registry.command(id: "counter.flag")?.state)
      #expect(flag.value == .toggle(false))
      #expect(try host.plugin(named: "counter")?.isRegisteredFromCache == false)
      try run("counter.flag", ["on"], in: surface)
      #expect(surface.registry.command(id: "counter.flag")?.state?.value == .toggle(true))
    }
    do {
      let (host, surface, _) = try fixture.start()
      let target = try #require(surface.workspace.shareTargets.target(id: "counter-share"))
      let item = ShareItem(
        title: "notes", fileName: "notes.txt", representation: .text, mediaType: "text/plain",
        bytes: Array("x".utf8))
      let outcome = try target.send(item, nil)
      #expect(outcome.output == "shared notes")
      #expect(try host.plugin(named: "counter")?.isRegisteredFromCache == false)
    }
  }

  /// Plain action commands, which are built straight from the entry's bytes, with every
  /// field they may have, and commands that are not, which are decoded first.
  private static let assorted = """
    local function run() return "ran" end
    local function yes() return true end
    folio.command { id = "mix.plain", title = "Plain", run = run }
    folio.command { id = "mix.full", title = "Full…", subtitle = "second line", icon = "trash", role = "destructive",
      dismiss = "disabled", summary = "Does it all", enabled = yes, visible = yes, run = run,
      params = { { name = "who", type = "string", optional = true, summary = "whom" }, { name = "n", type = "int" },
        { name = "x", type = "number" }, { name = "on", type = "bool" }, { name = "file", type = "path" },
        { name = "way", type = "choice", choices = { "up", "down" } }, { name = "t", type = "int", choices = { 1 } } } }
    folio.command { id = "mix.same", title = "Same", run = run, params = { { name = "who", type = "string", optional = true, summary = "whom" }, { name = "n", type = "int" },
        { name = "x", type = "number" }, { name = "on", type = "bool" }, { name = "file", type = "path" },
        { name = "way", type = "choice", choices = { "up", "down" } }, { name = "t", type = "int", choices = { 1 } } } }
    folio.command { id = "mix.other", title = "Other", run = run, params = { { name = "who" } } }
    folio.command { id = "mix.flag", title = "Flag", state = { kind = "toggle", get = yes, set = function() end } }
    folio.command { "ignored", id = "mix.listed", title = "Listed", run = run }
    """

  @Test("commands from the cache have the fields, parameters, predicates and answers of the ordinary load")
  func commandsFromBytes() throws {
    let fixture = try Fixture(["mix/plugin.lua": Self.assorted])
    defer { fixture.remove() }
    let first = try fixture.start()
    let second = try fixture.start()
    #expect(try second.host.plugin(named: "mix")?.isRegisteredFromCache == true)
    let ordinary = first.surface.registry.commands.filter { $0.owner == "plugin mix" }
    let cached = second.surface.registry.commands.filter { $0.owner == "plugin mix" }
    #expect(ordinary.count == 6)
    #expect(cached.map(\.configuration) == ordinary.map(\.configuration))
    #expect(cached.map { $0.availability != nil } == ordinary.map { $0.availability != nil })
    #expect(cached.map { $0.answer != nil } == ordinary.map { $0.answer != nil })
    #expect(cached.map { $0.state != nil } == ordinary.map { $0.state != nil })
    #expect(
      try run("mix.full", ["who=me", "n=1", "x=2", "on=on", "file=a", "way=up", "t=3"], in: second.surface)
        == "ran")
    #expect(try second.host.plugin(named: "mix")?.isRegisteredFromCache == false)
    #expect(try !second.host.plugin(named: "mix")!.log.contains { $0.hasPrefix("declaration cache") })
  }

  @Test("an entry written by another build of Folio is not read, and is written again")
  func otherBuild() throws {
    let fixture = try Fixture(["counter/plugin.lua": Self.counter, "counter/lib/util.lua": Self.util])
    defer { fixture.remove() }
    let first = try fixture.start(build: "build-a")
    let written = try #require(first.store.pluginDeclarations(plugin: "counter"))
    #expect(written.key.contains("build build-a;"))
    #expect(try fixture.start(build: "build-a").host.plugin(named: "counter")?.isRegisteredFromCache == true)
    let other = try fixture.start(build: "build-b")
    #expect(try other.host.plugin(named: "counter")?.isRegisteredFromCache == false)
    #expect(try other.host.plugin(named: "counter")?.status == .loaded)
    #expect(try other.store.pluginDeclarations(plugin: "counter")?.key.contains("build build-b;") == true)
    #expect(try fixture.start(build: "build-b").host.plugin(named: "counter")?.isRegisteredFromCache == true)
    // The identity of this executable, as the cache's key uses it by default.
    #expect(!PluginHost.executableIdentity.isEmpty)
  }

  @Test("a changed file of the plugin's folder, one only `require` reads, misses the cache")
  func missOnChangedFile() throws {
    let fixture = try Fixture(["counter/plugin.lua": Self.counter, "counter/lib/util.lua": Self.util])
    defer { fixture.remove() }
    _ = try fixture.start()
    try fixture.write(["counter/lib/util.lua": "return { label = function(n) return \"hits \" .. n end }\n"])
    let changed = try fixture.start()
    #expect(try changed.host.plugin(named: "counter")?.isRegisteredFromCache == false)
    #expect(try run("counter.hit", in: changed.surface) == "hits 1")
    // That load stored the new declarations: the next start uses them.
    let next = try fixture.start()
    #expect(try next.host.plugin(named: "counter")?.isRegisteredFromCache == true)
    #expect(try run("counter.hit", in: next.surface) == "hits 1")
  }

  @Test(
    "a load that printed, logged, used folio.state or failed is not cached",
    arguments: [
      "print('hello')", "folio.log('hello')", "folio.state.get('k')", "folio.state.set('k', 1)",
      "error('no')",
    ])
  func notCached(line: String) throws {
    let source =
      "folio.command { id = \"busy.go\", title = \"Go\", run = function() return 1 end }\n" + line + "\n"
    let fixture = try Fixture(["busy/plugin.lua": source])
    defer { fixture.remove() }
    let first = try fixture.start()
    #expect(first.store.pluginDeclarations(plugin: "busy") == nil)
    let second = try fixture.start()
    let plugin = try #require(second.host.plugin(named: "busy"))
    #expect(!plugin.isRegisteredFromCache)
    #expect(plugin.status == first.host.plugin(named: "busy")?.status)
    #expect(plugin.log == first.host.plugin(named: "busy")?.log)
  }

  @Test(
    "a plugin that subscribes with folio.on is cached; the event's first coming runs plugin.lua, then its handlers"
  )
  func subscriberCached() throws {
    let source = """
      local loads = 0
      loads = loads + 1
      folio.command { id = "watch.go", title = "Go", run = function() return "go" end }
      folio.on("document.opened", function(ctx) folio.log("opened " .. ctx.document.title .. " after " .. loads .. " load") end)
      folio.on("document.saved", function() folio.log("saved") end)
      """
    let fixture = try Fixture(["watch/plugin.lua": source])
    defer { fixture.remove() }
    let first = try fixture.start()
    #expect(first.store.pluginDeclarations(plugin: "watch") != nil)
    let second = try fixture.start()
    let plugin = try #require(second.host.plugin(named: "watch"))
    #expect(plugin.isRegisteredFromCache)
    #expect(plugin.contributions == first.host.plugin(named: "watch")?.contributions)
    let file = fixture.root.appendingPathComponent("notes.txt")
    try "one\n".write(to: file, atomically: true, encoding: .utf8)
    let document = try second.surface.workspace.open(file.path).document
    second.surface.workspace.events.flush()
    #expect(!plugin.isRegisteredFromCache)
    #expect(plugin.log == ["opened \(document.title) after 1 load"])
    #expect(plugin.contributions == first.host.plugin(named: "watch")?.contributions)
  }

  @Test("a manifest that prints keeps the plugin out of the cache too")
  func manifestPrints() throws {
    let fixture = try Fixture([
      "loud/manifest.lua": "print('manifest') return { version = '1.0' }",
      "loud/plugin.lua": "folio.command { id = \"loud.go\", title = \"Go\", run = function() end }",
    ])
    defer { fixture.remove() }
    _ = try fixture.start()
    let second = try fixture.start()
    let plugin = try #require(second.host.plugin(named: "loud"))
    #expect(!plugin.isRegisteredFromCache)
    #expect(plugin.log == ["manifest"])
    #expect(plugin.version == "1.0")
  }

  @Test("the manifest's fields come from the cache")
  func manifestCached() throws {
    let fixture = try Fixture([
      "quiet/manifest.lua": "return { version = '2.1', description = 'Quiet things' }",
      "quiet/plugin.lua": "folio.command { id = \"quiet.go\", title = \"Go\", run = function() end }",
    ])
    defer { fixture.remove() }
    _ = try fixture.start()
    let plugin = try #require(try fixture.start().host.plugin(named: "quiet"))
    #expect(plugin.isRegisteredFromCache)
    #expect(plugin.version == "2.1")
    #expect(plugin.summary == "Quiet things")
  }

  @Test("a damaged entry is ignored, the plugin loads the ordinary way, and the entry is written again")
  func corruptEntry() throws {
    let fixture = try Fixture(["counter/plugin.lua": Self.counter, "counter/lib/util.lua": Self.util])
    defer { fixture.remove() }
    let first = try fixture.start()
    var stored = try #require(first.store.pluginDeclarations(plugin: "counter"))
    stored.data[stored.data.count / 2] ^= 0x5A
    try first.store.setPluginDeclarations(stored.data, key: stored.key, plugin: "counter")
    let second = try fixture.start()
    #expect(try second.host.plugin(named: "counter")?.isRegisteredFromCache == false)
    #expect(try second.host.plugin(named: "counter")?.status == .loaded)
    let third = try fixture.start()
    #expect(try third.host.plugin(named: "counter")?.isRegisteredFromCache == true)
    #expect(try run("counter.hit", in: third.surface) == "hit 1")
  }

  @Test("when plugin.lua declares something else on first use, its registrations replace the stand-ins")
  func mismatchReplaces() throws {
    let fixture = try Fixture(["counter/plugin.lua": Self.counter, "counter/lib/util.lua": Self.util])
    defer { fixture.remove() }
    let first = try fixture.start()
    // An entry under the right key that says something plugin.lua does not: what a
    // plugin.lua whose declarations change from run to run would leave.
    let stored = try #require(first.store.pluginDeclarations(plugin: "counter"))
    var entry = try #require(PluginDeclarationEntry(decoding: stored.data))
    guard case .table(var options) = entry.declarations[0].arguments[0] else {
      Issue.record("the first declaration is not a table")
      return
    }
    options.fields["title"] = .string("Old Hit")
    entry.declarations[0].arguments[0] = .table(options)
    entry.declarations.removeLast()
    try first.store.setPluginDeclarations(entry.encoded, key: stored.key, plugin: "counter")

    let (host, surface, store) = try fixture.start()
    let plugin = try #require(host.plugin(named: "counter"))
    #expect(plugin.isRegisteredFromCache)
    #expect(surface.registry.command(id: "counter.hit")?.title == "Old Hit")
    #expect(surface.workspace.shareTargets.target(id: "counter-share") == nil)
    #expect(try run("counter.hit", in: surface) == "hit 1")
    #expect(surface.registry.command(id: "counter.hit")?.title == "Hit")
    #expect(surface.workspace.shareTargets.target(id: "counter-share") != nil)
    #expect(plugin.contributions == first.host.plugin(named: "counter")?.contributions)
    #expect(plugin.log.contains { $0.hasPrefix("declaration cache: ") })
    // The entry now holds what plugin.lua declares.
    let rewritten = try #require(store.pluginDeclarations(plugin: "counter"))
    #expect(PluginDeclarationEntry(decoding: rewritten.data)?.declarations.count == 5)
  }

  @Test("unload, load and reload work on a plugin registered from the cache")
  func unloadAndReload() throws {
    let fixture = try Fixture(["counter/plugin.lua": Self.counter, "counter/lib/util.lua": Self.util])
    defer { fixture.remove() }
    _ = try fixture.start()
    let (host, surface, _) = try fixture.start()
    let stale = try #require(surface.registry.command(id: "counter.hit"))
    try host.unload(named: "counter")
    #expect(surface.registry.command(id: "counter.hit") == nil)
    #expect(surface.menus.isEmpty)
    // A stand-in kept from before the unload cannot bring the plugin back.
    #expect(throws: FolioError.self) { try surface.registry.invoke(stale, words: []) }
    try host.load(named: "counter")
    #expect(try host.plugin(named: "counter")?.isRegisteredFromCache == true)
    try host.reload(named: "counter")
    #expect(try run("counter.hit", in: surface) == "hit 1")
    #expect(try host.plugin(named: "counter")?.isRegisteredFromCache == false)
  }

  @Test("without a state store, or with the cache turned off, plugins load the ordinary way")
  func noStore() throws {
    let fixture = try Fixture(["counter/plugin.lua": Self.counter, "counter/lib/util.lua": Self.util])
    defer { fixture.remove() }
    let surface = RecordingSurface()
    let host = PluginHost(surface: surface)
    #expect(host.discoverAndLoad(in: [fixture.root.path]).isEmpty)
    #expect(try host.plugin(named: "counter")?.isRegisteredFromCache == false)
    _ = try fixture.start()
    let store = try StateStore(directory: fixture.state.path)
    let offSurface = RecordingSurface(store: store)
    let off = PluginHost(surface: offSurface)
    off.usesDeclarationCache = false
    off.discoverAndLoad(in: [fixture.root.path])
    #expect(try off.plugin(named: "counter")?.isRegisteredFromCache == false)
  }

  @Test("an entry's bytes round-trip, and cut or changed bytes are refused")
  func encoding() throws {
    let entry = PluginDeclarationEntry(
      version: "1.0", summary: nil,
      declarations: [
        PluginDeclaration(
          function: "command",
          arguments: [
            .table(
              LuaTable(
                array: [.integer(-3), .number(2.5), .boolean(true), .nil],
                fields: [
                  "id": .string("a.b"), "run": .function(PluginDeclaration.functionPlaceholder),
                  "nested": .table(LuaTable(fields: ["é": .string("ü")])),
                ]))
          ], location: "plugin.lua:3: ")
      ])
    let bytes = entry.encoded
    #expect(PluginDeclarationEntry(decoding: bytes) == entry)
    #expect(PluginDeclarationEntry(decoding: Array(bytes.dropLast())) == nil)
    #expect(PluginDeclarationEntry(decoding: []) == nil)
    for index in stride(from: 0, to: bytes.count, by: 7) {
      var changed = bytes
      changed[index] ^= 0x01
      #expect(PluginDeclarationEntry(decoding: changed) == nil)
    }
  }
}
