import Testing

@testable import FolioCore

@Suite struct ShareStandardOutputTests {
  @Test("the text goes to the outcome's output and nothing is written")
  func output() throws {
    let text = "name,note\nZürich,\"Grüezi 🇨🇭\"\n"
    let outcome = try ShareRegistry().share(
      ShareTestSupport.source(offered: [.file, .csv], bytes: Array(text.utf8)), with: "stdout")
    #expect(outcome.delivery == .standardOutput)
    #expect(outcome.title == "Places")
    #expect(outcome.representation == .csv)
    #expect(outcome.output == text)
    #expect(outcome.writtenPath == nil)
  }

  @Test("a table document's text, CSV and JSON reach standard output exactly")
  func tableRepresentations() throws {
    let registry = ShareRegistry()
    let source = ShareSource(title: "Places", path: nil, content: .table(TableModel(ShareTestSupport.places)))
    let text = try registry.share(source, with: "stdout").output
    let csv = try registry.share(source, with: "stdout", as: .csv).output
    let json = try registry.share(source, with: "stdout", as: .json).output
    let content = ShareTestSupport.places
    #expect(text.map { Array($0.utf8) } == DelimitedFormat.encode(content, dialect: .tsv))
    #expect(csv.map { Array($0.utf8) } == DelimitedFormat.encode(content, dialect: .csv))
    #expect(json.map { Array($0.utf8) } == JSONTableFormat.encode(content, style: .pretty(indent: 2)))
    #expect(csv?.hasPrefix("name,country,note\nZürich,Schweiz,\"Grüezi 🇨🇭, \"\"quoted\"\"\"\n") == true)
  }

  @Test("bytes that are not UTF-8 are refused rather than printed")
  func invalidUTF8() {
    for bytes: [UInt8] in [[0xFF], [0x61, 0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF]] {
      #expect(throws: FolioError(.format, "Places.txt is not UTF-8 text; standard output takes text only")) {
        try ShareRegistry().share(ShareTestSupport.source(offered: [.text], bytes: bytes), with: "stdout")
      }
    }
  }

  @Test("a destination is refused")
  func destination() {
    #expect(
      throws: FolioError.invalidArgument(
        "'stdout' writes to standard output and takes no destination (got '/tmp')")
    ) {
      try ShareRegistry().share(ShareTestSupport.source(offered: [.text]), with: "stdout", to: "/tmp")
    }
  }
}
