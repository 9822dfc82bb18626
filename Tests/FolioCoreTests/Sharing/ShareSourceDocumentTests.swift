import Foundation
import Testing

@testable import FolioCore

@Suite struct ShareSourceDocumentTests {
  private static let table = DocumentContent.table(TableModel(ShareTestSupport.places))

  @Test("a saved table offers file, text, csv and json; an untitled one all but file")
  func tableOffers() {
    #expect(
      ShareSource(title: "Places", path: "/x/Places.csv", content: Self.table).offered == [
        .file, .text, .csv, .json,
      ])
    #expect(ShareSource(title: "Untitled", path: nil, content: Self.table).offered == [.text, .csv, .json])
  }

  @Test("a text document offers file and text, and text has no byte order mark")
  func textOffers() throws {
    let content = TextContent(lines: ["Grüße", "zweite"], lineEnding: .crlf, hasByteOrderMark: true)
    let source = ShareSource(title: "Notes", path: "/x/Notes.md", content: .text(content))
    #expect(source.offered == [.file, .text])
    #expect(ShareSource(title: "Notes", path: nil, content: .text(content)).offered == [.text])
    let item = try source.make(.text)
    #expect(
      item
        == ShareItem(
          title: "Notes", fileName: "Notes.txt", representation: .text,
          mediaType: "text/plain; charset=utf-8",
          bytes: Array("Grüße\r\nzweite\r\n".utf8)))
    #expect(throws: FolioError.invalidArgument("'Notes' cannot be shared as csv: it is text")) {
      try source.make(.csv)
    }
  }

  @Test("table items are named after the title with their representation's type")
  func tableItems() throws {
    let source = ShareSource(title: "Places", path: nil, content: Self.table)
    let content = ShareTestSupport.places
    let expected: [(Representation, String, String, [UInt8])] = [
      (.text, "Places.txt", "text/plain; charset=utf-8", DelimitedFormat.encode(content, dialect: .tsv)),
      (.csv, "Places.csv", "text/csv; charset=utf-8", DelimitedFormat.encode(content, dialect: .csv)),
      (.json, "Places.json", "application/json", JSONTableFormat.encode(content, style: .pretty(indent: 2))),
    ]
    for (representation, name, mediaType, bytes) in expected {
      let item = try source.make(representation)
      #expect(
        item
          == ShareItem(
            title: "Places", fileName: name, representation: representation, mediaType: mediaType,
            bytes: bytes))
    }
    #expect(throws: FolioError.invalidArgument("'Places' has no file yet; save it first")) {
      try source.make(.file)
    }
  }

  @Test("a JSON table keeps its layout; a CSV table's csv is plain CSV")
  func dialects() throws {
    var compact = ShareTestSupport.places
    compact.dialect = .json(.compact)
    let json = try ShareSource(title: "P", path: nil, content: .table(TableModel(compact))).make(.json)
    #expect(json.bytes == JSONTableFormat.encode(compact, style: .compact))
    var semicolons = ShareTestSupport.places
    semicolons.dialect = .delimited(
      DelimitedDialect(delimiter: .semicolon, lineEnding: .crlf, hasByteOrderMark: true))
    let csv = try ShareSource(title: "P", path: nil, content: .table(TableModel(semicolons))).make(.csv)
    #expect(csv.bytes == DelimitedFormat.encode(semicolons, dialect: .csv))
  }

  @Test("the file item is the file on disk with a media type from its extension")
  func fileItems() throws {
    let folder = try ShareTestFolder()
    let cases: [(name: String, kind: DocumentKind, mediaType: String)] = [
      ("Places.csv", .table, "text/csv; charset=utf-8"),
      ("Places.tsv", .table, "text/tab-separated-values; charset=utf-8"),
      ("Places.json", .table, "application/json"), ("Notes.md", .text, "text/markdown; charset=utf-8"),
      ("Notes.txt", .text, "text/plain; charset=utf-8"), ("main.swift", .text, "text/plain; charset=utf-8"),
      ("Makefile", .text, "text/plain; charset=utf-8"),
    ]
    for (name, kind, mediaType) in cases {
      let bytes = Array("content of \(name)\r\n".utf8)
      try folder.write(bytes, to: name)
      let content: DocumentContent = kind == .text ? .text(TextContent(lines: [])) : Self.table
      let item = try ShareSource(title: "T", path: folder.file(name), content: content).make(.file)
      #expect(
        item
          == ShareItem(title: "T", fileName: name, representation: .file, mediaType: mediaType, bytes: bytes))
    }
    #expect(throws: FolioError.self) {
      try ShareSource(title: "Gone", path: folder.file("gone.csv"), content: Self.table).make(.file)
    }
  }

  @Test("media types follow extensions, unknown ones are octet streams")
  func mediaTypes() {
    #expect(
      ShareItem(title: "A", fileName: "A.PDF", representation: .file, bytes: []).mediaType
        == "application/pdf")
    #expect(
      ShareItem(title: "A", fileName: "A.bin", representation: .file, bytes: []).mediaType
        == "application/octet-stream")
    #expect(
      ShareItem(title: "A", fileName: ".hidden", representation: .file, bytes: []).mediaType
        == "application/octet-stream")
    #expect(
      ShareItem(title: "A", fileName: "A.bin", representation: .csv, bytes: []).mediaType
        == "text/csv; charset=utf-8")
  }
}
