import FolioTestSupport
import Foundation
import Testing

@testable import FolioCore
@testable import FolioSession

/// A dialog acts on what it asked about: it carries its target as it was when it was raised,
/// and while it waits the one rule holds — reads run, changes are refused with one error
/// naming the dialog, the answer acts on the target.
@Suite struct DialogTargetTests {
  /// A session with `places.csv` open.
  private final class Fixture {
    let folder: TemporaryFolder
    let session: Session
    let document: Document

    init() throws {
      folder = try TemporaryFolder()
      try folder.write("places.csv", "name,city\nCafé Central,Vienna\nBlue Bottle,San Francisco\n,Tokyo\n")
      session = Session(
        workspace: Workspace(store: nil, currentDirectory: folder.url.path, home: nil), metrics: .text)
      document = try session.open("places.csv")
      _ = session.finishCommand()
    }

    /// The id of the row at this 1-based position.
    func id(ofRow position: Int) throws -> Int {
      try document.readTable { $0.id(ofRow: position - 1) }
    }

    /// The first cell of every row, in order.
    func names() throws -> [String] {
      try document.readTable { table in
        (0..<table.rowCount).map { table.cell(row: $0, column: 0).description }
      }
    }

    /// Runs `edit.delete` as the context menu's Delete does (from a menu, so it asks).
    func askToDelete(_ arguments: [String: ArgumentValue] = [:]) throws -> Dialog {
      guard
        case .dialog(let dialog) = try session.run(CommandInvocation("edit.delete", arguments), origin: .menu)
      else {
        throw FolioError(.internal, "delete asked nothing")
      }
      return dialog
    }
  }

  /// Whether `error` is the one rule's refusal naming `dialog`.
  private static func isRefusal(_ error: any Error, naming dialog: Dialog) -> Bool {
    guard let error = error as? FolioError else { return false }
    return error.code == .disabled && error.values["dialog"] == dialog.title
      && error.message.hasPrefix("a dialog is waiting — \(dialog.title)")
  }

  @Test("Delete names its row and keeps it as its target; a selection change meanwhile is refused")
  func deleteActsOnItsTarget() throws {
    let fixture = try Fixture()
    let session = fixture.session
    let first = try fixture.id(ofRow: 1)
    let third = try fixture.id(ofRow: 3)
    _ = try session.select(rowIDs: [first])
    let dialog = try fixture.askToDelete()
    #expect(dialog.title == "Delete 1 row: Café Central?")
    #expect(dialog.message == "From “places”. Undo brings it back.")
    #expect(
      dialog.target
        == DialogTarget(
          windowID: fixture.document.windowID, document: "places", rowIDs: [first],
          rowTitles: ["Café Central"]))

