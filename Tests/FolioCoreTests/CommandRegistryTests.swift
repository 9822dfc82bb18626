import Testing

@testable import FolioCore

@Suite struct CommandRegistryTests {
  private static func command(
    _ id: String, verb: String? = nil, owner: String = "built-in", title: String = "Title",
    availability: (() -> Availability)? = nil
  ) -> Command {
    Command(
      id: id, verb: verb, title: title, owner: owner, availability: availability,
      behavior: .action { _ in .text(id) })
  }

  @Test(
    "a cached lookup finds the command registered now: after removal, replacement and in another registry")
  func cachedLookup() throws {
    let registry = CommandRegistry()
    try registry.register(Self.command("demo.a", owner: "plugin demo"))
    try registry.register(Self.command("demo.b", owner: "plugin demo"))
    let cache = CommandLookupCache()
    let first = try #require(registry.registered(id: "demo.b", cache: cache))
    #expect(cache.lastSlot >= 0)
    #expect(registry.registered(id: "demo.b", cache: cache) === first)
    // Another id through the same cache: the slot's command has another id, so it is looked up.
    #expect(registry.registered(id: "demo.a", cache: cache)?.command.id == "demo.a")
    #expect(registry.registered(id: "demo.b", cache: cache) === first)
    // Replaced: the replacement, in the same slot.
    try registry.replace(Self.command("demo.b", owner: "plugin demo", title: "New"))
    #expect(registry.registered(id: "demo.b", cache: cache)?.command.title == "New")
    // Removed, then registered again: nil in between, then the new command.
    registry.unregisterAll(ownedBy: "plugin demo")
    #expect(registry.registered(id: "demo.b", cache: cache) == nil)
    try registry.register(Self.command("demo.b", owner: "plugin other", title: "Again"))
    #expect(registry.registered(id: "demo.b", cache: cache)?.command.owner == "plugin other")
    // Another registry: its own command.
    let other = CommandRegistry()
    try other.register(Self.command("demo.x", owner: "plugin other"))
    try other.register(Self.command("demo.b", owner: "plugin third"))
    #expect(other.registered(id: "demo.b", cache: cache)?.command.owner == "plugin third")
    #expect(registry.registered(id: "demo.b", cache: cache)?.command.owner == "plugin other")
  }

  @Test("a cached lookup stays right when removals compact the slots")
  func cachedLookupAfterCompaction() throws {
    let registry = CommandRegistry()
    for index in 0..<20 { try registry.register(Self.command("gone.c\(index)", owner: "plugin gone")) }
    try registry.register(Self.command("kept.c", owner: "plugin kept"))
    let cache = CommandLookupCache()
    #expect(registry.registered(id: "kept.c", cache: cache)?.command.id == "kept.c")
    let before = cache.lastSlot
    registry.unregisterAll(ownedBy: "plugin gone")
    #expect(registry.registered(id: "kept.c", cache: cache)?.command.id == "kept.c")
    #expect(cache.lastSlot < before)
    for index in 0..<20 { #expect(registry.registered(id: "gone.c\(index)", cache: cache) == nil) }
  }

  @Test("menu items are equal by their fields; a copy changed keeps the original as it was")
  func menuItemCopies() {
    let item = MenuItem(command: "demo.a", title: "A", arguments: ["x"])
    var copy = item
    #expect(copy == item)
    copy.title = "B"
    copy.arguments.append("y")
    #expect(item.title == "A" && item.arguments == ["x"])
    #expect(copy.title == "B" && copy.arguments == ["x", "y"])
    #expect(copy != item)
    #expect(MenuItem(command: "demo.a", title: "A", arguments: ["x"]) == item)
  }

  @Test("a second registration of an id is refused naming both owners, and changes nothing")
  func duplicateID() throws {
    let registry = CommandRegistry()
    try registry.register(Self.command("demo.duplicate", owner: "plugin alpha"))
    #expect(
      throws: FolioError(
        .duplicateCommand,
        "command id 'demo.duplicate' is already registered by plugin alpha; refused from plugin beta")
    ) {
      try registry.register(Self.command("demo.duplicate", owner: "plugin beta", title: "Other"))
    }
    #expect(registry.commands.map(\.owner) == ["plugin alpha"])
    #expect(registry.command(id: "demo.duplicate")?.title == "Title")
  }

