/// Media types (MIME types) of the files Folio shares.
enum MediaType {
  /// Plain UTF-8 text.
  static let plainText = "text/plain; charset=utf-8"
  /// Bytes of a kind we do not know.
  static let octetStream = "application/octet-stream"

  /// The media type of a file name, from its extension; `application/octet-stream` when the
  /// extension is unknown or missing.
  static func forFileName(_ name: String) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return octetStream }
    return forExtension(String(name[name.index(after: dot)...]))
  }

  /// The media type of an extension (without the dot, any case).
  static func forExtension(_ fileExtension: String) -> String {
    switch fileExtension.lowercased() {
    case "txt", "text", "log": plainText
    case "md", "markdown": "text/markdown; charset=utf-8"
    case "csv": "text/csv; charset=utf-8"
    case "tsv", "tab": "text/tab-separated-values; charset=utf-8"
    case "json": "application/json"
    case "pdf": "application/pdf"
    case "html", "htm": "text/html; charset=utf-8"
    case "eml": "message/rfc822"
    default: octetStream
    }
  }
}
