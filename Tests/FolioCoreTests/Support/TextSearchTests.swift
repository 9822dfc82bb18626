import Testing

@testable import FolioCore

/// Text searched for text by its UTF-8 bytes, and JSON's number shape checked by hand.
@Suite struct TextSearchTests {
  @Test("range(ofText:) finds the first occurrence at or after a start, by bytes")
  func ranges() throws {
    let text = "café, cafe and café"
    let first = try #require(text.range(ofText: "café"))
    #expect(text[first] == "café" && first.lowerBound == text.startIndex)
    let second = try #require(text.range(ofText: "café", from: first.upperBound))
    #expect(text[second.upperBound...].isEmpty)
    #expect(text.range(ofText: "") == nil)
    #expect(text.range(ofText: "tea") == nil)
    #expect("ab".range(ofText: "abc") == nil)
    #expect(text.range(ofText: "é", from: text.endIndex) == nil)
    // In a substring, ranges are the substring's own.
    let tail = text.dropFirst(6)
    let inTail = try #require(tail.range(ofText: "cafe"))
    #expect(tail[inTail] == "cafe" && inTail.lowerBound == tail.startIndex)
    // A start before the substring's own searches from its start, never before it.
    let base = "abcXdef"
    #expect(base.dropFirst(4).range(ofText: "X", from: base.startIndex) == nil)
    #expect(
      base.dropFirst(3).range(ofText: "X", from: base.startIndex)?.lowerBound
        == base.utf8.index(base.startIndex, offsetBy: 3))
  }

  @Test("a pattern matches before a combining mark, which character comparison would not")
  func bytesNotCharacters() {
    let quoteWithAccent = "it'\u{301}s"
    #expect(quoteWithAccent.containsText("'"))
    #expect(!quoteWithAccent.contains("'" as Character))
    #expect(quoteWithAccent.replacingText("'", with: "'\\''") == "it'\\''\u{301}s")
  }

  @Test("replacingText replaces every occurrence left to right without overlaps")
  func replacing() {
    #expect("aaaa".replacingText("aa", with: "b") == "bb")
    #expect("a%b%".replacingText("%", with: "%25") == "a%25b%25")
    #expect("none here".replacingText("x", with: "y") == "none here")
    #expect("xx".replacingText("x", with: "") == "")
    #expect("".replacingText("x", with: "y") == "")
  }

  @Test("pieces(separatedBy:) keeps empty pieces at either end and between separators")
  func pieces() {
    #expect("a · b ·  · c".pieces(separatedBy: " · ") == ["a", "b", "", "c"])
    #expect("a · b · · c".pieces(separatedBy: " · ") == ["a", "b", "· c"])
    #expect(" · a · ".pieces(separatedBy: " · ") == ["", "a", ""])
    #expect("abc".pieces(separatedBy: " · ") == ["abc"])
    #expect("".pieces(separatedBy: ",") == [""])
  }

  @Test("isJSONNumber accepts exactly JSON's number shape")
  func jsonNumbers() {
    for text in ["0", "-0", "7", "-12", "3.25", "0.5", "1e9", "1E+9", "-2.5e-3", "10"] {
      #expect(TableCell.isJSONNumber(text), "\(text)")
    }
    for text in [
      "", "-", "01", "-01", "1.", ".5", "1e", "1e+", "+1", "1.2.3", "0x10", " 1", "1 ", "NaN", "１",
    ] {
      #expect(!TableCell.isJSONNumber(text), "\(text)")
    }
  }
}
