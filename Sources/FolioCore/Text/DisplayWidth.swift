extension Unicode.Scalar {
  /// The grid cells the scalar takes when printed: 0 for combining marks and other
  /// zero-width characters, 2 for wide East Asian characters and emoji, 1 for the rest.
  ///
  /// A character's cells are the sum over its scalars, which counts an emoji sequence
  /// joined with U+200D as the sum of its emoji: DejaVu Sans Mono has no emoji, so such a
  /// sequence prints as a row of empty boxes rather than one picture.
  ///
  /// The wide ranges follow Unicode's East Asian Width classes W and F and the emoji that
  /// default to emoji presentation, closely enough for a monospace page; characters of
  /// ambiguous width (box drawing, ★, ✓) take one cell, as they do in DejaVu Sans Mono.
  public var cells: Int {
    if value < 0x7F { return value < 0x20 ? 0 : 1 }
    // Latin-1 and Latin Extended, the most common non-ASCII text, skip the category lookup:
    // only the C1 controls and the soft hyphen take no cell.
    if value < 0x300 { return value < 0xA0 || value == 0xAD ? 0 : 1 }
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    // Hangul vowels and final consonants join the preceding initial consonant's cell, and
    // skin-tone modifiers the emoji before them.
    if (0x1160...0x11FF).contains(value) || (0x1F3FB...0x1F3FF).contains(value) { return 0 }
    return Self.isWide(value) ? 2 : 1
  }

  private static func isWide(_ value: UInt32) -> Bool {
    if value < 0x1100 { return false }
    // The table is sorted, so the first range that ends at or after the value decides.
    for range in wideRanges where value <= range.upperBound {
      return value >= range.lowerBound
    }
    return false
  }

  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
    0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
    0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
    0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
    0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
    0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
    0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
    0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
    0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
    0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18AFF, 0x1B000...0x1B2FF,
    0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
    0x1F200...0x1F2FF, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB,
    0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]
}

extension Character {
  /// The grid cells the character takes: the sum over its scalars, so "e" with a
  /// combining accent takes one.
  public var cells: Int {
    var total = 0
    for scalar in unicodeScalars { total += scalar.cells }
    return total
  }
}

extension StringProtocol {
  /// The grid cells the text takes when printed.
  public var cells: Int {
    if isPrintableASCII { return utf8.count }
    var total = 0
    for scalar in unicodeScalars { total += scalar.cells }
    return total
  }

  /// Whether every character is a printable ASCII character, one cell each: the common
  /// case, which skips grapheme breaking.
  public var isPrintableASCII: Bool {
    utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }
}

extension StringProtocol {
  /// The text cut to at most `width` cells, ending in `…` when anything was cut. A wide
  /// character that would straddle the edge is left out whole, so the result may be a cell
  /// short; `trimmingBlanks` drops the spaces a cut leaves before the `…`.
  public func truncated(toCells width: Int, trimmingBlanks: Bool = false) -> String {
    guard cells > width else { return String(self) }
    guard width > 0 else { return "" }
    var result = ""
    var used = 0
    for character in self {
      let characterCells = character.cells
      if used + characterCells > width - 1 { break }
      result.append(character)
      used += characterCells
    }
    if trimmingBlanks {
      while result.last == " " { result.removeLast() }
    }
    return result + "…"
  }
}
