import FolioTestSupport
import Testing

@testable import FolioCore

/// `open -` and `save --as -` in the workspace: a document read from the standard input a
/// front end lends and written to its standard output (issue 36 §6).
@Suite struct StandardStreamsTests {
  /// Streams whose input is `input` and whose output is kept in `written`.
  private final class Streams {
    var input: [UInt8]
    var written: [UInt8] = []
    init(_ input: String) { self.input = Array(input.utf8) }

    func lend(to workspace: Workspace) {
      workspace.standardStreams = StandardStreams(
        readInput: { [self] (_) throws(FolioError) -> [UInt8] in input },
        writeOutput: { [self] (content) throws(FolioError) -> Int in
          let before = written.count
          try content.write { (chunk) throws(FolioError) in written.append(contentsOf: chunk) }
          return written.count - before
        })
    }
  }

  private static func workspace(_ input: String) throws -> (Workspace, Streams, TemporaryFolder) {
    let folder = try TemporaryFolder()
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let streams = Streams(input)
    streams.lend(to: workspace)
    return (workspace, streams, folder)
  }

  @Test("open - as CSV makes an untitled, clean table; save to - writes the bytes as read")
  func csvRoundTrip() throws {
    let text = "name,city\r\n\"Café\",Vienna\r\nOhori,Fukuoka\r\n"
    let (workspace, streams, _) = try Self.workspace(text)
    let document = try workspace.openStandardInput(as: .csv)
    #expect(document.path == nil)
    #expect(document.title == "Untitled")
    #expect(!document.isDirty)
    #expect(document.format == .csv)
    guard case .table(let table) = document.content else {
      Issue.record("not a table")
      return
    }
    #expect(table.rowCount == 2)
    #expect(try workspace.writeToStandardOutput(document) == text.utf8.count)
    #expect(streams.written == Array(text.utf8))
  }

  @Test("an edit is written to - and the document keeps its unsaved changes")
  func editStaysUnsaved() throws {
    let (workspace, streams, _) = try Self.workspace("a,b\n1,2\n3,4\n")
    let document = try workspace.openStandardInput(as: .csv)
    try workspace.setCell(position: 2, columnNamed: "b", to: "5", in: document)
    try workspace.writeToStandardOutput(document)
    #expect(String(decoding: streams.written, as: UTF8.self) == "a,b\n1,2\n3,5\n")
    #expect(document.isDirty)
    #expect(document.path == nil)
  }

  @Test("JSON is recognised by its first byte; anything else needs a format, named in the error")
  func recognisingJSON() throws {
    let (workspace, _, _) = try Self.workspace("\u{FEFF}\n  [{\"a\": 1}]\n")
    let document = try workspace.openStandardInput(as: nil)
    #expect(document.format == .json)

    let (other, _, _) = try Self.workspace("a,b\n1,2\n")
    #expect {
      try other.openStandardInput(as: nil)
    } throws: { error in
      guard let error = error as? FolioError else { return false }
      return error.code == .invalidArgument
        && error.message == "the format of standard input is not known; name it: text, csv, tsv, json"
    }
    #expect(other.documents.isEmpty)
  }

  @Test("malformed input is an error naming standard input and the line; nothing opens")
  func malformed() throws {
    let (workspace, _, _) = try Self.workspace("a,b\n1,2\n\"3,4\n")
    #expect {
      try workspace.openStandardInput(as: .csv)
    } throws: { error in
      guard let error = error as? FolioError else { return false }
      return error.code == .format && error.message == "standard input"
        && error.cause?.message.hasPrefix("line 3, column 1: a quoted field is not closed") == true
    }
    #expect(workspace.documents.isEmpty)
  }

  @Test("a workspace no front end lent streams refuses both, saying so")
  func notLent() throws {
    let folder = try TemporaryFolder()
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    #expect {
      try workspace.openStandardInput(as: .text)
    } throws: { error in
      (error as? FolioError)?.code == .disabled
        && (error as? FolioError)?.message == "standard input cannot be read here: this front end lends none"
    }
    let document = try workspace.newDocument(kind: .text, columns: [])
    #expect {
      try workspace.writeToStandardOutput(document)
    } throws: { error in
      (error as? FolioError)?.message == "standard output cannot be written here: this front end lends none"
    }
  }

  @Test("a .txt opened as CSV is a table and saves back to its file as CSV")
  func openAsFormat() throws {
    let (workspace, _, folder) = try Self.workspace("")
    try folder.write("data.txt", "a,b\n1,2\n")
    let document = try workspace.open(folder.path("data.txt"), as: .csv).document
    #expect(document.kind == .table)
    try workspace.setCell(position: 1, columnNamed: "b", to: "3", in: document)
    try workspace.save(document)
    #expect(try folder.read("data.txt") == "a,b\n1,3\n")
  }
}
