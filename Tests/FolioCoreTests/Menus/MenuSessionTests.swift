import Testing

@testable import FolioCore

@Suite struct MenuSessionTests {
  private static func titles(_ session: MenuSession) -> [String] {
    session.items.map { $0.node.title ?? "—" }
  }

  @Test("Actions: a button runs its command with the extra words and closes the menu")
  func actions() throws {
    let demo = try MenuDemo()
    var session = try MenuSession(MenuDemo.actions, registry: demo.registry)
    #expect(Self.titles(session) == ["Duplicate", "Rename", "Delete…"])
    #expect(session.items.map(\.number) == [1, 2, 3])
    let result = try session.choose("rename", arguments: [Word("New name")])
    guard case .message(let message) = result.output else {
      Issue.record("expected a message, got \(String(describing: result.output))")
      return
    }
    #expect(message == "Renamed to New name")
    #expect(demo.documentName == "New name")
    #expect(demo.log == ["demo.rename New name"])
    #expect(!result.isOpen)
    #expect(!session.isOpen)
    #expect(result.menu == nil)
    #expect(throws: FolioError.invalidArgument("menu 'demo.actions' is not open")) {
      try session.choose("1")
    }
  }

  @Test("an answer is a number or a title ignoring case and a trailing ellipsis")
  func answers() throws {
    let demo = try MenuDemo()
    for answer in ["3", "Delete…", "delete", "DELETE...", "Delete..."] {
      var session = try MenuSession(MenuDemo.actions, registry: demo.registry)
      let result = try session.choose(answer)
      #expect(result.chosen.command == "demo.delete", "answer \(answer)")
    }
    #expect(demo.log == Array(repeating: "demo.delete", count: 5))
    var session = try MenuSession(MenuDemo.actions, registry: demo.registry)
    #expect(throws: FolioError.invalidArgument("menu 'Actions' has no item 4; choose 1–3 or a title")) {
      try session.choose("4")
    }
    #expect(throws: FolioError.invalidArgument("menu 'Actions' has no item 0; choose 1–3 or a title")) {
      try session.choose("0")
    }
    #expect(
      throws: FolioError.invalidArgument(
        "menu 'Actions' has no item 'Print'; choose one of: Duplicate, Rename, Delete…")
    ) {
      try session.choose("Print")
    }
    #expect(session.isOpen)
    #expect(demo.log.count == 5)
  }

  @Test("a title shared by two items is refused, asking for a number")
  func ambiguous() throws {
    let demo = try MenuDemo()
    let menu = Menu("Twice") {
      Button("Copy", command: "demo.copy")
      Button("Copy", command: "demo.duplicate")
    }
    var session = try MenuSession(menu, registry: demo.registry)
    #expect(
      throws: FolioError.invalidArgument("'copy' matches items 1, 2 of menu 'Twice'; choose one by number")
    ) {
      try session.choose("copy")
    }
    #expect(session.isOpen)
  }

  @Test("a disabled item refuses with the reason and the menu stays open")
  func disabled() throws {
    let demo = try MenuDemo()
    var session = try MenuSession(MenuDemo.edit, registry: demo.registry)
    #expect(Self.titles(session) == ["Undo", "Redo", "Copy", "Paste"])
    #expect(throws: FolioError(.disabled, "'Undo' is disabled: there is nothing to undo")) {
      try session.choose("Undo")
    }
    #expect(session.isOpen)
    #expect(demo.log.isEmpty)
    demo.canUndo = true
    try session.refresh()
    let result = try session.choose("1")
    #expect(demo.log == ["demo.undo"])
    #expect(!result.isOpen)
  }

  @Test("Ice Cream Order: the toggle flips and closes; an inline picker's options are items")
  func iceCreamInline() throws {
    let demo = try MenuDemo()
    var session = try MenuSession(MenuDemo.iceCream(.inline), registry: demo.registry)
    #expect(
      Self.titles(session) == ["Special request", "Include Toppings", "Vanilla", "Chocolate", "Strawberry"])
    let toggled = try session.choose("Include Toppings")
    #expect(demo.includesToppings)
    #expect(!toggled.isOpen)
    session = try MenuSession(MenuDemo.iceCream(.inline), registry: demo.registry)
    #expect(session.items[1].node.state == .toggle(true))
    let picked = try session.choose("4")
    #expect(demo.flavor == "chocolate")
    #expect(!picked.isOpen)
    #expect(demo.includesToppings)
    session = try MenuSession(MenuDemo.iceCream(.inline), registry: demo.registry)
    #expect(session.items[2...].map(\.node.isSelected) == [false, true, false])
    _ = try session.choose("Special request")
    #expect(demo.log == ["demo.special"])
  }

  @Test("Ice Cream Order: a menu-style picker opens its options in place")
  func iceCreamMenuStyle() throws {
    let demo = try MenuDemo()
    var session = try MenuSession(MenuDemo.iceCream(.menu), registry: demo.registry)
    #expect(Self.titles(session) == ["Special request", "Include Toppings", "Flavor"])
    let opened = try session.choose("Flavor")
    #expect(opened.isOpen)
    #expect(opened.output == nil)
    #expect(session.path == ["Ice Cream Order", "Flavor"])
    #expect(session.current.kind == .picker)
    #expect(Self.titles(session) == ["Vanilla", "Chocolate", "Strawberry"])
    let picked = try session.choose("3")
    #expect(demo.flavor == "strawberry")
    #expect(!picked.isOpen)
  }

  @Test("Ice Cream Order: a palette picker's options are items on one row")
  func iceCreamPalette() throws {
    let demo = try MenuDemo()
    var session = try MenuSession(MenuDemo.iceCream(.palette), registry: demo.registry)
    #expect(
      Self.titles(session) == ["Special request", "Include Toppings", "Vanilla", "Chocolate", "Strawberry"])
    #expect(session.current.children[2].pickerStyle == .palette)
    #expect(throws: FolioError.invalidArgument("'Vanilla' is an option and takes no arguments")) {
      try session.choose("Vanilla", arguments: [Word("extra")])
    }
    _ = try session.choose("Vanilla")
    #expect(demo.flavor == "vanilla")
  }

  @Test("Font size: Increase and Decrease keep the menu open showing the new size; Reset closes it")
  func fontSize() throws {
    let demo = try MenuDemo()
    var session = try MenuSession(MenuDemo.fontSize, registry: demo.registry)
    #expect(Self.titles(session) == ["Increase", "Decrease", "Size", "Reset"])
    for expected in [13.0, 14, 15] {
      let result = try session.choose("Increase")
      #expect(result.isOpen)
      #expect(demo.fontSize == expected)
      #expect(result.menu?.children[2].state == .number(expected))
      #expect(session.items[2].node.state == .number(expected))
    }
    let decreased = try session.choose("2")
    #expect(decreased.isOpen)
    #expect(session.items[2].node.state == .number(14))
    let reset = try session.choose("Reset")
    #expect(!reset.isOpen)
    #expect(demo.fontSize == 12)
  }

  @Test("a stepper needs + or -, stays open under automatic dismiss, and clamps at its bounds")
  func stepper() throws {
    let demo = try MenuDemo()
    let menu = Menu("Order") { Stepper("Quantity", command: "demo.quantity") }
    var session = try MenuSession(menu, registry: demo.registry)
    #expect(
      throws: FolioError.invalidArgument("'Quantity' is a stepper: choose it with + or - (choose Quantity +)")
    ) {
      try session.choose("Quantity")
    }
    for expected in [2.0, 3, 3] {
      let result = try session.choose("Quantity", arguments: [Word("+")])
      #expect(result.isOpen)
      #expect(demo.quantity == expected)
    }
    _ = try session.choose("1", arguments: [Word("-")])
    #expect(demo.quantity == 2)
    let slider = Menu("Order") { Slider("Quantity", command: "demo.quantity") }
    session = try MenuSession(slider, registry: demo.registry)
    #expect(
      throws: FolioError.invalidArgument(
        "'Quantity' is a slider: choose it with a value (choose Quantity 50)")
    ) {
      try session.choose("Quantity")
    }
    let set = try session.choose("Quantity", arguments: [Word("1")])
    #expect(demo.quantity == 1)
    #expect(set.isOpen, "a slider keeps the menu open, as a stepper does")
  }

  @Test("General Settings: submenus open in place and back leaves them; back at the top is refused")
  func generalSettings() throws {
    let demo = try MenuDemo()
    var session = try MenuSession(MenuDemo.generalSettings, registry: demo.registry)
    #expect(Self.titles(session) == ["Appearance", "Notifications"])
    #expect(throws: FolioError.invalidArgument("menu 'demo.general' has no open submenu to go back from")) {
      try session.back()
    }
    _ = try session.choose("appearance")
    #expect(session.path == ["General Settings", "Appearance"])
    #expect(Self.titles(session) == ["Dark Mode", "Blue", "Pink"])
    try session.back()
    #expect(session.path == ["General Settings"])
    _ = try session.choose("2")
    #expect(Self.titles(session) == ["Allow Notifications"])
    let result = try session.choose("1")
    #expect(!demo.notifies)
    #expect(!result.isOpen)
  }

  @Test("a submenu with dismiss disabled stays open at the same level after a choice")
  func submenuStaysOpen() throws {
    let demo = try MenuDemo()
    var session = try MenuSession(
      MenuDemo.generalSettings.menuActionDismissBehavior(.disabled), registry: demo.registry)
    _ = try session.choose("Appearance")
    for expected in [true, false, true] {
      let result = try session.choose("Dark Mode")
      #expect(result.isOpen)
      #expect(demo.isDarkMode == expected)
      #expect(session.path == ["General Settings", "Appearance"])
      #expect(session.items[0].node.state == .toggle(expected))
    }
    _ = try session.choose("Pink")
    #expect(demo.accent == "pink")
    #expect(session.items.map(\.node.isSelected) == [true, false, true])
  }

  @Test("Settings: sections are flattened into one numbering")
  func settingsSections() throws {
    let demo = try MenuDemo()
    var session = try MenuSession(MenuDemo.settings, registry: demo.registry)
    #expect(session.current.children.map(\.kind) == [.section, .section])
    #expect(session.current.children.map(\.title) == ["Appearance", "Alerts"])
    #expect(Self.titles(session) == ["Dark Mode", "Blue", "Pink", "Notifications"])
    _ = try session.choose("4")
    #expect(!demo.notifies)
    #expect(!demo.isDarkMode)
  }

  @Test("the numbering follows the display order when the menu opens upward on iphone")
  func upwardNumbering() throws {
    let demo = try MenuDemo()
    var session = try MenuSession(
      MenuDemo.actions, registry: demo.registry, platform: .iphone, opensUpward: true)
    #expect(Self.titles(session) == ["Delete…", "Rename", "Duplicate"])
    _ = try session.choose("3")
    #expect(demo.log == ["demo.duplicate"])
  }

  @Test("a command that throws leaves the menu open and unchanged")
  func failingCommand() throws {
    let demo = try MenuDemo()
    var session = try MenuSession(MenuDemo.iceCream(.inline), registry: demo.registry)
    #expect(throws: FolioError.self) {
      try session.choose("Include Toppings", arguments: [Word("maybe")])
    }
    #expect(session.isOpen)
    #expect(!demo.includesToppings)
  }

  @Test("the primary action names the command run MENU invokes; none means open the menu")
  func primaryAction() throws {
    let demo = try MenuDemo()
    let menu = MenuDemo.actions.primaryAction("demo.duplicate")
    #expect(try menu.primaryCommand(in: demo.registry)?.id == "demo.duplicate")
    #expect(try MenuResolver.resolve(menu, registry: demo.registry).command == "demo.duplicate")
    #expect(try MenuDemo.actions.primaryCommand(in: demo.registry) == nil)
    #expect(
      throws: FolioError(
        .unknownCommand,
        "menu 'demo.actions' has the primary action 'demo.gone', which is not a registered command")
    ) {
      try MenuDemo.actions.primaryAction("demo.gone").primaryCommand(in: demo.registry)
    }
  }
}