  @Test("a verb or alias already taken is refused")
  func duplicateVerb() throws {
    let registry = CommandRegistry()
    try registry.register(
      Command(id: "a.quit", verb: "quit", aliases: ["exit"], title: "Quit", behavior: .action { _ in .none }))
    #expect(throws: FolioError.self) { try registry.register(Self.command("b.exit", verb: "exit")) }
    #expect(registry.commands.count == 1)
  }

  @Test("names resolve as verbs, aliases and ids")
  func resolve() throws {
    let registry = CommandRegistry()
    try registry.register(
      Command(
        id: "shell.quit", verb: "quit", aliases: ["exit"], title: "Quit", behavior: .action { _ in .none }))
    #expect(registry.resolve("quit")?.id == "shell.quit")
    #expect(registry.resolve("exit")?.id == "shell.quit")
    #expect(registry.resolve("shell.quit")?.id == "shell.quit")
    #expect(registry.resolve("shell") == nil)
    #expect(registry.names == ["quit", "exit", "shell.quit"])
  }

  @Test("unregistering an owner removes exactly its commands")
  func unregisterOwner() throws {
    let registry = CommandRegistry()
    try registry.register(Self.command("a.one", verb: "one", owner: "plugin a"))
    try registry.register(Self.command("b.two", owner: "plugin b"))
    try registry.register(Self.command("a.three", owner: "plugin a"))
    #expect(registry.unregisterAll(ownedBy: "plugin a") == ["a.one", "a.three"])
    #expect(registry.commands.map(\.id) == ["b.two"])
    #expect(registry.resolve("one") == nil)
    try registry.register(Self.command("a.one", verb: "one", owner: "plugin a"))
  }

  @Test("a verb that is another command's id wins, and the id resolves again once it is gone")
  func verbShadowsID() throws {
    let registry = CommandRegistry()
    try registry.register(Self.command("p.one", owner: "plugin p"))
    try registry.register(Self.command("q.two", verb: "p.one", owner: "plugin q"))
    #expect(registry.resolve("p.one")?.id == "q.two")
    #expect(registry.resolve("q.two")?.id == "q.two")
    registry.unregisterAll(ownedBy: "plugin q")
    #expect(registry.resolve("p.one")?.id == "p.one")
    #expect(registry.resolve("q.two") == nil)
    registry.unregisterAll(ownedBy: "plugin p")
    #expect(registry.resolve("p.one") == nil)
  }

  @Test("a name found again finds the command registered now: replaced, removed, registered anew")
  func nameFoundAgain() throws {
    let registry = CommandRegistry()
    try registry.register(Self.command("demo.hit", verb: "hit", owner: "plugin demo"))
    let first = try #require(registry.registered(named: "hit"))
    #expect(registry.registered(named: "hit") === first)
    #expect(registry.registered(named: "demo.hit") === first)
    try registry.replace(Self.command("demo.hit", verb: "hit", owner: "plugin demo", title: "New"))
    #expect(registry.registered(named: "hit")?.command.title == "New")
    registry.unregisterAll(ownedBy: "plugin demo")
    #expect(registry.registered(named: "hit") == nil)
    try registry.register(Self.command("other.hit", verb: "hit", owner: "plugin other"))
    #expect(registry.registered(named: "hit")?.command.id == "other.hit")
  }

  @Test("suggestions find near misses and prefixes, nearest first")
  func suggestions() throws {
    let registry = CommandRegistry()
    for verb in ["help", "echo", "exit", "source", "record"] {
      try registry.register(Self.command("shell.\(verb)", verb: verb))
    }
    #expect(registry.suggestions(for: "hepl") == ["help"])
    #expect(registry.suggestions(for: "ecoh") == ["echo"])
    #expect(registry.suggestions(for: "sour") == ["source"])
    #expect(registry.suggestions(for: "zzzzzz").isEmpty)
    #expect(registry.suggestions(for: "shell.hlep") == ["shell.help"])
  }

