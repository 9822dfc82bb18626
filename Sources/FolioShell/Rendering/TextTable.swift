import FolioCore
import FolioSession

/// A table of text cells laid out in aligned columns with a box-drawing rule under the
/// header, the way psql's unicode line style draws them. Each cell shows on one line, its
/// control characters escaped (`displayedOnOneLine`), so widths count what is shown.
struct TextTable {
  var headers: [String]
  var rows: [[String]]

  /// The table as lines of text, no trailing spaces.
  func render(style: TextStyle) -> String {
    let headers = headers.map(\.displayedOnOneLine)
    let rows = rows.map { $0.map(\.displayedOnOneLine) }
    let columnCount = headers.count
    var widths = headers.map(\.displayWidth)
    for row in rows {
      for (column, cell) in row.prefix(columnCount).enumerated() {
        widths[column] = max(widths[column], cell.displayWidth)
      }
    }
    func line(_ cells: [String]) -> String {
      let padded = cells.enumerated().map { column, cell in
        column == columnCount - 1 ? cell : cell.padded(to: widths[column])
      }
      return (" " + padded.joined(separator: " │ ")).trimmingTrailingSpaces
    }
    var lines = [style.heading(line(headers))]
    lines.append(widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: "┼"))
    lines += rows.map(line)
    return lines.joined(separator: "\n")
  }
}

extension String {
  /// The text without spaces at its end.
  var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}

extension String {
  /// The text broken into lines of at most `width` columns at blanks (a longer word keeps
  /// its own line); a line break already in the text stays one.
  func wrapped(toWidth width: Int) -> String {
    var lines: [String] = []
    for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
        let word = String(word)
        if !line.isEmpty, line.displayWidth + 1 + word.displayWidth > width {
          lines.append(line)
          line = word
        } else {
          line = line.isEmpty ? word : line + " " + word
        }
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}
