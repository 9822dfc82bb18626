import FolioTestSupport
import Foundation
import Testing

@testable import FolioCore

/// A long print says how far it has got: the rows laid out, then the pages drawn, through
/// the workspace's progress reports that every long command uses.
@Suite struct PrintProgressTests {
  @Test("printing a big table reports its rows laid out, then its pages drawn, up to the totals")
  func reportsRowsThenPages() throws {
    let folder = try TemporaryFolder("folio-print-progress")
    let rows = 20_000
    var csv = "id,name\n"
    for row in 1...rows { csv += "\(row),item \(row)\n" }
    try folder.write("big.csv", csv)
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("big.csv").document
    var reports: [WorkProgress] = []
    workspace.progress = { reports.append($0) }
    let result = try workspace.print(
      document, to: "big.pdf", pageSize: .a4, pages: nil, force: false)
    let printing = reports.filter { $0.task == .print }
    #expect(printing.count == reports.count, "\(reports.filter { $0.task != .print })")
    #expect(printing.allSatisfy { $0.document == "big" })
    let laidOut = printing.filter { $0.unit == .rows }
    let drawn = printing.filter { $0.unit == .pages }
    #expect(laidOut.count >= rows / 4096)
    #expect(laidOut.last == WorkProgress(task: .print, document: "big", done: rows, total: rows, unit: .rows))
    #expect(drawn.count >= result.pages / 16)
    #expect(
      drawn.last
        == WorkProgress(task: .print, document: "big", done: result.pages, total: result.pages, unit: .pages))
    // Rows come before pages, and each count only rises.
    #expect(printing.firstIndex { $0.unit == .pages }.map { $0 >= laidOut.count } == true)
    #expect(zip(laidOut, laidOut.dropFirst()).allSatisfy { $0.done < $1.done })
    #expect(zip(drawn, drawn.dropFirst()).allSatisfy { $0.done < $1.done })
    workspace.endSession()
  }
}
