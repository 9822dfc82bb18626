import CFolioSystem

/// Byte values the format codecs look for; named so the scanners read as their grammars do.
enum ASCII {
  static let nul: UInt8 = 0x00
  static let tab: UInt8 = 0x09
  static let lineFeed: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D
  static let space: UInt8 = 0x20
  static let quote: UInt8 = 0x22
  static let plus: UInt8 = 0x2B
  static let comma: UInt8 = 0x2C
  static let minus: UInt8 = 0x2D
  static let period: UInt8 = 0x2E
  static let slash: UInt8 = 0x2F
  static let zero: UInt8 = 0x30
  static let nine: UInt8 = 0x39
  static let colon: UInt8 = 0x3A
  static let semicolon: UInt8 = 0x3B
  static let upperE: UInt8 = 0x45
  static let openBracket: UInt8 = 0x5B
  static let backslash: UInt8 = 0x5C
  static let closeBracket: UInt8 = 0x5D
  static let lowerE: UInt8 = 0x65
  static let openBrace: UInt8 = 0x7B
  static let closeBrace: UInt8 = 0x7D

  /// The UTF-8 encoding of U+FEFF, which some programs write at the start of a file.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Whether `bytes` starts with a UTF-8 byte order mark.
  static func hasByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
  }

  /// The number of bytes equal to `byte` in `bytes`, counted 16 at a time, or some number
  /// over `limit` once more than `limit` are found: the count stops there.
  static func count(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, stoppingOver limit: Int) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    return folio_count_byte(base, bytes.count, byte, max(limit, 0))
  }

  /// Whether `byte` is a decimal digit.
  static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= nine }
}
