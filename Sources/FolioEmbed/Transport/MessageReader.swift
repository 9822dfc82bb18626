import FolioCore

/// Splits the bytes of a stream into the embedding protocol's messages: lines ended by `\n`,
/// each at most `limit` bytes.
///
/// Bytes arrive in chunks of any size; a line split across chunks waits for its rest. A line
/// longer than the limit is never held whole: the reader drops its bytes as they come, up to
/// its newline, and reports it once, with its length, so the server can answer with an error
/// and go on with the next line. A `\r` before the `\n` is part of the line (JSON allows it
/// as whitespace).
public struct MessageReader: Sendable {
  /// The largest message, in bytes without its newline: 16 MiB.
  public static let defaultLimit = 16 << 20

  /// What the reader found in the bytes: lines from this reader, decoded messages and
  /// failures from `MessagePackReader` once a client chose MessagePack.
  public enum Item: Equatable, Sendable {
    /// A whole line, without its newline.
    case line([UInt8])
    /// A line longer than the limit, dropped; `byteCount` is its length without the newline.
    case tooLong(byteCount: Int)
    /// A MessagePack message, decoded into the JSON model.
    case message(JSONValue)
    /// A msgpack-RPC request (`[0, id, method, params]`, its id given) or notification
    /// (`[2, method, params]`, no id), the members as they came, for the server to check; a
    /// nil `params` as none.
    case rpc(id: JSONValue?, method: JSONValue, params: JSONValue?)
    /// A MessagePack message with no JSON form (bin, ext, a key that is not a string, a
    /// string that is not UTF-8), skipped; the stream goes on.
    case unrepresentable(String)
    /// A request with no JSON form whose id could still be read, so that its error response
    /// can carry it; skipped, and the stream goes on.
    case unrepresentableRequest(id: JSONValue, reason: String)
    /// A msgpack-RPC message that gets no answer: a response (Folio sends no requests) or a
    /// notification that cannot be read. Answering either could start an endless exchange
    /// of errors with a peer that answers stray responses, as pynvim does; it is logged.
    case stray(String)
    /// The MessagePack stream broke and cannot be resynchronised: the last item.
    case broken(Failure)
  }

  /// How a MessagePack stream broke.
  public enum Failure: Equatable, Sendable {
    /// Bytes that are not MessagePack, or a message nested too deep to read.
    case unreadable(String)
    /// A message over the limit; `byteCount` is how long it is at least: the bytes read of
    /// it and those its headers declare still to come (a str's length, one byte for each
    /// element an array or map still owes), as far as they were read.
    case tooLong(byteCount: Int)
    /// The input ended inside a message, after `byteCount` of its bytes.
    case truncated(byteCount: Int)
    /// An LSP header part that cannot be read (`LSPFrameReader`): where the next message
    /// starts cannot be found.
    case badHeader(String)
  }

  /// The longest line kept, in bytes.
  public let limit: Int
  /// The start of the line not yet ended.
  private var pending: [UInt8] = []
  /// How many bytes of an over-long line were dropped so far; nil while the line fits.
  private var droppedCount: Int?

  /// Creates a reader that keeps lines of at most `limit` bytes.
  public init(limit: Int = MessageReader.defaultLimit) {
    self.limit = max(1, limit)
  }

  /// Whether part of a line is waiting for its newline.
  public var hasPartialLine: Bool { !pending.isEmpty || droppedCount != nil }

  /// Takes the next bytes of the stream and returns the lines they end, in order.
  public mutating func append(_ bytes: some Collection<UInt8>) -> [Item] {
    var items: [Item] = []
    var rest = bytes[...]
    while !rest.isEmpty {
      let newline = rest.firstIndex(of: UInt8(ascii: "\n"))
      let piece = rest[..<(newline ?? rest.endIndex)]
      take(piece)
      guard let newline else { break }
      items.append(endLine())
      rest = rest[rest.index(after: newline)...]
    }
    return items
  }

  /// Ends the stream: the unfinished line, if any, as if a newline followed it.
  public mutating func finish() -> Item? {
    hasPartialLine ? endLine() : nil
  }

  private mutating func take(_ piece: some Collection<UInt8>) {
    if let dropped = droppedCount {
      droppedCount = dropped + piece.count
    } else if pending.count + piece.count > limit {
      droppedCount = pending.count + piece.count
      pending = []
    } else {
      pending.append(contentsOf: piece)
    }
  }

  private mutating func endLine() -> Item {
    defer {
      pending = []
      droppedCount = nil
    }
    if let dropped = droppedCount { return .tooLong(byteCount: dropped) }
    return .line(pending)
  }
}
