import FolioCore
import FolioSession

#if canImport(Glibc)
  import Glibc
#endif

/// Whole-file reads and the small file operations the shell needs, over POSIX calls.
enum FileIO {
  /// The most a script (`source`, `folio run`) or the history file may hold: far more than
  /// any written by hand, little enough to read at once.
  static let maximumReadSize = 64 << 20

  /// The bytes of a regular file of at most `limit` bytes (`DocumentFile.readAll`).
  static func readAll(_ path: String, limit: Int = maximumReadSize) throws(FolioError) -> [UInt8] {
    try DocumentFile.readAll(path, limit: limit)
  }
}

/// Decoding of input lines: UTF-8 only, no NUL bytes.
enum LineDecoder {
  /// The line as text.
  ///
  /// - Throws: `FolioError.syntax` naming the byte offset of a NUL byte or of invalid UTF-8.
  static func decode(_ bytes: [UInt8]) throws(FolioError) -> String {
    if let nul = bytes.firstIndex(of: 0) {
      throw FolioError(.syntax, "NUL byte at byte \(nul + 1) of the line")
    }
    // ASCII (nearly every line) is UTF-8 as it is: no scalar to parse.
    if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return String(decoding: bytes, as: UTF8.self)
      case .error:
        throw FolioError(.syntax, "invalid UTF-8 at byte \(offset + 1) of the line")
      }
    }
  }

  /// A line that may not be UTF-8, as text: its valid characters as they are, every other
  /// byte as `\xHH`, and a NUL byte as `\x00`, so an error can quote the line it refused.
  static func escaped(_ bytes: [UInt8]) -> String {
    var text = ""
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    func hex(_ byte: UInt8) -> String {
      let digits = Array("0123456789ABCDEF")
      return "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
    }
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        offset += encoded.count
        let scalar = Unicode.UTF8.decode(encoded)
        if scalar == "\0" { text += hex(0) } else { text.unicodeScalars.append(scalar) }
      case .emptyInput: return text
      case .error(let length):
        for byte in bytes[offset..<(offset + length)] { text += hex(byte) }
        offset += length
      }
    }
  }
}
