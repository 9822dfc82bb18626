import Testing

@testable import FolioCore

/// The layout as a pure function: regions, overflow order, control groups, roles, widths.
@Suite struct ToolbarLayoutTests {
  private static func registry() throws -> CommandRegistry {
    let registry = CommandRegistry()
    for (id, title, icon) in [
      ("a.new", "New", "plus"), ("a.back", "Back", "chevron.left"), ("a.find", "Find", "magnifyingglass"),
      ("a.share", "Share", "square.and.arrow.up"), ("a.image", "Adjust Image", "wand.and.stars"),
      ("a.map", "Adjust Map", "map"), ("a.bold", "Bold", "bold"), ("a.italic", "Italic", "italic"),
      ("a.delete", "Delete", "trash"), ("a.low", "Inspect", "info.circle"),
    ] {
      try registry.register(Command(id: id, title: title, icon: icon, behavior: .action { _ in .none }))
    }
    return registry
  }

  private static let toolbar = Toolbar(id: "demo") {
    ToolbarItem(id: "back", placement: .navigation) { Button(command: "a.back") }
    ToolbarItem(id: "new", placement: .primaryAction) { Button(command: "a.new") }
    ToolbarItem(id: "find", placement: .secondaryAction) { Button(command: "a.find") }
    ToolbarItem(id: "image", placement: .secondaryAction) {
      ControlGroup("Edits", systemImage: "wand.and.stars") {
        Button(command: "a.image")
        Button(command: "a.map")
      }
    }
    ToolbarItem(id: "format", placement: .secondaryAction) {
      ControlGroup {
        Button(command: "a.bold")
        Button(command: "a.italic")
      }
    }
    ToolbarItem(id: "inspect", placement: .automatic) { Button(command: "a.low") }.priority(.low)
    ToolbarItem(id: "delete", placement: .automatic) { Button(command: "a.delete") }
      .shown(when: .selectionNotEmpty)
    ToolbarItemGroup(placement: .bottomBar) { Button(command: "a.share") }
  }
  .toolbarRole(.editor)

  private static func layout(
    _ toolbar: Toolbar = toolbar, width: Int, platform: MenuPlatform = .mac, selection: Int = 0,
    customization: ToolbarCustomization? = nil, metrics: ToolbarMetrics = .text, title: String = "Doc",
    titleMark: String = ""
  ) throws -> ToolbarLayout {
    try ToolbarLayout.make(
      toolbar,
      arrangement: ToolbarArrangement(toolbar: toolbar, customization: customization, platform: platform),
      registry: registry(), environment: AppEnvironment(platform: platform, width: width), title: title,
      titleMark: titleMark, context: ToolbarContext(hasDocument: true, selectionCount: selection),
      metrics: metrics)
  }

  private static func ids(_ items: [ToolbarLayoutItem]) -> [String] {
    items.map { $0.kind == .menu ? $0.id + "▾" : $0.id }
  }

