/// Writes JSON text in a `JSONStyle`: the strings and the layout of nested values.
enum JSONLayout {
  /// Lays out valid JSON text again in `style`, as if it started at nesting `level`.
  ///
  /// Strings, numbers and literals are copied as written, escapes included; only whitespace
  /// between tokens changes. Used to keep nested values compact in cells and to indent them
  /// when writing pretty files.
  static func relayout(_ text: UnsafeBufferPointer<UInt8>, style: JSONStyle, level: Int) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(text.count)
    relayout(text, style: style, level: level, into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends valid JSON text laid out in `style` to `output`.
  static func relayout(
    _ text: UnsafeBufferPointer<UInt8>, style: JSONStyle, level: Int, into output: inout [UInt8]
  ) {
    var level = level
    var index = 0
    while index < text.count {
      let byte = text[index]
      switch byte {
      case ASCII.space, ASCII.tab, ASCII.lineFeed, ASCII.carriageReturn:
        index += 1
      case ASCII.quote:
        var end = index + 1
        while end < text.count, text[end] != ASCII.quote {
          end += text[end] == ASCII.backslash ? 2 : 1
        }
        end = min(end, text.count - 1)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[index...end]))
        index = end + 1
      case ASCII.openBrace, ASCII.openBracket:
        let closer = byte == ASCII.openBrace ? ASCII.closeBrace : ASCII.closeBracket
        var next = index + 1
        while next < text.count, isWhitespace(text[next]) { next += 1 }
        output.append(byte)
        if next < text.count, text[next] == closer {
          output.append(closer)
          index = next + 1
        } else {
          level += 1
          newline(level: level, style: style, into: &output)
          index += 1
        }
      case ASCII.closeBrace, ASCII.closeBracket:
        level = max(0, level - 1)
        newline(level: level, style: style, into: &output)
        output.append(byte)
        index += 1
      case ASCII.comma:
        output.append(byte)
        newline(level: level, style: style, into: &output)
        index += 1
      case ASCII.colon:
        output.append(byte)
        if style != .compact { output.append(ASCII.space) }
        index += 1
      default:
        output.append(byte)
        index += 1
      }
    }
  }

  /// Starts a new line indented to `level`; nothing in compact style.
  static func newline(level: Int, style: JSONStyle, into output: inout [UInt8]) {
    guard case .pretty(let indent) = style else { return }
    output.append(ASCII.lineFeed)
    output.append(contentsOf: repeatElement(ASCII.space, count: max(0, indent) * level))
  }

  /// Appends `text` as a JSON string.
  ///
  /// Escapes what must be escaped and nothing else, as `JSON.stringify` does: quotes,
  /// backslashes and control characters (`\n`, `\t`, … or `\u001f`); other characters are
  /// written as UTF-8.
  static func writeString(_ text: String, into output: inout [UInt8]) {
    var text = text
    text.withUTF8 { writeString($0, into: &output) }
  }

  /// Appends UTF-8 text as a JSON string, escaped as `writeString(_:into:)` escapes.
  static func writeString(_ utf8: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    output.append(ASCII.quote)
    if !utf8.contains(where: needsEscape) {
      output.append(contentsOf: utf8)
    } else {
      for byte in utf8 {
        guard needsEscape(byte) else {
          output.append(byte)
          continue
        }
        output.append(ASCII.backslash)
        switch byte {
        case ASCII.quote, ASCII.backslash: output.append(byte)
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case ASCII.lineFeed: output.append(UInt8(ascii: "n"))
        case ASCII.carriageReturn: output.append(UInt8(ascii: "r"))
        case ASCII.tab: output.append(UInt8(ascii: "t"))
        default:
          output.append(contentsOf: [UInt8(ascii: "u"), ASCII.zero, ASCII.zero])
          output.append(hexDigits[Int(byte >> 4)])
          output.append(hexDigits[Int(byte & 0x0F)])
        }
      }
    }
    output.append(ASCII.quote)
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == ASCII.quote || byte == ASCII.backslash
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == ASCII.space || byte == ASCII.tab || byte == ASCII.lineFeed || byte == ASCII.carriageReturn
  }
}
