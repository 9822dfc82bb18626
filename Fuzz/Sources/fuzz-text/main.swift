import FolioCore
import FuzzSupport

/// The text reader: every file it accepts is written back byte for byte, and it refuses exactly
/// the files that are not UTF-8 or hold a NUL byte.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Fuzzer.bytes(data, size)
  let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
  let body = bytes.starts(with: byteOrderMark) ? Array(bytes.dropFirst(3)) : bytes
  let isText = String(validating: body, as: UTF8.self) != nil && !body.contains(0)

  let content: TextContent
  do {
    content = try TextFormat.decode(bytes)
  } catch {
    Fuzzer.require(!isText, "refused a UTF-8 file without NUL bytes: \(error)")
    Fuzzer.require(error.code == .format, "refused with code \(error.code), not format: \(error)")
    return 0
  }
  Fuzzer.require(isText, "accepted bytes that are not UTF-8 text")
  Fuzzer.require(TextFormat.encode(content) == bytes, "encode(decode(file)) differs from the file")

  // Lines are what splitting at LF, CRLF and lone CR gives, and hold no line breaks.
  let expected = splitLines(String(decoding: body, as: UTF8.self))
  Fuzzer.require(content.lines == expected, "lines \(content.lines) are not \(expected)")
  if let endings = content.lineEndings {
    Fuzzer.require(
      endings.count == content.lines.count, "\(endings.count) endings for \(content.lines.count) lines")
  }

  // An edited document stays a document that reads back as it was written.
  var edited = content
  edited.append("appended")
  if !edited.lines.isEmpty { edited.removeLine(at: 0) }
  edited.insert("inserted", at: edited.lines.count / 2)
  let reread = try? TextFormat.decode(TextFormat.encode(edited))
  Fuzzer.require(
    reread?.lines == edited.lines, "an edited document reads back as \(String(describing: reread?.lines))")
  return 0
}

/// A second, plain implementation of line splitting, over Unicode scalars.
func splitLines(_ text: String) -> [String] {
  var lines: [String] = []
  var line = String.UnicodeScalarView()
  var scalars = text.unicodeScalars.makeIterator()
  var pending = scalars.next()
  while let scalar = pending {
    pending = scalars.next()
    if scalar == "\n" || scalar == "\r" {
      if scalar == "\r", pending == "\n" { pending = scalars.next() }
      lines.append(String(line))
      line = String.UnicodeScalarView()
    } else {
      line.append(scalar)
    }
  }
  if !line.isEmpty { lines.append(String(line)) }
  return lines
}

Fuzzer.run(fuzzText)