  @Test("at every width the bar fits or has nothing left to give, and the same inputs give the same layout")
  func everyWidth() throws {
    for platform in MenuPlatform.allCases {
      for width in 1...140 {
        let layout = try Self.layout(width: width, platform: platform)
        #expect(try Self.layout(width: width, platform: platform) == layout)
        let onBar = layout.leading + layout.center + layout.trailing
        // The frame comes off the width; the title is cut rather than left wider than the
        // bar, so only a bar too narrow for » alone is overfull.
        #expect(layout.barWidth == max(0, width - ToolbarMetrics.text.frameWidth))
        #expect(layout.usedWidth <= layout.barWidth || layout.barWidth == 0, "\(platform) \(width)")
        #expect(layout.title == "Doc" || onBar.isEmpty, "\(platform) \(width)")
        // Nothing is both on the bar and in the overflow menu, and nothing is lost.
        let shown = Set(onBar.map(\.id))
        #expect(shown.isDisjoint(with: layout.overflow.map(\.id)))
        let all = Set(
          Self.ids(onBar + layout.bottom + layout.overflow).map {
            String($0.prefix { $0 != "▾" && $0 != "/" })
          })
        #expect(
          all == ["back", "new", "find", "image", "format", "inspect", "a.share"], "\(platform) \(width)")
      }
    }
  }

  @Test(
    "giving way on mac regular: secondary actions trailing first, a labelled group collapses, low priority next, primary last"
  )
  func overflowOrder() throws {
    // Secondary actions go before the low-priority automatic item, which goes before New.
    let narrow = try Self.layout(width: 62)
    #expect(narrow.sizeClass == .regular)
    let order = try (60...100).reversed().map { try Self.layout(width: $0) }
    let firstSecondaryGone = order.firstIndex { !$0.overflow.isEmpty } ?? 0
    let inspectGone = order.firstIndex { $0.overflow.contains { $0.id == "inspect" } } ?? Int.max
    let newGone = order.firstIndex { $0.overflow.contains { $0.id == "new" } } ?? Int.max
    #expect(firstSecondaryGone <= inspectGone && inspectGone <= newGone)
  }

  @Test(
    "a labelled control group collapses into a menu before it overflows; an unlabelled one loses items one by one"
  )
  func controlGroups() throws {
    let toolbar = Toolbar(id: "groups") {
      ToolbarItem(id: "image", placement: .principal) {
        ControlGroup("Edits", systemImage: "wand.and.stars") {
          Button(command: "a.image")
          Button(command: "a.map")
        }
      }
      ToolbarItem(id: "format", placement: .principal) {
        ControlGroup {
          Button(command: "a.bold")
          Button(command: "a.italic")
        }
      }
    }
    // Title 3 + Edits row 27 + Bold│Italic row 15 + spacing 4 = 49 columns, and the frame's 2
    // around them. The unlabelled group is trailing-most, so it gives way first, item by
    // item; then Edits collapses to "✦ Edits ▾" (9); then it overflows as one menu.
    var seen: [String] = []
    for width in stride(from: 60, through: 1, by: -1) {
      let layout = try Self.layout(toolbar, width: width)
      let text = "\(Self.ids(layout.center)) » \(Self.ids(layout.overflow))"
      if seen.last?.hasSuffix(text) != true { seen.append("\(width) \(text)") }
    }
    #expect(
      seen == [
        "60 [\"image\", \"format\"] » []",
        "50 [\"image\", \"format\"] » [\"format/a.italic\"]",
        "44 [\"image\"] » [\"format/a.bold\", \"format/a.italic\"]",
        "36 [\"image▾\"] » [\"format/a.bold\", \"format/a.italic\"]",
        "18 [] » [\"image▾\", \"format/a.bold\", \"format/a.italic\"]",
      ], "\(seen)")
    let collapsed = try Self.layout(toolbar, width: 36)
    #expect(collapsed.center.first?.width == 9)
    #expect(collapsed.center.first?.children.map(\.title) == ["Adjust Image", "Adjust Map"])
  }

  @Test(
    "role editor: title leading and secondary actions centered on regular width; compact centers the title and overflows them"
  )
  func editorRole() throws {
    let regular = try Self.layout(width: 100)
    #expect(regular.titlePlacement == .leading)
    #expect(Self.ids(regular.center) == ["find", "image", "format"])
    let compact = try Self.layout(width: 100, platform: .iphone)
    #expect(compact.titlePlacement == .center)
    #expect(Self.ids(compact.overflow).starts(with: ["find", "image▾", "format/a.bold", "format/a.italic"]))
    let automatic = try Self.layout(Self.toolbar.toolbarRole(.automatic), width: 100)
    #expect(automatic.titlePlacement == .center)
    #expect(automatic.center.isEmpty && Self.ids(automatic.trailing) == ["new", "inspect"])
    #expect(Self.ids(automatic.overflow) == ["find", "image▾", "format/a.bold", "format/a.italic"])
  }

  @Test("role browser: title leading on regular width, secondary actions in the overflow menu")
  func browserRole() throws {
    let browser = try Self.layout(Self.toolbar.toolbarRole(.browser), width: 100)
    #expect(browser.titlePlacement == .leading)
    #expect(browser.center.isEmpty && Self.ids(browser.trailing) == ["new", "inspect"])
    #expect(Self.ids(browser.overflow) == ["find", "image▾", "format/a.bold", "format/a.italic"])
    let compact = try Self.layout(Self.toolbar.toolbarRole(.browser), width: 100, platform: .iphone)
    #expect(compact.titlePlacement == .center)
  }

  @Test(
    "primary actions stay on the bar at their declared place on ipad and iphone, even when a mac layout removed them"
  )
  func fixedPrimaryActions() throws {
    let removed = try ToolbarArrangement(toolbar: Self.toolbar, customization: nil).removing("new")
    for platform in [MenuPlatform.ipad, .iphone] {
      let layout = try Self.layout(width: 120, platform: platform, customization: removed)
      #expect(Self.ids(layout.trailing).first == "new")
    }
    #expect(try !Self.ids(Self.layout(width: 120, customization: removed).trailing).contains("new"))
  }

  @Test("a state-dependent item shows only while its condition holds; group members sit on the bottom bar")
  func conditionsAndGroups() throws {
    #expect(try !Self.layout(width: 120).trailing.contains { $0.id == "delete" })
    #expect(try Self.layout(width: 120, selection: 2).trailing.contains { $0.id == "delete" })
    #expect(try Self.ids(Self.layout(width: 120).bottom) == ["a.share"])
  }

  @Test("icon-only items take three columns off mac")
  func iconWidths() throws {
    let layout = try Self.layout(width: 120, platform: .ipad)
    #expect(layout.trailing.allSatisfy { $0.width == ToolbarMetrics.text.iconOnlyWidth && !$0.showsTitle })
    let mac = try Self.layout(width: 120)
    #expect(mac.trailing.first { $0.id == "new" }?.width == "New".count + 2)
  }

  @Test("the frame comes off the window's width first: a framed bar is a frameless one the frame narrower")
  func frame() throws {
    var frameless = ToolbarMetrics.text
    frameless.frameWidth = 0
    for platform in MenuPlatform.allCases {
      for width in 1...140 {
        let bare = try Self.layout(width: width, platform: platform, metrics: frameless)
        #expect(bare.width == width && bare.barWidth == width)
        // The size class follows the window's width, so compare where both sides share one.
        let framedWidth = width + ToolbarMetrics.text.frameWidth
        guard
          AppEnvironment.sizeClass(platform: platform, width: framedWidth)
            == AppEnvironment.sizeClass(platform: platform, width: width)
        else { continue }
        var framed = try Self.layout(width: framedWidth, platform: platform)
        #expect(framed.width == framedWidth && framed.barWidth == width)
        framed.width = width
        #expect(framed == bare, "\(platform) \(width)")
      }
    }
  }

  @Test("the title is cut with … only once nothing else is left to give way, and measured in display cells")
  func titleCut() throws {
    let title = "a-rather-long-document-title"
    for width in 1...60 {
      let layout = try Self.layout(width: width, platform: .iphone, title: title)
      let onBar = layout.leading + layout.center + layout.trailing
      #expect(layout.title == title || (onBar.isEmpty && layout.title.hasSuffix("…") || layout.title.isEmpty))
      #expect(layout.usedWidth <= layout.barWidth || layout.barWidth == 0, "\(width)")
    }
    #expect(try Self.layout(width: 24, platform: .iphone, title: title).title == "a-rather-long-docu…")
    // Wide characters take two cells each: 蔦屋書店 is eight columns, not four, and misses
    // the 10 columns inside the frame by one with » and its spacing.
    let wide = try Self.layout(width: 12, platform: .iphone, title: "蔦屋書店")
    #expect(wide.title == "蔦屋書…" && wide.usedWidth == 10)
  }

  @Test("a title cut to fit keeps its mark whole after the cut text, alone once no letter fits")
  func titleMarkKept() throws {
    let title = "a-rather-long-document-title"
    for width in 1...60 {
      let layout = try Self.layout(width: width, platform: .iphone, title: title, titleMark: " ▾")
      let onBar = layout.leading + layout.center + layout.trailing
      #expect(
        layout.title == title + " ▾" || layout.title.hasSuffix("… ▾") || layout.title == "▾"
          || layout.title.isEmpty, "\(width): \(layout.title)")
      #expect(layout.title == title + " ▾" || onBar.isEmpty, "\(width)")
      #expect(layout.usedWidth <= layout.barWidth || layout.barWidth == 0, "\(width)")
    }
    #expect(
      try Self.layout(width: 24, platform: .iphone, title: title, titleMark: " ▾").title
        == "a-rather-long-do… ▾")
    // » and its spacing take 3 of the columns inside the frame: 3 left hold `… ▾`, 2 the ▾ alone.
    #expect(try Self.layout(width: 8, platform: .iphone, title: title, titleMark: " ▾").title == "… ▾")
    #expect(try Self.layout(width: 7, platform: .iphone, title: title, titleMark: " ▾").title == "▾")
  }

  @Test("the layout measures with the front end's metrics, not the text renderer's")
  func frontEndMetrics() throws {
    let wide = ToolbarMetrics(
      spacing: 5, iconBesideTitleWidth: 4, iconOnlyWidth: 6, memberSpacing: 3, menuIndicatorWidth: 3,
      overflowButtonWidth: 2)
    let mac = try Self.layout(width: 400, metrics: wide)
    #expect(mac.trailing.first { $0.id == "new" }?.width == "New".count + 4)
    let ipad = try Self.layout(width: 400, platform: .ipad, metrics: wide)
    #expect(ipad.trailing.allSatisfy { $0.width == 6 })
    let widths = [ipad.leading, ipad.center, ipad.trailing].flatMap { $0.map(\.width) } + ["Doc".count]
    #expect(ipad.usedWidth == widths.reduce(0, +) + 5 * (widths.count - 1))
    // What fits the text renderer's bar at a width overflows with wider spacing.
    let width = try Self.layout(width: 400).usedWidth + ToolbarMetrics.text.frameWidth
    #expect(try Self.layout(width: width).overflow.isEmpty)
    #expect(try !Self.layout(width: width, metrics: wide).overflow.isEmpty)
  }

  @Test("bad declarations are refused when laid out, naming the toolbar and item")
  func refusals() throws {
    let twice = Toolbar(id: "t") {
      ToolbarItem(id: "x") { Button(command: "a.new") }
      ToolbarItem(id: "x") { Button(command: "a.find") }
    }
    #expect(throws: FolioError.self) { try Self.layout(twice, width: 80) }
    let empty = Toolbar(id: "t") { ToolbarItem(id: "x") {} }
    #expect(throws: FolioError.self) { try Self.layout(empty, width: 80) }
    let unknown = Toolbar(id: "t") { ToolbarItem(id: "x") { Button(command: "nope") } }
    #expect(throws: FolioError.self) { try Self.layout(unknown, width: 80) }
  }

  @Test("an EditButton reads Edit, then Done while edit mode is on, as text without an icon")
  func editButton() throws {
    final class EditMode { var isOn = false }
    let registry = CommandRegistry()
    let mode = EditMode()
    try registry.register(
      Command(
        id: EditButton.command, title: "Edit Mode", icon: "pencil",
        behavior: .state(.toggle(get: { mode.isOn }, set: { mode.isOn = $0 }))))
    let toolbar = Toolbar(id: "list") {
      ToolbarItemGroup(placement: .navigation) { EditButton() }
    }
    func leading() throws -> ToolbarLayoutItem? {
      try ToolbarLayout.make(
        toolbar, arrangement: ToolbarArrangement(toolbar: toolbar, customization: nil, platform: .ipad),
        registry: registry, environment: AppEnvironment(platform: .ipad, width: 80), title: "Doc",
        context: ToolbarContext(hasDocument: true), metrics: .text
      ).leading.first
    }
    let edit = try leading()
    #expect(edit?.title == "Edit" && edit?.icon == nil && edit?.isOn == false && edit?.width == 4)
    mode.isOn = true
    let done = try leading()
    #expect(done?.title == "Done" && done?.icon == nil && done?.isOn == true)
  }

  @Test("an item shown on a regular width leaves the bar laid out at a compact width")
  func regularWidthCondition() throws {
    let toolbar = Toolbar(id: "split") {
      ToolbarItemGroup(placement: .navigation) { Button(command: "a.back") }.shown(when: .regularWidth)
      ToolbarItem(id: "new", placement: .primaryAction) { Button(command: "a.new") }
    }
    #expect(try Self.ids(Self.layout(toolbar, width: 100, platform: .ipad).leading) == ["a.back"])
    #expect(try Self.layout(toolbar, width: 50, platform: .ipad).leading.isEmpty)
    #expect(try Self.layout(toolbar, width: 100, platform: .iphone).leading.isEmpty)
  }
}
