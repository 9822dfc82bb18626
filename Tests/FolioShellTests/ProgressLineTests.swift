import FolioCore
import Testing

@testable import FolioShell

/// Progress shows after a command's first second, at most ten times a second on a terminal,
/// and says what, how far and how fast.
@Suite struct ProgressLineTests {
  private static let sort = WorkProgress(
    task: .sort, document: "big", done: 409_600, total: 1_000_000, unit: .rows)

  @Test("nothing shows in a command's first second; then updates are spaced out")
  func timing() {
    let start = MonotonicInstant.now
    var terminal = ProgressLine(isTerminal: true)
    terminal.begin(at: start)
    #expect(terminal.update(Self.sort, at: start + .milliseconds(500)) == nil)
    #expect(terminal.update(Self.sort, at: start + .milliseconds(1_000)) != nil)
    #expect(terminal.update(Self.sort, at: start + .milliseconds(1_050)) == nil)
    #expect(terminal.update(Self.sort, at: start + .milliseconds(1_100)) != nil)
    terminal.begin(at: start + .seconds(5))
    #expect(terminal.update(Self.sort, at: start + .milliseconds(5_500)) == nil)

    var lines = ProgressLine(isTerminal: false)
    lines.begin(at: start)
    #expect(lines.update(Self.sort, at: start + .milliseconds(1_000)) != nil)
    #expect(lines.update(Self.sort, at: start + .milliseconds(1_500)) == nil)
    #expect(lines.update(Self.sort, at: start + .milliseconds(2_000)) != nil)
  }

  @Test("the text says what, how far and how fast")
  func text() {
    #expect(
      ProgressLine.text(Self.sort, elapsed: .milliseconds(500))
        == "Sorting big: 409,600 of 1,000,000 rows (40%), 819,200 rows/s")
    let save = WorkProgress(task: .save, document: "big", done: 13_107_200, total: nil, unit: .bytes)
    #expect(ProgressLine.text(save, elapsed: .seconds(2)) == "Saving big: 12.5 MB, 6.3 MB/s")
    let printing = WorkProgress(task: .print, document: "big", done: 4_000, total: 16_000, unit: .pages)
    #expect(
      ProgressLine.text(printing, elapsed: .seconds(2))
        == "Printing big: 4,000 of 16,000 pages (25%), 2,000 pages/s")
    let layout = WorkProgress(task: .print, document: "big", done: 500_000, total: 1_000_000, unit: .rows)
    #expect(
      ProgressLine.text(layout, elapsed: .seconds(1))
        == "Printing big: 500,000 of 1,000,000 rows (50%), 500,000 rows/s")
    let show = WorkProgress(task: .show, document: "t", done: 7, total: nil, unit: .rows)
    #expect(ProgressLine.text(show, elapsed: .zero) == "Showing t: 7 rows")
    let journal = WorkProgress(task: .journal, document: "big", done: 1_048_576, total: nil, unit: .bytes)
    #expect(ProgressLine.text(journal, elapsed: .seconds(1)) == "Journaling big: 1.0 MB, 1.0 MB/s")
    #expect(ProgressLine.grouped(999) == "999")
    #expect(ProgressLine.grouped(1_000) == "1,000")
    #expect(ProgressLine.grouped(-1_234_567) == "-1,234,567")
  }

  @Test("the console erases a progress line before it writes anything else")
  func consoleClears() {
    var written: [(Console.Stream, String)] = []
    let console = Console { written.append(($0, $1)) }
    console.showProgress("Sorting big: 1 rows", isTerminal: true)
    console.print("done")
    console.flush()
    #expect(written.map(\.1) == ["\r\u{1B}[KSorting big: 1 rows", "\r\u{1B}[K", "done\n"])
    #expect(written.map(\.0) == [.error, .error, .output])
    written = []
    console.showProgress("Saving t: 1.0 MB", isTerminal: false)
    console.clearProgress()
    #expect(written.map(\.1) == ["Saving t: 1.0 MB\n"])
  }
}
