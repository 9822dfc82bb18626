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
    guard holdsEscapedScalar else { return self }
    let keepsStyles = keepingStyles()
    var result = ""
    var lineStart = startIndex
    for index in indices where self[index] == "\n" || self[index] == "\r\n" {
      result += Self.escapedLine(self[lineStart..<index], keepingStyles: keepsStyles) + String(self[index])
      lineStart = self.index(after: index)
    }
    return result + Self.escapedLine(self[lineStart...], keepingStyles: keepsStyles)
  }

  /// Whether the text holds a scalar that `escapedForTerminal` may change — a control
  /// character other than a line feed or a tab (C0, DEL, C1), or a line or paragraph
  /// separator — looked for among its UTF-8 bytes: printable ASCII, nearly all of any
  /// output, is passed over with one comparison a byte, where reading the scalars took
  /// about 30 instructions each.
  var holdsEscapedScalar: Bool {
    var text = self
    return text.withUTF8 { bytes in
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        // 0x20 to 0x7E, printable ASCII.
        if byte &- 0x20 < 0x5F { continue }
        switch byte {
        case 0x0A, 0x09: continue
        case ..<0x20, 0x7F: return true
        // C2 80 to C2 9F encode the C1 controls U+0080 to U+009F.
        case 0xC2 where index < bytes.count && bytes[index] <= 0x9F: return true
        // E2 80 A8 and E2 80 A9 encode U+2028 and U+2029.
        case 0xE2
        where index + 1 < bytes.count && bytes[index] == 0x80
          && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
          return true
        default: continue
        }
      }
      return false
    }
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
