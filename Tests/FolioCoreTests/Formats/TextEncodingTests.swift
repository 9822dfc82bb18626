import FolioTestSupport
import Testing

@testable import FolioCore

/// Files in another encoding than UTF-8, read and saved back through glibc's iconv
/// (issue 36 §6).
@Suite struct TextEncodingTests {
  private static func workspace() throws -> (Workspace, TemporaryFolder) {
    let folder = try TemporaryFolder()
    return (Workspace(store: nil, currentDirectory: folder.url.path, home: nil), folder)
  }

  /// `name,city` / `Café,Zürich` / `Tom,Köln` in Latin-1: é is 0xE9, ü 0xFC, ö 0xF6.
  private static let latin1: [UInt8] =
    Array("name,city\nCaf".utf8) + [0xE9] + Array(",Z".utf8) + [0xFC] + Array("rich\nTom,K".utf8) + [0xF6]
    + Array("ln\n".utf8)

  @Test("a Latin-1 CSV opens as text, an edit saves back in Latin-1, the other row's bytes kept")
  func latin1RoundTrip() throws {
    let (workspace, folder) = try Self.workspace()
    try folder.write("p.csv", Self.latin1)
    let document = try workspace.open(
      folder.path("p.csv"), options: ReadOptions(encoding: try TextEncoding(named: "latin1"))
    ).document
    guard case .table(let table) = document.content else {
      Issue.record("not a table")
      return
    }
    #expect(table.cell(row: 0, column: 1).description == "Zürich")
    try workspace.setCell(position: 2, columnNamed: "city", to: "Düren", in: document)
    try workspace.save(document)
    let expected =
      Array("name,city\nCaf".utf8) + [0xE9] + Array(",Z".utf8) + [0xFC] + Array("rich\nTom,D".utf8) + [0xFC]
      + Array("ren\n".utf8)
    #expect(try folder.bytes("p.csv") == expected)
  }

  @Test("saved as JSON, a Latin-1 table is UTF-8; saved as TSV it stays Latin-1")
  func otherFormats() throws {
    let (workspace, folder) = try Self.workspace()
    try folder.write("p.csv", Self.latin1)
    let document = try workspace.open(
      folder.path("p.csv"), options: ReadOptions(encoding: try TextEncoding(named: "latin1"))
    ).document
    try workspace.save(document, as: folder.path("p.tsv"))
    #expect(try folder.bytes("p.tsv").contains(0xFC))
    try workspace.save(document, as: folder.path("p.json"))
    #expect(try folder.read("p.json").contains("\"city\": \"Zürich\""))
  }

  @Test("a character the encoding cannot hold fails the save, naming the line; the file is kept")
  func unencodable() throws {
    let (workspace, folder) = try Self.workspace()
    try folder.write("p.csv", Self.latin1)
    let document = try workspace.open(
      folder.path("p.csv"), options: ReadOptions(encoding: try TextEncoding(named: "latin1"))
    ).document
    try workspace.setCell(position: 2, columnNamed: "city", to: "10 €", in: document)
    #expect {
      try workspace.save(document)
    } throws: { error in
      (error as? FolioError)?.code == .format
        && (error as? FolioError)?.message
          == "cannot save as latin1: line 3 holds a character latin1 cannot hold"
    }
    #expect(try folder.bytes("p.csv") == Self.latin1)
    #expect(document.isDirty)
  }

  @Test("a byte not in the encoding is an error naming its line; nothing opens")
  func undecodable() throws {
    let (workspace, folder) = try Self.workspace()
    // 0x81 is one of the five bytes cp1252 leaves undefined.
    try folder.write("p.csv", Array("a,b\n1,2\nx,".utf8) + [0x81] + Array("\n".utf8))
    #expect {
      try workspace.open(
        folder.path("p.csv"), options: ReadOptions(encoding: try TextEncoding(named: "cp1252")))
    } throws: { error in
      (error as? FolioError)?.cause?.message == "line 3: byte 0x81 is not cp1252"
    }
    #expect(workspace.documents.isEmpty)
  }

  @Test("a UTF-16 byte order mark is honoured without --encoding and written back with the mark")
  func utf16ByteOrderMark() throws {
    let (workspace, folder) = try Self.workspace()
    let text = "a,b\n1,é\n"
    let encoded: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    try folder.write("w.csv", encoded)
    let document = try workspace.open(folder.path("w.csv")).document
    guard case .table(let table) = document.content else {
      Issue.record("not a table")
      return
    }
    #expect(table.columns == ["a", "b"])
    try workspace.setCell(position: 1, columnNamed: "a", to: "2", in: document)
    try workspace.save(document)
    let saved = "a,b\n2,é\n"
    let expected: [UInt8] = [0xFF, 0xFE] + saved.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    #expect(try folder.bytes("w.csv") == expected)
  }

  @Test("an unknown encoding is refused by name; UTF-8 needs no conversion")
  func names() throws {
    #expect {
      try TextEncoding(named: "klingon")
    } throws: { error in
      (error as? FolioError)?.code == .invalidArgument
        && (error as? FolioError)?.message == "iconv knows no encoding 'klingon'"
    }
    #expect(try TextEncoding(named: "UTF-8") == nil)
  }

  @Test("saving converts across chunk boundaries that split a character")
  func chunkBoundaries() throws {
    let encoding = try #require(try TextEncoding(named: "latin1"))
    let text = Array(String(repeating: "é", count: 10).utf8)
    // Chunks of 3 bytes split every other é.
    let content = SaveContent { (sink) throws(FolioError) in
      var start = 0
      while start < text.count {
        let end = min(start + 3, text.count)
        try text[start..<end].withUnsafeBufferPointer { (buffer) throws(FolioError) in try sink(buffer) }
        start = end
      }
    }
    var output: [UInt8] = []
    try encoding.encoding(content).write { output.append(contentsOf: $0) }
    #expect(output == [UInt8](repeating: 0xE9, count: 10))
  }
}
