import FolioCore
import FolioPresentation
import Foundation
import Testing

@testable import FolioShell

/// Every command line the golden transcripts show a person to type works when typed back
/// exactly: it lexes whole and names a command.
@Suite struct GoldenSuggestionTests {
  private static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("FolioEndToEndTests/Scripts")

  /// The `'…'` spans of a line, in order, with the text before each: a span ends at a `'`
  /// followed by the end of the line or by anything but a letter or digit, so the `'` of
  /// `'choose "Don't Save"'` inside it does not end it.
  static func spans(in line: String) -> [(before: Substring, text: Substring)] {
    var spans: [(Substring, Substring)] = []
    var index = line.startIndex
    var previousEnd = line.startIndex
    while let open = line[index...].firstIndex(of: "'") {
      let start = line.index(after: open)
      var end = start
      while end < line.endIndex {
        let next = line.index(after: end)
        if line[end] == "'", next == line.endIndex || !(line[next].isLetter || line[next].isNumber) { break }
        end = next
      }
      guard end < line.endIndex else { break }
      spans.append((line[previousEnd..<open], line[start..<end]))
      index = line.index(after: end)
      previousEnd = index
    }
    return spans
  }

  /// The command lines a line suggests: each span whose first word is a command, and each
  /// title of a list that follows `choose` (`choose 'Save', 'Don't Save' or 'Cancel'`), which
  /// stands for `choose TITLE`.
  static func suggestions(in line: String, registry: CommandRegistry) -> [String] {
    var found: [String] = []
    var inChooseList = false
    for (before, text) in spans(in: line) {
      let lowered = before.lowercased()
      if lowered.hasSuffix("choose ") {
        inChooseList = true
      } else if !(inChooseList && (before == ", " || before == " or ")) {
        inChooseList = false
      }
      if inChooseList {
        found.append("choose " + text)
      } else if let first = text.split(separator: " ").first, registry.resolve(String(first)) != nil {
        found.append(String(text))
      }
    }
    return found
  }

  @Test("the scanner finds suggestions, quoted titles and all")
  func scanner() {
    let captured = CapturedShell()
    defer { withExtendedLifetime(captured) {} }
    let registry = captured.shell.registry
    #expect(
      Self.suggestions(
        in: #"error: no button 'x'; 'choose Save' or 'choose "Don't Save"' answers it"#, registry: registry)
        == ["choose Save", #"choose "Don't Save""#])
    #expect(
      Self.suggestions(in: "Choose 'Save', 'Don't Save' or 'Cancel'", registry: registry)
        == ["choose Save", "choose Don't Save", "choose Cancel"])
    #expect(Self.suggestions(in: "unknown command 'bogus'; 'help' lists", registry: registry) == ["help"])
  }

  @Test("every command line the goldens suggest lexes whole and names a command")
  func goldenSuggestionsTypeBack() throws {
    let captured = CapturedShell()
    defer { withExtendedLifetime(captured) {} }
    let registry = captured.shell.registry
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.scripts.path)
      .filter { $0.hasSuffix(".expected") }.sorted()
    #expect(names.count > 50)
    var checked = 0
    for name in names {
      let text = try String(contentsOf: Self.scripts.appendingPathComponent(name), encoding: .utf8)
      for line in text.split(separator: "\n") {
        for suggestion in Self.suggestions(in: String(line), registry: registry) {
          checked += 1
          do {
            guard case .complete(let commands) = try Lexer.lex(suggestion), !commands.isEmpty else {
              Issue.record("\(name): '\(suggestion)' is not a whole command")
              continue
            }
            for command in commands where registry.resolve(command.words[0].text) == nil {
              Issue.record("\(name): '\(suggestion)' names no command")
            }
          } catch {
            Issue.record("\(name): '\(suggestion)' does not lex: \(error)")
          }
        }
      }
    }
    #expect(checked > 200)
  }
}
