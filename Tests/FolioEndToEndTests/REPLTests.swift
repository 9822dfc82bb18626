import Foundation
import Testing

/// Drives the live REPL in a real terminal: tmux runs folio, `send-keys` types, and
/// `capture-pane` reads the screen.
@Suite struct REPLTests {
  /// A terminal of 100 × 30 running folio with `arguments`, in a tmux server of its own.
  private static func terminal(
    home: URL, arguments: [String] = [], environment: [String: String] = [:]
  ) throws -> TmuxTerminal {
    try TmuxTerminal(home: home, arguments: arguments, width: 100, height: 30, environment: environment)
  }

  @Test("typing, Tab completion, history recall, Ctrl-C at the prompt and quit")
  func session() throws {
    let home = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try Self.terminal(home: home)
    try terminal.waitFor("the prompt") { terminal.lastLine($0) == "folio>" }

    try terminal.send("ec", "Tab")
    try terminal.waitFor("completion of 'ec'") { terminal.lastLine($0) == "folio> echo" }
    try terminal.send("héllo wörld", "Enter")
    try terminal.waitFor("the echoed text") {
      $0.contains("héllo wörld") && terminal.lastLine($0) == "folio>"
    }

    try terminal.send("Up")
    try terminal.waitFor("the recalled line") { terminal.lastLine($0) == "folio> echo héllo wörld" }
    try terminal.send("C-c")
    try terminal.waitFor("a cleared prompt") { terminal.lastLine($0) == "folio>" }
    try terminal.send("echo after interrupt", "Enter")
    try terminal.waitFor("output after Ctrl-C") { $0.contains("after interrupt") }

    try terminal.send("bogus", "Enter")
    try terminal.waitFor("an error without a location") {
      $0.contains("error: unknown command 'bogus'; 'help' lists the commands")
    }

    try terminal.send("quit", "Enter")
    terminal.waitForExit()
    #expect(!terminal.isRunning)

    let historyPath = home.appendingPathComponent("state/folio/history").path
    let history = try String(contentsOfFile: historyPath, encoding: .utf8)
    #expect(history == "echo héllo wörld\necho after interrupt\nbogus\nquit\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: historyPath)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  @Test("a dialog shows a numbered prompt that a bare number answers; Ctrl-D asks before losing changes")
  func dialogs() throws {
    let home = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let notes = home.appendingPathComponent("notes.txt")
    try "one\n".write(to: notes, atomically: true, encoding: .utf8)
    let terminal = try Self.terminal(home: home)
    try terminal.waitFor("the prompt") { terminal.lastLine($0) == "folio>" }
    try terminal.send("open \(notes.path)", "Enter", "append two", "Enter")
    try terminal.waitFor("the dirty prompt") { terminal.lastLine($0) == "notes*>" }
    try terminal.send("close", "Enter")
    try terminal.waitFor("the dialog's prompt") { terminal.lastLine($0) == "choose 1–3>" }
    try terminal.send("3", "Enter")
    try terminal.waitFor("the cancelled close") {
      $0.contains("Kept notes open.") && terminal.lastLine($0) == "notes*>"
    }
    try terminal.send("C-d")
    try terminal.waitFor("the quit dialog") {
      $0.contains("Quit with unsaved changes in “notes”?") && terminal.lastLine($0) == "choose 1–3>"
    }
    try terminal.send("Save All", "Enter")
    terminal.waitForExit()
    #expect(!terminal.isRunning)
    #expect(try String(contentsOf: notes, encoding: .utf8) == "one\ntwo\n")
  }

  @Test("an open menu shows a numbered prompt that a bare number answers, as a dialog's does")
  func menuPrompt() throws {
    let home = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try Self.terminal(home: home)
    try terminal.waitFor("the prompt") { terminal.lastLine($0) == "folio>" }
    try terminal.send("menu open file", "Enter")
    try terminal.waitFor("the menu's prompt") { terminal.lastLine($0) == "choose 1–9>" }
    try terminal.send("1", "Enter")
    try terminal.waitFor("New chosen by its number") {
      $0.contains("Made Untitled (text).") && terminal.lastLine($0) != "choose 1–9>"
    }
    #expect(try !terminal.screen().contains { $0.contains("unknown command") })
    try terminal.send("quit --force", "Enter")
    terminal.waitForExit()
  }

  @Test("rename without a title shows the title in the prompt; Enter keeps it, a typed title renames")
  func renameDialog() throws {
    let home = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let notes = home.appendingPathComponent("notes.txt")
    try "one\n".write(to: notes, atomically: true, encoding: .utf8)
    let terminal = try Self.terminal(home: home)
    try terminal.waitFor("the prompt") { terminal.lastLine($0) == "folio>" }
    try terminal.send("open \(notes.path)", "Enter")
    try terminal.waitFor("the document's prompt") { terminal.lastLine($0) == "notes>" }
    try terminal.send("rename", "Enter")
    try terminal.waitFor("the title's prompt") { terminal.lastLine($0) == "title [notes]>" }
    try terminal.send("Enter")
    try terminal.waitFor("the kept title") {
      $0.contains("Kept notes as it is.") && terminal.lastLine($0) == "notes>"
    }
    try terminal.send("rename", "Enter")
    try terminal.waitFor("the title's prompt again") { terminal.lastLine($0) == "title [notes]>" }
    try terminal.send("field notes", "Enter")
    try terminal.waitFor("the new title") { terminal.lastLine($0) == "field notes>" }
    #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("field notes.txt").path))
    #expect(!FileManager.default.fileExists(atPath: notes.path))
    try terminal.send("quit", "Enter")
    terminal.waitForExit()
  }

  @Test("at the rename prompt 'cancel', 'Cancel' and 'choose Cancel' cancel; 'choose Don't Save' answers")
  func renameCancelsAndTitlesAsTheyRead() throws {
    let home = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let notes = home.appendingPathComponent("notes.txt")
    try "one\n".write(to: notes, atomically: true, encoding: .utf8)
    let terminal = try Self.terminal(home: home)
    try terminal.waitFor("the prompt") { terminal.lastLine($0) == "folio>" }
    try terminal.send("open notes.txt", "Enter")
    try terminal.waitFor("the document's prompt") { terminal.lastLine($0) == "notes>" }
    for (count, answer) in ["cancel", "Cancel", "choose Cancel"].enumerated() {
      try terminal.send("rename", "Enter")
      try terminal.waitFor("the title's prompt") { terminal.lastLine($0) == "title [notes]>" }
      try terminal.send("-l", answer)
      try terminal.send("Enter")
      try terminal.waitFor("the kept title after '\(answer)'") {
        $0.filter { $0 == "Kept notes as it is." }.count == count + 1 && terminal.lastLine($0) == "notes>"
      }
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { !$0.hasPrefix(".") }
    #expect(
      names.contains("notes.txt") && !names.contains { $0.lowercased().hasPrefix("cancel") }, "\(names)")
    try terminal.send("append two", "Enter", "close", "Enter")
    try terminal.waitFor("the close dialog") { terminal.lastLine($0) == "choose 1–3>" }
    try terminal.send("-l", "choose Don't Save")
    try terminal.send("Enter")
    try terminal.waitFor("the close without saving") {
      $0.contains("Closed notes without saving.") && terminal.lastLine($0) == "folio>"
    }
    #expect(try String(contentsOf: notes, encoding: .utf8) == "one\n")
    try terminal.send("quit", "Enter")
    terminal.waitForExit()
  }

  @Test("Ctrl-C stops a running plugin command, rolls its changes back and returns to the prompt")
  func interruptPlugin() throws {
    let home = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try PluginInterruptTests.writeSpinPlugin(in: home)
    let terminal = try Self.terminal(home: home, arguments: ["--plugins", "plugins"])
    try terminal.waitFor("the prompt") { terminal.lastLine($0) == "folio>" }
    // Budgets far beyond the test, so only Ctrl-C can stop the loop.
    try terminal.send(
      "settings set plugins.instructions 10000000000; settings set plugins.time 3600000", "Enter")
    try terminal.send("open places.csv", "Enter")
    try terminal.waitFor("the document's prompt") { terminal.lastLine($0) == "places>" }
    let pid = try #require(try terminal.pid())
    let before = try #require(PluginInterruptTests.cpuTicks(of: pid))
    try terminal.send("spin.forever", "Enter")
    // The loop runs once folio has burnt a tenth of a second of CPU since it idled.
    while let ticks = PluginInterruptTests.cpuTicks(of: pid), ticks < before + 10 { usleep(5_000) }
    try terminal.send("C-c")
    try terminal.waitFor("the interrupted command and the prompt") {
      $0.contains { $0.hasSuffix("interrupted") } && terminal.lastLine($0) == "places>"
    }
    try terminal.send("show", "Enter")
    try terminal.waitFor("the table without the rolled-back row") {
      $0.contains { $0.contains("Louvre") } && terminal.lastLine($0) == "places>"
    }
    #expect(try !terminal.screen().contains { $0.contains("Ghost") })
    try terminal.send("spin.once", "Enter")
    try terminal.waitFor("the plugin still running commands") { $0.contains("spun once") }
  }

  @Test("a recorded session with confirms and cancels replays to byte-identical files, stopping or not")
  func recordedSessionReplays() throws {
    let home = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let plugin = home.appendingPathComponent("plugins/keep")
    try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
    try """
    folio.command { id = "keep.add", title = "Add Pending", run = function(ctx)
      ctx.document:add { name = "Pending" }
      local answer = ctx:confirm { title = "Keep the new row?",
        buttons = { { title = "Keep" }, { title = "Drop", role = "cancel" } } }
      if answer == "Keep" then return "kept" end
      ctx.document:add { name = "Declined" }
      return "declined"
    end }
    folio.command { id = "keep.purge", title = "Purge…", role = "destructive", run = function(ctx)
      ctx.document:add { name = "Purged" }
      return "purged"
    end }
    folio.menu { id = "keep.menu", title = "Keep", items = { "keep.purge" } }
    """.write(to: plugin.appendingPathComponent("plugin.lua"), atomically: true, encoding: .utf8)
    let table = home.appendingPathComponent("t.csv")
    let original = "name\na\nb\nc\nd\n"
    try original.write(to: table, atomically: true, encoding: .utf8)

    let terminal = try Self.terminal(home: home, arguments: ["--plugins", "plugins"])
    try terminal.waitFor("the prompt") { terminal.lastLine($0) == "folio>" }
    /// Types a line, then waits for `text` on the screen and the prompt `prompt`.
    func type(_ line: String, showing text: String, prompt: String) throws {
      try terminal.send(line, "Enter")
      try terminal.waitFor("'\(text)' after '\(line)'") {
        $0.contains { $0.contains(text) } && terminal.lastLine($0) == prompt
      }
    }
    try type("record session.folio", showing: "Recording to", prompt: "folio>")
    try type("open t.csv", showing: "Opened", prompt: "t>")
    try type("delete 2", showing: "Delete 1 row", prompt: "choose 1–2>")
    try type("1", showing: "Deleted 1 row.", prompt: "t*>")
    try type("delete 1", showing: "Delete 1 row", prompt: "choose 1–2>")
    try type("2", showing: "Kept t as it is.", prompt: "t*>")
    try type("keep.add", showing: "Keep the new row?", prompt: "choose 1–2>")
    try type("Drop", showing: "declined", prompt: "t*>")
    try type("keep.add", showing: "Keep the new row?", prompt: "choose 1–2>")
    try type("1", showing: "kept", prompt: "t*>")
    try type("menu open keep.menu; choose Purge", showing: "Purge?", prompt: "choose 1–2>")
    try type("cancel", showing: "Did not run Purge.", prompt: "t*>")
    try type("menu open keep.menu; choose Purge", showing: "Purge?", prompt: "choose 1–2>")
    try type("1", showing: "purged", prompt: "t*>")
    try type("cell 1 name FIRST", showing: "cell 1 name FIRST", prompt: "t*>")
    try type("revert", showing: "Revert “t”", prompt: "choose 1–2>")
    try type("Cancel", showing: "Kept t as it is.", prompt: "t*>")
    try type("close", showing: "Save changes to “t”", prompt: "choose 1–3>")
    try type("Save", showing: "and closed it.", prompt: "folio>")
    try terminal.send("quit", "Enter")
    let deadline = Date().addingTimeInterval(10)
    while terminal.isRunning, Date() < deadline { usleep(20_000) }
    #expect(!terminal.isRunning)

    let session = try Data(contentsOf: table)
    #expect(
      String(decoding: session, as: UTF8.self) == "name\nFIRST\nc\nd\nPending\nDeclined\nPending\nPurged\n")
    let recorded = try String(contentsOf: home.appendingPathComponent("session.folio"), encoding: .utf8)
    #expect(
      recorded.hasSuffix(
        """
        open t.csv
        delete 2 --yes
        keep.add
        choose Drop
        keep.add
        choose Keep
        menu open keep.menu
        menu open keep.menu
        keep.purge
        cell 1 name FIRST
        save; close

        """))
    for arguments in [["run"], ["--keep-going", "run"]] {
      try original.write(to: table, atomically: true, encoding: .utf8)
      let replay = try FolioProcess.run(["--plugins", "plugins"] + arguments + ["session.folio"], in: home)
      #expect(replay.status == 0, "\(arguments): \(replay.errors)")
      #expect(try Data(contentsOf: table) == session, "\(arguments)")
    }
  }

  @Test("Ctrl-D on an empty line leaves; a trailing backslash or an open quote continues the line")
  func endOfInput() throws {
    let home = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try Self.terminal(home: home)
    try terminal.waitFor("the prompt") { terminal.lastLine($0) == "folio>" }
    try terminal.send("echo one \\", "Enter")
    try terminal.waitFor("the continuation prompt") { terminal.lastLine($0) == "  ...>" }
    try terminal.send("two", "Enter")
    try terminal.waitFor("the joined line's output") { $0.contains("one two") }
    // A quote left open continues too, its line break inside the quotes.
    try terminal.send("echo \"first", "Enter")
    try terminal.waitFor("the continuation prompt of an open quote") { terminal.lastLine($0) == "  ...>" }
    try terminal.send("second\" done", "Enter")
    try terminal.waitFor("the quoted line break") {
      $0.contains("first") && $0.contains("second done") && terminal.lastLine($0) == "folio>"
    }
    try terminal.send("C-d")
    terminal.waitForExit()
    #expect(!terminal.isRunning)
  }

  @Test(
    "a sort running over a second shows its progress; Ctrl-C stops it, says only interrupted and moves no row"
  )
  func interruptSort() throws {
    let home = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    // Large enough that making the sort keys of a debug build takes over a second, so the
    // progress line appears while the sort runs; the test waits for it rather than a time.
    var text = "n,name\n"
    for row in 0..<500_000 { text += "\(row),name\((row &* 7_919) % 500_000)\n" }
    try text.write(to: home.appendingPathComponent("big.csv"), atomically: true, encoding: .utf8)
    let terminal = try Self.terminal(home: home)
    try terminal.waitFor("the prompt") { terminal.lastLine($0) == "folio>" }
    try terminal.send("open big.csv", "Enter")
    try terminal.waitFor("the document's prompt") { terminal.lastLine($0) == "big>" }
    try terminal.send("sort name", "Enter")
    try terminal.waitFor("the progress line") { $0.contains { $0.hasPrefix("Sorting big: ") } }
    try terminal.send("C-c")
    try terminal.waitFor("interrupted and the prompt") {
      $0.contains("interrupted") && terminal.lastLine($0) == "big>"
    }
    #expect(try !terminal.screen().contains { $0.hasPrefix("Sorted") || $0.hasPrefix("Sorting") })
    try terminal.send("show 1-2", "Enter")
    try terminal.waitFor("the rows in file order") {
      $0.contains { $0.hasPrefix(" 2 │ 1 │ name7919") } && terminal.lastLine($0) == "big>"
    }
  }

  @Test("a banner at start; other programs' ways out point to quit; env width follows the terminal")
  func terminalConventions() throws {
    let home = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try Self.terminal(home: home)
    try terminal.waitFor("the banner and the prompt") {
      $0.contains { $0.hasPrefix("Folio ") && $0.contains("'help'") && $0.contains("Ctrl-D") }
        && terminal.lastLine($0) == "folio>"
    }
    for (count, spelling) in ["exit()", ":q", "\\q", ".quit"].enumerated() {
      try terminal.send("-l", spelling)
      try terminal.send("Enter")
      try terminal.waitFor("the hint for \(spelling)") {
        $0.filter { $0 == "To leave Folio, type 'quit' or press Ctrl-D." }.count == count + 1
          && terminal.lastLine($0) == "folio>"
      }
    }
    try terminal.send("env", "Enter")
    try terminal.waitFor("the terminal's width") { $0.contains("width       100") }
    try terminal.tmux(["resize-window", "-t", TmuxTerminal.pane, "-x", "80", "-y", "30"])
    let paneWidth = try terminal.tmux(["display", "-p", "-t", TmuxTerminal.pane, "#{pane_width}"]).output
    #expect(paneWidth == "80\n")
    try terminal.send("env", "Enter")
    try terminal.waitFor("the new width") { $0.contains("width       80") }
    try terminal.send("quit", "Enter")
    terminal.waitForExit()
  }

  @Test("Tab completes the active table's column names after sort")
  func completesColumns() throws {
    let home = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try "name,city\nLouvre,Paris\n".write(
      to: home.appendingPathComponent("places.csv"), atomically: true, encoding: .utf8)
    let terminal = try Self.terminal(home: home)
    try terminal.waitFor("the prompt") { terminal.lastLine($0) == "folio>" }
    try terminal.send("open places.csv", "Enter")
    try terminal.waitFor("the document's prompt") { terminal.lastLine($0) == "places>" }
    try terminal.send("sort ci", "Tab")
    try terminal.waitFor("the completed column") { terminal.lastLine($0) == "places> sort city" }
    try terminal.send("Enter")
    try terminal.waitFor("the sort") { $0.contains { $0.hasPrefix("Sorted 1 row by city") } }
  }

  @Test("Tab completes a path with a blank typed escaped or inside double quotes")
  func completesPathsWithBlanks() throws {
    let home = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try "name,city\nLouvre,Paris\n".write(
      to: home.appendingPathComponent("my file.csv"), atomically: true, encoding: .utf8)
    try "one line\n".write(to: home.appendingPathComponent("my files.txt"), atomically: true, encoding: .utf8)
    let terminal = try Self.terminal(home: home)
    try terminal.waitFor("the prompt") { terminal.lastLine($0) == "folio>" }

    try terminal.send("open my\\ fi", "Tab")
    try terminal.waitFor("the common part, escaped") { terminal.lastLine($0) == #"folio> open my\ file"# }
    try terminal.send(".c", "Tab")
    try terminal.waitFor("the one file, escaped") { terminal.lastLine($0) == #"folio> open my\ file.csv"# }
    try terminal.send("Enter")
    try terminal.waitFor("the table opened") { terminal.lastLine($0) == "my file>" }

    try terminal.send("open \"my fi", "Tab")
    try terminal.waitFor("the common part, quoted") { terminal.lastLine($0) == #"my file> open "my file"# }
    try terminal.send("s", "Tab")
    try terminal.waitFor("the one file, quote closed") {
      terminal.lastLine($0) == #"my file> open "my files.txt""#
    }
    try terminal.send("Enter")
    try terminal.waitFor("the text opened") { terminal.lastLine($0) == "my files>" }
  }

  @Test("Ctrl-R searches the history below the prompt, leaving the prompt line whole")
  func reverseSearch() throws {
    let home = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try Self.terminal(home: home)
    try terminal.waitFor("the prompt") { terminal.lastLine($0) == "folio>" }
    try terminal.send("echo hello", "Enter", "echo world", "Enter")
    try terminal.waitFor("both outputs") { $0.contains("world") && terminal.lastLine($0) == "folio>" }
    try terminal.send("C-r", "hel")
    try terminal.waitFor("the search under an intact prompt") { screen in
      guard let search = screen.lastIndex(where: { $0.hasSuffix("hel") && $0 != "folio> echo hello" }) else {
        return false
      }
      return search > 0 && screen[search - 1] == "folio> echo hello"
    }
    try terminal.send("Enter")
    try terminal.waitFor("the found line run") {
      $0.filter { $0 == "hello" }.count == 2 && terminal.lastLine($0) == "folio>"
    }
  }

  @Test("after the terminal narrows, Ctrl-R's search of a line wider than it leaves the prompt whole")
  func reverseSearchAfterResize() throws {
    let home = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try Self.terminal(home: home)
    try terminal.waitFor("the prompt") { terminal.lastLine($0) == "folio>" }
    let line = "echo this is a very long line that will wrap around the narrow terminal window for sure"
    try terminal.send(line, "Enter")
    try terminal.waitFor("the echo") {
      terminal.lastLine($0) == "folio>" && $0.count { $0.hasSuffix("for sure") } == 2
    }
    try terminal.tmux(["resize-window", "-t", TmuxTerminal.pane, "-x", "40", "-y", "30"])
    try terminal.send("C-r", "narrow")
    // At 40 columns the found line takes three rows: the prompt's row, whole, and two more.
    try terminal.waitFor("the search under the found line, drawn for 40 columns") { screen in
      guard let search = screen.lastIndex(of: "bck:narrow"), search >= 3 else { return false }
      return screen[search - 3] == "folio> echo this is a very long line tha"
        && screen[search - 1] == "indow for sure"
    }
    try terminal.send("Enter")
    try terminal.waitFor("the found line run") {
      terminal.lastLine($0) == "folio>" && !$0.contains { $0.hasPrefix("bck:") }
    }
  }

  /// Writes `big.csv` with `rows` rows `n,square` into `home`.
  private func writeNumbers(rows: Int, in home: URL) throws {
    let text = "n,square\n" + (1...rows).map { "\($0),\($0 * $0)\n" }.joined()
    try text.write(to: home.appendingPathComponent("big.csv"), atomically: true, encoding: .utf8)
  }

  @Test("a table longer than the screen goes through $PAGER; the pager quitting early is no error")
  func pager() throws {
    let home = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try writeNumbers(rows: 100_000, in: home)
    // The pager copies what it reads to a file, or, once quit-early exists, reads five lines
    // and quits as `q` in less does.
    let script = """
      if [ -e "$HOME/quit-early" ]; then head -n 5 > "$HOME/head.txt"; else cat > "$HOME/paged.txt"; fi
      """
    try script.write(to: home.appendingPathComponent("pager.sh"), atomically: true, encoding: .utf8)
    let terminal = try Self.terminal(home: home, environment: ["PAGER": "sh \(home.path)/pager.sh"])
    try terminal.waitFor("the prompt") { terminal.lastLine($0) == "folio>" }
    try terminal.send("open big.csv", "Enter")
    try terminal.waitFor("the document's prompt") { terminal.lastLine($0) == "big>" }
    try terminal.send("show", "Enter")
    try terminal.waitFor("the prompt after the pager") {
      $0.contains("big> show") && terminal.lastLine($0) == "big>"
    }
    // Every row reached the pager, none the screen.
    let paged = try String(contentsOf: home.appendingPathComponent("paged.txt"), encoding: .utf8)
    let lines = paged.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 2 + 100_000 + 1)
    #expect(lines[2].hasPrefix("      1 │ "))
    #expect(lines[100_001].hasPrefix(" 100000 │ "))
    #expect(try !terminal.screen().contains { $0.contains(" │ ") })

    // A short table is printed directly.
    try terminal.send("show 1-2", "Enter")
    try terminal.waitFor("the two rows") {
      $0.contains { $0.hasPrefix(" 2 │ 2 ") } && terminal.lastLine($0) == "big>"
    }

    try Data().write(to: home.appendingPathComponent("quit-early"))
    try terminal.send("show", "Enter")
    try terminal.waitFor("the prompt after the pager quit") {
      $0.filter { $0 == "big> show" }.count == 2 && terminal.lastLine($0) == "big>"
    }
    let head = try String(contentsOf: home.appendingPathComponent("head.txt"), encoding: .utf8)
    #expect(head.split(separator: "\n").count == 5)
    #expect(try !terminal.screen().contains { $0.contains("interrupted") || $0.contains("error") })
    try terminal.send("quit", "Enter")
    terminal.waitForExit()
  }

  @Test("a pager that cannot run is reported once, and the output printed directly")
  func pagerFails() throws {
    let home = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try writeNumbers(rows: 100, in: home)
    let terminal = try Self.terminal(home: home, environment: ["PAGER": "/nonexistent/pager"])
    try terminal.waitFor("the prompt") { terminal.lastLine($0) == "folio>" }
    try terminal.send("open big.csv", "Enter")
    try terminal.waitFor("the document's prompt") { terminal.lastLine($0) == "big>" }
    let error =
      "error: the pager '/nonexistent/pager' could not run (exit status 127); printing directly (set PAGER, or 'option pager off')"
    try terminal.send("show", "Enter")
    try terminal.waitFor("the error and the rows") {
      (try? terminal.scrollback())?.contains(error) == true && $0.contains { $0.hasPrefix(" 100 │ 100 ") }
        && terminal.lastLine($0) == "big>"
    }
    try terminal.send("show", "Enter")
    try terminal.waitFor("the rows again") {
      (try? terminal.scrollback())?.components(separatedBy: " 100 │ 100 ").count == 3
        && terminal.lastLine($0) == "big>"
    }
    #expect(try terminal.scrollback().components(separatedBy: error).count == 2)
  }

  @Test(
    "with the pager off a long table stops at the screen, saying how to see the rest; show --all shows it whole"
  )
  func pagerOff() throws {
    let home = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    try writeNumbers(rows: 2_000, in: home)
    let terminal = try Self.terminal(home: home, environment: ["PAGER": "/nonexistent/pager"])
    try terminal.waitFor("the prompt") { terminal.lastLine($0) == "folio>" }
    try terminal.send("open big.csv", "Enter")
    try terminal.waitFor("the document's prompt") { terminal.lastLine($0) == "big>" }
    try terminal.send("option pager off", "Enter")
    try terminal.send("show", "Enter")
    try terminal.waitFor("the rows that fit and the rest counted") {
      $0.contains("… 1,975 more rows (show 26-, show --all)") && terminal.lastLine($0) == "big>"
    }
    try terminal.send("show 26-", "Enter")
    try terminal.waitFor("the next screen") {
      $0.contains("… 1,950 more rows (show 51-, show --all)") && terminal.lastLine($0) == "big>"
    }
    try terminal.send("show 1-100", "Enter")
    try terminal.waitFor("a range cut") {
      $0.contains("… 75 more rows (show 26-100, show --all)") && terminal.lastLine($0) == "big>"
    }
    try terminal.send("show 1,3-100", "Enter")
    try terminal.waitFor("a list cut") {
      $0.contains("… 74 more rows (show 27-100, show --all)") && terminal.lastLine($0) == "big>"
    }
    try terminal.send("show 1-30,40", "Enter")
    try terminal.waitFor("a list cut with no range for the rest") {
      $0.contains("… 6 more rows (show --all)") && terminal.lastLine($0) == "big>"
    }
    try terminal.send("show --all", "Enter")
    try terminal.waitFor("every row") {
      let shown = Array($0.reversed().drop { $0.isEmpty }.reversed())
      return shown.dropLast().last == " 2000 │ 2000 │ 4000000" && terminal.lastLine($0) == "big>"
    }
    #expect(try !terminal.screen().contains { $0.contains("more rows") })
  }
}
