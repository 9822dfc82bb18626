/// Mail header fields: RFC 2047 encoded words for text, RFC 2231 parameters for file
/// names, folded so that lines stay short. Every field ends in CRLF.
enum MIMEHeader {
  /// Lines longer than this are folded where the syntax allows (RFC 5322 §2.1.1 asks for 78).
  static let preferredLineLength = 76
  /// UTF-8 bytes in one encoded word: 39 make 52 base64 characters, a word of 64, so that
  /// `Subject: ` and one word fit a line.
  private static let bytesPerEncodedWord = 39
  /// The longest value written as a plain quoted string; longer ones are continued (RFC 2231 §3).
  private static let parameterPieceLength = 60

  /// An unstructured field (`Subject`), as is when it is short printable ASCII, otherwise as
  /// `=?UTF-8?B?…?=` encoded words, one per line.
  static func unstructured(_ name: String, _ text: String) -> String {
    guard needsEncoding(text, after: name) else { return "\(name): \(text)\r\n" }
    var words: [String] = []
    var piece: [UInt8] = []
    for scalar in text.unicodeScalars {
      let scalarBytes = Array(String(scalar).utf8)
      if piece.count + scalarBytes.count > bytesPerEncodedWord {
        words.append(encodedWord(piece))
        piece.removeAll()
      }
      piece += scalarBytes
    }
    if !piece.isEmpty { words.append(encodedWord(piece)) }
    return "\(name): " + words.joined(separator: "\r\n ") + "\r\n"
  }

  /// A field with a value and parameters (`Content-Type`, `Content-Disposition`); a
  /// parameter that does not fit on the line goes on a continuation line.
  ///
  /// - Parameter parameters: Formatted parameters, as `parameter(_:_:)` makes them.
  static func field(_ name: String, _ value: String, parameters: [String]) -> String {
    var result = "\(name): \(value)"
    var lineLength = result.utf8.count
    for parameter in parameters {
      if lineLength + 2 + parameter.utf8.count > preferredLineLength {
        result += ";\r\n " + parameter
        lineLength = 1 + parameter.utf8.count
      } else {
        result += "; " + parameter
        lineLength += 2 + parameter.utf8.count
      }
    }
    return result + "\r\n"
  }

  /// A parameter: `name="value"` for short printable ASCII, otherwise RFC 2231's
  /// `name*=UTF-8''percent-encoded`, split into `name*0*=`, `name*1*=`, … when long.
  static func parameter(_ name: String, _ value: String) -> [String] {
    let bytes = Array(value.utf8)
    if bytes.count <= parameterPieceLength, bytes.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }) {
      var quoted = ""
      for character in value {
        if character == "\"" || character == "\\" { quoted.append("\\") }
        quoted.append(character)
      }
      return ["\(name)=\"\(quoted)\""]
    }
    // Each piece goes on a line of its own: a space, `name*N*=`, the piece and a `;`.
    func room(forPiece index: Int) -> Int {
      preferredLineLength - 2 - "\(name)*\(index)*=".utf8.count - (index == 0 ? "UTF-8''".utf8.count : 0)
    }
    var pieces: [String] = []
    var piece = ""
    for byte in bytes {
      let token = isAttributeCharacter(byte) ? String(UnicodeScalar(byte)) : percentEncoded(byte)
      if piece.utf8.count + token.utf8.count > room(forPiece: pieces.count) {
        pieces.append(piece)
        piece = ""
      }
      piece += token
    }
    pieces.append(piece)
    if pieces.count == 1 { return ["\(name)*=UTF-8''\(piece)"] }
    return pieces.enumerated().map { index, piece in
      index == 0 ? "\(name)*0*=UTF-8''\(piece)" : "\(name)*\(index)*=\(piece)"
    }
  }

  /// Whether a media type can go into a header as it is: printable ASCII only, so that a
  /// caller's value can never start a new field.
  static func isSafe(_ value: String) -> Bool {
    !value.isEmpty && value.utf8.allSatisfy { $0 >= 0x20 && $0 <= 0x7E }
  }

  private static func needsEncoding(_ text: String, after name: String) -> Bool {
    text.utf8.contains { $0 < 0x20 || $0 > 0x7E } || text.containsText("=?") || text.hasPrefix(" ")
      || text.hasSuffix(" ") || text.containsText("  ")
      || name.utf8.count + 2 + text.utf8.count > preferredLineLength
  }

  private static func encodedWord(_ bytes: [UInt8]) -> String {
    "=?UTF-8?B?\(Base64.encodedString(bytes))?="
  }

  /// RFC 2231's attribute-char: what may stand for itself in an extended value.
  private static func isAttributeCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      "!#$&+-.^_`|~".utf8.contains(byte)
    }
  }

  private static func percentEncoded(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    return String(
      decoding: [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
  }
}
