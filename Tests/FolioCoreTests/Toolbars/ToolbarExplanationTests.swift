import Testing

@testable import FolioCore

/// `explain toolbar ID` as a pure function of the layout's inputs: where the item is and why.
@Suite struct ToolbarExplanationTests {
  private static func registry() throws -> CommandRegistry {
    let registry = CommandRegistry()
    for (id, title, icon) in [
      ("a.new", "New", "plus"), ("a.back", "Back", "chevron.left"), ("a.find", "Find", "magnifyingglass"),
      ("a.share", "Share", "square.and.arrow.up"), ("a.low", "Inspect", "info.circle"),
      ("a.delete", "Delete", "trash"), ("a.bold", "Bold", "bold"), ("a.italic", "Italic", "italic"),
    ] {
      try registry.register(Command(id: id, title: title, icon: icon, behavior: .action { _ in .none }))
    }
    try registry.register(
      Command(
        id: "a.off", title: "Off", icon: "xmark", owner: "plugin demo",
        availability: { .disabled(reason: "no network") }, behavior: .action { _ in .none }))
    return registry
  }

  private static let toolbar = Toolbar(id: "demo") {
    ToolbarItem(id: "back", placement: .navigation) { Button(command: "a.back") }
    ToolbarItem(id: "new", placement: .primaryAction) { Button(command: "a.new") }
    ToolbarItem(id: "find", placement: .secondaryAction) { Button(command: "a.find") }
    ToolbarItem(id: "inspect", placement: .automatic) { Button(command: "a.low") }.priority(.low)
    ToolbarItem(id: "delete", placement: .automatic) { Button(command: "a.delete") }
      .shown(when: .selectionNotEmpty)
    ToolbarItem(id: "off", placement: .automatic) { Button(command: "a.off") }
    ToolbarItem(id: "extra", placement: .automatic, showsByDefault: false) { Button(command: "a.share") }
    ToolbarItem(id: "format", placement: .primaryAction) {
      ControlGroup {
        Button(command: "a.bold")
        Button(command: "a.italic")
      }
    }
  }
  .toolbarRole(.editor)

  private static func explain(
    _ id: String, toolbar: Toolbar = toolbar, width: Int, platform: MenuPlatform = .mac,
    customization: ToolbarCustomization? = nil
  ) throws -> ToolbarExplanation {
    try ToolbarExplanation.explain(
      id, in: toolbar,
      arrangement: ToolbarArrangement(toolbar: toolbar, customization: customization, platform: platform),
      registry: registry(), environment: AppEnvironment(platform: platform, width: width), width: width,
      title: "Doc", context: ToolbarContext(hasDocument: true, selectionCount: 0), metrics: .text)
  }

  @Test("an item that fits is on the bar with its region and position")
  func shown() throws {
    let explanation = try Self.explain("new", width: 200)
    #expect(explanation.status == .shown)
    #expect(explanation.region == .trailing)
    #expect(explanation.position != nil)
    #expect(explanation.reason == .fits)
    #expect(explanation.owner == "built-in")
  }

  @Test("at every width an overflowed item needs more columns than are left")
  func widthReason() throws {
    var sawWidth = false
    for width in 1...120 {
      let explanation = try Self.explain("inspect", width: width)
      guard case .width(let needed, let left) = explanation.reason else {
        #expect(explanation.status == .shown, "\(width)")
        continue
      }
      sawWidth = true
      #expect(explanation.status == .overflow)
      #expect(needed > left, "\(width): needed \(needed), left \(left)")
    }
    #expect(sawWidth)
  }

  @Test("a secondary action overflows on a compact width, and on a toolbar that is not an editor")
  func secondary() throws {
    #expect(try Self.explain("find", width: 30, platform: .iphone).reason == .secondaryAction)
    let browser = Self.toolbar.toolbarRole(.browser)
    let explanation = try Self.explain("find", toolbar: browser, width: 200)
    #expect(explanation.status == .overflow)
    #expect(explanation.reason == .secondaryAction)
  }

  @Test("left out: removed by the customisation, not by default, its condition")
  func hidden() throws {
    let removed = try Self.explain(
      "inspect", width: 200,
      customization: ToolbarCustomization(items: ["back", "new"], knownItems: ["back", "new", "inspect"]))
    #expect(removed.status == .hidden)
    #expect(removed.reason == .removed)
    #expect(try Self.explain("extra", width: 200).reason == .notByDefault)
    #expect(try Self.explain("delete", width: 200).reason == .condition("selection not empty"))
  }

  @Test("a disabled command's reason and owner; ipad fixes primary actions")
  func disabledAndFixed() throws {
    let off = try Self.explain("off", width: 200)
    #expect(!off.isEnabled)
    #expect(off.disabledReason == "no network")
    #expect(off.commandOwner == "plugin demo")
    #expect(try Self.explain("new", width: 200, platform: .ipad).customization == .fixedOnPlatform)
    #expect(try Self.explain("new", width: 200).customization == .customizable)
  }

  @Test("a member of an unlabelled control group is found in its group, on the bar or in the overflow")
  func member() throws {
    let wide = try Self.explain("format/a.italic", width: 200)
    #expect(wide.status == .shown)
    #expect(wide.group == "format")
    #expect(wide.command == "a.italic")
    var sawOverflow = false
    for width in 1...80 {
      let explanation = try Self.explain("format/a.italic", width: width)
      guard explanation.status == .overflow else { continue }
      sawOverflow = true
      guard case .width(let needed, let left) = explanation.reason else {
        Issue.record("\(width): \(explanation.reason)")
        continue
      }
      #expect(needed > left, "\(width)")
    }
    #expect(sawOverflow)
  }

  @Test("an unknown id is an error listing the ids")
  func unknown() throws {
    #expect {
      try Self.explain("nope", width: 80)
    } throws: { error in
      guard let error = error as? FolioError else { return false }
      return error.code == .invalidArgument && error.message.contains("back, new, find")
    }
  }
}
