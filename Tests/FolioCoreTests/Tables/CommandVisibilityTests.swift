import Testing

@testable import FolioCore

/// Selection-dependent commands: a hidden command leaves menus and toolbars, a disabled one
/// stays with its reason, and running either is refused with the reason.
@Suite struct CommandVisibilityTests {
  /// A registry whose `guide.add` shows only while `selection` is not empty and whose
  /// `guide.clear` is disabled while `guide` is empty, read from the box each time.
  private final class Selection {
    var count = 0
  }

  private static func registry(_ selection: Selection) throws -> CommandRegistry {
    let registry = CommandRegistry()
    try registry.register(
      Command(
        id: "guide.add", title: "Add to Guide", icon: "book",
        availability: { selection.count > 0 ? .enabled : .hidden(reason: "nothing is selected") },
        behavior: .action { _ in .message("added") }))
    try registry.register(
      Command(
        id: "guide.clear", title: "Clear Guide", icon: "trash",
        availability: { .disabled(reason: "the guide is empty") }, behavior: .action { _ in .none }))
    for id in ["a.new", "a.open", "a.map"] {
      try registry.register(Command(id: id, title: id, icon: "plus", behavior: .action { _ in .none }))
    }
    return registry
  }

  private static let menu = Menu("Guide", id: "guide") {
    Button(command: "guide.add")
    Divider()
    Button(command: "guide.clear")
    Section("Only hidden") { Button(command: "guide.add") }
    Menu("More") { Button(command: "guide.add") }
    ControlGroup { Button(command: "guide.add") }
    Divider()
    Button(command: "a.new")
  }

  private static func titles(_ node: MenuNode) -> [String] {
    node.children.map { $0.kind == .divider ? "—" : $0.title ?? "?" }
  }

  @Test("hidden items leave the menu with the containers they empty and the dividers they strand")
  func menus() throws {
    let selection = Selection()
    let registry = try Self.registry(selection)
    let hidden = try MenuResolver.resolve(Self.menu, registry: registry)
    #expect(Self.titles(hidden) == ["Clear Guide", "—", "a.new"])
    #expect(hidden.children[0].isEnabled == false)
    #expect(hidden.children[0].disabledReason == "the guide is empty")

    selection.count = 2
    let shown = try MenuResolver.resolve(Self.menu, registry: registry)
    #expect(
      Self.titles(shown) == ["Add to Guide", "—", "Clear Guide", "Only hidden", "More", "?", "—", "a.new"])
    #expect(shown.children[0].isEnabled)
  }

  @Test("isShown agrees with resolution for each kind of element")
  func isShown() throws {
    let selection = Selection()
    let registry = try Self.registry(selection)
    let flags = Self.menu.elements.map { MenuResolver.isShown($0, registry: registry) }
    #expect(flags == [false, true, true, false, false, false, true, true])
    #expect(MenuResolver.isShown(.item(MenuItem(command: "no.such")), registry: registry))
    selection.count = 1
    #expect(Self.menu.elements.allSatisfy { MenuResolver.isShown($0, registry: registry) })
  }

  @Test("running a hidden or disabled command is refused with its reason")
  func invoking() throws {
    let selection = Selection()
    let registry = try Self.registry(selection)
    let add = try #require(registry.command(id: "guide.add"))
    #expect(throws: FolioError(.disabled, "'guide.add' is hidden now: nothing is selected")) {
      try registry.invoke(add, words: [])
    }
    #expect(throws: FolioError(.disabled, "'guide.clear' is disabled: the guide is empty")) {
      try registry.invoke(try #require(registry.command(id: "guide.clear")), words: [])
    }
    selection.count = 1
    guard case .message(let text) = try registry.invoke(add, words: []) else {
      throw FolioError.invalidArgument("expected a message")
    }
    #expect(text == "added")
    #expect(CommandSummary(add).availability == .enabled)
  }

  @Test("availability: hidden is never enabled and carries its reason")
  func availability() {
    let cases: [(Availability, Bool, Bool, String?)] = [
      (.enabled, true, true, nil), (.disabled(reason: "r"), false, true, "r"),
      (.hidden(reason: "h"), false, false, "h"),
    ]
    for (availability, isEnabled, isVisible, reason) in cases {
      #expect(availability.isEnabled == isEnabled)
      #expect(availability.isVisible == isVisible)
      #expect(availability.reason == reason)
    }
  }

  @Test("a toolbar lays itself out again without a hidden item, and a control group loses a hidden member")
  func toolbars() throws {
    let selection = Selection()
    let registry = try Self.registry(selection)
    let toolbar = Toolbar(id: "t") {
      ToolbarItem(id: "new", placement: .primaryAction) { Button(command: "a.new") }
      ToolbarItem(id: "guide", placement: .primaryAction) { Button(command: "guide.add") }
      ToolbarItem(id: "group", placement: .automatic) {
        ControlGroup {
          Button(command: "a.map")
          Button(command: "guide.add")
        }
      }
      ToolbarItem(id: "lonely", placement: .automatic) {
        ControlGroup { Button(command: "guide.add") }
      }
    }
    func layout(width: Int) throws -> ToolbarLayout {
      try ToolbarLayout.make(
        toolbar, arrangement: ToolbarArrangement(toolbar: toolbar, customization: nil), registry: registry,
        environment: AppEnvironment(platform: .mac, width: width), title: "Doc",
        context: ToolbarContext(hasDocument: true, selectionCount: selection.count), metrics: .text)
    }
    let hidden = try layout(width: 100)
    #expect(hidden.trailing.map(\.id) == ["new", "group"])
    #expect(hidden.trailing.last?.children.map(\.id) == ["group/a.map"])
    let narrow = try layout(width: 20)
    #expect(!(narrow.trailing + narrow.overflow).contains { $0.id == "guide" || $0.id == "lonely" })

    selection.count = 3
    let shown = try layout(width: 100)
    #expect(shown.trailing.map(\.id) == ["new", "guide", "group", "lonely"])
    #expect(shown.trailing[2].children.map(\.id) == ["group/a.map", "group/guide.add"])
    #expect(shown.usedWidth > hidden.usedWidth)
  }

  @Test("explain tells why a hidden item is missing; a name no item has is still an error")
  func explaining() throws {
    let selection = Selection()
    let registry = try Self.registry(selection)
    let explanation = try MenuExplanation.explain(menu: Self.menu, item: "Add to Guide", registry: registry)
    #expect(explanation.hiddenReason == "nothing is selected")
    #expect(
      explanation.lines == [
        "'Add to Guide' is hidden: nothing is selected", "in Guide",
        "menu from built-in; command 'guide.add' from built-in",
      ])
    #expect(throws: FolioError.invalidArgument("menu 'guide' has no item 'Nope'")) {
      try MenuExplanation.explain(menu: Self.menu, item: "Nope", registry: registry)
    }
    selection.count = 1
    #expect(
      try MenuExplanation.explain(menu: Self.menu, item: "guide.add", registry: registry).hiddenReason == nil)
  }
}
