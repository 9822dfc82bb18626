import FolioCore
import Foundation
import Testing

@testable import FolioSession
@testable import FolioShell

/// Malformed selectors and integers at the edges, typed in the REPL's session or given to `-c`:
/// errors naming the word, and the documents as they were.
@Suite struct SelectorCommandTests {
  @Test("malformed selectors and edge integers fail and change nothing", arguments: [false, true])
  func refused(isInteractive: Bool) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write("t.csv", "name\na\nb\nc\n")
    var options = ShellOptions()
    options.keepGoing = true
    let captured = CapturedShell(options: options, isInteractive: isInteractive)
    let commands = [
      "delete -1 --yes", "select -3", "show 2--", "show ,", "focus -9223372036854775808",
      "cell 1 -9223372036854775808 x", "cell -9223372036854775808 name x", "env width 100000000",
    ]
    let result = captured.run((["open \(folder.path("t.csv"))"] + commands).joined(separator: "\n"))
    let errors = result.errors.split(separator: "\n")
    #expect(errors.count == commands.count, "\(result.errors)")
    #expect(errors.first?.hasSuffix("error: '-1' is not a row number or range such as 2-5") == true)
    let document = try #require(captured.shell.session.workspace.active)
    #expect(!document.isDirty)
    #expect(document.selection.isEmpty)
    guard case .table(let table) = document.content else {
      Issue.record("t.csv did not open as a table")
      return
    }
    #expect(table.rowCount == 3)
    #expect(captured.shell.session.appEnvironment.width == 100)
  }
}
