import FolioCore
import FolioPresentation
import Foundation
import Testing

@testable import FolioSession
@testable import FolioShell

/// `delete` asks in the REPL — typed, or chosen from a context menu — and deletes only on
/// the destructive answer.
@Suite struct ShellTableTests {
  private static func interactiveShell() throws -> (CapturedShell, Document) {
    let captured = CapturedShell(isInteractive: true)
    let document = try captured.shell.session.workspace.newDocument(kind: .table, columns: ["name"])
    for name in ["a", "b", "c"] {
      try captured.shell.session.workspace.addRow([(column: "name", value: name)], to: document)
    }
    return (captured, document)
  }

  private static func run(_ captured: CapturedShell, _ words: String...) {
    captured.shell.execute(ParsedCommand(words: words.map { Word($0) }, text: words.joined(separator: " ")))
    // Flushed now, so no output is left for the console to write once the capture is gone.
    captured.shell.console.flush()
  }

  private static func rowCount(_ document: Document) -> Int {
    if case .table(let table) = document.content { return table.rowCount }
    return 0
  }

  @Test("delete asks first in the REPL; Cancel keeps the rows, the destructive button deletes")
  func deleteAsks() throws {
    let (captured, document) = try Self.interactiveShell()
    Self.run(captured, "delete", "1-2")
    #expect(captured.shell.session.pendingDialog?.buttons.map(\.title) == ["Delete 2 Rows", "Cancel"])
    Self.run(captured, "cancel")
    #expect(Self.rowCount(document) == 3)
    Self.run(captured, "delete", "1-2")
    Self.run(captured, "choose", "1")
    #expect(Self.rowCount(document) == 1)
    Self.run(captured, "delete", "1", "--yes")
    #expect(Self.rowCount(document) == 0)
    #expect(captured.shell.session.pendingDialog == nil)
  }

  /// The repository's sample Places table.
  private static let places = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples/places.csv")
    .path

  @Test("the Places seed in the REPL: sort by name then noise, delete the selection through the dialog")
  func placesSeed() throws {
    let captured = CapturedShell(isInteractive: true)
    Self.run(captured, "open", Self.places)
    let document = try #require(captured.shell.session.workspace.active)
    Self.run(captured, "sort", "name", "noise:desc")
    Self.run(captured, "select", "2")
    #expect(captured.shell.session.workspace.isFavorite(document) == false)
    Self.run(captured, "delete")
    let dialog = try #require(captured.shell.session.pendingDialog)
    #expect(dialog.title == "Delete 1 row: Café Central?")
    #expect(dialog.buttons.map(\.title) == ["Delete Row", "Cancel"])
    Self.run(captured, "choose", "Delete Row")
    #expect(Self.rowCount(document) == 11)
    Self.run(captured, "delete", "1-2")
    Self.run(captured, "cancel")
    #expect(Self.rowCount(document) == 11)
    Self.run(captured, "undo")
    #expect(Self.rowCount(document) == 12)
    #expect(captured.errors == "")
  }

  @Test("show fits a terminal's window: no line is wider, numbers end in the same column, cells end in …")
  func showFitsTheWindow() throws {
    for width in [60, 72, 100] {
      let captured = CapturedShell(isTerminalOutput: true)
      let result = captured.run("open '\(Self.places)'; env width \(width); show; show columns=noise,name")
      #expect(result.errors == "")
      let lines = result.output.split(separator: "\n").map(String.init).filter {
        $0.contains("│") || $0.contains("┼")
      }
      #expect(lines.count == 2 * 14)
      #expect(lines.allSatisfy { $0.displayWidth <= width }, "width \(width)")
      #expect(lines.contains { $0.contains("…") })
      // The second table's first column holds noise: five columns wide, digits on the right.
      let noise = lines.suffix(12).map { $0.components(separatedBy: " │ ")[1] }
      #expect(
        noise.allSatisfy { $0.count == 5 && ($0.last?.isNumber ?? false || $0.allSatisfy { $0 == " " }) })
    }
  }

  @Test("show in JSON carries the columns with their kinds and widths")
  func showJSON() throws {
    var options = ShellOptions()
    options.output = .json
    let result = CapturedShell(options: options).run("open '\(Self.places)'; show 1 columns=name,noise")
    #expect(
      result.output.contains(
        #""columns":[{"name":"name","kind":"text","width":12,"alignment":"leading"},"#
          + #"{"name":"noise","kind":"number","width":5,"alignment":"trailing"}]"#))
  }

  @Test("a context menu whose every item is hidden is no menu; commands marks hidden commands")
  func hiddenContextMenu() throws {
    let captured = CapturedShell()
    try captured.shell.session.registry.register(
      Command(
        id: "test.hidden", title: "Hidden Thing", availability: { .hidden(reason: "not for text") },
        behavior: .action { _ in .none }))
    captured.shell.session.workspace.contextMenus.add(
      ContextMenuEntry(cases: [.empty], documentKinds: [.text]) { Button(command: "test.hidden") })
    let result = captured.run("new; context-menu; commands test.hidden")
    #expect(result.errors == "")
    #expect(
      result.output.contains("No context menu: every item for Untitled with nothing selected is hidden now."))
    #expect(result.output.contains(" test.hidden │ Hidden Thing │      │ hidden  │"))
    #expect(captured.shell.session.menuSession == nil)
  }

  @Test("Delete chosen from a context menu closes the menu and asks")
  func contextMenuDelete() throws {
    let (captured, document) = try Self.interactiveShell()
    Self.run(captured, "context-menu", "2")
    #expect(
      captured.shell.session.menuSession?.items.compactMap(\.node.title) == [
        "Favorite", "Delete", "Actions…",
      ])
    Self.run(captured, "choose", "Delete")
    #expect(captured.shell.session.menuSession == nil)
    #expect(captured.shell.session.pendingDialog?.title == "Delete 1 row: b?")
    Self.run(captured, "choose", "Delete Row")
    #expect(Self.rowCount(document) == 2)
    #expect(document.selection.isEmpty)
  }
}
