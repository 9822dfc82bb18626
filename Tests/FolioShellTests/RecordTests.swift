import Foundation
import Testing

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
    #expect(session.shell.stopReason == .quit)
    let recorded = try String(contentsOfFile: file, encoding: .utf8)
    #expect(
      recorded == """
        # Recorded by folio; replay with: folio run \(file)
        open \(a)
        append two
        close --force
        open \(b)
        append three
        quit --save

        """)
    #expect(try String(contentsOfFile: b, encoding: .utf8) == "one\nthree\n")
    try directory.write("b.txt", "one\n")
    let replay = CapturedShell()
    #expect(replay.shell.runScriptFile(file))
    replay.shell.console.flush()
    #expect(replay.shell.stopReason == .quit)
    #expect(try String(contentsOfFile: a, encoding: .utf8) == "one\n")
    #expect(try String(contentsOfFile: b, encoding: .utf8) == "one\nthree\n")
  }
}
