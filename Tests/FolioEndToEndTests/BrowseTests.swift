import Foundation
import Testing

/// `folio browse` and the REPL's `browse` in a real terminal (tmux): keys in, the screen out.
@Suite struct BrowseTests {
  /// A home folder holding a copy of the bundled `examples/places.csv`.
  private static func homeWithPlaces() throws -> URL {
    let home = try FolioProcess.temporaryDirectory()
    let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("examples/places.csv")
    try FileManager.default.copyItem(at: examples, to: home.appendingPathComponent("places.csv"))
    return home
  }

  /// The status line: the last line that is not blank.
  private static func status(_ screen: [String]) -> String { screen.last { !$0.isEmpty } ?? "" }

  /// The line that starts with the table's header, if the screen shows one.
  private static func header(_ screen: [String]) -> String? {
    screen.first { $0.hasPrefix(" # │") || $0.hasPrefix("   # │") }
  }

  @Test(
    "folio browse places.csv: move, select, sort, undo, resize to 40 columns, quit; the file is untouched")
  func browsePlaces() throws {
    let home = try Self.homeWithPlaces()
    defer { try? FileManager.default.removeItem(at: home) }
    let original = try Data(contentsOf: home.appendingPathComponent("places.csv"))
    let terminal = try TmuxTerminal(home: home, arguments: ["browse", "places.csv"])
    try terminal.waitFor("the grid") { screen in
      screen[0].contains("places ▾") && screen[0].hasSuffix("1/12")
        && Self.header(screen)?.contains("│ city") == true
        && screen.contains { $0.hasPrefix(" 1 │ Café Central") }
    }
    try terminal.send("j", "Down", "Space")
    try terminal.waitFor("row 3 selected") { screen in
      screen.contains { $0.hasPrefix("▸  3 │ 蔦屋書店 Daikanyama") } && screen[0].hasSuffix("3/12")
    }
    try terminal.send("l", "S")
    try terminal.waitFor("the rows sorted by city, descending") { screen in
      Self.header(screen)?.contains("│ city ▼") == true
        && screen.contains { $0.hasPrefix("   1 │ Lakeside Library") }
        && Self.status(screen).hasPrefix(" Sorted 12 rows by city descending.")
        && screen[0].contains("places* ▾")
        // The shell's own progress line never writes over the screen.
        && !screen.contains { $0.contains("Journaling") }
    }
    try terminal.send("u")
    try terminal.waitFor("the sort undone") { screen in
      Self.status(screen).hasPrefix(" Undid Sort.") && screen.contains { $0.hasPrefix("   1 │ Café Central") }
        && Self.header(screen)?.contains("▼") == false
    }
    try terminal.resize(width: 40, height: 20)
    try terminal.waitFor("the grid at 40 columns") { screen in
      screen.count == 20 && screen.allSatisfy { $0.count <= 40 }
        && Self.header(screen)?.hasPrefix("   # │ name") == true
        && screen.contains { $0.hasPrefix("▸  3 │ 蔦屋書店") }
    }
    try terminal.send("l", "l", "l")
    try terminal.waitFor("the last column beside the frozen first") { screen in
      Self.header(screen).map {
        $0.hasPrefix("   # │ name") && $0.hasSuffix("│ noise") && !$0.contains("city")
      } == true
    }
    try terminal.send("q")
    terminal.waitForExit()
    #expect(try Data(contentsOf: home.appendingPathComponent("places.csv")) == original)
  }

  @Test("q in folio browse with unsaved changes asks as quit does: Esc keeps browsing, Don't Save quits")
  func quitAsks() throws {
    let home = try Self.homeWithPlaces()
    defer { try? FileManager.default.removeItem(at: home) }
    let original = try Data(contentsOf: home.appendingPathComponent("places.csv"))
    let terminal = try TmuxTerminal(home: home, arguments: ["browse", "places.csv"])
    try terminal.waitFor("the grid") { Self.header($0) != nil }
    try terminal.send("S")
    try terminal.waitFor("sorted") { $0[0].contains("places*") }
    try terminal.send("q")
    try terminal.waitFor("the quit dialog") { $0.contains { $0.contains("[ Save All ]  [ Don't Save ]") } }
    try terminal.send("Escape")
    try terminal.waitFor("still browsing") { screen in
      Self.header(screen) != nil && !screen.contains { $0.contains("[ Save All ]") }
    }
    try terminal.send("q")
    try terminal.waitFor("the quit dialog again") { $0.contains { $0.contains("[ Save All ]") } }
    try terminal.send("Tab", "Enter")
    terminal.waitForExit()
    #expect(try Data(contentsOf: home.appendingPathComponent("places.csv")) == original)
  }

