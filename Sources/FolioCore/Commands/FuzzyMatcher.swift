/// Scores how well a typed filter matches a name, the way command palettes do: every
/// character of the filter must appear in order; matches at word starts and runs of
/// consecutive characters score higher, gaps lower.
public enum FuzzyMatcher {
  private static let match = 16
  private static let consecutiveBonus = 18
  private static let boundaryBonus = 24
  private static let firstCharacterBonus = 8

  /// A filter prepared once to score many names: its characters but spaces, and their ASCII
  /// bytes lowered (nil when it is not ASCII).
  public struct Filter: Sendable {
    /// The filter as typed.
    public let text: String
    let loweredASCII: [UInt8]?
    /// The bytes of `loweredASCII` as a set (`mask(of:)`); 0 for a filter that is not ASCII.
    let mask: UInt64
    /// The characters but spaces, lowered, of a filter that is not ASCII.
    private let otherCharacters: [Character]
    /// Its characters but spaces, lowered.
    var loweredCharacters: [Character] {
      loweredASCII.map { $0.map { Character(Unicode.Scalar($0)) } } ?? otherCharacters
    }

    /// Prepares `text`.
    public init(_ text: String) {
      self.text = text
      let lowered = FuzzyMatcher.loweredASCII(text.utf8, skippingSpaces: true)
      loweredASCII = lowered
      mask = lowered.map(FuzzyMatcher.mask) ?? 0
      otherCharacters = lowered == nil ? text.filter { $0 != " " }.map(FuzzyMatcher.lowercased) : []
    }
  }

  /// A name prepared once to be scored by many filters: its ASCII bytes lowered (nil when it
  /// is not ASCII).
  public struct Name: Sendable {
    /// The name.
    public let text: String
    let loweredASCII: [UInt8]?
    /// The characters of a name that is not ASCII, lowered; empty for an ASCII name.
    let loweredCharacters: [Character]
    /// Each of `loweredCharacters` as the printable ASCII byte it is, or 0 for any other
    /// character: an ASCII filter is aligned over these, as it matches exactly those
    /// characters.
    let characterBytes: [UInt8]
    /// The bytes an ASCII filter is matched against (`loweredASCII` or `characterBytes`) as a
    /// set (`mask(of:)`): a filter with a byte outside it cannot match.
    let mask: UInt64
    /// The bonus of a match at each byte of an ASCII name, or at each character of another
    /// (word starts score higher).
    let bonuses: [Int]

    /// Prepares `text`.
    public init(_ text: String) {
      self.text = text
      let bytes = Array(text.utf8)
      loweredASCII = FuzzyMatcher.loweredASCII(bytes, skippingSpaces: false)
      if loweredASCII == nil {
        let original = Array(text)
        loweredCharacters = original.map(FuzzyMatcher.lowercased)
        characterBytes = loweredCharacters.map { character in
          let scalars = character.unicodeScalars
          guard scalars.count == 1, let scalar = scalars.first, (0x20..<0x7F).contains(scalar.value) else {
            return 0
          }
          return UInt8(scalar.value)
        }
        bonuses = FuzzyMatcher.bonuses(of: original)
      } else {
        loweredCharacters = []
        characterBytes = []
        bonuses = FuzzyMatcher.bonuses(ofASCII: bytes)
      }
      mask = FuzzyMatcher.mask(of: loweredASCII ?? characterBytes)
    }
  }

  /// The score of the best alignment of `pattern` in `text` (case-insensitive), or nil when
  /// the pattern's characters do not all appear in order.
  public static func score(_ pattern: String, in text: String) -> Int? {
    score(Filter(pattern), in: Name(text))
  }

  /// The score of the best alignment of `filter` in `name` (case-insensitive), or nil when
  /// the filter's characters do not all appear in order.
  ///
  /// Most names a palette filter meets do not match: when both are ASCII, a pass over their
  /// lowered bytes says so first, without building characters (the score is nil exactly
  /// when the bytes are not in order).
  public static func score(_ filter: Filter, in name: Name) -> Int? {
    // A byte of an ASCII filter that the name lacks: most names a filter meets, refused by
    // comparing two words (the mask is 0 for a filter that is not ASCII).
    guard filter.mask & ~name.mask == 0 else { return nil }
    if let text = name.loweredASCII {
      // An ASCII name and a filter that is not ASCII (rare) are aligned by characters.
      guard let pattern = filter.loweredASCII else { return scoreByCharacters(filter, in: name) }
      guard isSubsequence(pattern, of: text) else { return nil }
      return align(pattern, in: text, bonuses: name.bonuses)
    }
    // Another name was prepared by characters; an ASCII filter matches only its printable
    // ASCII characters, so it is aligned over their bytes (0 for the others, which no
    // filter byte equals).
    if let pattern = filter.loweredASCII {
      guard isSubsequence(pattern, of: name.characterBytes) else { return nil }
      return align(pattern, in: name.characterBytes, bonuses: name.bonuses)
    }
    guard isSubsequence(filter.loweredCharacters, of: name.loweredCharacters) else { return nil }
    return align(filter.loweredCharacters, in: name.loweredCharacters, bonuses: name.bonuses)
  }

