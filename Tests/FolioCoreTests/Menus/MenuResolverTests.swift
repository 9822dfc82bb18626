import Testing

@testable import FolioCore

@Suite struct MenuResolverTests {
  private static func titles(_ node: MenuNode) -> [String] { node.children.map { $0.title ?? "—" } }

  @Test("the Actions seed resolves to buttons with icons, subtitles and a destructive Delete")
  func actions() throws {
    let demo = try MenuDemo()
    let node = try MenuResolver.resolve(MenuDemo.actions, registry: demo.registry, platform: .iphone)
    #expect(node.kind == .menu)
    #expect(node.title == "Actions")
    #expect(node.icon == "ellipsis.circle")
    #expect(node.children.map(\.kind) == [.button, .button, .button])
    #expect(Self.titles(node) == ["Duplicate", "Rename", "Delete…"])
    #expect(node.children.map(\.icon) == ["doc.on.doc", "pencil", "trash"])
    #expect(node.children.map(\.subtitle) == ["Make a copy next to it", "Give it a new name", nil])
    #expect(node.children.map(\.role) == [nil, nil, .destructive])
    #expect(node.children.map(\.command) == ["demo.duplicate", "demo.rename", "demo.delete"])
    #expect(node.children.allSatisfy { $0.isEnabled && $0.showsIcon && $0.dismiss == .automatic })
  }

  @Test("a toggle shows its state, a picker its options with the selected one, a stepper its number")
  func states() throws {
    let demo = try MenuDemo()
    demo.includesToppings = true
    demo.flavor = "chocolate"
    let node = try MenuResolver.resolve(MenuDemo.iceCream(.inline), registry: demo.registry)
    #expect(node.children.map(\.kind) == [.button, .toggle, .picker])
    #expect(node.children[1].state == .toggle(true))
    let picker = node.children[2]
    #expect(picker.state == .choice("chocolate"))
    #expect(picker.pickerStyle == .inline)
    #expect(picker.children.map(\.kind) == [.option, .option, .option])
    #expect(Self.titles(picker) == ["Vanilla", "Chocolate", "Strawberry"])
    #expect(picker.children.map(\.value) == ["vanilla", "chocolate", "strawberry"])
    #expect(picker.children.map(\.isSelected) == [false, true, false])

    let font = try MenuResolver.resolve(MenuDemo.fontSize, registry: demo.registry)
    let size = try #require(font.children.first { $0.kind == .stepper })
    #expect(size.state == .number(12))
    #expect(size.bounds == 8...72)
    #expect(size.step == 1)
  }

  @Test("an element's dismiss overrides the menu's, which overrides the command's")
  func dismissPrecedence() throws {
    let demo = try MenuDemo()
    let menu = Menu("Font", id: "demo.font") {
      Button(command: "demo.font.increase").menuActionDismissBehavior(.enabled)
      Button(command: "demo.font.decrease")
    }
    .menuActionDismissBehavior(.disabled)
    let node = try MenuResolver.resolve(menu, registry: demo.registry)
    #expect(node.children.map(\.dismiss) == [.enabled, .disabled])
    let plain = try MenuResolver.resolve(MenuDemo.actions, registry: demo.registry)
    #expect(plain.children.map(\.dismiss) == [.automatic, .automatic, .automatic])
  }