    // The typed call and the command alike are refused, naming the dialog; nothing moved.
    #expect { try session.select(rowIDs: [third]) } throws: { Self.isRefusal($0, naming: dialog) }
    #expect {
      try session.run(CommandInvocation("selection.select", ["rows": .string("3")]))
    } throws: {
      Self.isRefusal($0, naming: dialog)
    }
    #expect(fixture.document.selection == [first])

    try session.answerDialog(buttonID: "delete")
    #expect(try fixture.names() == ["Blue Bottle", ""])
    #expect(session.pendingDialog == nil)
  }

  @Test("Delete of several rows names three and counts the rest; its answer deletes exactly those")
  func deleteSeveralRows() throws {
    let fixture = try Fixture()
    let ids = try (1...3).map { try fixture.id(ofRow: $0) }
    let dialog = try fixture.askToDelete(["rows": .string("3,1-2")])
    // Row 3's name is empty: it is called by its first cell that is not.
    #expect(dialog.title == "Delete 3 rows: Café Central, Blue Bottle, Tokyo?")
    #expect(dialog.target?.rowIDs == ids)
    try fixture.session.answerDialog(buttonID: "delete")
    #expect(try fixture.names().isEmpty)

    let text = try TemporaryFolder()
    try text.write("notes.txt", "one\ntwo\nthree\nfour\nfive\n")
    _ = try fixture.session.open(text.path("notes.txt"))
    let lines = try fixture.askToDelete(["rows": .string("5,1-4")])
    #expect(lines.title == "Delete 5 lines: 1, 2, 3 and 2 more?")
    #expect(lines.target?.lines == [1, 2, 3, 4, 5])
    _ = try fixture.session.answerDialog(buttonID: "cancel")
    let line = try fixture.askToDelete(["rows": .string("2")])
    #expect(line.title == "Delete line 2?")
  }

  @Test("while a dialog waits, reads are answered and every change is refused with the same error")
  func oneRule() throws {
    let fixture = try Fixture()
    let session = fixture.session
    _ = try session.select(rowIDs: [try fixture.id(ofRow: 2)])
    let dialog = try fixture.askToDelete()
    let reads = [
      "view.show", "document.info", "document.list", "selection.show", "plugin.list", "menu.list",
      "scene.settings", "shell.help",
    ]
    for id in reads where session.registry.command(id: id) != nil {
      #expect(throws: Never.self, "\(id) reads") { try session.run(CommandInvocation(id)) }
    }
    #expect(throws: Never.self) {
      try session.run(CommandInvocation("menu.show", ["words": .words([Word("file")])]))
    }
    let changes: [CommandInvocation] = [
      CommandInvocation(
        "edit.cell", ["cell": .string("1"), "column": .string("name"), "value": .string("x")]),
      CommandInvocation("edit.add"), CommandInvocation("edit.undo"), CommandInvocation("document.new"),
      CommandInvocation("document.close"), CommandInvocation("document.save"),
      CommandInvocation("selection.select", ["rows": .string("1")]), CommandInvocation("view.sort"),
      CommandInvocation("menu.show", ["words": .words([Word("open"), Word("file")])]),
      CommandInvocation(
        "scene.settings", ["action": .string("set"), "key": .string("screen.rows"), "value": .string("5")]),
      CommandInvocation("plugin.manage", ["action": .string("reload"), "name": .string("none")]),
      CommandInvocation("no.such-command"),
    ]
    for invocation in changes {
      #expect("\(invocation.commandID) changes") {
        try session.run(invocation)
      } throws: {
        Self.isRefusal($0, naming: dialog)
      }
    }
    #expect { try session.focus(windowID: fixture.document.windowID) } throws: {
      Self.isRefusal($0, naming: dialog)
    }
    #expect { try session.openMenu("file") } throws: { Self.isRefusal($0, naming: dialog) }
    #expect { try session.undo() } throws: { Self.isRefusal($0, naming: dialog) }
    #expect(session.pendingDialog == dialog)
    #expect(session.menuSession == nil)
    #expect(try fixture.names() == ["Café Central", "Blue Bottle", ""])
    #expect(!fixture.document.isDirty)
    // The answer still runs, and acts on the row asked about.
    try session.answerDialog(buttonID: "delete")
    #expect(try fixture.names() == ["Café Central", ""])
  }

  @Test("a target of many rows of a sorted table is deleted by id: the rows asked about, in any order")
  func manyRowsOfASortedTable() throws {
    let folder = try TemporaryFolder()
    try folder.write("n.csv", "n\n" + (1...30).map { "\($0)\n" }.joined())
    let session = Session(
      workspace: Workspace(store: nil, currentDirectory: folder.url.path, home: nil), metrics: .text)
    let document = try session.open("n.csv")
    // Sorted, the rows' ids are no longer their positions.
    try session.sort(by: [TableSortKey(column: "n", order: .descending)])
    guard
      case .dialog(let dialog) = try session.run(
        CommandInvocation("edit.delete", ["rows": .string("1-20")]), origin: .menu)
    else {
      Issue.record("delete from a menu asks")
      return
    }
    #expect(dialog.title == "Delete 20 rows: 30, 29, 28 and 17 more?")
    #expect(dialog.target?.rowIDs == Array((11...30).reversed()))
    try session.answerDialog(buttonID: "delete")
    let left = try document.readTable { table in
      (0..<table.rowCount).map { table.cell(row: $0, column: 0).description }
    }
    #expect(left == (1...10).reversed().map(String.init))
  }
}
