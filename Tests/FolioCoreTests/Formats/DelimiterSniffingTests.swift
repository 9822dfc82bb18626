import FolioTestSupport
import Testing

@testable import FolioCore

/// A CSV's delimiter told from its first records, or given, and kept for saving (issue 36 §6).
@Suite struct DelimiterSniffingTests {
  private static func sniff(_ text: String) -> DelimitedDialect.Delimiter {
    Array(text.utf8).withUnsafeBufferPointer { DelimitedDialect.sniff($0, from: 0) }
  }

  @Test("each of , ; tab and | is told from the records it splits alike")
  func candidates() {
    #expect(Self.sniff("a,b\n1,2\n") == .comma)
    #expect(Self.sniff("name;price\nfoo;1,50\nbar;2,75\n") == .semicolon)
    #expect(Self.sniff("a\tb\n1\t2\n") == .tab)
    #expect(Self.sniff("a|b|c\n1|2|3\n") == .pipe)
  }

  @Test("semicolons in a comma file's cells, a quoted delimiter, one column: the right answer")
  func awkward() {
    #expect(Self.sniff("id,comment\n1,a;b\n2,c;d\n") == .comma)
    #expect(Self.sniff("a;b\n\"x,y\";1\n\"z,w\";2\n") == .semicolon)
    #expect(Self.sniff("name\nBob\n") == .comma)
    #expect(Self.sniff("") == .comma)
  }

  private static func workspace() throws -> (Workspace, TemporaryFolder) {
    let folder = try TemporaryFolder()
    return (Workspace(store: nil, currentDirectory: folder.url.path, home: nil), folder)
  }

  @Test("a ; file opens with its columns and saves back with ; and the untouched rows' bytes")
  func semicolonSavedBack() throws {
    let (workspace, folder) = try Self.workspace()
    try folder.write("prices.csv", "name;price\n\"Tea\";1,50\nCake;2,75\n")
    let document = try workspace.open(folder.path("prices.csv")).document
    guard case .table(let table) = document.content else {
      Issue.record("not a table")
      return
    }
    #expect(table.columns == ["name", "price"])
    try workspace.setCell(position: 2, columnNamed: "price", to: "3,00", in: document)
    try workspace.save(document)
    #expect(try folder.read("prices.csv") == "name;price\n\"Tea\";1,50\nCake;3,00\n")
  }

  @Test("a .csv holding tabs saves back with tabs; saved as .tsv a ; file takes tabs")
  func tabInCSV() throws {
    let (workspace, folder) = try Self.workspace()
    try folder.write("t.csv", "a\tb\n1\t2\n")
    let document = try workspace.open(folder.path("t.csv")).document
    try workspace.setCell(position: 1, columnNamed: "b", to: "3", in: document)
    try workspace.save(document)
    #expect(try folder.read("t.csv") == "a\tb\n1\t3\n")

    try folder.write("s.csv", "a;b\n1;2\n")
    let other = try workspace.open(folder.path("s.csv")).document
    try workspace.save(other, as: folder.path("s.tsv"))
    #expect(try folder.read("s.tsv") == "a\tb\n1\t2\n")
  }

  @Test("a given delimiter wins over the one sniffed, and revert reads with it again")
  func given() throws {
    let (workspace, folder) = try Self.workspace()
    try folder.write("x.csv", "a;b,c\n1;2,3\n")
    let sniffed = try workspace.open(folder.path("x.csv")).document
    guard case .table(let byComma) = sniffed.content else {
      Issue.record("not a table")
      return
    }
    #expect(byComma.columns == ["a;b", "c"])
    workspace.close(sniffed)
    let document = try workspace.open(folder.path("x.csv"), options: ReadOptions(delimiter: .semicolon))
      .document
    guard case .table(let table) = document.content else {
      Issue.record("not a table")
      return
    }
    #expect(table.columns == ["a", "b,c"])
    try workspace.setCell(position: 1, columnNamed: "a", to: "9", in: document)
    try workspace.revert(document)
    guard case .table(let reverted) = document.content else {
      Issue.record("not a table")
      return
    }
    #expect(reverted.columns == ["a", "b,c"])
  }

  @Test("a delimiter for a text or JSON file is refused, naming the format; nothing opens")
  func notDelimited() throws {
    let (workspace, folder) = try Self.workspace()
    try folder.write("n.txt", "one\n")
    #expect {
      try workspace.open(folder.path("n.txt"), options: ReadOptions(delimiter: .semicolon))
    } throws: { error in
      (error as? FolioError)?.cause?.message
        == "only CSV and TSV files have a delimiter; this one is read as text"
    }
    #expect(workspace.documents.isEmpty)
  }
}
