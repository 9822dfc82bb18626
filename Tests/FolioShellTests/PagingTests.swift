import FolioCore
import Testing

@testable import FolioShell

/// The parts of paging that need no terminal: the diverted console, the "more rows" line,
/// and which pager the environment names. The pager itself is driven in a real terminal by
/// the end-to-end REPL tests.
@Suite struct PagingTests {
  @Test("diverted output goes to the target; the target closing stops it there and nowhere else")
  func diversion() throws {
    var out = ""
    let console = Console { stream, text in if stream == .output { out += text } }
    var diverted = ""
    console.print("before")
    try console.divertingOutput(to: {
      diverted += $0
      return diverted.count < 10
    }) { () throws(FolioError) in
      console.print("one line")
      console.flush()
      #expect(!console.isOutputClosed)
      console.print("and more")
      console.flush()
      #expect(console.isOutputClosed)
      console.print("dropped")
    }
    #expect(!console.isOutputClosed)
    console.print("after")
    console.flush()
    #expect(out == "before\nafter\n")
    #expect(diverted == "one line\nand more\n")
  }

  @Test("an error in the diverted output is thrown, and output goes back to where it went")
  func diversionThrows() {
    var out = ""
    let console = Console { stream, text in if stream == .output { out += text } }
    #expect(throws: FolioError.self) {
      try console.divertingOutput(to: { _ in true }) { () throws(FolioError) in throw .invalidArgument("x") }
    }
    console.print("after")
    console.flush()
    #expect(out == "after\n")
  }

  private static func table(positions: [Int]) -> TableView {
    let rows = positions.map { DocumentViewRow(position: $0, id: $0, cells: ["\($0)"]) }
    return TableView(
      title: "t", columns: [TableColumn(title: "n", index: 0)], rows: rows, width: nil,
      metrics: TextRenderer.layoutMetrics.table)
  }

  @Test(
    "the more-rows line counts what is left, grouped, and names the rows as a range only when they are one",
    arguments: [
      ([Int](1...2_000), 25, "… 1,975 more rows (show 26-, show --all)"),
      ([Int](1...100), 99, "… 1 more row (show 100-, show --all)"),
      ([1] + [Int](3...100), 25, "… 74 more rows (show 27-100, show --all)"),
      ([Int](1...30) + [40], 25, "… 6 more rows (show --all)"),
      ([Int](5...50).reversed(), 40, "… 6 more rows (show --all)"),
    ])
  func moreRows(_ positions: [Int], _ shown: Int, _ line: String) {
    let shell = Shell()
    #expect(shell.moreRowsLine(Self.table(positions: positions), shown: shown) == line)
  }

  @Test("PAGER names the pager; unset means less -SRFX, blank means none")
  func pagerCommand() {
    #expect(Pager.command(environment: [:]) == "less -SRFX")
    #expect(Pager.command(environment: ["PAGER": "more"]) == "more")
    #expect(Pager.command(environment: ["PAGER": ""]) == nil)
    #expect(Pager.command(environment: ["PAGER": "  "]) == nil)
  }

  @Test("a script's table is never cut, whatever the pager option says")
  func scriptsNeverCut() {
    var options = ShellOptions()
    options.pager = false
    let shell = Shell(options: options, isTerminalOutput: true)
    #expect(shell.screenHeight == nil)
    #expect(shell.rowsFittingScreen(Self.table(positions: Array(1...1_000)), headingLines: 2) == nil)
  }
}
