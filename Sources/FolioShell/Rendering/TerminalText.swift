import FolioCore
import FolioSession

extension String {
  /// The text as the console writes it: line breaks (LF, CRLF) and tabs kept, the colour
  /// sequences of `TextStyle` kept when `keepingStyles` says so (colour is on), and every
  /// other control character (C0, DEL, C1), line separator and bidirectional control shown
  /// the way table cells show them (`displayedOnOneLine`: `⏎` or a `\u{XX}` escape), so no
  /// text — a plugin's, a file name, a message — can move the cursor, retitle the window,
  /// ring the bell, reorder what is around it or send the terminal any other command.
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
  /// separator — looked for among its UTF-8 bytes, eight at a time: a word of printable ASCII,
  /// nearly all of any output, is passed over with a few operations (where reading it byte by
  /// byte took about 12 instructions a byte, and reading the scalars about 30 each), and only
  /// a word holding another byte is read byte by byte.
  var holdsEscapedScalar: Bool {
    var text = self
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return false }
      var start = 0
      while start + 8 <= bytes.count {
        let word = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)
        // A word with a byte of 0x80 or more is read byte by byte; in one of ASCII alone,
        // each byte's own high bit marks it (no carry crosses bytes) when it is a control
        // other than a line feed or a tab, or DEL.
        let controls = ~(((word & Self.low7) &+ Self.repeated(0x60)) | word) & Self.highBits
        let kept = Self.zeroBytes(word ^ Self.repeated(0x0A)) | Self.zeroBytes(word ^ Self.repeated(0x09))
        let escaped = (controls & ~kept) | Self.zeroBytes(word ^ Self.repeated(0x7F))
        if word & Self.highBits != 0 {
          if Self.holdsEscapedScalar(bytes, from: start, to: start + 8) { return true }
        } else if escaped != 0 {
          return true
        }
        start += 8
      }
      return Self.holdsEscapedScalar(bytes, from: start, to: bytes.count)
    }
  }

  /// The high bit of every byte.
  private static var highBits: UInt64 { 0x8080_8080_8080_8080 }
  /// The low seven bits of every byte.
  private static var low7: UInt64 { 0x7F7F_7F7F_7F7F_7F7F }

  /// `byte` in every byte of a word.
  private static func repeated(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

  /// The high bit of each byte of `word` that is zero, and no other bit (exact per byte: no
  /// carry crosses bytes).
  private static func zeroBytes(_ word: UInt64) -> UInt64 {
    ~(((word & low7) &+ low7) | word) & highBits
  }

  /// Whether a scalar `escapedForTerminal` may change starts among `bytes[start..<end]` (its
  /// other bytes may lie after `end`).
  private static func holdsEscapedScalar(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
    -> Bool
  {
    var index = start
    while index < end {
      let byte = bytes[index]
      index += 1
      // 0x20 to 0x7E, printable ASCII.
      if byte &- 0x20 < 0x5F { continue }
      switch byte {
      case 0x0A, 0x09: continue
      case ..<0x20, 0x7F: return true
      // C2 80 to C2 9F encode the C1 controls U+0080 to U+009F.
      case 0xC2 where index < bytes.count && bytes[index] <= 0x9F: return true
      // E2 80 A8 to E2 80 AE encode U+2028, U+2029 and the bidirectional controls U+202A
      // to U+202E; E2 81 A6 to E2 81 A9 the isolates U+2066 to U+2069.
      case 0xE2
      where index + 1 < bytes.count
        && (bytes[index] == 0x80 && (0xA8...0xAE).contains(bytes[index + 1])
          || bytes[index] == 0x81 && (0xA6...0xA9).contains(bytes[index + 1])):
        return true
      default: continue
      }
    }
    return false
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
