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
}
