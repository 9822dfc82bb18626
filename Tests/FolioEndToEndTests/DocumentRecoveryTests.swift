import Foundation
import Testing

/// The recovery journal through the built binary: a Folio killed with unsaved changes loses
/// none of them, and the next `open` offers them back.
@Suite struct DocumentRecoveryTests {
  /// Starts folio on standard input, runs `commands`, waits until they ran and kills it.
  private static func killAfter(_ commands: String, in run: FaultRun) throws {
    let folio = try RunningFolio(in: run.folder, home: run.home)
    folio.send(commands + "\necho ready\n")
    #expect(folio.waitForOutput(containing: "ready\n"))
    kill(folio.process.processIdentifier, SIGKILL)
    _ = try folio.finish()
    #expect(folio.process.terminationReason == .uncaughtSignal)
  }

  private static let places = "name,city\nBakery,Lyon\nCanal,Gent\n"

  @Test("after SIGKILL with unsaved changes, open offers them back and Recover restores them")
  func recover() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write(Self.places, to: "places.csv")
    try Self.killAfter("open places.csv\ncell 1 city Paris\nadd name=Dock city=Kiel", in: run)
    #expect(try run.text("places.csv") == Self.places)
    #expect(run.recoveryNames().filter { $0.hasSuffix(".journal") }.count == 1)
    #expect(try run.names() == [".~places.csv.folio-lock", "places.csv"], "the killed process's stale lock")

    let listed = try run.run(["-c", "recover"])
    #expect(listed.output.hasPrefix("1  \(run.path("places.csv")) — "), "\(listed.output)")

