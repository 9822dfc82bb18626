import FolioCore
import Testing

@testable import FolioShell

/// The open menu's text numbers its items as it walks them; the numbers must be those
/// `choose` takes (`OpenMenu.items`).
@Suite struct MenuTextRendererTests {
  @Test("items are numbered as the open menu numbers them, through sections, groups and pickers")
  func numbering() throws {
    let registry = CommandRegistry()
    for name in ["a", "b", "c", "d", "e", "f", "g"] {
      try registry.register(
        Command(id: "t.\(name)", title: "Item \(name.uppercased())", behavior: .action { _ in .none }))
    }
    try registry.register(
      Command(
        id: "t.choice", title: "Choice",
        behavior: .state(
          .choice(
            options: [ChoiceOption("one", label: "One"), ChoiceOption("two", label: "Two")],
            get: { "two" }, set: { _ in }))))
    let menu = Menu("Test", id: "t") {
      Button(command: "t.a")
      Divider()
      Section("Group") {
        Button(command: "t.b")
        Button(command: "t.c")
      }
      ControlGroup("Row") {
        Button(command: "t.d")
        Section { Button(command: "t.e") }
        Divider()
        Button(command: "t.f")
      }
      Picker(command: "t.choice")
      Picker(command: "t.choice").pickerStyle(.palette)
      Picker(command: "t.choice").pickerStyle(.menu)
      Button(command: "t.g")
    }
    let open = OpenMenu(try MenuSession(menu, registry: registry))
    let text = MenuTextRenderer(style: TextStyle(usesColor: false)).render(open)
    #expect(
      text == """
        Test
          1. Item A
          ────────────────
          Group
            2. Item B
            3. Item C
          Row: 4. Item D         6. Item F
          Choice
            7.   One
            8. ✓ Two
          Choice: 9.   One   10. ✓ Two
          11. Choice ▸
          12. Item G
        Choose with 'choose N' or 'choose TITLE'; 'back' leaves a submenu, 'menu close' closes.
        """)
    let numbers = open.items.map { "\($0.number) \($0.node.title ?? "")" }
    #expect(
      numbers == [
        "1 Item A", "2 Item B", "3 Item C", "4 Item D", "5 Item E", "6 Item F", "7 One", "8 Two", "9 One",
        "10 Two", "11 Choice", "12 Item G",
      ])
  }

  @Test("a palette wider than the window wraps in rows of aligned columns; a narrow one stays on one line")
  func paletteRows() {
    let cells = ["✓ red", "  orange", "  yellow", "  green", "  mint"]
    #expect(
      MenuTextRenderer.paletteRows(cells, after: "  Colour: ", width: 80) == [
        "  Colour: ✓ red     orange     yellow     green     mint"
      ])
    let rows = MenuTextRenderer.paletteRows(cells, after: "  Colour: ", width: 34)
    #expect(
      rows == [
        "  Colour: ✓ red        orange",
        "            yellow     green",
        "            mint",
      ])
    #expect(rows.allSatisfy { $0.displayWidth <= 34 }, "\(rows)")
  }
}