  @Test("a disabled command refuses to run and says why")
  func disabled() throws {
    let registry = CommandRegistry()
    let command = Self.command(
      "doc.save", verb: "save", availability: { .disabled(reason: "no document is open") })
    try registry.register(command)
    #expect(throws: FolioError(.disabled, "'save' is disabled: no document is open")) {
      try registry.invoke(command, words: [])
    }
  }

  @Test("search ranks word-start matches first and drops non-matches")
  func search() throws {
    let registry = CommandRegistry()
    for (id, title) in [
      ("option.output", "Output Format"), ("shell.echo", "Echo"), ("document.open", "Open"),
      ("shell.commands", "Command Palette"),
    ] {
      try registry.register(Self.command(id, title: title))
    }
    #expect(registry.search("open").first?.id == "document.open")
    #expect(registry.search("oo").map(\.id).contains("option.output"))
    #expect(!registry.search("xyz").contains { _ in true })
    #expect(registry.search("").count == 4)
  }

  @Test("a limited search keeps the best matches and counts them all; a new command is found at once")
  func limitedSearch() throws {
    let registry = CommandRegistry()
    for (id, title) in [
      ("document.save", "Save"), ("document.saveAs", "Save As…"), ("shell.set", "Set Option"),
      ("edit.paste", "Paste"), ("document.open", "Open"),
    ] {
      try registry.register(Self.command(id, title: title))
    }
    let all = registry.search("sa", limit: .max)
    #expect(all.matches.map(\.command.id) == registry.search("sa").map(\.id))
    #expect(all.total == all.matches.count)
    let scores = all.matches.map(\.score)
    #expect(scores == scores.sorted(by: >))
    let two = registry.search("sa", limit: 2)
    #expect(two.matches.map(\.command.id) == Array(all.matches.prefix(2).map(\.command.id)))
    #expect(two.total == all.total)
    #expect(registry.search("", limit: 2).matches.map(\.command.id) == ["document.save", "document.saveAs"])
    #expect(registry.search("", limit: 2).total == 5)
    #expect(registry.search("sa", limit: 0).matches.isEmpty)

    try registry.register(Self.command("view.save-layout", title: "Save Layout"))
    #expect(registry.search("savela", limit: 1).matches.first?.command.id == "view.save-layout")
    registry.unregisterAll(ownedBy: "built-in")
    #expect(registry.search("sa", limit: 5).total == 0)
  }

  /// A group registered on first use that counts how often it was made.
  private final class Group {
    private(set) var made = 0
    let commands: [Command]

    init(_ commands: [Command]) { self.commands = commands }

    /// Registers the group under the namespaces of its commands' ids.
    func register(in registry: CommandRegistry) {
      let namespaces = Set(commands.map { String($0.id.prefix { $0 != "." }) })
      registry.registerOnFirstUse(namespaces: namespaces.sorted()) { [self] in
        made += 1
        return commands
      }
    }
  }

  @Test(
    "a command registered on first use is made with its group when its name is looked up, the latest group first"
  )
  func madeOnFirstUse() throws {
    let registry = CommandRegistry()
    let app = Group([Self.command("doc.open", verb: "open"), Self.command("doc.close", verb: "close")])
    let shell = Group([Self.command("shell.echo", verb: "echo")])
    app.register(in: registry)
    shell.register(in: registry)
    #expect((app.made, shell.made) == (0, 0))
    #expect(registry.resolve("echo")?.id == "shell.echo")
    #expect((app.made, shell.made) == (0, 1))
    #expect(registry.registered(named: "echo") != nil)
    #expect(registry.command(id: "doc.close")?.verb == "close")
    #expect((app.made, shell.made) == (1, 1))
    #expect(registry.resolve("nothing") == nil)
    #expect(registry.commands.map(\.id) == ["doc.open", "doc.close", "shell.echo"])
    #expect((app.made, shell.made) == (1, 1))
  }

  @Test("commands registered on first use keep their place in the order among those registered at once")
  func orderOfGroupsMadeLater() throws {
    for lookedUp in [nil, "b.1", "d.1", "e.1"] {
      let registry = CommandRegistry()
      try registry.register(Self.command("a.1"))
      Group([Self.command("b.1"), Self.command("b.2")]).register(in: registry)
      Group([Self.command("c.1")]).register(in: registry)
      Group([Self.command("d.1"), Self.command("d.2")]).register(in: registry)
      Group([Self.command("e.1")]).register(in: registry)
      if let lookedUp { #expect(registry.command(id: lookedUp) != nil) }
      #expect(
        registry.names == ["a.1", "b.1", "b.2", "c.1", "d.1", "d.2", "e.1"],
        "after looking up \(lookedUp ?? "nothing")")
    }
    let registry = CommandRegistry()
    Group([Self.command("a.1")]).register(in: registry)
    #expect(registry.search("a.1").map(\.id) == ["a.1"])
  }

  @Test("a namespace two groups share still makes the group left after the other is made")
  func sharedNamespace() throws {
    let registry = CommandRegistry()
    let first = Group([Self.command("doc.open", verb: "open")])
    let second = Group([Self.command("doc.close", verb: "close")])
    first.register(in: registry)
    second.register(in: registry)
    #expect(registry.resolve("close")?.id == "doc.close")
    #expect((first.made, second.made) == (0, 1))
    // `doc` is still the namespace of a group not made: a plugin's `doc.open` meets its twin.
    #expect(throws: FolioError.self) {
      try registry.register(Self.command("doc.open", owner: "plugin p"))
    }
    #expect((first.made, second.made) == (1, 1))
    #expect(registry.command(id: "doc.open")?.configuration.owner != "plugin p")
  }

  @Test("a command typed by its id alone, in a namespace of its own, is registered without making any group")
  func ownNamespaceMakesNoGroup() throws {
    let registry = CommandRegistry()
    let app = Group([Self.command("doc.open", verb: "open"), Self.command("doc.close")])
    let shell = Group([Self.command("shell.echo", verb: "echo")])
    app.register(in: registry)
    shell.register(in: registry)
    registry.reserveCapacity(adding: 2)
    try registry.register(Self.command("guide.add", owner: "plugin guide"))
    try registry.register(Self.command("guide.remove", owner: "plugin guide"))
    #expect((app.made, shell.made) == (0, 0))
    #expect(registry.resolve("guide.add")?.id == "guide.add")
    #expect((app.made, shell.made) == (0, 0))
    // The groups, made later, take their places before the plugin's commands.
    #expect(
      registry.commands.map(\.id) == ["doc.open", "doc.close", "shell.echo", "guide.add", "guide.remove"])
    #expect((app.made, shell.made) == (1, 1))

    // An id in a group's namespace, an id without a dot, or a verb makes the groups first:
    // a clash is refused as ever, and a verb keeps its name from an id spelled alike.
    let cases: [(id: String, verb: String?, refused: Bool)] = [
      ("doc.close", nil, true), ("guide.shut", "echo", true), ("close", nil, false),
    ]
    for (id, verb, refused) in cases {
      let registry = CommandRegistry()
      let app = Group([Self.command("doc.close", verb: "close")])
      let shell = Group([Self.command("shell.echo", verb: "echo")])
      app.register(in: registry)
      shell.register(in: registry)
      let registered = Result { () throws(FolioError) in
        try registry.register(Self.command(id, verb: verb, owner: "plugin p"))
      }
      #expect((try? registered.get()) == nil ? refused : !refused, "\(id)")
      #expect((app.made, shell.made) == (1, 1), "\(id)")
      #expect(registry.resolve("close")?.id == "doc.close")
    }
  }

  @Test("registering a command makes those registered on first use, so a name they hold is refused")
  func registeringMakesEveryGroup() throws {
    let registry = CommandRegistry()
    let app = Group([Self.command("doc.open", verb: "open")])
    app.register(in: registry)
    #expect(throws: FolioError.self) { try registry.register(Self.command("plugin.open", verb: "open")) }
    #expect(app.made == 1)
    try registry.register(Self.command("plugin.other", owner: "plugin p"))
    #expect(registry.commands.map(\.id) == ["doc.open", "plugin.other"])
    #expect(app.made == 1)

    let other = CommandRegistry()
    let group = Group([Self.command("doc.open", verb: "open", owner: "plugin p")])
    group.register(in: other)
    #expect(other.unregisterAll(ownedBy: "plugin p") == ["doc.open"])
    #expect(group.made == 1)
    #expect(other.resolve("open") == nil)
  }
}
