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
