import FolioTestSupport
import Foundation
import Testing

@testable import FolioCore
@testable import FolioSession

/// The seed's action sheet for one row (`actions`, the context menu's Actions…), and dialogs
/// that present a row going away with it.
@Suite struct RowActionSheetTests {
  /// A session with `places.csv` open, and the events it delivered.
  private final class Fixture {
    let folder: TemporaryFolder
    let session: Session
    let document: Document
    var heard: [AppEvent] = []
    private var subscription: Subscription?

    init(plugin: String? = nil) throws {
      folder = try TemporaryFolder()
      try folder.write("places.csv", "name,city\nCafé Central,Vienna\nBlue Bottle,San Francisco\n,Tokyo\n")
      session = Session(
        workspace: Workspace(store: nil, currentDirectory: folder.url.path, home: nil), metrics: .text)
      if let plugin {
        try FileManager.default.createDirectory(
          atPath: folder.path("plugins/sheet"), withIntermediateDirectories: true)
        try folder.write("plugins/sheet/plugin.lua", plugin)
        #expect(session.loadPlugins(extraFolders: [folder.path("plugins")], shippedFolder: nil).isEmpty)
      }
      document = try session.open("places.csv")
      _ = session.finishCommand()
      subscription = session.events.subscribe { [unowned self] in heard.append($0) }
    }

    /// Runs `actions ROW` and returns the sheet it presents.
    func sheet(for row: String) throws -> Dialog {
      guard
        case .dialog(let dialog) = try session.run(CommandInvocation("row.actions", ["row": .string(row)]))
      else {
        throw FolioError(.internal, "actions \(row) presented no dialog")
      }
      #expect(session.pendingDialog == dialog)
      return dialog
    }

    /// Whether the row with this id is there.
    func hasRow(_ id: Int) throws -> Bool {
      try document.readTable { $0.rowIndex(id: id) != nil }
    }
  }

  @Test("the sheet is made from the row it presents: its title names it, its default action fits it")
  func sheetFromRow() throws {
    let fixture = try Fixture()
    let session = fixture.session
    let sheet = try fixture.sheet(for: "2")
    #expect(sheet.title == "What do you want to do with “Blue Bottle”?")
    #expect(sheet.message == "Row 2 of “places”. Undo takes back either action.")
    #expect(sheet.titleVisibility == .visible)
    #expect(
      sheet.presenting == PresentedRow(windowID: fixture.document.windowID, rowID: 2, title: "Blue Bottle"))
    #expect(sheet.buttons.map(\.id) == ["favorite", "delete", "cancel"])
    #expect(sheet.buttons.map(\.title) == ["Mark as Favorite", "Delete", "Cancel"])
    #expect(sheet.buttons.map(\.role) == [.default, .destructive, .cancel])
    #expect(fixture.document.selection == [2])

    guard case .document(let report) = try session.answerDialog(buttonID: "favorite") else {
      Issue.record("Mark as Favorite reports on the document")
      return
    }
    #expect(report.event == .favoriteMarked(row: "Blue Bottle", isFavorite: true))
    #expect(session.workspace.isFavorite(rowID: 2, in: fixture.document))
    #expect(session.pendingDialog == nil)