  @Test("an unknown command id is an error naming the menu and the id, also in a submenu")
  func unknownCommand() throws {
    let demo = try MenuDemo()
    let menu = Menu("Broken", id: "demo.broken") { Button("Nope", command: "demo.nope") }
    #expect(throws: FolioError(.unknownCommand, "menu 'demo.broken' refers to unknown command 'demo.nope'")) {
      try MenuResolver.resolve(menu, registry: demo.registry)
    }
    let nested = Menu("Outer", id: "demo.outer") {
      Menu("Inner") { Toggle(command: "demo.missing") }
    }
    #expect(
      throws: FolioError(
        .unknownCommand, "menu 'demo.outer › Inner' refers to unknown command 'demo.missing'")
    ) {
      try MenuResolver.resolve(nested, registry: demo.registry)
    }
    let primary = Menu("P", id: "demo.p", primaryAction: "demo.gone") { Divider() }
    #expect(throws: FolioError(.unknownCommand, "menu 'demo.p' refers to unknown command 'demo.gone'")) {
      try MenuResolver.resolve(primary, registry: demo.registry)
    }
  }

  @Test("a picker on a command without a choice and a slider on one without a number are refused")
  func mismatchedState() throws {
    let demo = try MenuDemo()
    let picker = Menu("M", id: "demo.m") { Picker("Copy", command: "demo.copy") }
    #expect(
      throws: FolioError.invalidArgument(
        "picker 'Copy' in menu 'demo.m' needs a command with a choice state; 'demo.copy' has none")
    ) {
      try MenuResolver.resolve(picker, registry: demo.registry)
    }
    let slider = Menu("M", id: "demo.m") { Slider("Dark", command: "demo.dark") }
    #expect(
      throws: FolioError.invalidArgument(
        "slider 'Dark' in menu 'demo.m' needs a command with a number state; 'demo.dark' has none")
    ) {
      try MenuResolver.resolve(slider, registry: demo.registry)
    }
  }

  @Test("a control group holds up to four items; a fifth is refused naming the group")
  func controlGroupLimit() throws {
    let demo = try MenuDemo()
    let edit = try MenuResolver.resolve(MenuDemo.edit, registry: demo.registry)
    let group = edit.children[0]
    #expect(group.kind == .controlGroup)
    #expect(Self.titles(group) == ["Undo", "Redo", "Copy"])
    let ids = ["demo.undo", "demo.redo", "demo.copy", "demo.paste", "demo.cut"]
    for count in 0...ids.count {
      let menu = Menu("Edit") {
        ControlGroup("Clipboard") {
          for id in ids.prefix(count) { Button(command: id) }
        }
      }
      if count <= 4 {
        let node = try MenuResolver.resolve(menu, registry: demo.registry)
        #expect(node.children[0].children.count == count)
      } else {
        #expect(
          throws: FolioError.invalidArgument(
            "control group 'Clipboard' in menu 'Edit' has 5 items; a control group holds at most 4")
        ) {
          try MenuResolver.resolve(menu, registry: demo.registry)
        }
      }
    }
  }

  @Test(
    "fixed keeps the declared order; upward, automatic reverses on iphone or ipad and priority everywhere")
  func ordering() throws {
    let demo = try MenuDemo()
    let declared = ["Special request", "Include Toppings", "Flavor"]
    for order in MenuOrder.allCases {
      for platform in MenuPlatform.allCases {
        for opensUpward in [false, true] {
          let menu = MenuDemo.iceCream(.inline).menuOrder(order)
          let node = try MenuResolver.resolve(
            menu, registry: demo.registry, platform: platform, opensUpward: opensUpward)
          let reversed =
            order == .priority ? opensUpward : order == .automatic && opensUpward && platform != .mac
          #expect(
            Self.titles(node) == (reversed ? declared.reversed() : declared),
            "order \(order), \(platform), upward \(opensUpward)")
          let options = ["Vanilla", "Chocolate", "Strawberry"]
          #expect(Self.titles(node.children[reversed ? 0 : 2]) == (reversed ? options.reversed() : options))
        }
      }
    }
  }

  @Test("reversing keeps rows in order: control groups and palette pickers")
  func rowsKeepOrder() throws {
    let demo = try MenuDemo()
    let edit = try MenuResolver.resolve(
      MenuDemo.edit, registry: demo.registry, platform: .iphone, opensUpward: true)
    #expect(Self.titles(edit) == ["Paste", "—"])
    #expect(Self.titles(edit.children[1]) == ["Undo", "Redo", "Copy"])
    let order = try MenuResolver.resolve(
      MenuDemo.iceCream(.palette), registry: demo.registry, platform: .ipad, opensUpward: true)
    #expect(Self.titles(order.children[0]) == ["Vanilla", "Chocolate", "Strawberry"])
  }

  @Test("label styles decide icons and titles; automatic shows icons on ipad and iphone, not on mac")
  func labelStyles() throws {
    let demo = try MenuDemo()
    for style in LabelStyle.allCases {
      for platform in MenuPlatform.allCases {
        let menu = Menu("Mixed") {
          Button("Duplicate", systemImage: "doc.on.doc", command: "demo.duplicate")
          Button("Special", command: "demo.special")
          Button("Paste", command: "demo.paste")
        }
        .labelStyle(style)
        let node = try MenuResolver.resolve(menu, registry: demo.registry, platform: platform)
        let icons = style == .titleAndIcon || style == .iconOnly || (style == .automatic && platform != .mac)
        // Special request takes the command's star; Paste its clipboard icon.
        #expect(node.children.map(\.showsIcon) == [icons, icons, icons], "\(style) on \(platform)")
        #expect(node.children.map(\.showsTitle) == Array(repeating: style != .iconOnly, count: 3))
      }
    }
    let bare = Menu("Bare") { Toggle(command: "demo.dark") }.labelStyle(.iconOnly)
    let node = try MenuResolver.resolve(bare, registry: demo.registry, platform: .iphone)
    #expect(!node.children[0].showsIcon)
    #expect(node.children[0].showsTitle)
  }

  @Test("a submenu inherits the label style and dismiss of its parent unless it sets its own")
  func submenuInherits() throws {
    let demo = try MenuDemo()
    let menu = MenuDemo.generalSettings.labelStyle(.titleOnly).menuActionDismissBehavior(.disabled)
    let node = try MenuResolver.resolve(menu, registry: demo.registry, platform: .iphone)
    let appearance = node.children[0]
    #expect(appearance.kind == .submenu)
    #expect(!appearance.showsIcon)
    #expect(appearance.children.map(\.showsIcon) == [false, false])
    #expect(appearance.children.map(\.dismiss) == [.disabled, .disabled])
  }

  @Test("disabled items carry the availability reason")
  func disabledReason() throws {
    let demo = try MenuDemo()
    let node = try MenuResolver.resolve(MenuDemo.edit, registry: demo.registry)
    let undo = node.children[0].children[0]
    #expect(!undo.isEnabled)
    #expect(undo.disabledReason == "there is nothing to undo")
    #expect(undo.shortcut == "⌘Z")
    demo.canUndo = true
    let again = try MenuResolver.resolve(MenuDemo.edit, registry: demo.registry)
    #expect(again.children[0].children[0].isEnabled)
    #expect(again.children[0].children[0].disabledReason == nil)
  }

  @Test("a menu of 1,000 items asks each enablement predicate once")
  func largeMenu() throws {
    let demo = try MenuDemo()
    let menu = Menu(
      id: "demo.large", title: "Large",
      elements: Array(repeating: .item(MenuItem(command: "demo.undo")), count: 1_000))
    let node = try MenuResolver.resolve(menu, registry: demo.registry)
    #expect(node.children.count == 1_000)
    #expect(demo.availabilityChecks == 1_000)
  }
}
