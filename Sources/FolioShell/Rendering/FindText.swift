import FolioCore

/// How `find`'s result reads: a line saying how many matches, then one line per listed
/// match with where it is and the match in its context, marked «…».
enum FindText {
  /// The characters of context shown on each side of a match.
  static let contextLength = 30

  /// The text for a report.
  static func render(_ report: FindReport, style: TextStyle) -> String {
    let place = report.isTable ? "row" : "line"
    guard report.matchCount > 0 else {
      var text = "No match for “\(report.pattern)” in \(report.document)."
      if let selected = report.selectedRows { text += " " + selectedLine(selected) }
      return text
    }
    var lines = [
      "\(amount(report.matchCount, "match", plural: "matches")) for “\(report.pattern)” in "
        + "\(amount(report.lineCount, place)) of \(report.document):"
    ]
    let numberWidth = String(report.matches.last?.number ?? 1).count
    for match in report.matches {
      let number = String(match.number)
      let padding = String(repeating: " ", count: numberWidth - number.count)
      let location: String
      if let column = match.column {
        let name = report.columns.indices.contains(column) ? report.columns[column] : String(column + 1)
        location = "row \(match.position), \(name.displayedOnOneLine)"
      } else {
        location = "line \(match.position):\(characterColumn(of: match))"
      }
      lines.append("  \(padding)\(number)  \(style.secondary(location))  \(context(of: match))")
    }
    if report.isCut {
      lines.append(style.secondary("  … \(report.matchCount - report.matches.count) more not listed"))
    }
    if let selected = report.selectedRows { lines.append(selectedLine(selected)) }
    return lines.joined(separator: "\n")
  }

  private static func selectedLine(_ count: Int) -> String {
    "Selected \(amount(count, "row"))."
  }

  private static func amount(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
  }

  /// The 1-based character where the match starts in its line.
  private static func characterColumn(of match: FindMatch) -> Int {
    String(decoding: match.text.utf8.prefix(match.range.lowerBound), as: UTF8.self).count + 1
  }

  /// The match marked «…», with at most `contextLength` characters of its line or cell on
  /// each side (cut with …), on one line.
  static func context(of match: FindMatch) -> String {
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
  static func phrase(_ report: SubstituteReport) -> String {
    guard report.changed > 0 else {
      return "No match for “\(report.pattern)” to replace in \(report.document); nothing changed."
    }
    return "Replaced \(amount(report.replacements, "match", plural: "matches")) in "
      + "\(amount(report.changed, report.isTable ? "cell" : "line")) of \(report.document)."
  }

  /// `count`'s result: "12 rows in places.", "3 of 12 rows of places match noise > 3."
  static func phrase(_ report: RowCountReport) -> String {
    guard let expression = report.expression else {
      return "\(amount(report.count, "row")) in \(report.document)."
    }
    let verb = report.count == 1 ? "matches" : "match"
    return "\(report.count) of \(amount(report.total, "row")) of \(report.document) \(verb) \(expression)."
  }
}
