import FolioCore
import Foundation
import Testing

@testable import FolioSession
@testable import FolioShell

/// A destructive command chosen from a menu confirms first in a script too, answered by the
/// next `choose` or `cancel`; typed, a script's `delete` still acts at once.
@Suite struct ShellMenuConfirmationTests {
  /// A script shell (nobody at the prompt) with a table of three rows open.
  private static func scriptShell(json: Bool = false) throws -> (CapturedShell, Document) {
    var options = ShellOptions()
    options.keepGoing = true
    if json { options.output = .json }
    let captured = CapturedShell(options: options)
    let document = try captured.shell.session.workspace.newDocument(kind: .table, columns: ["name"])
    for name in ["a", "b", "c"] {
      _ = try captured.shell.session.workspace.addRow([(column: "name", value: name)], to: document)
    }
    return (captured, document)
  }

  private static func names(_ document: Document) -> [String] {
    guard case .table(let table) = document.content else { return [] }
    return (0..<table.rowCount).map { table.cell(row: $0, column: 0).description }
  }

  @Test("File › Quit in a script asks about unsaved documents; a typed quit leaves at once")
  func quitFromMenuAsks() throws {
    let (captured, _) = try Self.scriptShell()
    _ = captured.run("menu open File; choose Quit")
    #expect(captured.shell.session.pendingDialog?.title == "Quit with unsaved changes in “Untitled”?")
    #expect(captured.shell.session.stopReason == nil)
    _ = captured.run("cancel")
    #expect(captured.shell.session.pendingDialog == nil)
    #expect(captured.shell.session.stopReason == nil)
    _ = captured.run("quit")
    #expect(captured.shell.session.stopReason == .quit)
  }

  @Test("a menu item's title may span several unquoted words; words after it are arguments")
  func multiWordItem() throws {
    let (captured, _) = try Self.scriptShell()
    _ = captured.run("select 1-2; context-menu; choose Delete 2 Rows")
    #expect(captured.shell.session.pendingDialog?.buttons.map(\.title) == ["Delete 2 Rows", "Cancel"])
    _ = captured.run("cancel; context-menu; choose Delete 2 Rows --yes")
    #expect(captured.shell.session.pendingDialog == nil)
    #expect(captured.output.contains("Deleted 2 rows."))
  }

  @Test("a dialog's button is named by all the words after choose, unquoted")
  func multiWordButton() throws {
    let (captured, document) = try Self.scriptShell()
    _ = captured.run("context-menu 2; choose Delete")
    _ = captured.run("choose delete row")
    #expect(captured.shell.session.pendingDialog == nil)
    #expect(Self.names(document) == ["a", "c"])
  }

  @Test("context menu Delete in a script shows the dialog; Cancel keeps the rows, Delete Row deletes")
  func contextMenuDeleteAsks() throws {
    let (captured, document) = try Self.scriptShell()
    _ = captured.run("context-menu 2; choose Delete")
    #expect(captured.shell.session.menuSession == nil)
    #expect(captured.shell.session.pendingDialog?.buttons.map(\.title) == ["Delete Row", "Cancel"])
    #expect(
      captured.output.hasSuffix(
        """
        Delete 1 row: b?
        From “Untitled”. Undo brings it back.
          1. Delete Row (destructive)
          2. Cancel
        Answer with 'choose N' or 'choose TITLE', or 'cancel'.

        """))
    #expect(Self.names(document) == ["a", "b", "c"])
    // While it waits, reads run and changes are refused.
    _ = captured.run("show")
    #expect(captured.errors == "")
    _ = captured.run("select 1")
    #expect(captured.errors.contains("a dialog is waiting — Delete 1 row: b?"))
    _ = captured.run("cancel")
    #expect(captured.shell.session.pendingDialog == nil)
    #expect(Self.names(document) == ["a", "b", "c"])
    _ = captured.run("context-menu 1,3; choose \"Delete 2 Rows\"; choose \"Delete 2 Rows\"")
    #expect(Self.names(document) == ["b"])
    #expect(captured.shell.session.pendingDialog == nil)
  }

  @Test("typed in a script, delete acts at once; --yes from a menu acts at once too")
  func typedDeleteActsAtOnce() throws {
    let (captured, document) = try Self.scriptShell()
    let result = captured.run("delete 1; context-menu 1; choose Delete --yes")
    #expect(captured.shell.session.pendingDialog == nil)
    #expect(Self.names(document) == ["c"])
    #expect(result.errors == "")
  }

  @Test("a script that ends while the dialog waits deletes nothing and fails")
  func unansweredDialogIsAnError() throws {
    let (captured, document) = try Self.scriptShell()
    _ = captured.run("context-menu 2; choose Delete")
    captured.shell.finishBatch()
    captured.shell.console.flush()
    #expect(
      captured.errors.contains("the input ended while a dialog was waiting — Delete 1 row: b?"))
    #expect(captured.shell.exitStatus == 1)
    #expect(Self.names(document) == ["a", "b", "c"])
  }

  @Test("in JSON the menu choice carries the dialog, and the answer the deletion")
  func json() throws {
    let (captured, document) = try Self.scriptShell(json: true)
    let result = captured.run("context-menu 3; choose Delete; choose 1")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    let choice = try #require(
      try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
    let outer = try #require(choice["result"] as? [String: Any])
    let dialog = try #require((outer["result"] as? [String: Any])?["dialog"] as? [String: Any])
    #expect(dialog["title"] as? String == "Delete 1 row: c?")
    #expect(outer["menu"] is NSNull)
    #expect(lines[2].contains("Deleted 1 row."))
    #expect(Self.names(document) == ["a", "b"])
  }
}
