import Testing

@testable import FolioCore

@Suite struct FuzzyMatcherTests {
  @Test("every character must appear in order")
  func subsequence() {
    #expect(FuzzyMatcher.score("opt", in: "option.output") != nil)
    #expect(FuzzyMatcher.score("tpo", in: "option.output") == nil)
    #expect(FuzzyMatcher.score("toolong", in: "tool") == nil)
    #expect(FuzzyMatcher.score("", in: "anything") == 0)
  }

  @Test("the ASCII shortcut and the full match agree, with and without other scripts")
  func asciiShortcut() {
    let names = [
      "option.output", "Command Palette", "Café Central", "ÉTÉ", "a_b-c d", "[x]{y}@z", "αβγ.save",
    ]
    let patterns = [
      "", "o", "OO", "cp", "é", "É", "caf", "ete", "abcd", "xyz", "[", "@", "save", "sav e", "q",
    ]
    for name in names {
      for pattern in patterns {
        let lowered = Array(name.lowercased())
        let wanted = Array(pattern.lowercased().filter { $0 != " " })
        var index = lowered.startIndex
        let inOrder = wanted.allSatisfy { character in
          guard let found = lowered[index...].firstIndex(of: character) else { return false }
          index = found + 1
          return true
        }
        #expect((FuzzyMatcher.score(pattern, in: name) != nil) == inOrder, "\(pattern) in \(name)")
      }
    }
  }

  @Test("matching is case-insensitive and ignores spaces in the filter")
  func caseAndSpaces() {
    #expect(FuzzyMatcher.score("OO", in: "option.output") == FuzzyMatcher.score("oo", in: "option.output"))
    #expect(FuzzyMatcher.score("cmd pal", in: "Command Palette") != nil)
  }

  @Test("word starts and consecutive runs beat scattered matches")
  func ranking() throws {
    let boundary = try #require(FuzzyMatcher.score("oo", in: "option.output"))
    let scattered = try #require(FuzzyMatcher.score("oo", in: "photo"))
    #expect(boundary > scattered)
    let run = try #require(FuzzyMatcher.score("echo", in: "shell.echo"))
    let spread = try #require(FuzzyMatcher.score("echo", in: "seethecharmorder"))
    #expect(run > spread)
  }

  @Test("prepared names score exactly as characters made anew, ASCII or not")
  func bytesAgreeWithCharacters() {
    let names = [
      "option.output", "Command Palette", "document.saveAs", "a_b-c d", "[x]{y}@z", "shell.commands", "ABC",
      "aBcDeF",
      "save", "s", "", "Save As…", "Café Central", "ÉTÉ", "αβγ.save", "Ｓave",
      // Characters that lower to ASCII (the Kelvin sign) or hold an ASCII letter and more.
      "\u{212A}elvin…", "İstanbul…", "Cafe\u{301} Save…", "ﬁle.save…", "a\u{0}b…",
    ]
    let patterns = [
      "", "s", "sav", "SAV", "sa v", "oo", "cp", "cmd pal", "abc", "bd", "xyz", "[", "@", "ds", "zzz",
      "k", "kel", "ist", "i", "e", "cafe", "fi", "file", "ab", "é", "…",
    ]
    for name in names {
      for pattern in patterns {
        let filter = FuzzyMatcher.Filter(pattern)
        let prepared = FuzzyMatcher.Name(name)
        #expect(
          FuzzyMatcher.score(filter, in: prepared) == FuzzyMatcher.scoreByCharacters(filter, in: prepared),
          "\(pattern) in \(name)")
      }
    }
  }
}
