import FolioCore
import FolioSession
import FolioTestSupport
import Foundation
import Testing

@testable import FolioBrowse

/// The browser's frames and keys over a session, without a terminal: each key is a typed
/// session call, and each frame is laid out from the session alone.
@Suite struct BrowseScreenTests {
  /// A session over a folder holding a copy of the bundled `examples/places.csv`, opened.
  private static func makeSession(in folder: TemporaryFolder, width: Int = 120) throws -> Session {
    let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("examples/places.csv")
    try folder.write("places.csv", Array(try Data(contentsOf: examples)))
    let session = Session(
      workspace: Workspace(store: nil, currentDirectory: folder.url.path, home: nil), metrics: .text)
    session.appEnvironment = AppEnvironment(platform: .mac, width: width)
    try session.open("places.csv")
    return session
  }

  private static func frame(_ controller: BrowseController, width: Int = 120, height: Int = 20) -> [String] {
    BrowseScreen(session: controller.session, width: width, height: height).frame(controller).text
  }

  /// The columns at which `│` stands in a line, counted in cells.
  private static func separatorColumns(_ line: String) -> [Int] {
    var columns: [Int] = []
    var used = 0
    for character in line {
      if character == "│" { columns.append(used) }
      used += character.cells
    }
    return columns
  }

  @Test("the frame: title bar, toolbar, header, rows from the top with the cursor, status hints")
  func firstFrame() throws {
    let folder = try TemporaryFolder()
    let controller = BrowseController(session: try Self.makeSession(in: folder), hooks: .plain)
    let frame = BrowseScreen(session: controller.session, width: 120, height: 20).frame(controller)
    #expect(frame.lines.count == 20)
    for line in frame.lines { #expect(line.map(\.text).joined().cells == 120) }
    let text = frame.text
    #expect(text[0].contains("places ▾") && text[0].hasSuffix("1/12"))
    #expect(text[2].hasPrefix(" # │ name ") && text[2].contains("│ city ") && text[2].contains("│ noise"))
    #expect(text[3].hasPrefix(" 1 │ Café Central ") && text[3].contains("│ Vienna "))
    #expect(text[14].hasPrefix("12 │ Ritual Coffee Roasters"))
    #expect(
      text[19].hasPrefix(" Space select  s/S sort  u undo  Enter edit  / find  : command  ? keys  q quit"))
    // The cursor's cell is drawn as the cursor, the rest of its row as the cursor's row.
    let cursor = frame.lines[3].filter { $0.style == .cursor }
    #expect(cursor.map(\.text) == [Self.pad("Café Central", to: cursor.first?.text.cells ?? 0)])
  }

