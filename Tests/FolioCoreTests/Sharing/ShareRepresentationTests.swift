import Testing

@testable import FolioCore

@Suite struct ShareRepresentationTests {
  private static let table: [Representation] = [.file, .text, .csv, .json]
  private static let untitledTable: [Representation] = [.text, .csv, .json]
  private static let text: [Representation] = [.file, .text]

  @Test("each target gets its first accepted representation that the document offers")
  func preferred() throws {
    let registry = ShareRegistry()
    let cases: [(offered: [Representation], target: String, expected: Representation)] = [
      (Self.table, "file", .file), (Self.table, "stdout", .text), (Self.table, "mail", .file),
      (Self.untitledTable, "file", .csv), (Self.untitledTable, "stdout", .text),
      (Self.untitledTable, "mail", .csv),
      (Self.text, "file", .file), (Self.text, "stdout", .text), (Self.text, "mail", .file),
      ([.text], "file", .text), ([.text], "mail", .text), ([.json], "stdout", .json),
    ]
    for (offered, target, expected) in cases {
      let chosen = try registry.representation(for: target, offered: offered, title: "Places")
      #expect(chosen == expected, "\(target) with \(offered)")
    }
  }

  @Test("--as picks a representation both offered and accepted")
  func requested() throws {
    let registry = ShareRegistry()
    for target in ["file", "mail"] {
      for representation in Self.table {
        #expect(
          try registry.representation(
            for: target, offered: Self.table, title: "Places", requested: representation) == representation)
      }
    }
    let made = MadeCounter()
    let outcome = try registry.share(
      ShareTestSupport.source(offered: Self.table, bytes: Array("[]\n".utf8), made: made), with: "stdout",
      as: .json)
    #expect(outcome.output == "[]\n")
    #expect(made.count == 1)
  }

  @Test("--as a representation the document does not offer names what it offers")
  func notOffered() {
    let registry = ShareRegistry()
    let made = MadeCounter()
    #expect(throws: FolioError.invalidArgument("'Notes' cannot be shared as csv: it offers file, text")) {
      try registry.share(
        ShareTestSupport.source(title: "Notes", offered: Self.text, made: made), with: "mail", as: .csv,
        to: "/tmp")
    }
    #expect(made.count == 0)
  }

  @Test("--as a representation the target does not accept names the possible ones")
  func notAccepted() {
    let registry = ShareRegistry()
    let made = MadeCounter()
    #expect(
      throws: FolioError.invalidArgument(
        "Standard Output ('stdout') does not accept file; possible with 'Places': text, csv, json")
    ) {
      try registry.share(ShareTestSupport.source(offered: Self.table, made: made), with: "stdout", as: .file)
    }
    #expect(
      throws: FolioError.invalidArgument(
        "Standard Output ('stdout') does not accept file; targets that take 'Photo': file, mail")
    ) {
      try registry.share(
        ShareTestSupport.source(title: "Photo", offered: [.file], made: made), with: "stdout", as: .file)
    }
    #expect(made.count == 0)
  }

  @Test("a target accepting nothing the document offers is refused, naming the targets that would")
  func nothingInCommon() {
    let registry = ShareRegistry()
    #expect(
      throws: FolioError.invalidArgument(
        "Standard Output ('stdout') accepts text, csv, json but 'Photo' offers file; "
          + "targets that take 'Photo': file, mail")
    ) {
      try registry.share(ShareTestSupport.source(title: "Photo", offered: [.file]), with: "stdout")
    }
    #expect(
      throws: FolioError.invalidArgument(
        "Standard Output ('stdout') accepts text, csv, json but 'Empty' offers nothing")
    ) {
      try registry.share(ShareTestSupport.source(title: "Empty", offered: []), with: "stdout")
    }
  }

  @Test("an unknown target is refused with a suggestion and the list of targets")
  func unknownTarget() {
    let registry = ShareRegistry()
    #expect(
      throws: FolioError.invalidArgument(
        "no share target 'mial'; did you mean 'mail'? (targets: file, stdout, mail)")
    ) {
      try registry.share(ShareTestSupport.source(offered: Self.table), with: "mial")
    }
    #expect(throws: FolioError.invalidArgument("no share target 'printer' (targets: file, stdout, mail)")) {
      try registry.share(ShareTestSupport.source(offered: Self.table), with: "printer")
    }
  }

  @Test("representation names parse, and an unknown one lists them all")
  func names() throws {
    for representation in Representation.allCases {
      #expect(try Representation(named: representation.rawValue) == representation)
    }
    #expect(
      throws: FolioError.invalidArgument(
        "unknown representation 'xml'; representations: file, text, csv, json")
    ) {
      try Representation(named: "xml")
    }
    #expect(throws: FolioError.self) { try Representation(named: "CSV") }
  }
}
