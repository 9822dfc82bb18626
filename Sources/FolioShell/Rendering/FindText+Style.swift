import FolioCore
import FolioPresentation

extension FindText {
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
}
