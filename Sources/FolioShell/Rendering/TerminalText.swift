import FolioCore
import FolioSession

extension String {
  /// The text as the console writes it: line breaks (LF, CRLF) and tabs kept, the colour
  /// sequences of `TextStyle` kept when `keepingStyles` says so (colour is on), and every
  /// other control character (C0, DEL, C1) and line separator shown the way table cells show
  /// them (`displayedOnOneLine`: `⏎` or a `\u{XX}` escape), so no text — a plugin's, a file
  /// name, a message — can move the cursor, retitle the window, ring the bell or send the
  /// terminal any other command.
  func escapedForTerminal(keepingStyles: () -> Bool) -> String {
    guard unicodeScalars.contains(where: \.isEscapedForTerminal) else { return self }
    let keepsStyles = keepingStyles()
    var result = ""
    var lineStart = startIndex
    for index in indices where self[index] == "\n" || self[index] == "\r\n" {
      result += Self.escapedLine(self[lineStart..<index], keepingStyles: keepsStyles) + String(self[index])
      lineStart = self.index(after: index)
    }
    return result + Self.escapedLine(self[lineStart...], keepingStyles: keepsStyles)
  }

  /// The text with every control character escaped, colour sequences too (colour is off).
  var escapedForTerminal: String { escapedForTerminal(keepingStyles: { false }) }

  /// A line with its tabs and, when `keepingStyles`, colour sequences kept and the rest
  /// escaped.
  private static func escapedLine(_ line: Substring, keepingStyles: Bool) -> String {
    var result = ""
    var runStart = line.startIndex
    var index = line.startIndex
    while let special = line[index...].firstIndex(where: { $0 == "\t" || $0 == "\u{1B}" }) {
      let kept: String? =
        line[special] == "\t"
        ? "\t" : keepingStyles ? TextStyle.sequences.first { line[special...].hasPrefix($0) } : nil
      guard let kept else {
        index = line.index(after: special)
        continue
      }
      result += line[runStart..<special].displayedOnOneLine + kept
      index = line.index(special, offsetBy: kept.count)
      runStart = index
    }
    return result + line[runStart...].displayedOnOneLine
  }
}

extension Unicode.Scalar {
  /// Whether `escapedForTerminal` may change the scalar: a control character other than a
  /// line feed or a tab, or a line or paragraph separator.
  fileprivate var isEscapedForTerminal: Bool {
    (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value) || value == 0x2028
      || value == 0x2029
  }
}
