import FolioCore
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
    #expect(completer.candidates(for: "", after: "option ") == ["color", "echo", "keep-going", "output"])
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
}
