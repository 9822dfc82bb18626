#if canImport(Glibc)
  import Glibc
#endif

/// A character encoding other than UTF-8 that a file is read from and saved back in,
/// converted by glibc's iconv: `latin1`, `cp1252`, `utf-16`, or any name iconv knows.
///
/// Inside, every document is UTF-8; a file in another encoding is converted whole when it is
/// read and converted back, a chunk at a time, when it is saved. Both conversions are exact
/// inverses for the characters the encoding holds, so rows not edited save as the bytes read.
public struct TextEncoding: Sendable, Equatable {
  /// The name iconv is given, as typed (`latin1`) or as a byte order mark showed it.
  public let name: String
  /// The byte order mark the file starts with (a UTF-16 or UTF-32 one), written back first;
  /// empty when none.
  let byteOrderMark: [UInt8]

  /// The encoding `name` names, when iconv can convert it to and from UTF-8; nil for UTF-8
  /// itself, which needs no conversion.
  ///
  /// - Throws: `FolioError.invalidArgument` when iconv knows no such encoding.
  public init?(named name: String) throws(FolioError) {
    let folded = name.lowercased()
    if folded == "utf-8" || folded == "utf8" { return nil }
    for (from, to) in [(name, "UTF-8"), ("UTF-8", name)] {
      let converter = iconv_open(to, from)
      guard Int(bitPattern: converter) != -1 else {
        throw FolioError(
          .invalidArgument, "iconv knows no encoding '\(name)'", values: ["encoding": name])
      }
      iconv_close(converter)
    }
    self.name = name
    byteOrderMark = []
  }

  private init(name: String, byteOrderMark: [UInt8]) {
    self.name = name
    self.byteOrderMark = byteOrderMark
  }

  /// The encoding a UTF-16 byte order mark at the start of `bytes` shows; nil without one.
  static func fromByteOrderMark(_ bytes: [UInt8]) -> TextEncoding? {
    if bytes.starts(with: [0xFF, 0xFE]) {
      return TextEncoding(name: "UTF-16LE", byteOrderMark: [0xFF, 0xFE])
    }
    if bytes.starts(with: [0xFE, 0xFF]) {
      return TextEncoding(name: "UTF-16BE", byteOrderMark: [0xFE, 0xFF])
    }
    return nil
  }

  /// `encoding` with the byte order mark `bytes` start with: a file read as `utf-16` is read
  /// in the byte order its mark says and saved with the same mark.
  /// A `utf-16` file without a mark is big-endian, as iconv reads it, and saved without one.
  static func reading(_ bytes: [UInt8], as encoding: TextEncoding?) -> TextEncoding? {
    let isUTF16 = encoding.map { ["UTF-16", "UTF16"].contains($0.name.uppercased()) } ?? false
    guard let marked = fromByteOrderMark(bytes) else {
      return isUTF16 ? TextEncoding(name: "UTF-16BE", byteOrderMark: []) : encoding
    }
    guard let encoding else { return marked }
    return isUTF16 ? marked : encoding
  }

  /// The file's bytes as UTF-8, its byte order mark left out.
  ///
  /// - Throws: `FolioError.format` naming the line (counted in what was converted) and the
  ///   byte that is not in this encoding, or that the file ends inside a character.
  func decode(_ bytes: [UInt8]) throws(FolioError) -> [UInt8] {
    let input = Array(bytes.dropFirst(bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0))
    var output: [UInt8] = []
    output.reserveCapacity(input.count + input.count / 2 + 16)
    let outcome = input.withUnsafeBufferPointer { buffer in
      Self.convert(buffer, from: name, to: "UTF-8", into: &output, isLast: true)
    }
    switch outcome {
    case .done, .incomplete: return output
    case .failed(let offset, let reason):
      let line = output.reduce(1) { $1 == ASCII.lineFeed ? $0 + 1 : $0 }
      if reason == EILSEQ {
        let byte = String(input[offset], radix: 16, uppercase: true)
        throw FolioError(
          .format, "line \(line): byte 0x\(byte.count == 1 ? "0" + byte : byte) is not \(name)",
          values: ["line": String(line), "encoding": name])
      }
      throw FolioError(
        .format, "line \(line): the file ends inside a \(name) character", values: ["line": String(line)])
    case .unavailable:
      throw FolioError(.invalidArgument, "iconv knows no encoding '\(name)'", values: ["encoding": name])
    }
  }

