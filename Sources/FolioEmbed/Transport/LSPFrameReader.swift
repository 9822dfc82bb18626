import FolioCore

/// Splits a stream framed as LSP's base protocol into the embedding protocol's messages:
/// each a header part — lines ended by `\r\n`, one of them `Content-Length: N` — an empty
/// line, and then N bytes of JSON (`folio --embed --framing lsp`).
///
/// Bytes arrive in chunks of any size; a message split across chunks waits for its rest. A
/// message whose `Content-Length` is over the limit is never held: its bytes are dropped as
/// they come and it is reported once, with its length (`tooLong`), and the stream goes on.
/// A header part that cannot be read — over 8 KiB, a line that is not `Name: value`, no
/// `Content-Length` or one that is not a number — leaves no way to find where the next
/// message starts: it is reported once as `broken`, and nothing more is read.
public struct LSPFrameReader: Sendable {
  /// The longest header part read, in bytes.
  public static let headerLimit = 8 * 1024

  /// The longest message kept, in bytes.
  public let limit: Int
  /// Whether the stream broke: nothing more is read.
  public private(set) var isBroken = false
  /// The header part read so far, while no body is being read.
  private var header: [UInt8] = []
  /// The body being read: its length, and the bytes read of it (none kept when it is over
  /// the limit).
  private var body: (length: Int, bytes: [UInt8], read: Int)?

  /// Creates a reader that keeps messages of at most `limit` bytes.
  public init(limit: Int = MessageReader.defaultLimit) {
    self.limit = max(1, limit)
  }

  /// Takes the next bytes of the stream and returns the messages they end, in order; after
  /// a `broken` item, none.
  public mutating func append(_ bytes: some Collection<UInt8>) -> [MessageReader.Item] {
    var items: [MessageReader.Item] = []
    var rest = bytes[...]
    while !rest.isEmpty, !isBroken {
      if var current = body {
        let wanted = current.length - current.read
        let piece = rest.prefix(wanted)
        rest = rest.dropFirst(piece.count)
        current.read += piece.count
        if current.length <= limit { current.bytes.append(contentsOf: piece) }
        if current.read == current.length {
          items.append(current.length <= limit ? .line(current.bytes) : .tooLong(byteCount: current.length))
          body = nil
        } else {
          body = current
        }
        continue
      }
      // The header part ends at its empty line.
      guard let newline = rest.firstIndex(of: UInt8(ascii: "\n")) else {
        header.append(contentsOf: rest)
        if header.count > Self.headerLimit { items.append(breaking("the header is over 8 KiB")) }
        break
      }
      header.append(contentsOf: rest[...newline])
      rest = rest[rest.index(after: newline)...]
      if header.count > Self.headerLimit {
        items.append(breaking("the header is over 8 KiB"))
        break
      }
      if header == [UInt8(ascii: "\r"), UInt8(ascii: "\n")] || header == [UInt8(ascii: "\n")] {
        // An empty line between messages, before any header: skipped.
        header = []
        continue
      }
      if header.suffix(4).elementsEqual("\r\n\r\n".utf8) || header.suffix(2).elementsEqual("\n\n".utf8) {
        switch Self.contentLength(header) {
        case .success(let length):
          header = []
          if length == 0 {
            items.append(.line([]))
          } else {
            body = (length, [], 0)
            if length <= limit { body?.bytes.reserveCapacity(length) }
          }
        case .failure(let reason):
          items.append(breaking(reason.text))
        }
      }
    }
    return items
  }

  /// Ends the stream: a message left unfinished is reported as `truncated`.
  public mutating func finish() -> MessageReader.Item? {
    guard !isBroken else { return nil }
    if let body { return .broken(.truncated(byteCount: body.read)) }
    let started = header.contains { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }
    return started ? .broken(.truncated(byteCount: 0)) : nil
  }

  private struct HeaderError: Error {
    var text: String
  }

  /// The `Content-Length` of a whole header part, or why it cannot be read.
  private static func contentLength(_ header: [UInt8]) -> Result<Int, HeaderError> {
    var length: Int?
    for line in header.split(separator: UInt8(ascii: "\n")) {
      let text = line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
      if text.isEmpty { continue }
      guard let colon = text.firstIndex(of: UInt8(ascii: ":")) else {
        return .failure(HeaderError(text: "a header line has no ':'"))
      }
      let name = String(decoding: text[..<colon], as: UTF8.self).lowercased()
      guard name == "content-length" else { continue }
      let digits = text[text.index(after: colon)...].drop {
        $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
      }
      let trimmed = digits.reversed().drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.reversed()
      // At most 18 digits: the value then fits in an Int before any arithmetic.
      guard !trimmed.isEmpty, trimmed.count <= 18,
        trimmed.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
      else {
        return .failure(HeaderError(text: "'Content-Length' is not a number of bytes"))
      }
      length = trimmed.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
    guard let length else { return .failure(HeaderError(text: "the header has no 'Content-Length'")) }
    return .success(length)
  }

  private mutating func breaking(_ reason: String) -> MessageReader.Item {
    isBroken = true
    header = []
    return .broken(.badHeader(reason))
  }
}
