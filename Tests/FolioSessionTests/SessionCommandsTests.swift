import FolioCore
import FolioTestSupport
import Testing

@testable import FolioSession

/// The session's declared commands describe themselves as the closure lists they replaced
/// did: the same ids in the same order, the same usage lines.
@Suite struct SessionCommandsTests {
  private static var commands: [Command] {
    SessionCommands.make(
      in: CommandContext(
        workspace: Workspace(store: nil, currentDirectory: "/", home: nil), isInteractive: { false },
        tableMetrics: .text))
  }

  @Test("ids in help order, each with the usage line it had")
  func usageLines() {
    let usages = Self.commands.map { [$0.id, $0.usage] }
    #expect(
      usages == [
        [
          "document.open",
          "open PATH-OR-URL [--as FORMAT] [--delimiter CHAR] [--encoding NAME] [--sort COLUMN[:desc],…]",
        ],
        ["document.new", "new [text|table] [columns=a,b,c]"],
        ["document.list", "docs"], ["document.focus", "focus N-OR-TITLE"], ["document.title", "title"],
        ["document.info", "info"], ["document.rename", "rename [NEW-TITLE]"],
        ["document.save", "save [--as PATH] [--force]"], ["document.revert", "revert [--yes]"],
        ["document.close", "close [--force]"],
        [
          "document.print",
          "print [--to FILE.pdf|FILE.txt|-] [--page-size a4|letter] [--orientation portrait|landscape|auto] [--pages 2-5] [--force]",
        ],
        ["document.share", "share [TARGET] [--as REPRESENTATION] [--to DEST]"], ["edit.undo", "undo"],
        ["edit.redo", "redo"],
        ["view.show", "show [ROWS] [columns=a,b] [--from-column C] [--all] [--vertical]"],
        ["edit.append", "append [TEXT…]"],
        ["edit.insert", "insert LINE [TEXT…]"], ["edit.replace", "replace LINE [TEXT…]"],
        ["edit.add", "add [k=v…]"], ["edit.cell", "cell ROW COLUMN VALUE"],
        ["view.sort", "sort [COLUMN[:asc|:desc]…] [--clear]"],
        ["selection.select", "select [ROWS|all|none] [where EXPR…] [--add] [--toggle] [--where EXPR]"],
        ["view.count", "count [where EXPR…] [--where EXPR]"],
        ["view.summary", "summary COLUMN… [--numbers] [--open]"],
        ["selection.show", "selection"], ["selection.edit-mode", "edit-mode [on|off]"],
        ["edit.delete", "delete [ROWS] [where EXPR…] [--yes] [--where EXPR]"],
        ["row.favorite", "favorite [on|off]"],
        ["row.actions", "actions [ROW]"],
        ["column.add", "column.add NAME [--after C] [--first] [VALUE]"],
        ["column.rename", "column.rename NAME NEW"], ["column.delete", "column.delete NAME [--yes]"],
        ["column.move", "column.move NAME [--after C] [--first]"],
        ["column.type", "column.type NAME number|text|yes-no|auto"],
        ["edit.find", "find [PATTERN] [--regex] [--case] [--whole] [--column C,…] [--select]"],
        [
          "edit.substitute",
          "substitute [PATTERN] [REPLACEMENT] [ROWS] [--regex] [--case] [--whole] [--column C,…]",
        ],
        ["document.recover", "recover [N-OR-PATH] [--discard]"],
        ["document.recent", "recent [N|open|clear] [N-OR-NAME]"],
        ["document.recent.open", "document.recent.open N-OR-NAME"],
        ["document.recent.clear", "document.recent.clear"],
      ])
  }

  @Test("commands that need a document are disabled without one; the rest are not")
  func availabilityWithoutDocument() {
    let enabled = Self.commands.filter(\.currentAvailability.isEnabled).map(\.id)
    #expect(
      enabled == ["document.open", "document.new", "document.list", "document.recover", "document.recent"])
  }

  @Test("delete with nothing selected names what would help as remedies, not as command syntax")
  func deleteWithoutSelectionRemedies() throws {
    let workspace = Workspace(store: nil, currentDirectory: "/", home: nil)
    let registry = CommandRegistry()
    for command in SessionCommands.make(
      in: CommandContext(workspace: workspace, isInteractive: { false }, tableMetrics: .text))
    {
      try registry.register(command)
    }
    _ = try workspace.newDocument(kind: .table, columns: ["name"])
    let delete = try #require(registry.command(id: "edit.delete"))
    do {
      _ = try registry.invoke(delete, words: [])
      Issue.record("delete with nothing selected should fail")
    } catch let error as FolioError {
      #expect(error.message == "nothing is selected")
      #expect(error.remedies.map(\.invocation.commandID) == ["selection.select", "edit.delete"])
    }
  }

  /// The commands on the app's own state, bound to a new session, in registration order.
  private static func appCommands(of session: Session) -> [Command] {
    AppCommands.afterDocuments.map { $0.makeCommand(in: AppContext(session: session)) }
  }

  @Test("the app's menu, toolbar, scene and plugin commands keep their ids, verbs and usage lines")
  func appCommandUsageLines() {
    let session = Session(workspace: Workspace(store: nil, currentDirectory: "/", home: nil), metrics: .text)
    let usages = Self.appCommands(of: session).map { [$0.id, $0.verb ?? "-", $0.usage] }
    #expect(
      usages == [
        ["column.run", "column", "column SUBCOMMAND…"],
        ["menu.list", "menus", "menus"], ["menu.show", "menu", "menu [NAME…]"],
        ["menu.back", "back", "back"], ["menu.explain", "explain", "explain MENU ITEM…"],
        ["scene.env", "env", "env [platform|width|size-class|keyboard] [VALUE]"],
        ["selection.context-menu", "context-menu", "context-menu [ROWS]"],
        ["toolbar.show", "toolbar", "toolbar [SUBCOMMAND…]"],
        ["toolbar.layout", "-", "toolbar.layout [--width N]"],
        ["toolbar.customize", "-", "toolbar.customize"],
        ["toolbar.add", "-", "toolbar.add ID [--at N]"], ["toolbar.remove", "-", "toolbar.remove ID"],
        ["toolbar.move", "-", "toolbar.move ID N"], ["toolbar.reset", "-", "toolbar.reset"],
        ["toolbar.use", "-", "toolbar.use ID"],
        ["document.favorite", "-", "document.favorite [on|off]"], ["image.adjust", "-", "image.adjust"],
        ["map.adjust", "-", "map.adjust"], ["scene.screen", "screen", "screen"],
        ["scene.sidebar", "sidebar", "sidebar [all|double-column|detail-only]"],
        ["scene.tabs", "tabs", "tabs"],
        ["scene.tab", "tab", "tab NAME"], ["scene.settings", "settings", "settings [set] [KEY] [VALUE]"],
        ["scene.list", "scenes", "scenes"],
        ["plugin.list", "plugins", "plugins"],
        ["plugin.manage", "plugin", "plugin info|load|unload|reload|watch|new|test|check NAME [--dir DIR]"],
      ])
  }

  @Test("the session's commands hold it unowned: it goes when its owner lets it go")
  func sessionIsReleased() {
    weak var released: Session?
    do {
      let session = Session(
        workspace: Workspace(store: nil, currentDirectory: "/", home: nil), metrics: .text)
      released = session
      #expect(released != nil)
    }
    #expect(released == nil)
  }
}
