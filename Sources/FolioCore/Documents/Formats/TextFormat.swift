/// Reads and writes text documents: UTF-8 files read as lines.
///
/// The codec is exact: `encode(decode(bytes)) == bytes` for every file `decode` accepts,
/// including mixed line terminators, a lone CR, a byte order mark, an empty file and a file
/// whose last line is not terminated.
public enum TextFormat {
  /// Reads a text file into lines.
  ///
  /// Lines end at LF, CRLF or a lone CR. A leading UTF-8 byte order mark is removed and
  /// recorded. Line terminators are recorded per line only when the file mixes them.
  ///
  /// - Parameter bytes: The file's content.
  /// - Returns: The lines and the file's shape.
  /// - Throws: `FolioError` with code `.format` when the file is not UTF-8 ("invalid UTF-8 at
  ///   line L, column C") or holds a NUL byte ("binary data (a NUL byte) at line L, column C").
  public static func decode(_ bytes: [UInt8]) throws(FolioError) -> TextContent {
    try bytes.withUnsafeBufferPointer { (buffer) throws(FolioError) -> TextContent in
      try decode(buffer)
    }
  }

  /// Writes text content back to bytes, with its terminators, byte order mark and final
  /// newline as recorded.
  ///
  /// Two shapes that edits can make would not read back as the same lines, so they are
  /// written otherwise: a first line that starts with U+FEFF gets a byte order mark before
  /// it (else it would read as one), and a CR before an empty line that ends with LF is
  /// written as CRLF (else the two would read as one CRLF).
  public static func encode(_ content: TextContent) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(content.lines.reduce(3) { $0 + $1.utf8.count + 2 })
    if content.hasByteOrderMark || content.lines.first?.utf8.starts(with: ASCII.byteOrderMark) == true {
      output.append(contentsOf: ASCII.byteOrderMark)
    }
    for index in content.lines.indices {
      output.append(contentsOf: content.lines[index].utf8)
      guard var ending = content.terminator(ofLine: index) else { continue }
      if ending == .cr, index + 1 < content.lines.count, content.lines[index + 1].isEmpty,
        content.terminator(ofLine: index + 1) == .lf
      {
        ending = .crlf
      }
      ending.write(to: &output)
    }
    return output
  }

  private static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(FolioError) -> TextContent {
    let hasByteOrderMark = ASCII.hasByteOrderMark(bytes)
    let start = hasByteOrderMark ? 3 : 0
    try UTF8Validation.validate(bytes, from: start)

    var lines: [String] = []
    var endings: [LineEnding] = []
    var lineStart = start
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == ASCII.lineFeed || byte == ASCII.carriageReturn else {
        index += 1
        continue
      }
      lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<index]), as: UTF8.self))
      let ending = LineEnding.read(at: index, in: bytes)
      endings.append(ending)
      index += ending.byteCount
      lineStart = index
    }
    let endsWithNewline = lineStart == bytes.count
    if !endsWithNewline {
      lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart...]), as: UTF8.self))
    }

    let lineEnding = endings.first ?? .lf
    var lineEndings: [LineEnding]?
    if endings.contains(where: { $0 != lineEnding }) {
      if !endsWithNewline { endings.append(lineEnding) }
      lineEndings = endings
    }
    return TextContent(
      lines: lines,
      lineEnding: lineEnding,
      hasByteOrderMark: hasByteOrderMark,
      endsWithNewline: endsWithNewline,
      lineEndings: lineEndings
    )
  }
}
