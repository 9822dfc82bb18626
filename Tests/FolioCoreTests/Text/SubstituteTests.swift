import Testing

@testable import FolioCore

/// `substitute`: replacements with groups, one undo step, no step when nothing matches, and
/// untouched cells left as they are.
@Suite struct SubstituteTests {
  @Test(
    "a regex replacement takes $1…$9 as groups, $0 as the match, $$ as a dollar",
    arguments: [
      ("([a-z]+)-([0-9]+)", "$2:$1", "ab-12 cd-3", "12:ab 3:cd"),
      ("[0-9]+", "$$$0", "cost 5 and 12", "cost $5 and $12"),
      ("x*", "-", "xa", "-a-"),
      ("(a)|(b)", "[$2]", "ab", "[][b]"),
    ])
  func regexReplacements(pattern: String, replacement: String, text: String, expected: String) throws {
    let pattern = try TextPattern(pattern, kind: .regex)
    let template = try ReplacementTemplate(replacement, groupCount: pattern.groupCount)
    #expect(try template.replacing(pattern, in: text)?.text == expected)
  }

  @Test("a plain replacement is its text as it is, $1 included")
  func plainReplacement() throws {
    let pattern = try TextPattern("cat")
    let template = try ReplacementTemplate("$1 dog", groupCount: pattern.groupCount)
    #expect(try template.replacing(pattern, in: "Cat and cat")?.text == "$1 dog and $1 dog")
    #expect(try template.replacing(pattern, in: "dog") == nil)
  }

  @Test("a replacement naming a group the expression lacks, or a stray $, is refused with its values")
  func badReplacements() {
    #expect {
      _ = try ReplacementTemplate("$2", groupCount: 1)
    } throws: { ($0 as? FolioError)?.code == .invalidArgument && ($0 as? FolioError)?.values["group"] == "2" }
    #expect {
      _ = try ReplacementTemplate("$x", groupCount: 1)
    } throws: {
      ($0 as? FolioError)?.code == .invalidArgument && ($0 as? FolioError)?.values["replacement"] == "$x"
    }
  }

  @Test("a regex matching part of a character is refused rather than writing broken text")
  func splitCharacter() throws {
    let pattern = try TextPattern("^.", kind: .regex)
    let template = try ReplacementTemplate("x", groupCount: pattern.groupCount)
    #expect {
      _ = try template.replacing(pattern, in: "é")
    } throws: {
      ($0 as? FolioError)?.code == .invalidArgument && ($0 as? FolioError)?.values["pattern"] == "^."
    }
  }

  private static func table(_ csv: String) throws -> (Workspace, Document) {
    let workspace = Workspace(store: nil, currentDirectory: "/", home: nil)
    let document = try workspace.newDocument(kind: .table, columns: ["x"])
    document.content = .table(try DelimitedFormat.decodeTable(Array(csv.utf8), delimiter: .comma))
    return (workspace, document)
  }

  private static func cells(_ document: Document) throws -> [[String]] {
    try document.readTable { table in (0..<table.rowCount).map { table.cells(ofRow: $0).map(\.description) } }
  }

  @Test("substitute in a table is one undo step; undo gives back every cell; other cells are not touched")
  func tableSubstitute() throws {
    let (workspace, document) = try Self.table("name,city\nCanal,Cannes\nDock,Bern\n\"Can\",x\n")
    let before = try Self.cells(document)
    let report = try workspace.substitute(
      try TextPattern("can"), with: try ReplacementTemplate("K", groupCount: nil), in: document)
    #expect(
      report
        == SubstituteReport(
          document: document.title, isTable: true, pattern: "can", replacements: 3, changed: 3))
    #expect(try Self.cells(document) == [["Kal", "Knes"], ["Dock", "Bern"], ["K", "x"]])
    #expect(document.undoStack.undoName == "Substitute")
    // Row 2 had no match: it is still the record read from the file, not a stored copy.
    #expect(try document.readTable { $0.locations[1] } >= 0)
    _ = try workspace.undo(document)
    #expect(try Self.cells(document) == before)
    #expect(document.undoStack.undoName == nil)
  }

  @Test("a substitute that matches nothing, or writes what was there, is no edit")
  func noEdit() throws {
    let (workspace, document) = try Self.table("name\nCanal\n")
    let none = try workspace.substitute(
      try TextPattern("zzz"), with: try ReplacementTemplate("y", groupCount: nil), in: document)
    #expect(none.changed == 0)
    let same = try workspace.substitute(
      try TextPattern("Canal", isCaseSensitive: true),
      with: try ReplacementTemplate("Canal", groupCount: nil),
      in: document)
    #expect(same.changed == 0)
    #expect(!document.isDirty)
    #expect(document.undoStack.undoName == nil)
  }

  @Test(
    "substitute on lines and columns narrows it; a replacement breaking a line is refused, nothing changed")
  func narrowed() throws {
    let (workspace, document) = try Self.table("a,b\nx,x\nx,x\nx,x\n")
    _ = try workspace.substitute(
      try TextPattern("x"), with: try ReplacementTemplate("y", groupCount: nil), in: document, columns: [1],
      positions: [2, 3])
    #expect(try Self.cells(document) == [["x", "x"], ["x", "y"], ["x", "y"]])

    let text = try workspace.newDocument(kind: .text, columns: [])
    text.content = .text(TextContent(lines: ["one", "two"]))
    #expect {
      _ = try workspace.substitute(
        try TextPattern("o"), with: try ReplacementTemplate("\n", groupCount: nil), in: text)
    } throws: { ($0 as? FolioError)?.code == .invalidArgument && ($0 as? FolioError)?.values["line"] == "1" }
    if case .text(let content) = text.content { #expect(content.lines == ["one", "two"]) }
    #expect(text.undoStack.undoName == nil)
  }
}
