/// Scores how well a typed filter matches a name, the way command palettes do: every
/// character of the filter must appear in order; matches at word starts and runs of
/// consecutive characters score higher, gaps lower.
public enum FuzzyMatcher {
  private static let match = 16
  private static let consecutiveBonus = 18
  private static let boundaryBonus = 24
  private static let firstCharacterBonus = 8

  /// The score of the best alignment of `pattern` in `text` (case-insensitive), or nil when
  /// the pattern's characters do not all appear in order.
  public static func score(_ pattern: String, in text: String) -> Int? {
    if isASCIISubsequence(pattern, of: text) == false { return nil }
    let pattern = Array(pattern.filter { $0 != " " }).map(lowercased)
    let original = Array(text)
    let text = original.map(lowercased)
    guard !pattern.isEmpty else { return 0 }
    guard pattern.count <= text.count else { return nil }
    let bonuses = original.indices.map { boundaryBonusAt($0, in: original) }
    // best[j]: the best score with the current pattern character matched at text[j].
    var best = [Int?](repeating: nil, count: text.count)
    for (i, character) in pattern.enumerated() {
      var next = [Int?](repeating: nil, count: text.count)
      // The best predecessor at least two places back, less one point per skipped character.
      var bestWithGap: Int?
      for j in text.indices {
        bestWithGap = bestWithGap.map { $0 - 1 }
        if j >= 2, let candidate = best[j - 2] {
          bestWithGap = max(bestWithGap ?? candidate - 1, candidate - 1)
        }
        guard text[j] == character else { continue }
        var score = match + bonuses[j]
        if i == 0 {
          score -= min(j, 10)
        } else {
          let consecutive = j >= 1 ? best[j - 1].map { $0 + consecutiveBonus } : nil
          guard let previous = [consecutive, bestWithGap].compactMap({ $0 }).max() else {
            continue
          }
          score += previous
        }
        next[j] = score
      }
      best = next
    }
    return best.compactMap { $0 }.max()
  }

  /// Whether the pattern's characters, spaces left out, appear in order in `text` ignoring
  /// ASCII case; nil when either is not ASCII. Most names a palette filter meets do not
  /// match, and this says so without building characters: the score is nil exactly then.
  private static func isASCIISubsequence(_ pattern: String, of text: String) -> Bool? {
    var remaining = text.utf8.makeIterator()
    for byte in pattern.utf8 where byte != UInt8(ascii: " ") {
      guard byte < 0x80 else { return nil }
      let wanted = byte | (isASCIILetter(byte) ? 0x20 : 0)
      while true {
        guard let candidate = remaining.next() else {
          return text.utf8.allSatisfy { $0 < 0x80 } ? false : nil
        }
        guard candidate < 0x80 else { return nil }
        if candidate | (isASCIILetter(candidate) ? 0x20 : 0) == wanted { break }
      }
    }
    return text.utf8.allSatisfy { $0 < 0x80 } ? true : nil
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  private static func lowercased(_ character: Character) -> Character {
    let lowered = character.lowercased()
    return lowered.count == 1 ? Character(lowered) : character
  }

  private static func boundaryBonusAt(_ index: Int, in text: [Character]) -> Int {
    if index == 0 { return boundaryBonus + firstCharacterBonus }
    let previous = text[index - 1]
    if ".-_ /:".contains(previous) { return boundaryBonus }
    if previous.isLowercase, text[index].isUppercase { return boundaryBonus / 2 }
    return 0
  }
}
