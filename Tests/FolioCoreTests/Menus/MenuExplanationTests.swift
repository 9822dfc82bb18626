import Testing

@testable import FolioCore

@Suite struct MenuExplanationTests {
  @Test("a disabled item in a control group is explained with its reason, place, order and owners")
  func disabledInGroup() throws {
    let demo = try MenuDemo()
    let explanation = try MenuExplanation.explain(menu: MenuDemo.edit, item: "undo", registry: demo.registry)
    #expect(explanation.node.command == "demo.undo")
    #expect(!explanation.node.isEnabled)
    #expect(explanation.path == ["Edit"])
    #expect(explanation.section == nil)
    #expect(explanation.controlGroup == "")
    #expect(explanation.position == 1)
    #expect(explanation.declaredPosition == 1)
    #expect(!explanation.isReversed)
    #expect(
      explanation.lines == [
        "'Undo' is shown but disabled: there is nothing to undo",
        "in Edit, in a control group",
        "item 1 (declared 1); order automatic: declared order — the menu opens downward, so its first items "
          + "are already nearest the point of interaction",
        "menu from built-in; command 'demo.undo' from built-in",
      ])
  }

  @Test("an item in a submenu's section names the path and section; upward on iphone names the reversal")
  func nested() throws {
    let demo = try MenuDemo()
    let menu = Menu("Preferences", id: "demo.prefs", owner: "plugin prefs") {
      Button(command: "demo.copy")
      Menu("More") {
        Section("Alerts") {
          Toggle("Dark Mode", command: "demo.dark")
          Toggle("Notifications", command: "demo.notify")
        }
      }
    }
    let explanation = try MenuExplanation.explain(
      menu: menu, item: "demo.notify", registry: demo.registry, platform: .iphone, opensUpward: true)
    #expect(explanation.path == ["Preferences", "More"])
    #expect(explanation.section == "Alerts")
    #expect(explanation.position == 1)
    #expect(explanation.declaredPosition == 2)
    #expect(explanation.isReversed)
    #expect(explanation.menuOwner == "plugin prefs")
    #expect(
      explanation.lines == [
        "'Notifications' is shown and enabled",
        "in Preferences › More, section 'Alerts'",
        "item 1 (declared 2); order automatic: reversed — the menu opens upward on iphone, so its first items "
          + "are nearest the point of interaction",
        "menu from plugin prefs; command 'demo.notify' from built-in",
      ])
    #expect(throws: FolioError.invalidArgument("menu 'demo.prefs' has no item 'Print'")) {
      try MenuExplanation.explain(menu: menu, item: "Print", registry: demo.registry)
    }
  }
}
