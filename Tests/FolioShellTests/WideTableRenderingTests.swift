import FolioCore
import Foundation
import Testing

@testable import FolioShell

/// `show --vertical`, cells whole in a pipe, `--json show` a line per row, and quiet output
/// (issue 36 §5).
@Suite struct WideTableRenderingTests {
  private static let long = "The Long Quiet Gallery of the Old Botanical Garden Conservatory"

  /// A shell with one table: a long name in row 2, and a number column.
  private static func shell(
    _ options: ShellOptions = ShellOptions(), isTerminalOutput: Bool = false
  ) throws -> CapturedShell {
    let captured = CapturedShell(options: options, isTerminalOutput: isTerminalOutput)
    let document = try captured.shell.session.workspace.newDocument(kind: .table, columns: ["name", "noise"])
    for (name, noise) in [("Café", "6"), (long, "1"), ("Kiosk", "12")] {
      _ = try captured.shell.session.workspace.addRow(
        [(column: "name", value: name), (column: "noise", value: noise)], to: document)
    }
    return captured
  }

  @Test("show --vertical writes a block per row: a rule with its number and marks, column │ value")
  func vertical() throws {
    let captured = try Self.shell()
    let result = captured.run("env width 60; select 3; show --vertical 2-3")
    #expect(result.errors == "")
    let blocks = result.output.components(separatedBy: "1 row selected in Untitled: 3 (id:3)\n").last
    #expect(
      blocks == """
        ─[ row 2 ]────
        name  │ \(Self.long)
        noise │ 1
        ─[ row 3 ▸ ]────
        name  │ Kiosk
        noise │ 12

        """)
  }

  @Test("show --vertical of a text document is refused as such")
  func verticalText() throws {
    let captured = CapturedShell()
    _ = try captured.shell.session.workspace.newDocument(kind: .text, columns: [])
    let result = captured.run("show --vertical")
    #expect(result.errors.contains("error: 'Untitled' is a text document: --vertical is for tables"))
    #expect(result.status == 1)
  }

  @Test("a terminal gets cells cut to the window; a pipe gets them whole; a fixed width cuts in both")
  func pipeKeepsCells() throws {
    for isTerminal in [true, false] {
      let output = try Self.shell(isTerminalOutput: isTerminal).run("env width 60; show 2").output
      let line = output.split(separator: "\n").last.map(String.init) ?? ""
      if isTerminal {
        #expect(line.hasSuffix("…") || line.contains("… │"), "\(output)")
        #expect(line.displayWidth <= 60)
      } else {
        #expect(line == " 2 │ \(Self.long) │     1")
      }
      let fixed = try Self.shell(isTerminalOutput: isTerminal).run("show 2 columns=name:10").output
      #expect(fixed.hasSuffix(" 2 │ The Long …\n"), "\(fixed)")
    }
  }

  @Test("--json show writes the table's heading with rowCount, then {\"row\": …} per row")
  func jsonLines() throws {
    var options = ShellOptions()
    options.output = .json
    let lines = try Self.shell(options).run("show 1,3").output.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        #"{"ok":true,"command":"show 1,3","result":{"title":"Untitled","editMode":false,"columns":[{"name":"name","kind":"text","width":5,"alignment":"leading"},{"name":"noise","kind":"number","width":5,"alignment":"trailing"}],"rowCount":2}}"#,
        #"{"row":{"position":1,"id":1,"cells":{"name":"Café","noise":"6"},"selected":false,"favorite":false,"decorations":[],"display":{}}}"#,
        #"{"row":{"position":3,"id":3,"cells":{"name":"Kiosk","noise":"12"},"selected":false,"favorite":false,"decorations":[],"display":{}}}"#,
      ])
  }

  @Test("quiet text output leaves out status results and keeps what was asked for")
  func quiet() throws {
    var options = ShellOptions()
    options.isQuiet = true
    let result = try Self.shell(options).run(
      "sort name; sort; echo hi; option echo off; show 1 columns=noise")
    #expect(result.output == "Untitled is sorted by name.\nhi\n # │ noise\n───┼───────\n 1 │     6\n")
    #expect(result.errors == "")
  }

  @Test("a result is status by its kind: reports of a change, not what was asked to be seen")
  func statusKinds() {
    let report = SortReport(document: "t", keys: [], sortedRows: 3)
    #expect(CommandOutput.sortOrder(report).isStatus)
    #expect(!CommandOutput.sortOrder(SortReport(document: "t", keys: [], sortedRows: nil)).isStatus)
    #expect(CommandOutput.message("Recording").isStatus)
    #expect(!CommandOutput.text("hi").isStatus)
    #expect(!CommandOutput.documentText("a,b\n").isStatus)
    #expect(CommandOutput.menuChoice(output: .message("done"), menu: nil).isStatus)
    #expect(!CommandOutput.menuChoice(output: .text("hi"), menu: nil).isStatus)
    guard case .none = CommandOutput.message("x").withoutStatus else {
      Issue.record("a status message is left out")
      return
    }
  }
}
