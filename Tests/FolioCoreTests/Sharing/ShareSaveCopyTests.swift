import Foundation
import Synchronization
import Testing

@testable import FolioCore

@Suite struct ShareSaveCopyTests {
  private static let bytes: [UInt8] =
    Array("name,note\nZürich,\"a, b\"\r\n".utf8) + [0xEF, 0xBB, 0xBF, 0x00, 0xFF]

  @Test("existing X.csv and X 2.csv make the copy X 3.csv, byte for byte, and leave them alone")
  func neverOverwrites() throws {
    let folder = try ShareTestFolder()
    try folder.write(Array("first\n".utf8), to: "Places.csv")
    try folder.write(Array("second\n".utf8), to: "Places 2.csv")
    let outcome = try ShareRegistry().share(
      ShareTestSupport.source(offered: [.csv], bytes: Self.bytes), with: "file", to: folder.path)
    #expect(outcome.writtenPath == folder.file("Places 3.csv"))
    #expect(outcome.output == nil)
    #expect(outcome.delivery == .copy)
    #expect(outcome.title == "Places")
    #expect(folder.bytes("Places 3.csv") == Self.bytes)
    #expect(folder.bytes("Places.csv") == Array("first\n".utf8))
    #expect(folder.bytes("Places 2.csv") == Array("second\n".utf8))
    #expect(folder.names == ["Places 2.csv", "Places 3.csv", "Places.csv"])
  }

  @Test("repeated copies into one folder number on", arguments: [1, 2, 5])
  func numbering(count: Int) throws {
    let folder = try ShareTestFolder()
    let registry = ShareRegistry()
    var written: [String] = []
    for _ in 0..<count {
      let outcome = try registry.share(
        ShareTestSupport.source(offered: [.json], bytes: Self.bytes), with: "file", to: folder.path + "/")
      written.append(try #require(outcome.writtenPath))
    }
    let expected = (1...count).map { folder.file($0 == 1 ? "Places.json" : "Places \($0).json") }
    #expect(written == expected)
    #expect(folder.names == expected.map { DocumentFile.fileName(of: $0) }.sorted())
    for path in written {
      #expect(FileManager.default.contents(atPath: path).map { [UInt8]($0) } == Self.bytes)
    }
  }

  @Test("numbered names go before the last extension")
  func numberedNames() {
    #expect(ShareFolder.numberedName("Places.csv", 1) == "Places.csv")
    #expect(ShareFolder.numberedName("Places.csv", 2) == "Places 2.csv")
    #expect(ShareFolder.numberedName("archive.tar.gz", 3) == "archive.tar 3.gz")
    #expect(ShareFolder.numberedName("README", 2) == "README 2")
    #expect(ShareFolder.numberedName(".bashrc", 2) == ".bashrc 2")
    #expect(ShareFolder.numberedName("Café.md", 10) == "Café 10.md")
  }

  @Test("a missing destination, a missing folder and a file as destination are refused; nothing is written")
  func badDestinations() throws {
    let folder = try ShareTestFolder()
    try folder.write(Array("x".utf8), to: "plain.txt")
    let registry = ShareRegistry()
    let source = ShareTestSupport.source(offered: [.csv])
    #expect(
      throws: FolioError(
        .invalidArgument, "'file' needs a folder to write into",
        remedies: [.run("document.share", ["target": .string("file")], blanks: ["to"], effect: "names one")])
    ) {
      try registry.share(source, with: "file")
    }
    #expect(
      throws: FolioError(
        .invalidArgument, "'file' needs a folder to write into",
        remedies: [.run("document.share", ["target": .string("file")], blanks: ["to"], effect: "names one")])
    ) {
      try registry.share(source, with: "file", to: "")
    }
    #expect(throws: FolioError.io(folder.file("absent"), "no such folder")) {
      try registry.share(source, with: "file", to: folder.file("absent"))
    }
    #expect(
      throws: FolioError.invalidArgument(
        "'\(folder.file("plain.txt"))' is not a folder; 'file' writes into a folder")
    ) {
      try registry.share(source, with: "file", to: folder.file("plain.txt"))
    }
    #expect(folder.names == ["plain.txt"])
  }

  @Test("a name that is not a file name is refused")
  func badNames() throws {
    let folder = try ShareTestFolder()
    for name in ["", ".", "..", "../escape.csv", "a/b.csv", "nul\0.csv"] {
      #expect(throws: FolioError.invalidArgument("'\(name)' is not a file name")) {
        try ShareFolder.writeNewFile(Self.bytes, named: name, in: folder.path)
      }
    }
    #expect(folder.names.isEmpty)
  }

  @Test("a destination that cannot hold files is reported by the file's name and leaves nothing")
  func unusableFolder() throws {
    let folder = try ShareTestFolder()
    try folder.write(Array("not a folder".utf8), to: "plain")
    #expect(throws: FolioError.io(folder.file("plain/Places.csv"), "cannot save: Not a directory")) {
      try ShareFolder.writeNewFile(Self.bytes, named: "Places.csv", in: folder.file("plain"))
    }
    #expect(folder.names == ["plain"])
  }

  @Test("temporary files that a crashed share left behind are removed by the next one")
  func staleTemporaryFiles() throws {
    let folder = try ShareTestFolder()
    let finished = Process()
    finished.executableURL = URL(fileURLWithPath: "/bin/true")
    try finished.run()
    finished.waitUntilExit()
    let stale = ".folio-share\(DocumentFile.temporaryMarker)\(finished.processIdentifier)-7"
    let ours = ".folio-share\(DocumentFile.temporaryMarker)\(getpid())-999999"
    try folder.write(Array("half".utf8), to: stale)
    try folder.write(Array("busy".utf8), to: ours)
    try ShareFolder.writeNewFile(Self.bytes, named: "Places.csv", in: folder.path)
    #expect(folder.names == [ours, "Places.csv"])
  }

  @Test("copies made at the same time each get their own complete file")
  func concurrent() throws {
    let folder = try ShareTestFolder()
    let path = folder.path
    let count = 24
    let results = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: count) { index in
      let bytes = Array("copy \(index)\n".utf8)
      if let written = try? ShareFolder.writeNewFile(bytes, named: "Same.txt", in: path) {
        results.withLock { $0.append(written) }
      }
    }
    let written = results.withLock { $0 }
    #expect(Set(written).count == count)
    #expect(folder.names.count == count)
    let contents = Set(
      written.compactMap {
        FileManager.default.contents(atPath: $0).map { String(decoding: $0, as: UTF8.self) }
      })
    #expect(contents == Set((0..<count).map { "copy \($0)\n" }))
  }

  @Test("a saved document's file is copied as it is on disk")
  func documentFile() throws {
    let folder = try ShareTestFolder()
    let original: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("name;city\r\nAnna;Zürich\r\n".utf8)
    try folder.write(original, to: "Places.csv")
    let destination = folder.file("out")
    try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: false)
    let content = try DelimitedFormat.decode(original, delimiter: .semicolon)
    let source = ShareSource(
      title: "Places", path: folder.file("Places.csv"), content: .table(TableModel(content)))
    let outcome = try ShareRegistry().share(source, with: "file", to: destination)
    #expect(outcome.writtenPath == destination + "/Places.csv")
    #expect(FileManager.default.contents(atPath: destination + "/Places.csv").map { [UInt8]($0) } == original)
  }
}
