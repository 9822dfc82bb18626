import FolioCore
import FolioPresentation
import Foundation
import Testing

@testable import FolioShell

/// `folio browse [DOCUMENT…]` on the command line, and the REPL's `browse` outside a terminal.
@Suite struct BrowseLaunchTests {
  @Test("'browse' starts the browser with the documents after it; '--' makes it a document")
  func parsesBrowse() throws {
    #expect(
      try LaunchOptions.parse(["browse", "a.csv", "b.txt"]).mode == .browse(documents: ["a.csv", "b.txt"]))
    #expect(try LaunchOptions.parse(["--no-plugins", "browse"]).mode == .browse(documents: []))
    #expect(try LaunchOptions.parse(["--", "browse"]).mode == .interactive(documents: ["browse"]))
    #expect(throws: LaunchOptions.UsageError(message: "'browse' and '-c' cannot be combined")) {
      try LaunchOptions.parse(["browse", "-c", "show"])
    }
  }

  @Test("a shell that is not a REPL on a terminal refuses 'browse' and never calls the browser")
  func refusedOutsideTheREPL() {
    let captured = CapturedShell()
    var called = false
    captured.shell.browser = { _, _, _ in
      called = true
      return .success(())
    }
    captured.shell.execute(ParsedCommand(words: [Word("browse")], text: "browse"))
    captured.shell.console.flush()
    #expect(!called)
    #expect(
      captured.errors.hasSuffix(
        "error: browse needs the REPL on a terminal; 'folio browse FILE' starts it from a shell\n"))
  }

  @Test("the REPL's browse calls the browser with its file, and a recording leaves the line out")
  func browseFromTheREPL() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-browse-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let recording = folder.appendingPathComponent("r.folio").path
    let captured = CapturedShell(isInteractive: true, isTerminalOutput: true)
    var paths: [[String]] = []
    captured.shell.browser = { _, opened, quits in
      #expect(!quits)
      paths.append(opened)
      return .success(())
    }
    for line in ["record '\(recording)'", "browse", "browse places.csv", "echo done"] {
      guard case .complete(let commands) = try Lexer.lex(line) else {
        Issue.record("cannot lex \(line)")
        return
      }
      for command in commands { #expect(captured.shell.execute(command)) }
    }
    captured.shell.console.flush()
    #expect(captured.errors == "")
    #expect(paths == [[], ["places.csv"]])
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(recorded == "# Recorded by folio; replay with: folio run \(recording)\necho done\n")
  }
}
