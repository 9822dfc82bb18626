import FolioCore

/// A one-line text field: editing a cell in place, the `/` find pattern, the `:` command line.
/// Left and right move the caret, Home and End go to the ends, Backspace deletes before it.
struct LineField: Equatable {
  /// The text, a character at a time.
  private(set) var characters: [Character]
  /// The caret, before the character at this index.
  private(set) var caret: Int

  /// What a key did to the field.
  enum Outcome: Equatable {
    case edited
    /// Enter: the text is done.
    case submitted
    /// Escape: the text is dropped.
    case cancelled
  }

  init(_ text: String = "") {
    characters = Array(text)
    caret = characters.count
  }

  var text: String { String(characters) }

  mutating func handle(_ key: BrowseKey) -> Outcome {
    switch key {
    case .enter: return .submitted
    case .escape: return .cancelled
    case .left: caret = max(0, caret - 1)
    case .right: caret = min(characters.count, caret + 1)
    case .home, .control("a"): caret = 0
    case .end, .control("e"): caret = characters.count
    case .backspace:
      if caret > 0 {
        characters.remove(at: caret - 1)
        caret -= 1
      }
    case .control("u"):
      characters.removeSubrange(0..<caret)
      caret = 0
    case .character(let character):
      characters.insert(character, at: caret)
      caret += 1
    case .tab:
      characters.insert(" ", at: caret)
      caret += 1
    default: break
    }
    return .edited
  }

  /// The text before the caret, the character under it (a blank at the end) and after it,
  /// each on one line, for drawing.
  var pieces: (before: String, atCaret: String, after: String) {
    let before = String(characters[..<caret]).displayedOnOneLine
    guard caret < characters.count else { return (before, " ", "") }
    return (
      before, String(characters[caret]).displayedOnOneLine,
      String(characters[(caret + 1)...]).displayedOnOneLine
    )
  }
}
