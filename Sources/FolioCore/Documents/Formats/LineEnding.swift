/// The bytes that end a line in a text file.
///
/// The raw value is the terminator itself, so `ending.rawValue.utf8` is what gets written.
public enum LineEnding: String, Sendable, CaseIterable {
  /// A line feed, as Linux and macOS write.
  case lf = "\n"
  /// A carriage return and a line feed, as Windows and RFC 4180 write.
  case crlf = "\r\n"
  /// A lone carriage return, as classic Mac OS wrote.
  case cr = "\r"
}

extension LineEnding {
  /// Reads the terminator that starts at `offset`, which must hold a CR or an LF.
  ///
  /// A CR followed by an LF is one CRLF terminator, never two line ends.
  static func read(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> LineEnding {
    if bytes[offset] == ASCII.lineFeed { return .lf }
    if offset + 1 < bytes.count, bytes[offset + 1] == ASCII.lineFeed { return .crlf }
    return .cr
  }

  /// The byte each terminator of this kind holds once: LF, or CR for a lone CR.
  var lastByte: UInt8 { self == .cr ? ASCII.carriageReturn : ASCII.lineFeed }

  /// The terminator's length in bytes.
  var byteCount: Int { self == .crlf ? 2 : 1 }

  /// Appends the terminator's bytes to `output`.
  func write(to output: inout [UInt8]) {
    switch self {
    case .lf: output.append(ASCII.lineFeed)
    case .crlf: output.append(contentsOf: [ASCII.carriageReturn, ASCII.lineFeed])
    case .cr: output.append(ASCII.carriageReturn)
    }
  }
}