  private static func pad(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.cells))
  }

  @Test("wide characters keep every separator of a row where the header has it")
  func wideCharactersAligned() throws {
    let folder = try TemporaryFolder()
    let controller = BrowseController(session: try Self.makeSession(in: folder), hooks: .plain)
    let text = Self.frame(controller)
    let header = Self.separatorColumns(text[2])
    #expect(header.count == 4)
    // Row 3 is 蔦屋書店 Daikanyama, row 7 Ōhori Park Teahouse.
    for row in 3...14 { #expect(Self.separatorColumns(text[row]) == header, "line \(row): \(text[row])") }
  }

  @Test("Space selects the cursor's row through the session; the gutter marks it ▸")
  func spaceSelects() throws {
    let folder = try TemporaryFolder()
    let session = try Self.makeSession(in: folder)
    let controller = BrowseController(session: session, hooks: .plain)
    controller.handle(.down)
    controller.handle(.character("j"))
    controller.handle(.character(" "))
    #expect(try session.activeDocument().selection == [3])
    let text = Self.frame(controller)
    #expect(text[5].hasPrefix("▸  3 │ 蔦屋書店 Daikanyama"))
    controller.handle(.character(" "))
    #expect(try session.activeDocument().selection.isEmpty)
  }

  @Test("s and S sort by the cursor's column with ▲ and ▼; u undoes, Ctrl-R redoes; the cursor keeps its row")
  func sortUndoRedo() throws {
    let folder = try TemporaryFolder()
    let session = try Self.makeSession(in: folder)
    let controller = BrowseController(session: session, hooks: .plain)
    controller.handle(.right)
    controller.handle(.character("S"))
    let document = try session.activeDocument()
    #expect(document.sortOrder == [TableSortKey(column: "city", order: .descending)])
    var text = Self.frame(controller)
    #expect(text[2].contains("│ city ▼ "))
    #expect(text[3].contains("│ Zurich "))
    // The cursor stayed on Café Central in Vienna, now the second row.
    #expect(controller.cursor.row == 1)
    controller.handle(.character("s"))
    text = Self.frame(controller)
    #expect(text[2].contains("│ city ▲ ") && text[3].contains("│ Berlin "))
    controller.handle(.character("u"))
    #expect(document.sortOrder == [TableSortKey(column: "city", order: .descending)])
    controller.handle(.character("u"))
    text = Self.frame(controller)
    #expect(text[3].hasPrefix(" 1 │ Café Central ") && text[3].contains("│ Vienna "))
    #expect(controller.cursor.row == 0)
    controller.handle(.control("r"))
    #expect(document.sortOrder == [TableSortKey(column: "city", order: .descending)])
    controller.handle(.character("u"))
    controller.handle(.character("u"))
    #expect(controller.status == .error("nothing to undo in 'places'"))
  }

  @Test("at 40 columns the first column stays while the others scroll to the cursor's")
  func narrowWindowScrolls() throws {
    let folder = try TemporaryFolder()
    let session = try Self.makeSession(in: folder, width: 40)
    let controller = BrowseController(session: session, hooks: .plain)
    var text = Self.frame(controller, width: 40)
    #expect(text[2].hasPrefix(" # │ name"))
    for _ in 0..<3 { controller.handle(.character("l")) }
    text = Self.frame(controller, width: 40)
    #expect(text[2].hasPrefix(" # │ name"))
    #expect(text[2].contains("│ noise"))
    #expect(!text[2].contains("│ city"))
    #expect(controller.cursor.firstScrolledColumn > 1)
    for line in text { #expect(line.cells <= 40) }
    controller.handle(.home)
    controller.handle(.character("h"))
    controller.handle(.character("h"))
    controller.handle(.character("h"))
    text = Self.frame(controller, width: 40)
    #expect(text[2].contains("│ city"))
  }

  @Test("PgDn, End and Home move by pages and to the ends, scrolling the rows")
  func pagesAndEnds() throws {
    let folder = try TemporaryFolder()
    let controller = BrowseController(session: try Self.makeSession(in: folder), hooks: .plain)
    _ = Self.frame(controller, height: 8)  // title, toolbar, header, 4 rows, status
    #expect(controller.pageHeight == 4)
    controller.handle(.pageDown)
    #expect(controller.cursor.row == 4)
    var text = Self.frame(controller, height: 8)
    #expect(text[6].hasPrefix(" 5 │ Café Central ") && text[6].contains("Madrid"))
    controller.handle(.end)
    text = Self.frame(controller, height: 8)
    #expect(controller.cursor.row == 11 && text[6].hasPrefix("12 │ Ritual"))
    controller.handle(.home)
    text = Self.frame(controller, height: 8)
    #expect(controller.cursor.topRow == 0 && text[3].hasPrefix(" 1 │"))
  }

  @Test("text from a file is escaped: a control character cannot reach the terminal")
  func cellsEscaped() throws {
    let folder = try TemporaryFolder()
    try folder.write("odd.csv", "name,note\n\"a\u{1B}]0;title\u{07}\",\"two\nlines\"\n")
    let session = Session(
      workspace: Workspace(store: nil, currentDirectory: folder.url.path, home: nil), metrics: .text)
    try session.open("odd.csv")
    let controller = BrowseController(session: session, hooks: .plain)
    let text = Self.frame(controller)
    #expect(!text.joined().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    #expect(text[3].contains("two⏎lines"))
  }

  @Test("TERM=dumb is refused with a message that names it and points to the REPL")
  func dumbTerminalRefused() throws {
    let session = Session(workspace: Workspace(store: nil, currentDirectory: "/", home: nil), metrics: .text)
    let outcome = Browser.run(session: session, hooks: .plain, environment: ["TERM": "dumb"])
    #expect(
      outcome
        == .refused(
          "browse needs a full-screen terminal, and TERM is 'dumb'; use the REPL instead: folio [FILE…]"))
  }

  private struct NotATable: Error {}

  private static func table(of document: Document) throws -> TableModel {
    guard case .table(let table) = document.content else { throw NotATable() }
    return table
  }

  private static func type(_ text: String, into controller: BrowseController) {
    for character in text { controller.handle(.character(character)) }
  }

  @Test(
    "Enter edits the cell in place: the field shows in the cell, Enter keeps it as one undo step, Esc cancels"
  )
  func editInPlace() throws {
    let folder = try TemporaryFolder()
    let session = try Self.makeSession(in: folder)
    let controller = BrowseController(session: session, hooks: .plain)
    controller.handle(.right)
    controller.handle(.enter)
    #expect(controller.mode == .editing(LineField("Vienna")))
    for _ in 0..<6 { controller.handle(.backspace) }
    Self.type("Wien", into: controller)
    var text = Self.frame(controller)
    #expect(text[3].contains("│ Wien ") && text[19].hasPrefix(" Editing city · Enter keeps · Esc cancels"))
    // Not written until Enter.
    let document = try session.activeDocument()
    #expect(!document.isDirty)
    controller.handle(.enter)
    #expect(controller.mode == .grid)
    let table = try Self.table(of: document)
    #expect(table.cell(row: 0, column: 1).description == "Wien" && document.isDirty)
    text = Self.frame(controller)
    #expect(text[0].contains("places* ▾"))
    controller.handle(.enter)
    Self.type("xyz", into: controller)
    controller.handle(.escape)
    let after = try Self.table(of: document)
    #expect(after.cell(row: 0, column: 1).description == "Wien")
    controller.handle(.character("u"))
    let undone = try Self.table(of: document)
    #expect(undone.cell(row: 0, column: 1).description == "Vienna" && !document.isDirty)
  }

  @Test("/ finds with the find command's call; n and N step through the matches round the ends")
  func findNextPrevious() throws {
    let folder = try TemporaryFolder()
    let controller = BrowseController(session: try Self.makeSession(in: folder), hooks: .plain)
    controller.handle(.character("/"))
    Self.type("san fran", into: controller)
    #expect(Self.frame(controller)[19] == "/san fran")
    controller.handle(.enter)
    #expect(controller.matches.map(\.position) == [4, 12])
    #expect(controller.cursor.row == 3 && controller.cursor.column == 1)
    controller.handle(.character("n"))
    #expect(controller.cursor.row == 11 && controller.status == .result("match 2 of 2"))
    controller.handle(.character("n"))
    #expect(controller.cursor.row == 3)
    controller.handle(.character("N"))
    #expect(controller.cursor.row == 11)
    controller.handle(.character("/"))
    controller.handle(.enter)
    #expect(controller.status == .error("the pattern is empty"))
  }

  @Test(": runs a command line in the session; an unknown command is an error naming it")
  func commandLine() throws {
    let folder = try TemporaryFolder()
    let session = try Self.makeSession(in: folder)
    let controller = BrowseController(session: session, hooks: .plain)
    controller.handle(.character(":"))
    Self.type("select 2-3", into: controller)
    #expect(Self.frame(controller)[19] == ":select 2-3")
    controller.handle(.enter)
    #expect(try session.activeDocument().selection == [2, 3])
    controller.handle(.character(":"))
    Self.type("bogus 1", into: controller)
    controller.handle(.enter)
    #expect(controller.status == .error("unknown command 'bogus'; ':help' lists the commands"))
    controller.handle(.character(":"))
    Self.type("sort", into: controller)
    controller.handle(.escape)
    #expect(controller.mode == .grid)
    #expect(try session.activeDocument().sortOrder.isEmpty)
  }

  @Test("? lists the keys over the grid until any key")
  func keyList() throws {
    let folder = try TemporaryFolder()
    let controller = BrowseController(session: try Self.makeSession(in: folder), hooks: .plain)
    controller.handle(.character("?"))
    let text = Self.frame(controller)
    #expect(text[2] == " Keys")
    #expect(
      text.contains { $0.hasPrefix(" Enter") && $0.hasSuffix("edit the cell (Enter keeps, Esc cancels)") })
    controller.handle(.character("q"))
    #expect(controller.mode == .grid && !controller.isFinished)
  }

  @Test(
    "c opens the context menu of the cursor's row as a popup; Delete asks in a modal dialog, cancel last; u undoes"
  )
  func contextMenuDeleteDialog() throws {
    let folder = try TemporaryFolder()
    let session = try Self.makeSession(in: folder)
    let controller = BrowseController(session: session, hooks: .plain)
    controller.handle(.down)
    controller.handle(.character("c"))
    #expect(try session.activeDocument().selection == [2])
    var text = Self.frame(controller)
    #expect(text.contains { $0.contains("┌─ Stadtbibliothek Reading Room") })
    #expect(text.contains { $0.contains("│   Delete ") })
    #expect(controller.menuItems.map(\.node.title) == ["Favorite", "Delete", "Actions…"])
    controller.handle(.down)
    controller.handle(.enter)
    let dialog = try #require(session.pendingDialog)
    #expect(controller.dialogButtons.map(\.role) == [.destructive, .cancel])
    text = Self.frame(controller)
    #expect(text.contains { $0.contains("┌─ \(dialog.title)") })
    #expect(text.contains { $0.contains("[ Delete Row ]  [ Cancel ]") })
    // Keys other than the dialog's change nothing while it waits.
    controller.handle(.character("s"))
    #expect(try session.activeDocument().sortOrder.isEmpty)
    #expect(session.pendingDialog != nil)
    controller.handle(.enter)
    #expect(session.pendingDialog == nil)
    let table = try Self.table(of: try session.activeDocument())
    #expect(table.rowCount == 11 && table.rowIndex(id: 2) == nil)
    controller.handle(.character("u"))
    #expect(try Self.table(of: try session.activeDocument()).rowCount == 12)
    // Esc answers Cancel.
    controller.handle(.character("c"))
    controller.handle(.down)
    controller.handle(.enter)
    controller.handle(.escape)
    #expect(session.pendingDialog == nil)
    let kept = try Self.table(of: try session.activeDocument())
    #expect(kept.rowCount == 12)
  }

  @Test(
    "m opens the menu bar's File menu, → the next menu, Esc closes; t's Rename… asks for the title in a text field"
  )
  func menuBarAndRename() throws {
    let folder = try TemporaryFolder()
    let session = try Self.makeSession(in: folder)
    let controller = BrowseController(session: session, hooks: .plain)
    controller.handle(.character("m"))
    #expect(session.menuSession.map { OpenMenu($0).path } == [session.menus[0].title])
    controller.handle(.right)
    #expect(session.menuSession.map { OpenMenu($0).path } == [session.menus[1].title])
    #expect(Self.frame(controller).contains { $0.contains("◂ \(session.menus[1].title) ▸") })
    controller.handle(.escape)
    #expect(session.menuSession == nil)
    controller.handle(.character("t"))
    let rename = try #require(controller.menuItems.firstIndex { $0.node.title == "Rename…" })
    for _ in 0..<rename { controller.handle(.down) }
    controller.handle(.enter)
    let dialog = try #require(session.pendingDialog)
    #expect(dialog.textField?.text == "places")
    controller.handle(.control("u"))
    Self.type("Final Spots", into: controller)
    #expect(Self.frame(controller).contains { $0.contains("Final Spots") })
    controller.handle(.enter)
    #expect(session.pendingDialog == nil)
    #expect(try session.activeDocument().title == "Final Spots")
    #expect(FileManager.default.fileExists(atPath: folder.path("Final Spots.csv")))
  }

  @Test(
    "a text document shows as numbered lines; with two windows a tab bar shows and ] and [ move between them")
  func textLinesAndTabs() throws {
    let folder = try TemporaryFolder()
    let session = try Self.makeSession(in: folder)
    try folder.write("notes.txt", "first line\nsecond\tline\nthird\n")
    try session.open("notes.txt")
    let controller = BrowseController(session: session, hooks: .plain)
    var text = Self.frame(controller)
    #expect(text[2] == " places │ notes │")
    #expect(text[3] == "1 │ first line" && text[4] == "2 │ second→line" && text[5] == "3 │ third")
    controller.handle(.down)
    #expect(controller.cursor.row == 1)
    controller.handle(.character("]"))
    #expect(try session.activeDocument().title == "places")
    text = Self.frame(controller)
    #expect(text[3].hasPrefix(" # │ name"))
    controller.handle(.character("["))
    #expect(try session.activeDocument().title == "notes")
  }
}