    // A sort moves the row: the sheet still finds it by id, and now offers to unmark it.
    try session.sort(by: [TableSortKey(column: "name", order: .ascending)])
    let again = try fixture.sheet(for: "id:2")
    #expect(again.buttons.map(\.title) == ["Remove from Favorites", "Delete", "Cancel"])
    #expect(again.message?.contains(", a favorite.") == true)
    // A row with no text but its city is named by its first non-empty cell.
    try session.answerDialog(buttonID: "cancel")
    #expect(try fixture.sheet(for: "id:3").presenting?.title == "Tokyo")
    try session.answerDialog(buttonID: "cancel")
  }

  @Test("Delete removes the presented row as one undoable step; Cancel changes nothing")
  func deleteAndCancel() throws {
    let fixture = try Fixture()
    let session = fixture.session
    _ = try fixture.sheet(for: "1")
    guard case .document(let kept) = try session.answerDialog(buttonID: "cancel") else {
      Issue.record("Cancel reports on the document")
      return
    }
    #expect(kept.event == .keptUnchanged)
    #expect(!fixture.document.isDirty)
    _ = try fixture.sheet(for: "1")
    try session.answerDialog(buttonID: "delete")
    #expect(try !fixture.hasRow(1))
    #expect(try session.undo() == "Delete Row")
    #expect(try fixture.hasRow(1))
  }

  @Test("the sheet is for one row: none or several selected is an error that changes nothing")
  func oneRowOnly() throws {
    let fixture = try Fixture()
    let session = fixture.session
    let none = try #require(throws: FolioError.self) { try session.run(CommandInvocation("row.actions")) }
    #expect(none.message == "nothing is selected")
    let several = try #require(throws: FolioError.self) {
      try session.run(CommandInvocation("row.actions", ["row": .string("1-2")]))
    }
    #expect(several.message.contains("names 2 rows"))
    #expect(session.pendingDialog == nil)
    #expect(fixture.document.selection.isEmpty)
  }

  @Test("a sheet whose row is deleted before the answer is dismissed as Cancel, and says why")
  func rowDeletedWhilePending() throws {
    let fixture = try Fixture()
    let session = fixture.session
    let sheet = try fixture.sheet(for: "2")
    _ = session.finishCommand()
    fixture.heard = []
    // An embedder (or a plugin's event handler) deletes the row while the sheet waits.
    try session.workspace.deleteRows([2], from: fixture.document)
    #expect(session.pendingDialog == sheet)
    _ = session.finishCommand()
    #expect(session.pendingDialog == nil)
    let dismissals = session.takeDialogDismissals()
    #expect(dismissals.count == 1)
    #expect(dismissals.first?.reason == .rowDeleted)
    #expect(dismissals.first?.dialog == sheet)
    if case .document(let report)? = dismissals.first?.output {
      #expect(report.event == .keptUnchanged)
    } else {
      Issue.record("the sheet's Cancel reports on the document")
    }
    #expect(
      fixture.heard.contains(.dialogDismissed(title: sheet.title, button: "Cancel", reason: .rowDeleted)))
    #expect(session.takeDialogDismissals().isEmpty)
    // Nothing waits: commands run again.
    try session.run(CommandInvocation("selection.show"))
  }

  @Test("an answer that comes after the row went is the dismissal: nothing else is deleted")
  func answerAfterRowWent() throws {
    let fixture = try Fixture()
    let session = fixture.session
    _ = try fixture.sheet(for: "2")
    try session.workspace.deleteRows([2], from: fixture.document)
    guard case .dialogDismissed(let dismissal) = try session.answerDialog(buttonID: "delete") else {
      Issue.record("the answer is the dismissal")
      return
    }
    #expect(dismissal.reason == .rowDeleted)
    #expect(try fixture.hasRow(1) && fixture.hasRow(3))
    #expect(session.pendingDialog == nil)

    // A command run before the next finishCommand() is not held back by it either.
    _ = try fixture.sheet(for: "1")
    try session.workspace.deleteRows([1], from: fixture.document)
    try session.run(CommandInvocation("selection.show"))
    #expect(session.takeDialogDismissals().map(\.reason) == [.rowDeleted])
  }

  @Test("a sheet whose window closes before the answer is dismissed as Cancel")
  func windowClosedWhilePending() throws {
    let fixture = try Fixture()
    let session = fixture.session
    let sheet = try fixture.sheet(for: "1")
    session.workspace.close(fixture.document)
    _ = session.finishCommand()
    #expect(session.pendingDialog == nil)
    let dismissal = try #require(session.takeDialogDismissals().first)
    #expect(dismissal.reason == .windowClosed)
    #expect(dismissal.dialog.title == sheet.title)
    #expect(dismissal.error == nil)
    if case .none = dismissal.output {} else { Issue.record("no document to report on: \(dismissal.output)") }
  }

  private static let plugin = """
    folio.command { id = "sheet.ask", title = "Ask", run = function(ctx)
      local d = ctx.document
      local answer, why = ctx:confirm { title = "Keep " .. d:get(2, "name") .. "?", presenting = 2,
        title_visibility = "hidden", buttons = { { title = "Drop", role = "cancel" }, { title = "Keep" } } }
      return answer .. "/" .. tostring(why)
    end }
    """

  @Test("ctx:confirm{presenting = id}: the dialog names the row; gone first, it returns Cancel and why")
  func pluginPresenting() throws {
    let fixture = try Fixture(plugin: Self.plugin)
    let session = fixture.session
    guard case .dialog(let dialog) = try session.run(CommandInvocation("sheet.ask")) else {
      Issue.record("sheet.ask asks")
      return
    }
    #expect(dialog.presenting?.rowID == 2 && dialog.presenting?.title == "Blue Bottle")
    #expect(dialog.titleVisibility == .hidden)
    #expect(dialog.buttons.map(\.title) == ["Keep", "Drop"])
    guard case .text(let answered) = try session.answerDialog(buttonID: "keep") else {
      Issue.record("the answer resumes the command")
      return
    }
    #expect(answered == "Keep/nil")

    _ = try session.run(CommandInvocation("sheet.ask"))
    try session.workspace.deleteRows([2], from: fixture.document)
    _ = session.finishCommand()
    let dismissal = try #require(session.takeDialogDismissals().first)
    guard case .text(let cancelled) = dismissal.output else {
      Issue.record("the command went on after the Cancel: \(dismissal.output)")
      return
    }
    #expect(cancelled == "Drop/deleted")
    #expect(session.pendingDialog == nil)
  }
}
