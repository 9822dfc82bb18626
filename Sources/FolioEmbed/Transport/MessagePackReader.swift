import FolioCore

/// Splits a MessagePack stream into the embedding protocol's messages and decodes each into
/// the JSON model (`JSONValue`).
///
/// Bytes arrive in chunks of any size; a message split across chunks waits for its rest (its
/// bytes kept until it ends). `MessagePackFraming` reads the headers of each message as its
/// bytes arrive, checking every count and length in them against the limit, and only a whole
/// message is decoded (`MessagePackDecoder`, straight from the chunk when the message is in
/// it whole, as most requests are) — so what is set aside for an array's or map's elements
/// is at most in proportion to bytes that came.
///
/// Each message maps to JSON exactly: nil, bool, integers, floats, strings (UTF-8), arrays
/// and maps with string keys. A message with anything else (bin, ext, a key that is not a
/// string, a string that is not UTF-8) is reported as `unrepresentable`, and the stream goes
/// on with the next message. A stream that breaks — bytes that are not MessagePack, nesting
/// deeper than 32 levels, a message over the limit (or whose headers declare more than it),
/// or the end of the input inside a message — cannot be resynchronised: the reader reports it
/// once as `broken` and reads no more.
///
/// In msgpack-RPC (`isRPC`), each message is an array in msgpack-RPC's envelope, read as the
/// request or notification it stands for (`MessageReader.Item.rpc`): a request `[0, id,
/// method, params]`, a notification `[2, method, params]` (a nil `params` as none), with no
/// tree made for the envelope. Any other message is `unrepresentable`; what the members hold
/// is checked by the server, as in a map.
///
/// It is used by one thread at a time — `MessageInput` keeps it under its lock — which is
/// what its unchecked `Sendable` promises.
public final class MessagePackReader: @unchecked Sendable {
  /// How many levels of arrays and maps a message may nest (msgpack-c's unpacker, which read
  /// them before, held 32).
  public static let maximumDepth = 32

  /// The longest message kept, in bytes.
  public let limit: Int
  /// Whether messages are msgpack-RPC arrays rather than maps.
  public let isRPC: Bool
  /// Whether the stream broke: nothing more is read.
  public private(set) var isBroken = false
  /// Where the message being read ends, found before it is decoded.
  private var framing: MessagePackFraming
  /// The bytes of a message begun in an earlier chunk and not ended yet.
  private var partial: [UInt8] = []
  /// How much of `partial`'s storage is kept once its message is decoded.
  private static let keptCapacity = 64 * 1024

  /// Creates a reader that keeps messages of at most `limit` bytes, in msgpack-RPC's arrays
  /// when `isRPC`, else maps.
  public init(limit: Int = MessageReader.defaultLimit, isRPC: Bool = false) {
    self.limit = max(1, limit)
    self.isRPC = isRPC
    framing = MessagePackFraming(limit: self.limit, maximumDepth: Self.maximumDepth)
  }

  /// Takes the next bytes of the stream and returns the messages they end, in order; after
  /// a `broken` item, none.
  public func append(_ bytes: UnsafeBufferPointer<UInt8>) -> [MessageReader.Item] {
    var items: [MessageReader.Item] = []
    append(bytes) { items.append($0) }
    return items
  }

  /// Takes the next bytes of the stream and hands the messages they end to `take`, in
  /// order, with no array made for them (most chunks end one request); after a `broken`
  /// item, none.
  func append(_ bytes: UnsafeBufferPointer<UInt8>, to take: (consuming MessageReader.Item) -> Void) {
    guard !isBroken, !bytes.isEmpty else { return }
    var index = 0
    while true {
      // Every byte belongs to a message: those scanned now are the message's being read.
      let start = index
      switch framing.scan(bytes, from: &index) {
      case .needsMore:
        // Most chunks end with the message they hold: nothing is kept then (appending no
        // bytes still called into the array, and made it storage the first time).
        if index > start { partial.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index])) }
        return
      case .tooLong(let byteCount):
        take(breaking(.tooLong(byteCount: byteCount)))
        return
      case .tooDeep:
        take(breaking(.unreadable("a message nests deeper than \(Self.maximumDepth) levels")))
        return
      case .notMessagePack:
        take(breaking(.unreadable("the bytes are not MessagePack")))
        return
      case .ended(let byteCount):
        guard !partial.isEmpty else {
          take(item(UnsafeBufferPointer(rebasing: bytes[(index - byteCount)..<index])))
          continue
        }
        partial.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        take(partial.withUnsafeBufferPointer { item($0) })
        partial.removeAll(keepingCapacity: partial.capacity <= Self.keptCapacity)
      }
    }
  }

  /// What the whole message in `bytes` is.
  private func item(_ bytes: UnsafeBufferPointer<UInt8>) -> MessageReader.Item {
    isRPC ? MessagePackDecoder.rpcItem(bytes) : MessagePackDecoder.item(bytes)
  }

  /// Ends the stream: a message left unfinished is reported as `truncated`.
  public func finish() -> MessageReader.Item? {
    guard !isBroken, framing.byteCount > 0 else { return nil }
    return breaking(.truncated(byteCount: framing.byteCount))
  }

  private func breaking(_ failure: MessageReader.Failure) -> MessageReader.Item {
    isBroken = true
    return .broken(failure)
  }
}
