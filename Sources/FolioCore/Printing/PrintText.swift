/// Text operations on the print grid: cleaning, truncating, padding and wrapping, all
/// measured in cells (see `Unicode.Scalar.cells`).
enum PrintText {
  /// Columns between tab stops when a tab is expanded.
  static let tabWidth = 8

  /// Splits a document line at any line breaks it still contains and cleans each part
  /// with ``cleanLine(_:)``.
  static func physicalLines(_ line: String) -> [String] {
    if line.isPrintableASCII || !line.unicodeScalars.contains(where: \.isControlOrBreak) { return [line] }
    return line.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(cleanLine)
  }

  /// Expands tabs to the next multiple of ``tabWidth`` columns and shows other control
  /// characters as U+FFFD, so that every character on a page takes the cells it is
  /// counted for.
  static func cleanLine(_ line: Substring) -> String {
    if !line.unicodeScalars.contains(where: \.isControlOrBreak) { return String(line) }
    var result = ""
    var column = 0
    for character in line {
      if character == "\t" {
        let spaces = tabWidth - column % tabWidth
        result += String(repeating: " ", count: spaces)
        column += spaces
      } else if character.isControl {
        result += "\u{FFFD}"
        column += 1
      } else {
        result.append(character)
        column += character.cells
      }
    }
    return result
  }

  /// Puts a table cell or a title on one line: line breaks and tabs become blanks, other
  /// control characters U+FFFD.
  static func cleanCell(_ text: String) -> String {
    if text.isPrintableASCII || !text.unicodeScalars.contains(where: \.isControlOrBreak) { return text }
    var result = ""
    for character in text {
      if character == "\t" || character.isNewline {
        result += " "
      } else if character.isControl {
        result += "\u{FFFD}"
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// The text padded with blanks to `width` cells, on the right or, for right alignment,
  /// on the left.
  static func padded(_ text: String, toCells width: Int, alignedRight: Bool = false) -> String {
    let missing = width - text.cells
    guard missing > 0 else { return text }
    let padding = String(repeating: " ", count: missing)
    return alignedRight ? padding + text : text + padding
  }

  /// The text without the blanks at its end.
  static func trimmingTrailingBlanks<Text: StringProtocol>(_ text: Text) -> String {
    guard text.last == " " else { return String(text) }
    var end = text.endIndex
    while end > text.startIndex, text[text.index(before: end)] == " " {
      end = text.index(before: end)
    }
    return String(text[..<end])
  }

  /// Breaks a clean line into lines of at most `width` cells.
  ///
  /// A line breaks at the last blank that fits, and the blanks at the break are dropped;
  /// a word longer than a whole line breaks where the line is full. A character is never
  /// split, and a wide character that would straddle the edge moves to the next line.
  /// Leading blanks (indentation) stay on the first line, unless they fill a whole line.
  ///
  /// - Returns: At least one line, each without trailing blanks.
  static func wrap(_ line: String, toCells width: Int) -> [String] {
    if line.cells <= width { return [trimmingTrailingBlanks(line)] }
    let characters = Array(line)
    let widths = characters.map(\.cells)
    var lines: [String] = []
    var start = 0
    while start < characters.count {
      var end = start
      var used = 0
      while end < characters.count, end == start || used + widths[end] <= width {
        used += widths[end]
        end += 1
      }
      if end == characters.count {
        let rest = trimmingTrailingBlanks(String(characters[start..<end]))
        if !rest.isEmpty { lines.append(rest) }
        break
      }
      // Indentation wider than a whole line is dropped rather than printed as blank lines.
      if characters[start..<end].allSatisfy({ $0 == " " }) {
        while start < characters.count, characters[start] == " " { start += 1 }
        continue
      }
      // A break at a blank needs a word before it, so indentation alone is never a line.
      let blank = stride(from: end, to: start, by: -1).first {
        characters[$0] == " " && characters[$0 - 1] != " "
      }
      if let blank {
        lines.append(String(characters[start..<blank]))
        start = blank
        while start < characters.count, characters[start] == " " { start += 1 }
      } else {
        lines.append(String(characters[start..<end]))
        start = end
      }
    }
    return lines.isEmpty ? [""] : lines
  }
}

extension Unicode.Scalar {
  /// Whether this is a control character or a line or paragraph separator: the scalars
  /// that need cleaning before they can be printed.
  fileprivate var isControlOrBreak: Bool {
    value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
  }
}

extension Character {
  /// Whether this is a control character (C0, DEL or C1), which has no glyph.
  fileprivate var isControl: Bool {
    unicodeScalars.first?.properties.generalCategory == .control
  }
}
