import Testing

@testable import FolioCore

/// What `find` and `substitute` match: plain text of either case by default, exact case,
/// whole words, and POSIX extended regular expressions through glibc.
@Suite struct TextPatternTests {
  /// The matched texts of `pattern` in `text`.
  private static func found(_ pattern: TextPattern, in text: String) -> [String] {
    let bytes = Array(text.utf8)
    return pattern.allMatches(in: text).map { String(decoding: bytes[$0.range], as: UTF8.self) }
  }

  @Test(
    "plain text matches either case by default, and only its own with --case",
    arguments: [
      ("cat", false, "Cat cat CAT scatter", ["Cat", "cat", "CAT", "cat"]),
      ("cat", true, "Cat cat CAT scatter", ["cat", "cat"]),
      ("é", false, "Évora é café", ["É", "é", "é"]),
      ("É", true, "Évora é", ["É"]),
      ("蔦", false, "蔦屋 蔦", ["蔦", "蔦"]),
      ("aa", false, "aaaa", ["aa", "aa"]),
      ("x", false, "", []),
    ])
  func plainText(pattern: String, isCaseSensitive: Bool, text: String, expected: [String]) throws {
    let pattern = try TextPattern(pattern, isCaseSensitive: isCaseSensitive)
    #expect(Self.found(pattern, in: text) == expected)
  }

  @Test("--whole matches only where no letter, digit or _ touches the match")
  func wholeWords() throws {
    let pattern = try TextPattern("cat", matchesWholeWords: true)
    #expect(Self.found(pattern, in: "cat scatter cat_ (Cat) cats catécat 2cat cat") == ["cat", "Cat", "cat"])
    let regex = try TextPattern("ca[a-z]", kind: .regex, matchesWholeWords: true)
    #expect(Self.found(regex, in: "scab cab cabs can") == ["cab", "can"])
  }

  @Test("a regular expression is POSIX ERE: groups, alternation, anchors, either case by default")
  func regularExpressions() throws {
    let pattern = try TextPattern("(b|c)a([a-z]+)", kind: .regex)
    let matches = pattern.allMatches(in: "bat, Cart and car")
    #expect(matches.map(\.range) == [0..<3, 5..<9, 14..<17])
    #expect(matches[0].groups == [0..<1, 2..<3])
    #expect(Self.found(try TextPattern("^a", kind: .regex), in: "aaa") == ["a"])
    #expect(Self.found(try TextPattern("a$", kind: .regex), in: "aaa") == ["a"])
    #expect(Self.found(try TextPattern("A", kind: .regex, isCaseSensitive: true), in: "aAa") == ["A"])
    #expect(Self.found(try TextPattern("[0-9]+", kind: .regex), in: "id 12, 345") == ["12", "345"])
  }

  @Test("an empty match moves on by one character, so every position is tried once")
  func emptyMatches() throws {
    let pattern = try TextPattern("x*", kind: .regex)
    #expect(pattern.allMatches(in: "aé").map(\.range) == [0..<0, 1..<1, 3..<3])
  }

  @Test("a NUL byte inside the text is text: the match after it is found")
  func nulInText() throws {
    #expect(Self.found(try TextPattern("b+", kind: .regex), in: "a\u{0}bb") == ["bb"])
    #expect(Self.found(try TextPattern("b"), in: "a\u{0}b") == ["b"])
  }

  @Test(
    "a bad regular expression is an invalid-argument error carrying regerror's text",
    arguments: ["(unclosed", "a{2", "[z-a]", "*"])
  func badRegex(pattern: String) {
    #expect {
      _ = try TextPattern(pattern, kind: .regex)
    } throws: { error in
      guard let error = error as? FolioError else { return false }
      return error.code == .invalidArgument && error.values["pattern"] == pattern
        && !(error.values["reason"] ?? "").isEmpty
        && error.message == "'\(pattern)' is not a regular expression: \(error.values["reason"] ?? "")"
    }
  }

  @Test("an empty pattern is refused, with its code")
  func emptyPattern() {
    #expect {
      _ = try TextPattern("")
    } throws: {
      ($0 as? FolioError)?.code == .invalidArgument && ($0 as? FolioError)?.values["pattern"] == ""
    }
  }

  @Test("a regular expression holding a NUL byte is refused rather than cut short")
  func nulInPattern() {
    #expect {
      _ = try TextPattern("a\u{0}b", kind: .regex)
    } throws: { ($0 as? FolioError)?.code == .invalidArgument }
  }

  private static func table(_ csv: String) throws -> (Workspace, Document) {
    let workspace = Workspace(store: nil, currentDirectory: "/", home: nil)
    let document = try workspace.newDocument(kind: .table, columns: ["x"])
    document.content = .table(try DelimitedFormat.decodeTable(Array(csv.utf8), delimiter: .comma))
    return (workspace, document)
  }

  @Test("find in a table lists each match by row, id and column, counts the rows, and changes nothing")
  func findInTable() throws {
    let (workspace, document) = try Self.table("name,city\nCafé Central,Wien\nCanal,Venice\nDock,Cancún\n")
    let (report, ids) = try workspace.find(try TextPattern("can"), in: document)
    #expect(report.matchCount == 2)
    #expect(report.lineCount == 2)
    #expect(ids == [2, 3])
    #expect(
      report.matches == [
        FindMatch(number: 1, position: 2, rowID: 2, column: 0, text: "Canal", range: 0..<3),
        FindMatch(number: 2, position: 3, rowID: 3, column: 1, text: "Cancún", range: 0..<3),
      ])
    let (cityOnly, _) = try workspace.find(try TextPattern("can"), in: document, columns: [1])
    #expect(cityOnly.matches.map(\.position) == [3])
    #expect(!document.isDirty)
    #expect(document.undoStack.undoName == nil)
  }

  @Test("find counts every match but lists at most FindReport.listLimit")
  func listLimit() throws {
    let workspace = Workspace(store: nil, currentDirectory: "/", home: nil)
    let document = try workspace.newDocument(kind: .text, columns: [])
    let count = FindReport.listLimit + 5
    document.content = .text(TextContent(lines: Array(repeating: "a a", count: count)))
    let (report, _) = try workspace.find(try TextPattern("a"), in: document)
    #expect(report.matchCount == 2 * count)
    #expect(report.lineCount == count)
    #expect(report.matches.count == FindReport.listLimit)
    #expect(report.isCut)
  }

  @Test("a cancelled find stops with interrupted and lists nothing")
  func cancelled() throws {
    let workspace = Workspace(store: nil, currentDirectory: "/", home: nil)
    let document = try workspace.newDocument(kind: .text, columns: [])
    document.content = .text(TextContent(lines: Array(repeating: "needle", count: 10_000)))
    workspace.cancellation.cancel()
    defer { workspace.cancellation.reset() }
    #expect {
      _ = try workspace.find(try TextPattern("needle"), in: document)
    } throws: { ($0 as? FolioError)?.code == .interrupted }
  }
}