  @Test("Enter edits a cell in place, / finds, : runs save, ? lists the keys")
  func editFindCommand() throws {
    let home = try Self.homeWithPlaces()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try TmuxTerminal(home: home, arguments: ["browse", "places.csv"])
    try terminal.waitFor("the grid") { Self.header($0) != nil }
    try terminal.send("l", "Enter", "C-u")
    try terminal.type("Wien")
    try terminal.waitFor("the field in the cell") { screen in
      Self.status(screen).hasPrefix(" Editing city")
        && screen.contains { $0.hasPrefix(" 1 │ Café Central") && $0.contains("│ Wien ") }
    }
    try terminal.send("Enter")
    try terminal.waitFor("the cell set") { screen in
      screen[0].contains("places* ▾") && Self.status(screen).hasPrefix(" Set")
    }
    try terminal.send("/")
    try terminal.type("tokyo")
    try terminal.send("Enter")
    try terminal.waitFor("the cursor on the match") { $0[0].hasSuffix("3/12") }
    try terminal.send(":")
    try terminal.type("save")
    try terminal.waitFor("the command line") { Self.status($0) == ":save" }
    try terminal.send("Enter")
    try terminal.waitFor("saved") { screen in
      screen[0].contains("places ▾") && Self.status(screen).hasPrefix(" Saved")
    }
    let saved = try String(contentsOf: home.appendingPathComponent("places.csv"), encoding: .utf8)
    #expect(saved.contains("Café Central,Wien,4,6\n"))
    try terminal.send("?")
    try terminal.waitFor("the keys") { $0.contains(" Keys") }
    try terminal.send("Escape", "q")
    terminal.waitForExit()
  }

  @Test(
    "c opens the context menu, Delete asks in a modal dialog, u undoes; t › Rename… renames in a text field")
  func contextMenuDialogRename() throws {
    let home = try Self.homeWithPlaces()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try TmuxTerminal(home: home, arguments: ["browse", "places.csv"])
    try terminal.waitFor("the grid") { Self.header($0) != nil }
    try terminal.send("j", "c")
    try terminal.waitFor("the context menu") { screen in
      screen.contains { $0.contains("┌─ Stadtbibliothek Reading Room") }
        && screen.contains { $0.contains("│   Delete ") }
    }
    try terminal.send("Down", "Enter")
    try terminal.waitFor("the dialog") { $0.contains { $0.contains("[ Delete Row ]  [ Cancel ]") } }
    try terminal.send("Enter")
    try terminal.waitFor("the row deleted") { screen in
      !screen.contains { $0.contains("Stadtbibliothek") } && screen[0].hasSuffix("/11")
        && screen[0].contains("places*")
    }
    try terminal.send("u")
    try terminal.waitFor("the row back") { screen in
      screen.contains { $0.contains(" 2 │ Stadtbibliothek Reading Room") } && screen[0].hasSuffix("/12")
        && !screen.contains { $0.contains("┌─") }
    }
    try terminal.send("t")
    try terminal.waitFor("the title menu") { $0.contains { $0.contains("Rename…") } }
    try terminal.send("Escape")
    try terminal.waitFor("the title menu closed") { !$0.contains { $0.contains("Rename…") } }
    try terminal.send(":")
    try terminal.type("rename")
    try terminal.send("Enter")
    try terminal.waitFor("the rename dialog with its field") { screen in
      screen.contains { $0.contains("places") && $0.contains("┌─") }
    }
    try terminal.send("C-u")
    try terminal.type("Final Spots")
    try terminal.waitFor("the typed title") { $0.contains { $0.contains("Final Spots") } }
    try terminal.send("Enter")
    try terminal.waitFor("renamed") { $0[0].contains("Final Spots") }
    #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("Final Spots.csv").path))
    try terminal.resize(width: 40, height: 20)
    try terminal.waitFor("40 columns") { screen in screen.count == 20 && Self.header(screen) != nil }
    try terminal.send("q")
    terminal.waitForExit()
  }

  @Test("the REPL's browse shares the session and q returns to a working prompt")
  func browseFromTheREPL() throws {
    let home = try Self.homeWithPlaces()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try TmuxTerminal(home: home, arguments: [], width: 100, height: 30)
    try terminal.waitFor("the prompt") { $0.contains("folio>") }
    try terminal.type("open places.csv")
    try terminal.send("Enter")
    try terminal.waitFor("the document open") { $0.contains { $0.hasPrefix("places>") } }
    try terminal.type("browse")
    try terminal.send("Enter")
    try terminal.waitFor("the grid") { Self.header($0)?.contains("│ city") == true }
    try terminal.send("End", "Space", "q")
    try terminal.waitFor("the prompt again") { screen in
      Self.header(screen) == nil && screen.last { !$0.isEmpty } == "places>"
    }
    try terminal.type("selection")
    try terminal.send("Enter")
    try terminal.waitFor("the row browse selected, listed by the REPL") { screen in
      screen.contains("1 row selected in places: 12 (id:12)") && screen.last { !$0.isEmpty } == "places>"
    }
  }

