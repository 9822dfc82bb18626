import FolioTestSupport
import Foundation
import Testing

@testable import FolioCore

/// A cancelled token stops open, sort, save, print and share with `interrupted`, and each
/// leaves documents and files exactly as they were.
@Suite struct CancellationTests {
  /// A table of `count` rows in reverse order of `n`, so sorting by `n` moves every row.
  private static func csv(rows count: Int) -> String {
    "n,name\n" + (0..<count).map { "\(count - $0),row\(count - $0)\n" }.joined()
  }

  private static func cells(_ document: Document) throws -> [[TableCell]] {
    try document.readTable { table in (0..<table.rowCount).map(table.cells(ofRow:)) }
  }

  @Test("the token is a flag: cancel sets it, reset clears it, and each calls its hook")
  func token() {
    final class Calls: @unchecked Sendable { var log: [String] = [] }
    let calls = Calls()
    let token = CancellationToken(
      onCancel: { calls.log.append("cancel") }, onReset: { calls.log.append("reset") })
    #expect(!token.isCancelled)
    #expect(throws: Never.self) { try token.check() }
    token.cancel()
    #expect(token.isCancelled)
    #expect(throws: FolioError.interrupted) { try token.check() }
    token.reset()
    #expect(!token.isCancelled)
    #expect(calls.log == ["cancel", "reset"])
  }

  @Test("a cancelled open opens nothing", arguments: [10, 10_000])
  func open(rows: Int) throws {
    let folder = try TemporaryFolder("folio-cancel")
    try folder.write("big.csv", Self.csv(rows: rows))
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    workspace.cancellation.cancel()
    #expect(throws: FolioError.interrupted) { try workspace.open("big.csv") }
    #expect(workspace.documents.isEmpty)
    workspace.cancellation.reset()
    #expect(try workspace.open("big.csv").document.title == "big")
  }