  /// The same bytes as `content`, converted from UTF-8 into this encoding a chunk at a time,
  /// after the byte order mark the file had.
  ///
  /// - Throws (when written): `FolioError.format` naming the line of a character this
  ///   encoding cannot hold; a save then leaves the file as it was.
  func encoding(_ content: SaveContent) -> SaveContent {
    let name = name
    let byteOrderMark = byteOrderMark
    return SaveContent { (sink) throws(FolioError) in
      let converter = iconv_open(name, "UTF-8")
      guard Int(bitPattern: converter) != -1 else {
        throw FolioError(.invalidArgument, "iconv knows no encoding '\(name)'", values: ["encoding": name])
      }
      defer { iconv_close(converter) }
      if !byteOrderMark.isEmpty {
        try byteOrderMark.withUnsafeBufferPointer { (buffer) throws(FolioError) in try sink(buffer) }
      }
      // A character a chunk ends inside of, carried to the next.
      var carried: [UInt8] = []
      var lines = 1
      var output: [UInt8] = []
      func convert(_ chunk: UnsafeBufferPointer<UInt8>, isLast: Bool) throws(FolioError) {
        output.removeAll(keepingCapacity: true)
        let outcome = Self.convert(chunk, with: converter, into: &output)
        switch outcome {
        case .done: carried = []
        case .incomplete(let offset) where !isLast: carried = Array(chunk[offset...])
        case .incomplete(let offset), .failed(let offset, _):
          let before = chunk[..<offset].reduce(lines) { $1 == ASCII.lineFeed ? $0 + 1 : $0 }
          throw FolioError(
            .format, "cannot save as \(name): line \(before) holds a character \(name) cannot hold",
            values: ["line": String(before), "encoding": name])
        case .unavailable:
          throw FolioError(.invalidArgument, "iconv knows no encoding '\(name)'", values: ["encoding": name])
        }
        lines = chunk.reduce(lines) { $1 == ASCII.lineFeed ? $0 + 1 : $0 }
        if !output.isEmpty {
          try output.withUnsafeBufferPointer { (buffer) throws(FolioError) in try sink(buffer) }
        }
      }
      try content.write { (chunk) throws(FolioError) in
        if carried.isEmpty {
          try convert(chunk, isLast: false)
        } else {
          let joined = carried + Array(chunk)
          try joined.withUnsafeBufferPointer { (buffer) throws(FolioError) in
            try convert(buffer, isLast: false)
          }
        }
      }
      if !carried.isEmpty {
        let rest = carried
        try rest.withUnsafeBufferPointer { (buffer) throws(FolioError) in try convert(buffer, isLast: true) }
      }
    }
  }

  /// What one conversion ended with.
  private enum Outcome {
    case done
    /// The input ends inside a character, which starts at `offset`.
    case incomplete(Int)
    /// The input's byte at `offset` cannot be converted (`EILSEQ`), or another error.
    case failed(Int, Int32)
    case unavailable
  }

  private static func convert(
    _ input: UnsafeBufferPointer<UInt8>, from source: String, to target: String, into output: inout [UInt8],
    isLast: Bool
  ) -> Outcome {
    let converter = iconv_open(target, source)
    guard Int(bitPattern: converter) != -1 else { return .unavailable }
    defer { iconv_close(converter) }
    let outcome = convert(input, with: converter, into: &output)
    if case .incomplete(let offset) = outcome { return .failed(offset, EINVAL) }
    return outcome
  }

  /// Converts `input` with `converter`, appending to `output`.
  private static func convert(
    _ input: UnsafeBufferPointer<UInt8>, with converter: iconv_t?, into output: inout [UInt8]
  ) -> Outcome {
    guard let base = input.baseAddress, !input.isEmpty else { return .done }
    var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(
      mutating: UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self))
    var inLeft = input.count
    var buffer = [UInt8](repeating: 0, count: max(4096, min(input.count * 2, 1 << 20)))
    while inLeft > 0 {
      var outLeft = buffer.count
      var result = 0
      var failure: Int32 = 0
      buffer.withUnsafeMutableBufferPointer { out in
        guard let outBase = out.baseAddress else { return }
        var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBase).assumingMemoryBound(
          to: CChar.self)
        result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
        if result == -1 { failure = errno }
      }
      output.append(contentsOf: buffer[..<(buffer.count - outLeft)])
      let offset = input.count - inLeft
      if result == -1 {
        switch failure {
        case E2BIG: continue
        case EINVAL: return .incomplete(offset)
        default: return .failed(offset, failure)
        }
      }
    }
    return .done
  }
}
