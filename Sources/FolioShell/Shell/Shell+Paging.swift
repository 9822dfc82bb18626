import FolioCore

/// Long output in the REPL: through the pager (`option pager on`, the default), or, with the
/// pager off, a table stopped at the screen's height with a line saying how to see the rest.
/// Scripts, sourced files, pipes and JSON are never paged or cut.
extension Shell {
  /// The terminal's height in lines when output in this place is fitted to the screen: the
  /// REPL's own commands, text output, standard output a terminal; else nil.
  var screenHeight: Int? {
    guard isInteractive, options.output == .text, isTerminalOutput, includeStack.isEmpty else { return nil }
    return TerminalSize.height()
  }

  /// Writes output of `lineCount` lines: through the pager when the pager is on and the
  /// command's line, the output and the next prompt do not fit the screen, else directly. A pager that cannot start is
  /// reported once, and the output printed directly then and from then on.
  ///
  /// - Parameters:
  ///   - lineCount: how many lines `body` writes; counted only where the screen's height
  ///     matters (counting a 1,000-item menu's lines cost about 90,000 instructions).
  ///   - body: writes the output to the console; run a second time when the pager failed.
  /// - Throws: what `body` throws (`FolioError.interrupted` at Ctrl-C).
  func paging(lineCount: @autoclosure () -> Int, _ body: () throws(FolioError) -> Void) throws(FolioError) {
    guard options.pager, !pagerHasFailed, let height = screenHeight, lineCount() > height - 2,
      let command = Pager.command(environment: environment)
    else { return try body() }
    let pager: Pager
    do {
      pager = try Pager(command: command)
    } catch {
      reportPagerFailure(error.message)
      return try body()
    }
    var failure: FolioError?
    do {
      try console.divertingOutput(to: pager.write, body)
    } catch {
      failure = error
    }
    let status = pager.finish()
    if status == 126 || status == 127 {
      reportPagerFailure("the pager '\(command)' could not run (exit status \(status))")
      return try body()
    }
    if let failure { throw failure }
  }

  /// Says once why the pager failed; output is printed directly from then on.
  private func reportPagerFailure(_ reason: String) {
    pagerHasFailed = true
    console.printError(
      "\(errorStyle.error("error:")) \(reason); printing directly (set PAGER, or 'option pager off')")
  }

  /// How many of a table's rows show when the pager is off and the table would not fit the
  /// screen; nil when every row shows.
  func rowsFittingScreen(_ table: TableView, headingLines: Int, linesPerRow: Int = 1) -> Int? {
    guard !options.pager, !table.isWhole, let height = screenHeight else { return nil }
    // The command's line, the heading, the rows, the "more rows" line and the next prompt.
    guard headingLines + table.rows.count * linesPerRow > height - 2 else { return nil }
    return max(1, (height - headingLines - 3) / max(1, linesPerRow))
  }

  /// The line after a table stopped at the screen: how many rows are left, and the commands
  /// that show them — "… 999,990 more rows (show 11-, show --all)".
  func moreRowsLine(_ table: TableView, shown: Int) -> String {
    let rows = table.rows
    let left = rows.count - shown
    var commands: [String] = []
    let first = rows.position(at: shown)
    if rows.isEveryRow || (shown..<rows.count).allSatisfy({ rows.position(at: $0) == first + $0 - shown }) {
      // The rest is one run of positions: to the table's end, or a range.
      let last = first + left - 1
      commands.append(
        last == rows.tableRowCount ? "show \(first)-" : left == 1 ? "show \(first)" : "show \(first)-\(last)")
    }
    commands.append("show --all")
    if table.isVertical { commands = commands.map { $0 + " --vertical" } }
    let count = ProgressLine.grouped(left) + (left == 1 ? " more row" : " more rows")
    return "… \(count) (\(commands.joined(separator: ", ")))"
  }
}