  @Test("decoding a CSV stops once cancelled, past its first 8,192 records")
  func decode() throws {
    let token = CancellationToken()
    token.cancel()
    #expect(throws: FolioError.interrupted) {
      try DelimitedFormat.decodeTable(
        Array(Self.csv(rows: 10_000).utf8), delimiter: .comma, cancellation: token)
    }
    #expect(
      try DelimitedFormat.decodeTable(Array(Self.csv(rows: 10).utf8), delimiter: .comma, cancellation: token)
        .rowCount == 10)
  }

  /// A JSON table of `count` rows `{"n": …, "name": …}`, compact.
  private static func json(rows count: Int) -> String {
    "[" + (0..<count).map { #"{"n":\#(count - $0),"name":"row\#(count - $0)"}"# }.joined(separator: ",")
      + "]\n"
  }

  @Test("the JSON parser checks the token between rows, every 4,096 of them")
  func parseJSON() throws {
    let token = CancellationToken()
    token.cancel()
    for rows in [0, 1, JSONParser.rowsBetweenChecks - 1, JSONParser.rowsBetweenChecks, 10_000] {
      let bytes = Array(Self.json(rows: rows).utf8)
      let parsed = bytes.withUnsafeBufferPointer { buffer in
        Result { () throws(FolioError) in
          var parser = JSONParser(bytes: buffer, start: 0, cancellation: token)
          return try parser.parseTable().rows.count
        }
      }
      if rows < JSONParser.rowsBetweenChecks {
        #expect(try parsed.get() == rows)
      } else {
        #expect(throws: FolioError.interrupted) { try parsed.get() }
      }
    }
  }

  @Test("decoding a JSON document stops once cancelled; not cancelled, it reads what it read before")
  func decodeJSON() throws {
    let bytes = Array(Self.json(rows: 10_000).utf8)
    let token = CancellationToken()
    #expect(try JSONTableFormat.decode(bytes, cancellation: token) == JSONTableFormat.decode(bytes))
    token.cancel()
    #expect(throws: FolioError.interrupted) { try JSONTableFormat.decode(bytes, cancellation: token) }
  }

  @Test("a cancelled open of a JSON document changes nothing: no window, no lock, the active one kept")
  func openJSON() throws {
    let folder = try TemporaryFolder("folio-cancel")
    try folder.write("big.json", Self.json(rows: 10_000))
    try folder.write("small.json", Self.json(rows: 3))
    let state = folder.url.appendingPathComponent("state").path
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil, stateDirectory: state)
    let small = try workspace.open("small.json").document
    // Every file in the folder: the documents, and the lock of the open one.
    let files = try FileManager.default.subpathsOfDirectory(atPath: folder.url.path).sorted()
    #expect(files.count > 3)
    workspace.cancellation.cancel()
    #expect(throws: FolioError.interrupted) { try workspace.open("big.json") }
    #expect(workspace.documents.map(\.windowID) == [small.windowID])
    #expect(workspace.active === small)
    #expect(!small.isDirty)
    #expect(try FileManager.default.subpathsOfDirectory(atPath: folder.url.path).sorted() == files)
    workspace.cancellation.reset()
    #expect(try workspace.open("big.json").document.readTable(\.rowCount) == 10_000)
  }

  @Test("a cancelled sort moves no row and leaves nothing to undo", arguments: [10, 10_000])
  func sort(rows: Int) throws {
    let folder = try TemporaryFolder("folio-cancel")
    try folder.write("big.csv", Self.csv(rows: rows))
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("big.csv").document
    let before = try Self.cells(document)
    workspace.cancellation.cancel()
    #expect(throws: FolioError.interrupted) { try workspace.sort(document, by: [TableSortKey(column: "n")]) }
    #expect(try Self.cells(document) == before)
    #expect(document.sortOrder.isEmpty)
    #expect(!document.isDirty)
    workspace.cancellation.reset()
    #expect(try workspace.sort(document, by: [TableSortKey(column: "n")]) == rows)
    #expect(try Self.cells(document).first == [.string("1"), .string("row1")])
  }

  @Test("a cancelled save --as writes no file, and the document keeps its name and changes")
  func saveAs() throws {
    let folder = try TemporaryFolder("folio-cancel")
    try folder.write("big.csv", Self.csv(rows: 100))
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("big.csv").document
    try workspace.setCell(rowID: 1, column: 1, to: "edited", in: document)
    workspace.cancellation.cancel()
    #expect(throws: FolioError.interrupted) { try workspace.save(document, as: "copy.csv") }
    #expect(try folder.contents() == ["big.csv"])
    #expect(document.title == "big")
    #expect(document.isDirty)
    #expect(try folder.read("big.csv") == Self.csv(rows: 100))
  }

  @Test("a cancelled save in place leaves the file as it was")
  func saveInPlace() throws {
    let folder = try TemporaryFolder("folio-cancel")
    try folder.write("big.csv", Self.csv(rows: 100))
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("big.csv").document
    try workspace.setCell(rowID: 1, column: 1, to: "edited", in: document)
    workspace.cancellation.cancel()
    #expect(throws: FolioError.interrupted) { try workspace.save(document) }
    #expect(try folder.contents() == ["big.csv"])
    #expect(try folder.read("big.csv") == Self.csv(rows: 100))
    #expect(document.isDirty)
  }

  @Test("a cancelled print writes no file", arguments: ["out.pdf", "out.txt", "-"])
  func print(destination: String) throws {
    let folder = try TemporaryFolder("folio-cancel")
    try folder.write("big.csv", Self.csv(rows: 100))
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("big.csv").document
    workspace.cancellation.cancel()
    #expect(throws: FolioError.interrupted) {
      try workspace.print(document, to: destination, pageSize: .a4, pages: nil, force: false)
    }
    #expect(try folder.contents() == ["big.csv"])
  }

  @Test("the PDF printer checks the token between pages and then writes nothing")
  func pdfPages() throws {
    let folder = try TemporaryFolder("folio-cancel")
    let printed = try Paginator.paginate(
      PrintJob(title: "Long", body: .lines((1...500).map { "line \($0)" })))
    let token = CancellationToken()
    token.cancel()
    #expect(throws: FolioError.interrupted) {
      try PDFPrinter.write(printed, to: folder.path("long.pdf"), cancellation: token)
    }
    #expect(try folder.contents().isEmpty)
  }

  @Test("a cancelled share writes no file")
  func share() throws {
    let folder = try TemporaryFolder("folio-cancel")
    try folder.write("big.csv", Self.csv(rows: 100))
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("big.csv").document
    try FileManager.default.createDirectory(atPath: folder.path("out"), withIntermediateDirectories: false)
    workspace.cancellation.cancel()
    #expect(throws: FolioError.interrupted) {
      try workspace.share(document, with: "file", as: nil, to: "out")
    }
    #expect(folder.names(in: "out").isEmpty)
  }
}
