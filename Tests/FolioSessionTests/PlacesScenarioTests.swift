import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioSession

/// The seeds' Places scenario driven through the `Session` API alone: typed calls in, model
/// values out — no command line is lexed and no rendered text compared.
@Suite struct PlacesScenarioTests {
  /// A session over a folder holding a copy of the bundled `examples/places.csv`.
  private static func makeSession(in folder: TemporaryFolder) throws -> Session {
    let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("examples/places.csv")
    try folder.write("places.csv", Array(try Data(contentsOf: examples)))
    return Session(
      workspace: Workspace(store: nil, currentDirectory: folder.url.path, home: nil), metrics: .text)
  }

  /// The active table's rows as (id, cells) pairs, in order.
  private static func rows(of session: Session) throws -> [(id: Int, cells: [String])] {
    guard case .table(let table) = try session.activeDocument().content else {
      Issue.record("the active document is not a table")
      return []
    }
    return (0..<table.rowCount).map { index in
      (table.id(ofRow: index), table.cells(ofRow: index).map(\.description))
    }
  }

  @Test("open, sort by two keys, select, favorite and delete from the context menu, undo")
  func editing() throws {
    let folder = try TemporaryFolder()
    let session = try Self.makeSession(in: folder)
    let document = try session.open("places.csv")
    #expect(document.title == "places")
    let original = try Self.rows(of: session)

    #expect(
      try session.sort(by: [
        TableSortKey(column: "comfort", order: .descending), TableSortKey(column: "noise"),
      ]) == original.count)
    let sorted = try Self.rows(of: session)
    // Comfort falls; within one comfort, noise rises (a row without noise has no place to check).
    let keys = sorted.map { (comfort: Int($0.cells[2]) ?? 0, noise: Int($0.cells[3])) }
    for (earlier, later) in zip(keys, keys.dropFirst()) {
      #expect(earlier.comfort >= later.comfort)
      if earlier.comfort == later.comfort, let first = earlier.noise, let second = later.noise {
        #expect(first <= second)
      }
    }
    #expect(Set(sorted.map(\.id)) == Set(original.map(\.id)))

    let chosen = sorted[1]
    let selection = try session.select(rowIDs: [chosen.id])
    #expect(selection.rows.map(\.id) == [chosen.id])

    let menu = try #require(try session.openContextMenu())
    #expect(menu.items.compactMap(\.node.title).contains("Favorite"))
    try session.chooseMenuItem(path: ["Favorite"])
    #expect(session.menuSession == nil)
    #expect(session.workspace.isFavorite(document))

    try session.openContextMenu()
    try session.chooseMenuItem(path: ["Delete"])
    let dialog = try #require(session.pendingDialog)
    #expect(dialog.buttons.map(\.role) == [.destructive, .cancel])
    try session.answerDialog(buttonID: dialog.buttons[0].id)
    #expect(session.pendingDialog == nil)
    let afterDelete = try Self.rows(of: session)
    #expect(!afterDelete.map(\.id).contains(chosen.id))
    #expect(afterDelete.count == sorted.count - 1)

    try session.undo()
    let restored = try Self.rows(of: session)
    #expect(restored.map(\.id) == sorted.map(\.id))
    #expect(restored.first { $0.id == chosen.id }?.cells.prefix(4) == chosen.cells.prefix(4))
    #expect(document.isDirty)
  }

  @Test("a delete answered with the cancel button leaves the rows as they were")
  func cancelledDelete() throws {
    let folder = try TemporaryFolder()
    let session = try Self.makeSession(in: folder)
    try session.open("places.csv")
    let rows = try Self.rows(of: session)
    try session.select(rowIDs: [rows[0].id])
    try session.openContextMenu()
    try session.chooseMenuItem(path: ["Delete"])
    let dialog = try #require(session.pendingDialog)
    // While it waits, nothing else runs.
    let refusal = #expect(throws: FolioError.self) { try session.run(CommandInvocation("edit.undo")) }
    #expect(refusal?.code == .disabled)
    try session.answerDialog(buttonID: dialog.cancelButton.id)
    #expect(try Self.rows(of: session).map(\.id) == rows.map(\.id))
    #expect(try !session.activeDocument().isDirty)
  }

  @Test("the toolbar at two widths: what does not fit the narrow one overflows, nothing is lost")
  func toolbarWidths() throws {
    let folder = try TemporaryFolder()
    let session = try Self.makeSession(in: folder)
    try session.open("places.csv")
    let wide = try session.layOutToolbar(width: 120)
    let narrow = try session.layOutToolbar(width: 24)
    func ids(_ layout: ToolbarLayout, overflow: Bool) -> [String] {
      (overflow ? layout.overflow : layout.leading + layout.center + layout.trailing + layout.bottom).map(
        \.id)
    }
    #expect(ids(wide, overflow: true).isEmpty)
    #expect(!ids(narrow, overflow: true).isEmpty)
    #expect(
      Set(ids(narrow, overflow: false) + ids(narrow, overflow: true)) == Set(ids(wide, overflow: false)))
    #expect(narrow.usedWidth <= 24)
  }

  @Test("rename moves the file, print writes a PDF beside it, share saves a copy")
  func renamePrintShare() throws {
    let folder = try TemporaryFolder()
    let session = try Self.makeSession(in: folder)
    let document = try session.open("places.csv")
    try session.rename(to: "Favourite Places")
    #expect(document.title == "Favourite Places")
    #expect(try folder.contents() == ["Favourite Places.csv"])

    try session.print(to: nil)
    #expect(try folder.contents() == ["Favourite Places.csv", "Favourite Places.pdf"])
    #expect(try folder.bytes("Favourite Places.pdf").starts(with: Array("%PDF-".utf8)))

    try FileManager.default.createDirectory(atPath: folder.path("shared"), withIntermediateDirectories: false)
    let outcome = try session.share(with: "file", to: folder.path("shared"))
    #expect(outcome.writtenPath == folder.path("shared/Favourite Places.csv"))
    #expect(try folder.bytes("shared/Favourite Places.csv") == folder.bytes("Favourite Places.csv"))
  }

  @Test("a command runs by id with typed arguments, checked against its parameters")
  func typedInvocation() throws {
    let folder = try TemporaryFolder()
    let session = try Self.makeSession(in: folder)
    try session.run(CommandInvocation("document.open", ["path": .string("places.csv")]))
    #expect(session.workspace.active?.title == "places")
    #expect(throws: FolioError.self) {
      try session.run(CommandInvocation("document.open", ["path": .int(3)]))
    }
    #expect(throws: FolioError.self) {
      try session.run(CommandInvocation("document.open", ["nope": .string("x")]))
    }
    #expect(throws: FolioError.self) { try session.run(CommandInvocation("no.such.command")) }
  }
}