    let result = try run.run(["-c", "open places.csv; choose Recover; show; undo; redo; save"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("Recover the unsaved changes to “places”?\nA Folio session (pid "))
    #expect(
      result.output.contains(
        "Recovered the unsaved changes to places (table, 3 rows × 2 columns); saving keeps them, Undo takes them back."
      ))
    #expect(try run.text("places.csv") == "name,city\nBakery,Paris\nCanal,Gent\nDock,Kiel\n")
    #expect(run.recoveryNames().isEmpty)
    #expect(try run.names() == ["places.csv"])
  }

  /// A table of several megabytes, so that its journal streams in several chunks: quoted
  /// cells (commas, doubled quotes) among plain ones; row 1's city is `city`.
  private static func largeTable(rows: Int, city: String) -> String {
    var text = "id,name,city\n"
    for row in 1...rows {
      let name =
        row % 7 == 0 ? "\"Say \"\"hi\"\", \(row)\"" : row % 3 == 0 ? "\"Name, \(row)\"" : "Name \(row)"
      text += "\(row),\(name),\(row == 1 ? city : "City \(row % 97)")\n"
    }
    return text
  }

  @Test("the journal of a large table streams whole to its file and recovers byte for byte")
  func largeTableRoundTrip() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write(Self.largeTable(rows: 100_000, city: "City 1"), to: "big.csv")
    let edited = Self.largeTable(rows: 100_000, city: "Paris")
    try Self.killAfter("open big.csv\ncell 1 city Paris", in: run)

    let journals = run.recoveryNames().filter { $0.hasSuffix(".journal") }
    try #require(journals.count == 1)
    let journal = try [UInt8](
      Data(contentsOf: run.stateFolder.appendingPathComponent("recovery/" + journals[0])))
    let header = try #require(journal.indices.first { journal[$0] == 10 && journal[$0 + 1] == 10 })
    let trailer = Array("\nlength: \(edited.utf8.count)\n".utf8)
    #expect(journal.starts(with: Array("folio-journal 2\n".utf8)))
    #expect(journal.suffix(trailer.count).elementsEqual(trailer))
    #expect(journal[(header + 2)..<(journal.count - trailer.count)].elementsEqual(edited.utf8))

    let result = try run.run(["-c", "open big.csv; choose Recover; save"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(try run.text("big.csv") == edited)
    #expect(run.recoveryNames().isEmpty)
  }

  /// A file, the commands run on it before the kill, and what saving it then writes.
  struct LoggedEdits: Sendable, CustomTestStringConvertible {
    let name: String
    let original: String
    let commands: String
    let saved: String
    var testDescription: String { "\(name): \(commands)" }
  }

  @Test(
    "edits logged after the whole journal come back as a save would have written them",
    arguments: [
      // JSON columns read back from the journal in another order, or without one.
      LoggedEdits(
        name: "v.json", original: "[{\"a\":1,\"c\":5},{\"b\":2,\"a\":3}]\n",
        commands: "sort b:desc\ncell 2 c 7", saved: "[{\"a\":3,\"b\":2},{\"a\":1,\"c\":7}]\n"),
      LoggedEdits(
        name: "f.json", original: "[{\"a\":1},{\"b\":2,\"a\":3}]\n",
        commands: "select 1\nfavorite\ncell 2 b 9",
        saved: "[{\"a\":1,\"favorite\":\"yes\"},{\"a\":3,\"b\":9}]\n"),
      // A sort after the journal took the table is logged as the rows' new order, between
      // edits; its undo too.
      LoggedEdits(
        name: "s.csv", original: "name,n\n\"cherry\",3\napple,1\nbanana,2\n",
        commands: "cell 3 n 20\nsort name\ncell 1 n 10", saved: "name,n\napple,10\nbanana,20\n\"cherry\",3\n"),
      LoggedEdits(
        name: "u.csv", original: "name,n\ncherry,3\napple,1\nbanana,2\n",
        commands: "cell 1 n 30\nsort name\nundo\ncell 2 n 10\nsort n:desc",
        saved: "name,n\ncherry,30\napple,10\nbanana,2\n"),
      LoggedEdits(
        name: "w.json", original: "[{\"a\":1,\"c\":5},{\"b\":2,\"a\":3}]\n",
        commands: "cell 1 a 4\nsort b:desc\ncell 2 c 7", saved: "[{\"a\":3,\"b\":2},{\"a\":4,\"c\":7}]\n"),
      // Rows an edit moved in a sorted table are logged as moves, their undo and redo too.
      LoggedEdits(
        name: "m.csv", original: "name,n\n\"d\",4\nb,2\na,1\nc,3\n",
        commands: "sort name\ncell 1 name z\ncell 2 name a2\nundo\nredo\ncell 4 name 0",
        saved: "name,n\n0,1\na2,3\nb,2\n\"d\",4\n"),
      // Rows not edited keep their bytes.
      LoggedEdits(
        name: "p.csv", original: "name,city\n\"Ann\",Oslo\nBob,\"Rome\"\nCy,Bern\n",
        commands: "cell 3 city Paris\ncell 3 city Lima",
        saved: "name,city\n\"Ann\",Oslo\nBob,\"Rome\"\nCy,Lima\n"),
      // A text journaled without lines gains no final newline.
      LoggedEdits(name: "n.txt", original: "a\nb", commands: "delete 1-2 --yes\nappend x", saved: "x"),
    ])
  func loggedEdits(_ edits: LoggedEdits) throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write(edits.original, to: edits.name)
    try Self.killAfter("open \(edits.name)\n\(edits.commands)", in: run)
    #expect(run.recoveryNames().contains { $0.hasSuffix(".journal.log") })

    let result = try run.run(["-c", "open \(edits.name); choose Recover; save"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(try run.text(edits.name) == edits.saved)
    #expect(run.recoveryNames().isEmpty)
  }

  @Test("Discard drops the journal and opens the file; Cancel leaves it closed and keeps the journal")
  func discardAndCancel() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("one\n", to: "notes.txt")
    try Self.killAfter("open notes.txt\nappend two", in: run)

    let cancelled = try run.run(["-c", "open notes.txt; cancel; docs"])
    #expect(cancelled.status == 0, "\(cancelled.errors)")
    #expect(
      cancelled.output.contains(
        "Left notes closed; its unsaved changes stay in the recovery journal.\nNo documents are open."
      ))
    #expect(run.recoveryNames().filter { $0.hasSuffix(".journal") }.count == 1)

    let discarded = try run.run(["-c", "open notes.txt; choose Discard; show"])
    #expect(discarded.status == 0, "\(discarded.errors)")
    #expect(discarded.output.contains("Discarded the unsaved changes of the ended session.\n1  one\n"))
    #expect(run.recoveryNames().isEmpty)
    #expect(try run.text("notes.txt") == "one\n")
  }

  @Test("an untitled document killed with content is listed by recover and comes back untitled")
  func untitled() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try Self.killAfter("new\nappend words never saved", in: run)
    let result = try run.run(["-c", "recover; recover 1; show; docs; recover"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasPrefix("1  Untitled (untitled) — "), "\(result.output)")
    #expect(result.output.contains("1  words never saved\n"))
    #expect(result.output.hasSuffix("Nothing to recover.\n"))
    #expect(run.recoveryNames().isEmpty)
  }

  @Test("recover N --discard drops a journal; an unknown one is a clear error")
  func recoverDiscard() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("one\n", to: "notes.txt")
    try Self.killAfter("open notes.txt\nappend two", in: run)
    let json = try run.run(["--json", "-c", "recover"])
    #expect(
      json.output.hasPrefix(
        #"{"ok":true,"command":"recover","result":{"journals":[{"number":1,"path":"\#(run.path("notes.txt"))","title":"notes","size":8,"pid":"#
      ))
    #expect(json.output.hasSuffix(#"}],"backups":[]}}"# + "\n"))
    let result = try run.run(["--keep-going", "-c", "recover 2; recover notes.txt --discard; recover"])
    #expect(result.status == 1)
    #expect(result.errors.contains("error: there is no journal 2; they are 1–1"))
    #expect(
      result.output.contains(
        "Discarded the unsaved changes to \(run.path("notes.txt")).\nNothing to recover.\n"))
    #expect(run.recoveryNames().isEmpty)
  }

  @Test(
    "every finished command survives SIGKILL: killed after N edits in a row, none of them is lost",
    arguments: [1, 2, 5])
  func killAfterCommands(count: Int) throws {
    let run = try FaultRun()
    defer { run.remove() }
    try PluginInterruptTests.writeSpinPlugin(in: run.folder)
    let rows = (1...5).map { "row \($0)" }
    try run.write("name\n" + rows.map { $0 + "\n" }.joined(), to: "rows.csv")
    let folio = try RunningFolio(arguments: ["--plugins", "plugins"], in: run.folder, home: run.home)
    // Budgets far beyond the test, so only the kill stops the loop.
    folio.send(
      "settings set plugins.instructions 10000000000\nsettings set plugins.time 3600000\nopen rows.csv\necho ready\n"
    )
    #expect(folio.waitForOutput(containing: "ready\n"))
    let pid = folio.process.processIdentifier
    let before = try #require(PluginInterruptTests.cpuTicks(of: pid))
    // The edits and an endless command on one line: Folio never waits for input between them.
    let edits = (1...count).map { "cell \($0) name edited\($0)" }
    folio.send(edits.joined(separator: "; ") + "; spin.forever\n")
    // The last edit is in the journal (however slow the machine), then the loop runs once
    // folio has burnt a tenth of a second of CPU since it idled.
    let patience = Date().addingTimeInterval(60)
    while !run.recoveryHolds("edited\(count)"), Date() < patience { usleep(5_000) }
    #expect(run.recoveryHolds("edited\(count)"), "the journal never logged the last edit")
    while let ticks = PluginInterruptTests.cpuTicks(of: pid), ticks < before + 10 { usleep(5_000) }
    kill(pid, SIGKILL)
    _ = try folio.finish()
    #expect(folio.process.terminationReason == .uncaughtSignal)

    let result = try run.run(["-c", "open rows.csv; choose Recover; save"])
    #expect(result.status == 0, "\(result.errors)")
    let edited = rows.enumerated().map { $0.offset < count ? "edited\($0.offset + 1)" : $0.element }
    #expect(try run.text("rows.csv") == "name\n" + edited.map { $0 + "\n" }.joined())
  }

  @Test("killed while a plugin waits at ctx:confirm, Recover brings back the user's edit, not the plugin's")
  func killedAtConfirm() throws {
    let run = try FaultRun()
    defer { run.remove() }
    let plugin = run.folder.appendingPathComponent("plugins/keeper")
    try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
    try """
    folio.command { id = "keeper.edit", title = "Edit", run = function(ctx)
      ctx.document:set(2, "city", "Unconfirmed")
      return ctx:confirm { title = "Keep the plugin's edit?", buttons = { { title = "Keep" } } }
    end }
    """.write(to: plugin.appendingPathComponent("plugin.lua"), atomically: true, encoding: .utf8)
    try run.write(Self.places, to: "places.csv")
    let folio = try RunningFolio(arguments: ["--plugins", "plugins"], in: run.folder, home: run.home)
    // `echo` only reads, so it runs while the dialog waits: the plugin's command has finished
    // its turn (and the journal caught up after it) by the time `ready` is printed.
    folio.send("open places.csv\ncell 1 city Paris\nkeeper.edit\necho ready\n")
    #expect(folio.waitForOutput(containing: "Keep the plugin's edit?"))
    #expect(folio.waitForOutput(containing: "ready\n"))
    #expect(run.recoveryHolds("Paris"), "the user's finished edit is journaled")
    #expect(!run.recoveryHolds("Unconfirmed"), "the plugin's unconfirmed edit is not")
    kill(folio.process.processIdentifier, SIGKILL)
    _ = try folio.finish()
    #expect(folio.process.terminationReason == .uncaughtSignal)

    let result = try run.run(["-c", "open places.csv; choose Recover; save"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(try run.text("places.csv") == "name,city\nBakery,Paris\nCanal,Gent\n")
  }

  @Test(
    "a recorded Recover or Discard replays as recover PATH or recover PATH --discard; open PATH",
    arguments: ["Recover", "Discard"])
  func recordedRecovery(answer: String) throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("one\n", to: "notes.txt")
    try Self.killAfter("open notes.txt\nappend two", in: run)
    let session = try run.run([
      "-c", "record rec.folio; open notes.txt; choose \(answer); append three; save",
    ])
    #expect(session.status == 0, "\(session.errors)")
    let saved = try run.text("notes.txt")
    #expect(saved == (answer == "Recover" ? "one\ntwo\nthree\n" : "one\nthree\n"))
    let path = run.path("notes.txt")
    let recorded = try run.text("rec.folio")
    #expect(
      recorded.hasSuffix(
        (answer == "Recover" ? "recover \(path)\n" : "recover \(path) --discard; open \(path)\n")
          + "append three\nsave\n"), "\(recorded)")

    // The same journal again, then the recording instead of the session.
    try run.write("one\n", to: "notes.txt")
    try Self.killAfter("open notes.txt\nappend two", in: run)
    let replay = try run.run(["run", "rec.folio"])
    #expect(replay.status == 0, "\(replay.errors)")
    #expect(try run.text("notes.txt") == saved)
    #expect(run.recoveryNames().isEmpty)
  }

  @Test("the journal follows unsaved changes: written after an edit, removed by save, revert, undo and close")
  func journalLifecycle() throws {
    let run = try FaultRun()
    defer { run.remove() }
    try run.write("one\n", to: "notes.txt")
    let folio = try RunningFolio(in: run.folder, home: run.home)
    var step = 0
    func expectJournals(_ count: Int, after commands: String) {
      step += 1
      folio.send(commands + "\necho step \(step)\n")
      #expect(folio.waitForOutput(containing: "step \(step)\n"))
      // Each journal with its log.
      #expect(
        run.recoveryNames().filter { $0.hasSuffix(".journal") }.count == count
          && run.recoveryNames().count == 2 * count, "after \(commands): \(run.recoveryNames())")
    }
    expectJournals(0, after: "open notes.txt")
    expectJournals(1, after: "append two")
    expectJournals(0, after: "save")
    expectJournals(1, after: "append three")
    expectJournals(0, after: "undo")
    expectJournals(1, after: "redo")
    expectJournals(0, after: "revert --yes")
    expectJournals(1, after: "append four")
    expectJournals(0, after: "close --force")
    expectJournals(1, after: "new\nappend five")
    let result = try folio.finish()
    #expect(result.status == 0, "\(result.errors)")
    #expect(run.recoveryNames().isEmpty, "an orderly end drops the changes on purpose")
    #expect(try run.names() == ["notes.txt"])
  }
}
