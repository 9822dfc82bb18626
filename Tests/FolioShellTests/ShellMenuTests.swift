import FolioCore
import Testing

@testable import FolioSession
@testable import FolioShell

/// Menus added through the Swift DSL, driven through the shell as a script drives them.
@Suite struct ShellMenuTests {
  private final class FontSize {
    var size = 12.0
  }

  private static func shell() throws -> (CapturedShell, FontSize) {
    let captured = CapturedShell()
    let font = FontSize()
    let registry = captured.shell.session.registry
    try registry.register(
      Command(
        id: "demo.font.increase", title: "Increase", icon: "plus.magnifyingglass",
        behavior: .action { _ in
          font.size += 1
          return .message("Size \(StateValue.format(font.size))")
        }))
    try registry.register(
      Command(
        id: "demo.font.decrease", title: "Decrease", icon: "minus.magnifyingglass",
        behavior: .action { _ in
          font.size -= 1
          return .message("Size \(StateValue.format(font.size))")
        }))
    try registry.register(
      Command(
        id: "demo.font.reset", title: "Reset",
        behavior: .action { _ in
          font.size = 12
          return .message("Size 12")
        }))
    try captured.shell.session.addMenu(
      Menu("Font Size", id: "demo.font", primaryAction: "demo.font.reset") {
        Button(command: "demo.font.increase")
        Button(command: "demo.font.decrease")
        Button(command: "demo.font.reset").menuActionDismissBehavior(.enabled)
      }
      .menuActionDismissBehavior(.disabled))
    return (captured, font)
  }

  @Test("items with dismiss disabled keep the menu open across several choose; Reset closes it")
  func dismissAcrossChooses() throws {
    let (captured, font) = try Self.shell()
    let result = captured.run(
      "menu open demo.font\nchoose Increase\nchoose Increase\nchoose 2\nchoose Increase\nchoose Reset\nchoose 1"
    )
    #expect(font.size == 12)
    #expect(
      result.output.components(separatedBy: "Font Size\n").count - 1 == 5,
      "the menu is shown after each choose")
    #expect(result.output.contains("Size 13\nFont Size\n"))
    #expect(result.output.contains("Size 14\nFont Size\n"))
    #expect(result.output.hasSuffix("Size 12\n"))
    #expect(
      result.errors.contains("<command-line>:7: error: nothing to choose from: no dialog or menu is open"))
    #expect(captured.shell.session.menuSession == nil)
  }

  @Test("run MENU runs the primary action instead of opening the menu")
  func primaryAction() throws {
    let (captured, font) = try Self.shell()
    font.size = 20
    let result = captured.run("run demo.font")
    #expect(font.size == 12)
    #expect(result.output == "Size 12\n")
    #expect(captured.shell.session.menuSession == nil)
  }

  @Test("an open menu gives the REPL a numbered prompt, and a bare number there chooses the item")
  func openMenuPrompt() throws {
    let (captured, font) = try Self.shell()
    let shell = try #require(captured.shell)
    #expect(shell.answerPrompt == nil)
    #expect(shell.menuAnswer("2") == nil, "no menu is open")
    _ = captured.run("menu open demo.font")
    #expect(shell.answerPrompt == "choose 1–3> ")
    #expect(shell.menuAnswer(" 2 ") == "choose 2")
    #expect(shell.menuAnswer("Increase") == nil, "only a bare number stands for choose")
    #expect(shell.menuAnswer("2a") == nil)
    _ = captured.run(try #require(shell.menuAnswer("1")))
    #expect(font.size == 13)
    #expect(shell.answerPrompt == "choose 1–3> ", "the menu stays open after Increase")
    _ = captured.run("menu close")
    #expect(shell.answerPrompt == nil)
  }

  @Test("a second menu with the same id is refused naming both owners")
  func duplicateMenu() throws {
    let (captured, _) = try Self.shell()
    #expect(
      throws: FolioError(
        .duplicateCommand, "menu 'demo.font' already exists, from built-in; refused from plugin demo")
    ) {
      try captured.shell.session.addMenu(Menu("Again", id: "demo.font", owner: "plugin demo") { Divider() })
    }
    captured.shell.session.removeMenus(ownedBy: "built-in")
    #expect(!captured.shell.session.menus.contains { $0.id == "demo.font" })
  }
}