  @Test(
    "record while browsing writes the commands the keys performed; folio run replays them to the same bytes")
  func recordingReplays() throws {
    let home = try Self.homeWithPlaces()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try TmuxTerminal(home: home, arguments: [], width: 100, height: 30)
    try terminal.waitFor("the prompt") { Self.status($0) == "folio>" }
    for line in ["record r.folio", "open places.csv", "browse"] {
      try terminal.type(line)
      try terminal.send("Enter")
    }
    try terminal.waitFor("the grid") { Self.header($0) != nil }
    try terminal.send("j", "Space", "l", "S")
    try terminal.waitFor("sorted") { Self.header($0)?.contains("city ▼") == true }
    try terminal.send("Enter", "C-u")
    try terminal.type("Wien")
    try terminal.send("Enter")
    try terminal.waitFor("the cell set") { Self.status($0).hasPrefix(" Set") }
    try terminal.send("j", "c")
    try terminal.waitFor("the context menu") { $0.contains { $0.contains("│   Delete ") } }
    try terminal.send("Down", "Enter")
    try terminal.waitFor("the dialog") { $0.contains { $0.contains("[ Delete Row ]") } }
    try terminal.send("Enter")
    try terminal.waitFor("the row deleted") { $0[0].hasSuffix("/11") }
    try terminal.send("q")
    for line in ["save --as out.csv", "record stop"] {
      try terminal.type(line)
      try terminal.send("Enter")
    }
    try terminal.waitFor("the recording stopped") { $0.contains("Recorded to r.folio.") }
    let recording = try String(contentsOf: home.appendingPathComponent("r.folio"), encoding: .utf8)
    #expect(
      recording == """
        # Recorded by folio; replay with: folio run r.folio
        open places.csv
        select id:2 --toggle
        sort city:desc
        cell id:2 city Wien
        select id:1
        context-menu
        delete --yes
        save --as out.csv

        """)
    let replay = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: replay) }
    // The bundled file as it was, and the recording.
    try FileManager.default.copyItem(
      at: home.appendingPathComponent("r.folio"), to: replay.appendingPathComponent("r.folio"))
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/places.csv"),
      to: replay.appendingPathComponent("places.csv"))
    let result = try FolioProcess.run(["run", "r.folio"], in: replay)
    #expect(result.status == 0, "\(result.errors)")
    let browsed = try Data(contentsOf: home.appendingPathComponent("out.csv"))
    #expect(try Data(contentsOf: replay.appendingPathComponent("out.csv")) == browsed)
  }

  @Test("Ctrl-Z stops browse with the terminal given back to the shell; fg brings the grid back")
  func suspendAndResume() throws {
    let home = try Self.homeWithPlaces()
    defer { try? FileManager.default.removeItem(at: home) }
    // An interactive shell with job control, so that Ctrl-Z stops folio and `fg` resumes it.
    let terminal = try TmuxTerminal(
      home: home, program: ["bash", "--norc", "--noprofile", "-i"], width: 100, height: 24,
      environment: ["PS1": "shell$ "])
    try terminal.waitFor("the shell's prompt") { Self.status($0) == "shell$" }
    try terminal.type("'\(FolioProcess.executable.path)' browse places.csv")
    try terminal.send("Enter")
    try terminal.waitFor("the grid") { Self.header($0) != nil }
    try terminal.send("C-z")
    try terminal.waitFor("the shell's prompt while folio is stopped") { screen in
      Self.header(screen) == nil && Self.status(screen) == "shell$"
    }
    try terminal.type("fg")
    try terminal.send("Enter")
    try terminal.waitFor("the grid back") { screen in
      Self.header(screen) != nil && screen.contains { $0.hasPrefix(" 1 │ Café Central") }
    }
    try terminal.send("q")
    try terminal.waitFor("the shell's prompt after quitting") { screen in
      Self.header(screen) == nil && Self.status(screen) == "shell$"
    }
  }

  @Test("without a terminal, browse refuses and says why, with exit status 2")
  func refusedWithoutTerminal() throws {
    let home = try Self.homeWithPlaces()
    defer { try? FileManager.default.removeItem(at: home) }
    let result = try FolioProcess.run(["browse", "places.csv"], in: home)
    #expect(result.status == 2)
    #expect(
      result.errors
        == "folio: browse needs a full-screen terminal, and TERM is 'unset'; use the REPL instead: folio [FILE…]\n"
    )
    #expect(result.output == "")
  }
}
