import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioSession

/// Destructive session commands chosen from a menu confirm first even when nobody is at the
/// prompt.
@Suite struct MenuConfirmationTests {
  /// A registry holding the workspace's commands, run as a script runs them (no person to
  /// answer), with a table of three rows open.
  private static func scriptWorkspace() throws -> (Workspace, CommandRegistry, Document) {
    let workspace = Workspace(store: nil, currentDirectory: "/", home: nil)
    let registry = CommandRegistry()
    for command in SessionCommands.make(
      in: CommandContext(workspace: workspace, isInteractive: { false }, tableMetrics: .text))
    {
      try registry.register(command)
    }
    let document = try workspace.newDocument(kind: .table, columns: ["name"])
    for name in ["a", "b", "c"] { _ = try workspace.addRow([(column: "name", value: name)], to: document) }
    return (workspace, registry, document)
  }

  private static func names(_ document: Document) -> [String] {
    guard case .table(let table) = document.content else { return [] }
    return (0..<table.rowCount).map { table.cell(row: $0, column: 0).description }
  }

  private static func run(
    _ registry: CommandRegistry, _ id: String, _ words: String..., origin: InvocationOrigin = .typed
  ) throws -> CommandOutput {
    let command = try #require(registry.command(id: id))
    return try registry.invoke(command, words: words.map { Word($0) }, origin: origin)
  }

  /// Answers a dialog as the session does: the command that asked acts on the button.
  private static func answer(_ registry: CommandRegistry, _ dialog: Dialog, _ button: DialogButton) throws
    -> CommandOutput
  {
    guard case .command(let invocation) = dialog.responder else {
      Issue.record("a session command's dialog is answered by the command")
      return .none
    }
    return try registry.answer(button.id, to: invocation)
  }

  @Test("typed in a script, delete acts at once; chosen from a menu it returns its dialog")
  func deleteFromAMenuAsks() throws {
    let (_, registry, document) = try Self.scriptWorkspace()
    guard case .document = try Self.run(registry, "edit.delete", "1") else {
      Issue.record("a typed delete in a script should delete at once")
      return
    }
    #expect(Self.names(document) == ["b", "c"])
    guard case .dialog(let dialog) = try Self.run(registry, "edit.delete", "1-2", origin: .menu) else {
      Issue.record("a delete chosen from a menu should ask")
      return
    }
    #expect(dialog.title == "Delete 2 rows: b, c?")
    #expect(dialog.buttons.map(\.title) == ["Delete 2 Rows", "Cancel"])
    #expect(Self.names(document) == ["b", "c"])
    guard case .document(let kept) = try Self.answer(registry, dialog, dialog.cancelButton) else {
      Issue.record("Cancel should answer with a report")
      return
    }
    #expect(kept.event == .keptUnchanged)
    #expect(kept.document.title == "Untitled")
    #expect(Self.names(document) == ["b", "c"])
    _ = try Self.answer(registry, dialog, dialog.buttons[0])
    #expect(Self.names(document).isEmpty)
  }

  @Test("--yes skips the dialog from a menu too")
  func yesSkipsTheDialog() throws {
    let (_, registry, document) = try Self.scriptWorkspace()
    guard case .document = try Self.run(registry, "edit.delete", "2", "--yes", origin: .menu) else {
      Issue.record("--yes should delete at once")
      return
    }
    #expect(Self.names(document) == ["a", "c"])
  }

  @Test("the context menu's Delete asks in a script; the menu closes and the rows stay until answered")
  func contextMenuDelete() throws {
    let (workspace, registry, document) = try Self.scriptWorkspace()
    _ = try Self.run(registry, "selection.select", "2")
    let menu = try #require(workspace.contextMenu(for: document))
    var session = try MenuSession(menu, registry: registry)
    let result = try session.choose("Delete")
    guard case .dialog(let dialog) = result.output else {
      Issue.record("expected the dialog, got \(String(describing: result.output))")
      return
    }
    #expect(!result.isOpen)
    #expect(dialog.title == "Delete 1 row: b?")
    #expect(Self.names(document) == ["a", "b", "c"])
    _ = try Self.answer(registry, dialog, try #require(dialog.button(named: "Delete Row")))
    #expect(Self.names(document) == ["a", "c"])
    #expect(document.selection.isEmpty)
  }

  @Test("revert chosen from a menu asks when there are unsaved changes; typed in a script it does not")
  func revertFromAMenuAsks() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-origin-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("notes.txt").path
    try Data("one\n".utf8).write(to: URL(fileURLWithPath: path))
    let workspace = Workspace(store: nil, currentDirectory: folder.path, home: nil)
    let registry = CommandRegistry()
    for command in SessionCommands.make(
      in: CommandContext(workspace: workspace, isInteractive: { false }, tableMetrics: .text))
    {
      try registry.register(command)
    }
    let document = try workspace.open(path).document
    guard case .document = try Self.run(registry, "document.revert", origin: .menu) else {
      Issue.record("a clean document reverts at once, even from a menu")
      return
    }
    try workspace.appendLine("two", to: document)
    guard case .dialog(let dialog) = try Self.run(registry, "document.revert", origin: .menu) else {
      Issue.record("a dirty document chosen from a menu should ask")
      return
    }
    #expect(dialog.buttons.map(\.title) == ["Revert", "Cancel"])
    #expect(document.isDirty)
    _ = try Self.answer(registry, dialog, dialog.buttons[0])
    #expect(!document.isDirty)
    try workspace.appendLine("three", to: document)
    guard case .document = try Self.run(registry, "document.revert") else {
      Issue.record("a typed revert in a script reverts at once")
      return
    }
    #expect(!document.isDirty)
  }
}
