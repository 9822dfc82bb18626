import Testing

@testable import FolioCore

@Suite struct ShareRegistryTests {
  /// Records what a target was sent.
  private final class Recorder {
    var sent: [(item: ShareItem, destination: String?)] = []
  }

  private static func target(
    _ id: String, owner: String, title: String = "Markdown", accepts: [Representation] = [.text],
    recorder: Recorder = Recorder()
  ) -> ShareTarget {
    ShareTarget(id: id, title: title, accepts: accepts, owner: owner) { item, destination in
      recorder.sent.append((item, destination))
      return ShareOutcome(.plugin(targetTitle: title), item: item)
    }
  }

  @Test("a new registry holds the built-in targets in order")
  func builtIns() {
    let registry = ShareRegistry()
    #expect(registry.targets.map(\.id) == ["file", "stdout", "mail"])
    #expect(registry.targets.map(\.title) == ["Save a Copy", "Standard Output", "Mail"])
    #expect(registry.targets.allSatisfy { $0.owner == "built-in" })
    #expect(registry.target(id: "file")?.accepts == [.file, .csv, .json, .text])
    #expect(registry.target(id: "stdout")?.accepts == [.text, .csv, .json])
    #expect(registry.target(id: "mail")?.accepts == [.file, .csv, .json, .text])
    #expect(ShareRegistry(includingBuiltIns: false).targets.isEmpty)
  }

  @Test("a second registration of an id is refused naming both owners, and changes nothing")
  func duplicate() throws {
    let registry = ShareRegistry()
    try registry.register(Self.target("markdown", owner: "plugin alpha"))
    #expect(
      throws: FolioError(
        .duplicateCommand,
        "share target 'markdown' is already registered by plugin alpha; refused from plugin beta")
    ) {
      try registry.register(Self.target("markdown", owner: "plugin beta", title: "Other"))
    }
    #expect(
      throws: FolioError(
        .duplicateCommand, "share target 'mail' is already registered by built-in; refused from plugin beta")
    ) {
      try registry.register(Self.target("mail", owner: "plugin beta"))
    }
    #expect(registry.targets.map(\.id) == ["file", "stdout", "mail", "markdown"])
    #expect(registry.target(id: "markdown")?.owner == "plugin alpha")
    #expect(registry.target(id: "markdown")?.title == "Markdown")
    #expect(registry.target(id: "mail")?.owner == "built-in")
  }

  @Test("ids that are not one word and targets accepting nothing are refused")
  func invalidTargets() {
    let registry = ShareRegistry()
    #expect(throws: FolioError.invalidArgument("share target id 'two words' from plugin p must be one word"))
    {
      try registry.register(Self.target("two words", owner: "plugin p"))
    }
    #expect(throws: FolioError.invalidArgument("share target id '' from plugin p must be one word")) {
      try registry.register(Self.target("", owner: "plugin p"))
    }
    #expect(throws: FolioError.invalidArgument("share target 'md' from plugin p accepts no representation")) {
      try registry.register(Self.target("md", owner: "plugin p", accepts: []))
    }
    #expect(registry.targets.map(\.id) == ["file", "stdout", "mail"])
  }

  @Test("unregistering an owner removes its targets and only them; the ids can be registered again")
  func unregister() throws {
    let registry = ShareRegistry()
    try registry.register(Self.target("markdown", owner: "plugin alpha"))
    try registry.register(Self.target("gist", owner: "plugin beta"))
    try registry.register(Self.target("html", owner: "plugin alpha"))
    #expect(registry.unregisterAll(ownedBy: "plugin alpha") == ["markdown", "html"])
    #expect(registry.targets.map(\.id) == ["file", "stdout", "mail", "gist"])
    #expect(registry.target(id: "markdown") == nil)
    #expect(registry.unregisterAll(ownedBy: "plugin alpha").isEmpty)
    try registry.register(Self.target("markdown", owner: "plugin beta"))
    #expect(registry.targets.map(\.id) == ["file", "stdout", "mail", "gist", "markdown"])
    #expect(registry.target(id: "markdown")?.owner == "plugin beta")
  }

  @Test("the targets listed for a document are those accepting something it offers")
  func accepting() throws {
    let registry = ShareRegistry()
    try registry.register(Self.target("markdown", owner: "plugin alpha", accepts: [.csv]))
    #expect(
      registry.targets(accepting: [.file, .text, .csv, .json]).map(\.id) == [
        "file", "stdout", "mail", "markdown",
      ])
    #expect(registry.targets(accepting: [.file, .text]).map(\.id) == ["file", "stdout", "mail"])
    #expect(registry.targets(accepting: [.file]).map(\.id) == ["file", "mail"])
    #expect(registry.targets(accepting: [.csv]).map(\.id) == ["file", "stdout", "mail", "markdown"])
    #expect(registry.targets(accepting: []).isEmpty)
  }

  @Test("a plugin target gets the item of its preferred representation and the destination")
  func pluginTarget() throws {
    let registry = ShareRegistry()
    let recorder = Recorder()
    try registry.register(
      Self.target("markdown", owner: "plugin md", accepts: [.json, .text], recorder: recorder))
    let outcome = try registry.share(
      ShareTestSupport.source(offered: [.file, .text, .csv, .json]), with: "markdown", to: "somewhere")
    #expect(outcome.delivery == .plugin(targetTitle: "Markdown"))
    #expect(outcome.fileName == "Places.json")
    #expect(outcome.representation == .json)
    #expect(recorder.sent.count == 1)
    #expect(recorder.sent.first?.item.representation == .json)
    #expect(recorder.sent.first?.item.mediaType == "application/json")
    #expect(recorder.sent.first?.destination == "somewhere")
  }
}
