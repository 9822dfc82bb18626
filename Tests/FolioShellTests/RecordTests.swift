import FolioCore
import FolioPresentation
import FolioSession
import Foundation
import Testing

@testable import FolioSession
@testable import FolioShell

@Suite struct RecordTests {
  @Test("record writes the commands that succeed, and the file replays the session")
  func recordAndReplay() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.path("session.folio")
    try directory.write("lib.folio", "echo from lib\n")
    let first = CapturedShell(
      options: {
        var o = ShellOptions(); o.keepGoing = true; return o
      }())
    let result = first.run(
      """
      record \(file)
      echo "hello  world"; option echo off
      bogus
      source \(directory.path("lib.folio"))
      record stop
      echo not recorded
      """)
    #expect(result.output.contains("Recording to \(file).\n"))
    #expect(result.output.contains("Recorded to \(file).\n"))
    let recorded = try String(contentsOfFile: file, encoding: .utf8)
    #expect(
      recorded == """
        # Recorded by folio; replay with: folio run \(file)
        echo "hello  world"
        option echo off
        source \(directory.path("lib.folio"))

        """)
    let replay = CapturedShell()
    replay.shell.runScriptFile(file)
    replay.shell.console.flush()
    #expect(replay.output == "hello  world\nEcho Commands: off\nfrom lib\n")
  }

  @Test("record refuses to replace a file unless --force, and to record twice")
  func refusals() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("kept.folio", "precious\n")
    let kept = directory.path("kept.folio")
    let result = CapturedShell().run("record \(kept)")
    #expect(result.errors.contains("\(kept): already exists; use 'record \(kept) --force' to replace it"))
    #expect(try String(contentsOfFile: kept, encoding: .utf8) == "precious\n")
    let twice = CapturedShell().run("record \(kept) --force\nrecord \(directory.path("other.folio"))")
    #expect(twice.errors.contains("already recording to \(kept); 'record stop' first"))
    #expect(CapturedShell().run("record stop").errors.contains("error: not recording"))
  }
  @Test("a dialog's answer is recorded as what it did (close --force, quit --save), a cancel as nothing")
  func dialogAnswers() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("a.txt", "one\n")
    try directory.write("b.txt", "one\n")
    let (a, b, file) = (directory.path("a.txt"), directory.path("b.txt"), directory.path("session.folio"))
    let session = CapturedShell(isInteractive: true)
    _ = session.run(
      """
      record \(file)
      open \(a); append two; close
      choose 3
      close
      choose 2
      open \(b); append three; quit
      cancel
      quit
      choose Save All
      """)
    #expect(session.shell.session.stopReason == .quit)
    #expect(session.shell.recorder == nil)
    let recorded = try String(contentsOfFile: file, encoding: .utf8)
    // The quit itself is not recorded, only the save it made: a script sourcing it goes on.
    #expect(
      recorded == """
        # Recorded by folio; replay with: folio run \(file)
        open \(a)
        append two
        close --force
        open \(b)
        append three
        save

        """)
    #expect(try String(contentsOfFile: b, encoding: .utf8) == "one\nthree\n")
    try directory.write("b.txt", "one\n")
    let replay = CapturedShell()
    #expect(replay.shell.runScriptFile(file))
    replay.shell.console.flush()
    #expect(replay.shell.session.stopReason == nil)
    #expect(try String(contentsOfFile: a, encoding: .utf8) == "one\n")
    #expect(try String(contentsOfFile: b, encoding: .utf8) == "one\nthree\n")
  }
  @Test("a plugin dialog's answer is recorded so it names the same button on replay")
  func answerNamesTheSameButton() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = folder.path("answers.folio")
    let recorder = try Recorder(path: path, depth: 0, overwrite: false, registry: CommandRegistry())
    let dialog = Dialog(
      title: "How many?",
      buttons: [DialogButton("2"), DialogButton("1"), DialogButton("Keep"), DialogButton("keep")],
      recordsAnswers: true, responder: .pluginConfirmation(1))
    for button in dialog.buttons {
      try recorder.record("nums.pick", answering: nil, asks: true)
      try recorder.record("choose x", answering: DialogAnswer(dialog, button), asks: false)
    }
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
    let answers = lines.filter { $0.hasPrefix("choose ") }.map { String($0.dropFirst("choose ".count)) }
    #expect(answers == ["1", "2", "Keep", "4", "Cancel"])
    for (answer, button) in zip(answers, dialog.buttons) {
      #expect(dialog.button(named: answer) == button, "\(answer)")
    }
  }

  @Test("the command lines a recording writes for dialogs lex and bind back to what ran")
  func commandLinesLexBack() throws {
    let texts = [
      "plain", "", "two words", "it's", "--flag", "a=b", "#not a comment", "x;y", "é", "\"q\"", "back\\slash",
      "two\nlines", "tab\there", "cr\r", "esc\u{1B}[1m", "nel\u{85}", "it's \"both\"\n\\", "sep\u{2028}",
    ]
    for text in texts {
      guard case .complete(let commands) = try Lexer.lex("echo " + Word.quoted(text)) else {
        Issue.record("incomplete: \(text)")
        continue
      }
      #expect(commands.map { $0.words.map(\.text) } == [["echo", text]])
    }
    let parameters = [
      Parameter("name"), Parameter("count", .int), Parameter("ratio", .number),
      Parameter("flag", .bool, style: .option), Parameter("rest", style: .rest, isOptional: true),
    ]
    let command = Command(
      id: "demo.run", title: "Run", parameters: parameters, behavior: .action { _ in .none })
    let arguments = try command.bind([
      Word("--flag"), Word("--x=y; z", quotedFrom: 0), Word("-3", quotedFrom: 0), Word("0.5"),
      Word("it's", quotedFrom: 0), Word("#two", quotedFrom: 0),
    ])
    #expect(arguments.flag("flag") && arguments.words("rest").count == 2)
    let line = CommandLineWriter.commandLine(
      words: command.id, parameters: parameters, arguments: arguments.values)
    guard case .complete(let commands) = try Lexer.lex(line), let typed = commands.first, commands.count == 1
    else {
      Issue.record("\(line) is not one command")
      return
    }
    #expect(typed.words.first?.text == "demo.run")
    var rebound = try command.bind(Array(typed.words.dropFirst()))
    rebound.origin = arguments.origin
    #expect(rebound == arguments, "\(line)")
    var partial = try command.bind([Word("a"), Word("--count=2"), Word("--ratio=1.5")])
    partial.origin = .menu
    #expect(
      CommandLineWriter.commandLine(words: "demo.run", parameters: parameters, arguments: partial.values)
        == "demo.run a 2 1.5")
  }

  @Test("a title typed at a rename dialog is recorded as the rename it made; a Cancel as nothing")
  func renameDialogRecorded() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("Places.csv", "name\nA\n")
    let (places, file) = (directory.path("Places.csv"), directory.path("session.folio"))
    let session = CapturedShell(isInteractive: true)
    let result = session.run(
      """
      record \(file)
      open \(places)
      rename
      Final Spots
      rename
      cancel
      rename
      choose Cancel
      rename
      Final Spots
      menu open title
      choose Rename…
      Don't Stop
      rename
      Trip "Plan"
      record stop
      """)
    #expect(result.errors.isEmpty, "\(result.errors)")
    let recorded = try String(contentsOfFile: file, encoding: .utf8)
    #expect(
      recorded == """
        # Recorded by folio; replay with: folio run \(file)
        open \(places)
        rename "Final Spots"
        menu open title
        rename "Don't Stop"
        rename "Trip \\"Plan\\""

        """)
    try FileManager.default.moveItem(atPath: directory.path(#"Trip "Plan".csv"#), toPath: places)
    let replay = CapturedShell()
    #expect(replay.shell.runScriptFile(file))
    replay.shell.console.flush()
    #expect(replay.errors.isEmpty, "\(replay.errors)")
    #expect(replay.shell.workspace.active?.title == #"Trip "Plan""#)
    #expect(FileManager.default.fileExists(atPath: directory.path(#"Trip "Plan".csv"#)))
    #expect(!FileManager.default.fileExists(atPath: directory.path("Rename.csv")))
  }

  @Test("a recording stops at quit without it, so a script that sources it goes on")
  func quitEndsTheRecording() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.path("session.folio")
    let session = CapturedShell()
    _ = session.run("record \(file)\necho one\nquit\necho never")
    #expect(session.shell.recorder == nil)
    let recorded = try String(contentsOfFile: file, encoding: .utf8)
    #expect(recorded == "# Recorded by folio; replay with: folio run \(file)\necho one\n")
    let outer = CapturedShell()
    let result = outer.run("source \(file)\necho after the recording")
    #expect(result.output == "one\nafter the recording\n")
    #expect(outer.shell.session.stopReason == nil)
    // A sourced file that quits ran: its line is recorded, and the recording ends there.
    try directory.write("quits.folio", "echo two\nquit\n")
    let sourcing = CapturedShell()
    _ = sourcing.run("record \(file) --force\nsource \(directory.path("quits.folio"))")
    #expect(sourcing.shell.recorder == nil)
    #expect(
      try String(contentsOfFile: file, encoding: .utf8)
        == "# Recorded by folio; replay with: folio run \(file)\nsource \(directory.path("quits.folio"))\n")
  }

  @Test("record, then source of the file being recorded, is refused: the recording would source itself")
  func sourceOfTheRecordingRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.path("r.folio")
    let session = CapturedShell(
      options: {
        var o = ShellOptions(); o.keepGoing = true; return o
      }())
    let result = session.run("record \(file)\necho one\nsource \(file)\nrecord stop")
    #expect(
      result.errors == "<command-line>:3: error: '\(file)' is the file being recorded; 'record stop' first\n")
    let recorded = try String(contentsOfFile: file, encoding: .utf8)
    #expect(recorded == "# Recorded by folio; replay with: folio run \(file)\necho one\n")
    let replay = CapturedShell()
    #expect(replay.shell.runScriptFile(file))
    replay.shell.console.flush()
    #expect(replay.output == "one\n")
  }

  @Test("a read typed while a dialog waits is recorded in its place, before what the answer did")
  func readWhileDialogWaits() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("a.txt", "one\n")
    let (a, file) = (directory.path("a.txt"), directory.path("session.folio"))
    let session = CapturedShell(isInteractive: true)
    let result = session.run(
      """
      record \(file)
      open \(a); append two; close
      show
      echo still asking
      choose 2
      """)
    #expect(result.errors == "")
    let recorded = try String(contentsOfFile: file, encoding: .utf8)
    #expect(
      recorded == """
        # Recorded by folio; replay with: folio run \(file)
        open \(a)
        append two
        show
        echo still asking
        close --force

        """)
    let replay = CapturedShell()
    #expect(replay.shell.runScriptFile(file))
    replay.shell.console.flush()
    #expect(replay.output.hasSuffix("2  two\nstill asking\nClosed a.\n"), "\(replay.output)")
  }
}
