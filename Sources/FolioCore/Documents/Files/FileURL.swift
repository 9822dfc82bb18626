/// Conversion between file paths and `file://` URLs, with percent-encoding.
public enum FileURL {
  /// The `file://` URL of an absolute path: `/tmp/My Notes.txt` → `file:///tmp/My%20Notes.txt`.
  public static func string(fromPath path: String) -> String {
    var url = "file://"
    for byte in path.utf8 {
      if isUnreserved(byte) {
        url.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        url += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return url
  }

  /// The path of a `file://` URL (`file:///p`, `file://localhost/p`), percent-decoded; nil
  /// when the text is not a file URL.
  ///
  /// - Throws: `FolioError.invalidArgument` for another host, a bad escape, or a path that
  ///   is not UTF-8 or holds a NUL byte.
  public static func path(fromURL text: String) throws(FolioError) -> String? {
    guard text.lowercased().hasPrefix("file://") else { return nil }
    var rest = Substring(text.dropFirst("file://".count))
    if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
    guard rest.hasPrefix("/") else {
      throw .invalidArgument("'\(text)' names another host; only local file URLs can be opened")
    }
    var bytes: [UInt8] = []
    var utf8 = Array(rest.utf8)[...]
    while let byte = utf8.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      else {
        throw .invalidArgument("'\(text)' has a bad percent escape")
      }
      utf8 = utf8.dropFirst(2)
      bytes.append(value)
    }
    guard !bytes.contains(0), let path = String(validating: bytes, as: UTF8.self) else {
      throw .invalidArgument("'\(text)' does not decode to a valid path")
    }
    return path
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default: "-._~/".utf8.contains(byte)
    }
  }
}
