/// Base64 as RFC 4648 §4 defines it (the standard alphabet, `=` padding), for mail
/// attachments.
enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  private static let padding = UInt8(ascii: "=")

  /// The encoding of `bytes` on one line, as ASCII bytes.
  static func encode(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index + 3 <= bytes.count {
      let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
      output.append(symbol(group >> 18))
      output.append(symbol(group >> 12))
      output.append(symbol(group >> 6))
      output.append(symbol(group))
      index += 3
    }
    switch bytes.count - index {
    case 1:
      let group = UInt32(bytes[index]) << 16
      output += [symbol(group >> 18), symbol(group >> 12), padding, padding]
    case 2:
      let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
      output += [symbol(group >> 18), symbol(group >> 12), symbol(group >> 6), padding]
    default:
      break
    }
    return output
  }

  /// The encoding of `bytes` as text, on one line.
  static func encodedString(_ bytes: [UInt8]) -> String {
    String(decoding: encode(bytes), as: UTF8.self)
  }

  /// The encoding of `bytes` in lines of `width` characters (the last may be shorter), each
  /// ended by CRLF, as MIME bodies want them (RFC 2045 §6.8: at most 76). Nothing for no
  /// bytes.
  ///
  /// - Parameter cancellation: checked before each block of about a megabyte of `bytes`.
  /// - Throws: `FolioError.interrupted` once `cancellation` is cancelled.
  static func encodeLines(
    _ bytes: [UInt8], width: Int = 76, cancellation: CancellationToken? = nil
  ) throws(FolioError) -> [UInt8] {
    let width = max(width, 1)
    let encodedCount = (bytes.count + 2) / 3 * 4
    var output: [UInt8] = []
    output.reserveCapacity(encodedCount + (encodedCount / width + 1) * 2)
    // A block holds whole groups of 3 bytes and makes whole lines, so blocks encode on their
    // own and their lines join as if the bytes were encoded at once.
    let groupsPerLine = width % 4 == 0 ? width / 4 : width
    let lineBytes = groupsPerLine * 3
    let block = max(1, (1 << 20) / lineBytes) * lineBytes
    var start = 0
    while start < bytes.count {
      try cancellation?.check()
      let end = min(start + block, bytes.count)
      let encoded = encode(Array(bytes[start..<end]))
      var line = 0
      while line < encoded.count {
        let lineEnd = min(line + width, encoded.count)
        output += encoded[line..<lineEnd]
        output += [0x0D, 0x0A]
        line = lineEnd
      }
      start = end
    }
    return output
  }

  private static func symbol(_ sextet: UInt32) -> UInt8 {
    alphabet[Int(sextet & 0x3F)]
  }
}
