import Foundation
import Testing

@testable import FolioCore

/// A share cancelled part-way (Ctrl-C while the item is encoded or written) throws
/// `interrupted` and leaves the destination folder as it was.
@Suite struct ShareCancellationTests {
  /// A source whose item, three megabytes, cancels `token` once made: the Ctrl-C comes while
  /// the target encodes and writes it.
  private static func source(cancelling token: CancellationToken) -> ShareSource {
    let bytes = (0..<3 << 20).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
    return ShareSource(title: "Big", offered: [.csv]) { representation in
      token.cancel()
      return ShareItem(title: "Big", fileName: "Big.csv", representation: representation, bytes: bytes)
    }
  }

  @Test("a mail or file share cancelled after its item is made writes nothing", arguments: ["mail", "file"])
  func cancelledWhileSending(target: String) throws {
    let folder = try ShareTestFolder()
    try folder.write(Array("kept\n".utf8), to: "Big.csv")
    let before = folder.names
    let token = CancellationToken()
    #expect(throws: FolioError.interrupted) {
      try ShareRegistry().share(
        Self.source(cancelling: token), with: target, to: folder.path, cancellation: token)
    }
    #expect(folder.names == before)
    #expect(folder.bytes("Big.csv") == Array("kept\n".utf8))
  }

  @Test("without a token the same share writes its file", arguments: ["mail", "file"])
  func notCancelled(target: String) throws {
    let folder = try ShareTestFolder()
    let outcome = try ShareRegistry().share(
      Self.source(cancelling: CancellationToken()), with: target, to: folder.path)
    #expect(folder.names == [target == "mail" ? "Big.eml" : "Big.csv"])
    #expect(outcome.writtenPath == folder.file(folder.names[0]))
  }

  @Test("writing a new file checks the token and leaves no temporary file")
  func writeNewFile() throws {
    let folder = try ShareTestFolder()
    let token = CancellationToken()
    token.cancel()
    #expect(throws: FolioError.interrupted) {
      try ShareFolder.writeNewFile(
        [UInt8](repeating: 65, count: 3 << 20), named: "a.txt", in: folder.path,
        cancellation: token)
    }
    #expect(folder.names.isEmpty)
  }

  @Test("making a table's item checks the token", arguments: [Representation.text, .csv, .json])
  func makeItem(representation: Representation) throws {
    let rows = (0..<20_000).map { [TableCell.number("\($0)"), .string("row \($0)")] }
    let content = DocumentContent.table(
      TableModel(TableContent(columns: ["n", "name"], rows: rows, dialect: .delimited(.csv))))
    let token = CancellationToken()
    let source = ShareSource(title: "T", path: nil, content: content, cancellation: token)
    let made = try source.make(representation)
    #expect(made == (try ShareSource(title: "T", path: nil, content: content).make(representation)))
    token.cancel()
    #expect(throws: FolioError.interrupted) { try source.make(representation) }
  }

  @Test(
    "a share through the workspace stops once cancelled, for every built-in target",
    arguments: ["mail", "file", "stdout"])
  func workspace(target: String) throws {
    let folder = try ShareTestFolder()
    try folder.write(Array("n,name\n1,a\n".utf8), to: "t.csv")
    let workspace = Workspace(store: nil, currentDirectory: folder.path, home: nil)
    let document = try workspace.open("t.csv").document
    let before = folder.names
    workspace.cancellation.cancel()
    #expect(throws: FolioError.interrupted) {
      try workspace.share(document, with: target, as: nil, to: target == "stdout" ? nil : folder.path)
    }
    #expect(folder.names == before)
  }
}
