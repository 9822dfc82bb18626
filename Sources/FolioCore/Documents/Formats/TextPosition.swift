/// A place in a text file as people count it: 1-based line and column.
///
/// Lines break at LF, CRLF and a lone CR, the same terminators the codecs accept, so a
/// position points where an editor shows it. Columns count Unicode scalars, not bytes, and a
/// byte order mark does not count.
struct TextPosition: Equatable, CustomStringConvertible {
  var line: Int
  var column: Int

  var description: String { "line \(line), column \(column)" }

  /// Finds the position of `offset` in `bytes`, counting from `start` (past a byte order mark).
  ///
  /// Only the bytes before `offset` are read and they must be valid UTF-8; this runs once per
  /// error, so it rescans instead of making every scanner track lines.
  static func locate(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> TextPosition {
    var line = 1
    var lineStart = start
    var index = start
    let end = min(offset, bytes.count)
    while index < end {
      let byte = bytes[index]
      if byte == ASCII.lineFeed || byte == ASCII.carriageReturn {
        let length = LineEnding.read(at: index, in: bytes).byteCount
        // An offset on the LF of a CRLF stays on the line that the CRLF ends.
        if index + length > end { break }
        index += length
        line += 1
        lineStart = index
      } else {
        index += 1
      }
    }
    var column = 1
    for byte in bytes[lineStart..<end] where byte & 0xC0 != 0x80 {
      column += 1
    }
    return TextPosition(line: line, column: column)
  }
}

extension FolioError {
  /// A format error whose message starts with the place it concerns.
  static func format(_ message: String, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, from start: Int)
    -> FolioError
  {
    let position = TextPosition.locate(offset, in: bytes, from: start)
    return FolioError(.format, "\(position): \(message)")
  }
}
