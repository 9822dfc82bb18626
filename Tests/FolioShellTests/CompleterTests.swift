import FolioCore
import FolioPresentation
import Foundation
import Testing

@testable import FolioSession
@testable import FolioShell

@Suite struct CompleterTests {
  private static func completer(home: String? = nil) -> Completer {
    Completer(registry: CapturedShell().shell.session.registry, home: home)
  }

  @Test("the first word completes to command names and ids")
  func commandNames() {
    let completer = Self.completer()
    #expect(completer.candidates(for: "ec", after: "") == ["echo"])
    #expect(completer.candidates(for: "exi", after: "") == ["exit"])
    #expect(completer.candidates(for: "edit.u", after: "") == ["edit.undo"])
    #expect(completer.candidates(for: "option.k", after: "") == ["option.keep-going"])
    #expect(completer.candidates(for: "he", after: "echo a; ") == ["help"])
  }

  @Test("options, choices and states complete after the command")
  func arguments() {
    let completer = Self.completer()
    #expect(completer.candidates(for: "--f", after: "record x ") == ["--force"])
    #expect(
      completer.candidates(for: "", after: "option ") == ["color", "echo", "keep-going", "output", "pager"])
    #expect(completer.candidates(for: "j", after: "option output ") == ["json"])
    #expect(completer.candidates(for: "", after: "option echo ") == ["off", "on"])
    #expect(completer.candidates(for: "a", after: "option.color ") == ["always", "auto"])
    #expect(completer.candidates(for: "option.o", after: "run ") == ["option.output"])
    #expect(completer.candidates(for: "t", after: "run option.output ") == ["text"])
    #expect(completer.candidates(for: "rec", after: "help ") == ["recent", "record", "recover"])
  }

  @Test("path parameters complete files and folders, folders with a slash")
  func paths() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("scripts/tour.folio", "")
    try directory.write("scripts/tools.folio", "")
    try directory.write("scripts/.hidden.folio", "")
    let base = directory.url.path + "/"
    let completer = Self.completer(home: directory.url.path)
    #expect(completer.candidates(for: base + "scr", after: "source ") == [base + "scripts/"])
    #expect(
      completer.candidates(for: base + "scripts/to", after: "source ")
        == [base + "scripts/tools.folio", base + "scripts/tour.folio"])
    #expect(
      completer.candidates(for: base + "scripts/.h", after: "source ") == [base + "scripts/.hidden.folio"])
    #expect(completer.candidates(for: "~/scripts/tou", after: "source ") == ["~/scripts/tour.folio"])
  }

  @Test("a bare prefix offers names before dotted ids; a dot offers the ids")
  func namesBeforeIDs() {
    let completer = Self.completer()
    let bare = completer.candidates(for: "s", after: "")
    #expect(!bare.isEmpty)
    #expect(bare.allSatisfy { !$0.contains(".") }, "\(bare)")
    #expect(completer.candidates(for: "view.s", after: "") == ["view.show", "view.sort", "view.summary"])
  }

  @Test("session names complete: columns, menus, menu items and buttons, window titles; blanks escaped")
  func sessionNames() {
    var completer = Self.completer()
    completer.names = Completer.SessionNames(
      columns: { ["city", "name", "opening hours"] }, menus: { ["file", "edit", "view"] },
      choices: { ["Save All", "Cancel"] }, windows: { ["notes", "My Places"] },
      toolbarItems: { ["new", "favorite", "share"] })
    #expect(completer.candidates(for: "c", after: "sort ") == ["city"])
    #expect(completer.candidates(for: "o", after: "sort name ") == ["opening hours"])
    #expect(completer.candidates(for: "city:", after: "sort ") == ["city:asc", "city:desc"])
    #expect(completer.candidates(for: "city:d", after: "sort name ") == ["city:desc"])
    #expect(completer.candidates(for: "town:", after: "sort ").isEmpty)
    #expect(completer.candidates(for: "--c", after: "sort ") == ["--clear"])
    #expect(completer.candidates(for: "columns=n", after: "show 1-5 ") == ["columns=name"])
    #expect(completer.candidates(for: "columns=name,c", after: "show ") == ["columns=name,city"])
    #expect(completer.candidates(for: "", after: "cell 3 ") == ["city", "name", "opening hours"])
    #expect(completer.candidates(for: "", after: "cell 3 city ").isEmpty)
    #expect(completer.candidates(for: "f", after: "menu ") == ["file"])
    #expect(completer.candidates(for: "o", after: "menu ") == ["open"])
    #expect(completer.candidates(for: "v", after: "menu open ") == ["view"])
    #expect(completer.candidates(for: "e", after: "explain ") == ["edit"])
    #expect(completer.candidates(for: "t", after: "explain ") == ["toolbar"])
    #expect(completer.candidates(for: "f", after: "explain toolbar ") == ["favorite"])
    #expect(completer.candidates(for: "f", after: "explain file ").isEmpty)
    #expect(completer.candidates(for: "S", after: "choose ") == ["Save All"])
    #expect(completer.candidates(for: "M", after: "focus ") == ["My Places"])
  }

  @Test("paths with blanks complete as one word")
  func pathsWithBlanks() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("My Places/a.csv", "")
    let completer = Self.completer()
    #expect(
      completer.candidates(for: directory.path("My"), after: "open ") == [directory.path("My Places") + "/"])
  }

  @Test("a typed word is read with its quotes and escapes")
  func typedWords() {
    let cases: [(line: String, before: String, typed: String, value: String, quoting: TypedWord.Quoting)] = [
      ("", "", "", "", .none),
      ("open ", "open ", "", "", .none),
      ("open my\\ fi", "open ", "my\\ fi", "my fi", .none),
      ("open \"my fi", "open ", "\"my fi", "my fi", .double),
      ("open 'it''s", "open ", "'it''s", "its", .single),
      ("open \"a\\\"b", "open ", "\"a\\\"b", "a\"b", .double),
      ("echo a; op", "echo a; ", "op", "op", .none),
      ("open \"a b\" c", "open \"a b\" ", "c", "c", .none),
    ]
    for entry in cases {
      let word = TypedWord(endingLine: entry.line)
      #expect(word?.lineBefore == entry.before, "\(entry.line)")
      #expect(word?.typed == entry.typed, "\(entry.line)")
      #expect(word?.value == entry.value, "\(entry.line)")
      #expect(word?.quoting == entry.quoting, "\(entry.line)")
    }
    #expect(TypedWord(endingLine: "open my\\") == nil)
    #expect(TypedWord(endingLine: "echo a # open") == nil)
    #expect(TypedWord(endingLine: "open \"a\\x") == nil)
  }

  @Test("completions keep what was typed and write the rest in its quoting")
  func completionsInQuoting() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("my file.csv", "")
    try directory.write("my files.txt", "")
    try directory.write("it's.csv", "")
    try directory.write("my folder/a.csv", "")
    let completer = Self.completer()
    func completions(_ line: String) -> [String] {
      TypedWord(endingLine: line).map(completer.completions(of:)) ?? []
    }
    let base = directory.url.path + "/"
    #expect(completions("open \(base)my\\ fi") == ["\(base)my\\ file.csv", "\(base)my\\ files.txt"])
    #expect(completions("open \(base)my\\ file.") == ["\(base)my\\ file.csv"])
    #expect(
      completions("open \(base)my") == [
        "\(base)my\\ file.csv", "\(base)my\\ files.txt", "\(base)my\\ folder/",
      ])
    #expect(completions("open \"\(base)my fi") == ["\"\(base)my file.csv", "\"\(base)my files.txt"])
    #expect(completions("open \"\(base)my file.") == ["\"\(base)my file.csv\""])
    #expect(completions("open \"\(base)my fo") == ["\"\(base)my folder/"])
    #expect(completions("open '\(base)my file.") == ["'\(base)my file.csv'"])
    #expect(completions("open '\(base)it") == ["'\(base)it'\\''s.csv'"])
    #expect(completions("open \(base)it") == ["\(base)it\\'s.csv"])
    #expect(completions("open \"\(base)it") == ["\"\(base)it's.csv\""])
  }

  @Test("completions write control and bidirectional characters escaped, in double quotes")
  func escapedCompletions() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("a\u{1B}[2Jb.csv", "")
    try directory.write("a\u{202E}vsc.txt", "")
    let base = directory.url.path + "/"
    let completer = Self.completer()
    let word = try #require(TypedWord(endingLine: "open " + base + "a"))
    let completions = completer.completions(of: word)
    #expect(completions == [base + #"a"\u{1B}[2Jb.csv""#, base + #"a"\u{202E}vsc.txt""#], "\(completions)")
    let quoted = try #require(TypedWord(endingLine: "open \"" + base + "a"))
    let inQuotes = completer.completions(of: quoted)
    #expect(inQuotes == ["\"" + base + #"a\u{1B}[2Jb.csv"#, "\"" + base + #"a\u{202E}vsc.txt"#])
    let single = try #require(TypedWord(endingLine: "open '" + base + "a"))
    #expect(completer.completions(of: single).first == "'" + base + #"a'"\u{1B}[2Jb.csv"'"#)
    for completion in completions + inQuotes.map({ $0 + "\"" }) {
      #expect(!completion.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
      guard case .complete(let commands) = try Lexer.lex("open " + completion) else {
        Issue.record("\(completion) does not lex")
        continue
      }
      #expect(commands.first?.words.count == 2)
      #expect(FileManager.default.fileExists(atPath: commands.first?.words.last?.text ?? ""), "\(completion)")
    }
    // Column names and plugin ids from the session are escaped the same way.
    var names = Completer.SessionNames()
    names.columns = { ["ci\u{1B}]0;x\u{7}ty"] }
    let captured = CapturedShell()
    defer { withExtendedLifetime(captured) {} }
    let columns = Completer(registry: captured.shell.session.registry, home: nil, names: names)
    let column = try #require(TypedWord(endingLine: "sort ci"))
    #expect(columns.completions(of: column) == [#"ci"\u{1B}]0;x\u{7}ty""#])
  }
}
