import FolioCore
import Testing

@testable import FolioShell

/// `delete` asks in the REPL — typed, or chosen from a context menu — and deletes only on
/// the destructive answer.
@Suite struct ShellTableTests {
  private static func interactiveShell() throws -> (CapturedShell, Document) {
    let captured = CapturedShell(isInteractive: true)
    let document = try captured.shell.workspace.newDocument(kind: .table, columns: ["name"])
    for name in ["a", "b", "c"] {
      try captured.shell.workspace.addRow([(column: "name", value: name)], to: document)
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
    #expect(captured.shell.pendingDialog?.buttons.map(\.title) == ["Delete 2 Rows", "Cancel"])
    Self.run(captured, "cancel")
    #expect(Self.rowCount(document) == 3)
    Self.run(captured, "delete", "1-2")
    Self.run(captured, "choose", "1")
    #expect(Self.rowCount(document) == 1)
    Self.run(captured, "delete", "1", "--yes")
    #expect(Self.rowCount(document) == 0)
    #expect(captured.shell.pendingDialog == nil)
  }

  @Test("Delete chosen from a context menu closes the menu and asks")
  func contextMenuDelete() throws {
    let (captured, document) = try Self.interactiveShell()
    Self.run(captured, "context-menu", "2")
    #expect(captured.shell.menuSession?.items.compactMap(\.node.title) == ["Favorite", "Delete"])
    Self.run(captured, "choose", "Delete")
    #expect(captured.shell.menuSession == nil)
    #expect(captured.shell.pendingDialog?.title == "Delete 1 row of “Untitled”?")
    Self.run(captured, "choose", "Delete Row")
    #expect(Self.rowCount(document) == 2)
    #expect(document.selection.isEmpty)
  }
}
