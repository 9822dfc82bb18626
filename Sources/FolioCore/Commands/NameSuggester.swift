/// Finds the known names closest to a mistyped one, for "did you mean …" messages.
enum NameSuggester {
  /// Up to `limit` names within a small edit distance of `name` (or starting with it),
  /// nearest first, ties in alphabetical order.
  static func suggestions(for name: String, among names: [String], limit: Int = 3) -> [String] {
    let typed = Array(name.lowercased())
    guard !typed.isEmpty else { return [] }
    let threshold = max(1, min(2, typed.count / 3))
    var ranked: [(distance: Int, name: String)] = []
    var seen = Set<String>()
    for candidate in names where seen.insert(candidate).inserted {
      let lowered = candidate.lowercased()
      let distance = editDistance(typed, Array(lowered))
      if distance <= threshold {
        ranked.append((distance, candidate))
      } else if typed.count >= 2, lowered.hasPrefix(String(typed)) {
        ranked.append((threshold + 1, candidate))
      }
    }
    ranked.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
    return ranked.prefix(limit).map(\.name)
  }

  /// The optimal-string-alignment distance: insertions, deletions, substitutions and
  /// transpositions of neighbours each cost one.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
