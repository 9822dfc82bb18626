import FolioCore

/// How `find`'s result reads: a line saying how many matches, then one line per listed
/// match with where it is and the match in its context, marked «…».
public enum FindText {
  /// The characters of context shown on each side of a match.
  public static let contextLength = 30

  public static func selectedLine(_ count: Int) -> String {
    "Selected \(amount(count, "row"))."
  }

  public static func amount(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
  }

  /// The 1-based character where the match starts in its line.
  public static func characterColumn(of match: FindMatch) -> Int {
    String(decoding: match.text.utf8.prefix(match.range.lowerBound), as: UTF8.self).count + 1
  }

  /// The match marked «…», with at most `contextLength` characters of its line or cell on
  /// each side (cut with …), on one line.
  public static func context(of match: FindMatch) -> String {
    let bytes = Array(match.text.utf8)
    let lower = min(match.range.lowerBound, bytes.count)
    let upper = min(max(match.range.upperBound, lower), bytes.count)
    let before = String(decoding: bytes[..<lower], as: UTF8.self)
    let found = String(decoding: bytes[lower..<upper], as: UTF8.self)
    let after = String(decoding: bytes[upper...], as: UTF8.self)
    let head = before.count > contextLength ? "…" + String(before.suffix(contextLength)) : before
    let tail = after.count > contextLength ? String(after.prefix(contextLength)) + "…" : after
    return (head + "«" + found + "»" + tail).displayedOnOneLine
  }

  /// What `substitute` did: "Replaced 3 matches in 2 cells of places."
  public static func phrase(_ report: SubstituteReport) -> String {
    guard report.changed > 0 else {
      return "No match for “\(report.pattern)” to replace in \(report.document); nothing changed."
    }
    return "Replaced \(amount(report.replacements, "match", plural: "matches")) in "
      + "\(amount(report.changed, report.isTable ? "cell" : "line")) of \(report.document)."
  }

  /// `count`'s result: "12 rows in places.", "3 of 12 rows of places match noise > 3."
  public static func phrase(_ report: RowCountReport) -> String {
    guard let expression = report.expression else {
      return "\(amount(report.count, "row")) in \(report.document)."
    }
    let verb = report.count == 1 ? "matches" : "match"
    return "\(report.count) of \(amount(report.total, "row")) of \(report.document) \(verb) \(expression)."
  }
}