  /// The score, by characters, the name's made now: for a filter that is not plain ASCII in
  /// an ASCII name (and for tests, against the other paths).
  static func scoreByCharacters(_ filter: Filter, in name: Name) -> Int? {
    let original = Array(name.text)
    return align(filter.loweredCharacters, in: original.map(lowercased), bonuses: bonuses(of: original))
  }

  /// The best alignment of `pattern` in `text`, both lowered; `bonuses` are those of a match
  /// at each place of the text.
  private static func align<Element: Equatable>(_ pattern: [Element], in text: [Element], bonuses: [Int])
    -> Int?
  {
    guard !pattern.isEmpty else { return 0 }
    guard pattern.count <= text.count else { return nil }
    // Two rows of the table, on the stack: best[j], the best score with the current pattern
    // character matched at text[j], and the next character's. A place with no alignment
    // holds `none`, far below any score, so that no test of an optional is needed: a score
    // is at most a few thousand away from 0, and `none` less a point a place stays below
    // `noneBelow` however long the text.
    let none = Int.min / 4
    let noneBelow = Int.min / 8
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * text.count) { rows -> Int? in
      pattern.withUnsafeBufferPointer { pattern in
        text.withUnsafeBufferPointer { text in
          bonuses.withUnsafeBufferPointer { bonuses in
            var best = UnsafeMutableBufferPointer(rebasing: rows[..<text.count])
            var next = UnsafeMutableBufferPointer(rebasing: rows[text.count...])
            best.initialize(repeating: none)
            next.initialize(repeating: none)
            for i in 0..<pattern.count {
              let character = pattern[i]
              // The best predecessor at least two places back, less one point per skipped
              // character.
              var bestWithGap = none
              for j in 0..<text.count {
                next[j] = none
                bestWithGap -= 1
                if j >= 2 { bestWithGap = Swift.max(bestWithGap, best[j - 2] - 1) }
                guard text[j] == character else { continue }
                var score = match + bonuses[j]
                if i == 0 {
                  score -= min(j, 10)
                } else {
                  let previous = Swift.max(j >= 1 ? best[j - 1] + consecutiveBonus : none, bestWithGap)
                  guard previous > noneBelow else { continue }
                  score += previous
                }
                next[j] = score
              }
              swap(&best, &next)
            }
            let result = best.max() ?? none
            return result > noneBelow ? result : nil
          }
        }
      }
    }
  }

  /// Whether `pattern`'s elements appear in order in `text`: exactly when `align` finds an
  /// alignment.
  private static func isSubsequence<Element: Equatable>(_ pattern: [Element], of text: [Element]) -> Bool {
    var index = 0
    for byte in pattern {
      while index < text.count, text[index] != byte { index += 1 }
      guard index < text.count else { return false }
      index += 1
    }
    return true
  }

  /// The set of `bytes`, each as bit `byte % 64`: bytes that share a bit are not told apart,
  /// so a filter's mask outside a name's means a byte the name lacks, not the reverse.
  fileprivate static func mask(of bytes: [UInt8]) -> UInt64 {
    bytes.reduce(0) { $0 | (1 << UInt64($1 & 63)) }
  }

  /// The bytes with ASCII letters lowered, spaces left out when `skippingSpaces` (a filter's);
  /// nil when any is not printable ASCII (a control character may join its neighbour in one
  /// `Character`, as CR LF does). One array is made, in one pass.
  private static func loweredASCII<Bytes: Collection<UInt8>>(_ bytes: Bytes, skippingSpaces: Bool) -> [UInt8]?
  {
    var lowered: [UInt8] = []
    lowered.reserveCapacity(bytes.count)
    for byte in bytes {
      guard byte >= 0x20, byte < 0x7F else { return nil }
      if skippingSpaces, byte == UInt8(ascii: " ") { continue }
      lowered.append((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte)
    }
    return lowered
  }

  fileprivate static func lowercased(_ character: Character) -> Character {
    let lowered = character.lowercased()
    return lowered.count == 1 ? Character(lowered) : character
  }

  /// The bonus of a match after a separator (a word start), or at an upper-case letter after
  /// a lower-case one (a camel-case word start).
  private static func bonus(afterSeparator: Bool, lowerToUpper: Bool) -> Int {
    afterSeparator ? boundaryBonus : lowerToUpper ? boundaryBonus / 2 : 0
  }

  /// The bonus of a match at each byte of an ASCII name.
  fileprivate static func bonuses(ofASCII bytes: [UInt8]) -> [Int] {
    let separators = Array(".-_ /:".utf8)
    let lower = UInt8(ascii: "a")...UInt8(ascii: "z")
    let upper = UInt8(ascii: "A")...UInt8(ascii: "Z")
    return bytes.indices.map { index in
      index == 0
        ? boundaryBonus + firstCharacterBonus
        : bonus(
          afterSeparator: separators.contains(bytes[index - 1]),
          lowerToUpper: lower.contains(bytes[index - 1]) && upper.contains(bytes[index]))
    }
  }

  /// The bonus of a match at each character of a name.
  fileprivate static func bonuses(of characters: [Character]) -> [Int] {
    characters.indices.map { index in
      index == 0
        ? boundaryBonus + firstCharacterBonus
        : bonus(
          afterSeparator: ".-_ /:".contains(characters[index - 1]),
          lowerToUpper: characters[index - 1].isLowercase && characters[index].isUppercase)
    }
  }
}
