import FolioCore
import Foundation
import Testing

@testable import FolioSession
@testable import FolioShell

/// Cells holding line breaks, tabs and escape characters never break the grid of `show` or
/// the frame of `screen`, and the JSON output keeps their exact text.
@Suite struct ShellCellRenderingTests {
  private static let note = "tab\there\r\nthen \u{1B}[1mbold\u{7}"

  private static func shell(_ options: ShellOptions = ShellOptions()) throws -> CapturedShell {
    let captured = CapturedShell(options: options)
    let document = try captured.shell.session.workspace.newDocument(kind: .table, columns: ["item", "note"])
    _ = try captured.shell.session.workspace.addRow(
      [(column: "item", value: "one"), (column: "note", value: note)], to: document)
    _ = try captured.shell.session.workspace.addRow(
      [(column: "item", value: "two\nlines"), (column: "note", value: "ok")], to: document)
    return captured
  }

  /// Whether the text holds a control character other than the line feeds between lines.
  private static func hasControls(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }
  }

  @Test("show of a text document keeps tabs and escapes every other control character")
  func textLines() throws {
    let captured = CapturedShell(options: ShellOptions())
    let document = try captured.shell.session.workspace.newDocument(kind: .text, columns: [])
    try captured.shell.session.workspace.appendLine("name\tvalue", to: document)
    try captured.shell.session.workspace.appendLine("\u{1B}]0;owned\u{7}\u{1B}[2J", to: document)
    let result = captured.run("show")
    #expect(result.output == "1  name\tvalue\n2  \\u{1B}]0;owned\\u{07}\\u{1B}[2J\n")
  }

  @Test("show keeps one line per row, every line as wide as the rule, no control character out")
  func show() throws {
    let captured = try Self.shell()
    let result = captured.run("show")
    #expect(!Self.hasControls(result.output))
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    #expect(lines[2] == " 1 │ one       │ tab→here⏎then \\u{1B}[1mbold\\u{07}")
    #expect(lines[3] == " 2 │ two⏎lines │ ok")
    for line in [lines[0], lines[2], lines[3]] {
      let parts = line.components(separatedBy: " │ ")
      #expect(parts.count == 3)
      #expect(parts.dropLast().map(\.displayWidth) == [2, 9])
    }
  }

  @Test("the compact one-column show and screen keep their frame")
  func compactAndScreen() throws {
    let captured = try Self.shell()
    let compact = captured.run("env platform iphone; show columns=note").output
    #expect(compact.contains(" 1 │ tab→here⏎then \\u{1B}[1mbold\\u{07}\n"))
    let screen = try Self.shell().run("env width 70; screen").output
    #expect(!Self.hasControls(screen))
    let framed = screen.split(separator: "\n").filter { $0.hasPrefix("│") || $0.hasPrefix("├") }
    #expect(framed.count > 4)
    // The frame's edges are two of the window's 70 columns.
    #expect(Set(framed.map { String($0).displayWidth }) == [70])
  }

  @Test("JSON keeps the exact cell text")
  func json() throws {
    var options = ShellOptions()
    options.output = .json
    let output = try Self.shell(options).run("show 1").output
    // The command's line, then one line per row.
    let lines = output.split(separator: "\n").map { Data($0.utf8) }
    #expect(lines.count == 2)
    let row = try #require(try JSONSerialization.jsonObject(with: lines[1]) as? [String: Any])
    #expect(((row["row"] as? [String: Any])?["cells"] as? [String: String])?["note"] == Self.note)
  }
}
