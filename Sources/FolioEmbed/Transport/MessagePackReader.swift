import CMsgPack
import FolioCore

/// Splits a MessagePack stream into the embedding protocol's messages and decodes each into
/// the JSON model (`JSONValue`), with msgpack-c's streaming unpacker.
///
/// Bytes arrive in chunks of any size; a message split across chunks waits for its rest.
/// `MessagePackFraming` reads the headers of each message as its bytes arrive, checking
/// every count and length in them against the limit, and only a whole message goes to
/// msgpack-c — which sets memory aside for an array's or map's elements when it reads the
/// count, so what it sets aside is at most in proportion to bytes that came.
///
/// Each message maps to JSON exactly: nil, bool, integers, floats, strings (UTF-8), arrays
/// and maps with string keys. A message with anything else (bin, ext, a key that is not a
/// string, a string that is not UTF-8) is reported as `unrepresentable`, and the stream goes
/// on with the next message. A stream that breaks — bytes that are not MessagePack, nesting
/// deeper than msgpack-c's 32 levels, a message over the limit (or whose headers declare
/// more than it), or the end of the input inside a message — cannot be resynchronised: the
/// reader reports it once as `broken` and reads no more.
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
  /// How many levels of arrays and maps msgpack-c's unpacker holds (`MSGPACK_EMBED_STACK_SIZE`);
  /// the framing refuses a deeper one before msgpack-c reads it.
  public static let maximumDepth = 32

  /// The longest message kept, in bytes.
  public let limit: Int
  /// Whether messages are msgpack-RPC arrays rather than maps.
  public let isRPC: Bool
  /// msgpack-c's unpacker; nil when it could not be made (no memory), and the first bytes
  /// break the stream.
  private let unpacker: UnsafeMutablePointer<msgpack_unpacker>?
  /// The message last decoded, with the memory (zone) its objects live in; at a fixed
  /// address, so that passing it to msgpack-c is no access to this object's storage.
  private let unpacked: UnsafeMutablePointer<msgpack_unpacked>
  /// Whether the stream broke: nothing more is read.
  public private(set) var isBroken = false
  /// Where the message being read ends, found before msgpack-c reads it.
  private var framing: MessagePackFraming

  /// Creates a reader that keeps messages of at most `limit` bytes, in msgpack-RPC's arrays
  /// when `isRPC`, else maps.
  public init(limit: Int = MessageReader.defaultLimit, isRPC: Bool = false) {
    self.limit = max(1, limit)
    self.isRPC = isRPC
    framing = MessagePackFraming(limit: self.limit, maximumDepth: Self.maximumDepth)
    unpacker = msgpack_unpacker_new(64 * 1024)
    unpacked = .allocate(capacity: 1)
    msgpack_unpacked_init(unpacked)
  }

  deinit {
    msgpack_unpacked_destroy(unpacked)
    unpacked.deallocate()
    if let unpacker { msgpack_unpacker_free(unpacker) }
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
  func append(_ bytes: UnsafeBufferPointer<UInt8>, to take: (MessageReader.Item) -> Void) {
    guard !isBroken, let start = bytes.baseAddress, !bytes.isEmpty else { return }
    guard let unpacker, msgpack_unpacker_reserve_buffer(unpacker, bytes.count) else {
      take(breaking(.unreadable("the reader has no memory for its buffer")))
      return
    }
    UnsafeMutableRawPointer(msgpack_unpacker_buffer(unpacker)).copyMemory(from: start, byteCount: bytes.count)
    msgpack_unpacker_buffer_consumed(unpacker, bytes.count)
    var index = 0
    while true {
      switch framing.scan(bytes, from: &index) {
      case .needsMore:
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
        // The unpacker holds the whole message now, and reads no further than its end.
        var size = 0
        switch msgpack_unpacker_next_with_size(unpacker, unpacked, &size) {
        case MSGPACK_UNPACK_SUCCESS where size == byteCount:
          take(isRPC ? Self.rpcItem(unpacked.pointee.data) : Self.item(unpacked.pointee.data))
        case MSGPACK_UNPACK_NOMEM_ERROR:
          take(breaking(.unreadable("a message is too large to hold")))
          return
        default:
          take(breaking(.unreadable("the bytes are not MessagePack")))
          return
        }
      }
    }
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

  // MARK: - The JSON model

  /// What a whole message is: its tree, or why it has none.
  static func item(_ object: msgpack_object) -> MessageReader.Item {
    do {
      return .message(try value(object))
    } catch {
      return .unrepresentable(error.reason)
    }
  }

  /// What a whole msgpack-RPC message is: the request or notification its array stands for,
  /// or why it is neither.
  static func rpcItem(_ object: msgpack_object) -> MessageReader.Item {
    let array = object.via.array
    guard object.type == MSGPACK_OBJECT_ARRAY, let elements = array.ptr,
      array.size == 4 || array.size == 3, elements[0].type == MSGPACK_OBJECT_POSITIVE_INTEGER,
      elements[0].via.u64 == (array.size == 4 ? 0 : 2)
    else {
      return .unrepresentable(
        "in msgpack-RPC a message is a request [0, id, method, params] or a notification [2, method, params]")
    }
    do {
      let id = array.size == 4 ? try value(elements[1]) : nil
      let method = try value(elements[Int(array.size) - 2])
      let params = elements[Int(array.size) - 1]
      return .rpc(id: id, method: method, params: params.type == MSGPACK_OBJECT_NIL ? nil : try value(params))
    } catch {
      return .unrepresentable(error.reason)
    }
  }

  /// Why a message has no JSON form.
  struct Unrepresentable: Error {
    var reason: String
  }

  /// The JSON value of `object`; its depth is bounded by the unpacker's.
  static func value(_ object: msgpack_object) throws(Unrepresentable) -> JSONValue {
    switch object.type {
    case MSGPACK_OBJECT_NIL: return .null
    case MSGPACK_OBJECT_BOOLEAN: return .bool(object.via.boolean)
    case MSGPACK_OBJECT_POSITIVE_INTEGER:
      // As JSON text reads it: an integer over Int's range is a number.
      let value = object.via.u64
      return value <= UInt64(Int.max) ? .int(Int(value)) : .number(Double(value))
    case MSGPACK_OBJECT_NEGATIVE_INTEGER: return .int(Int(object.via.i64))
    case MSGPACK_OBJECT_FLOAT32, MSGPACK_OBJECT_FLOAT64: return .number(object.via.f64)
    case MSGPACK_OBJECT_STR: return .string(try string(object.via.str))
    case MSGPACK_OBJECT_ARRAY:
      let array = object.via.array
      guard array.size > 0, let elements = array.ptr else { return .array([]) }
      var values: [JSONValue] = []
      values.reserveCapacity(Int(array.size))
      for index in 0..<Int(array.size) { values.append(try value(elements[index])) }
      return .array(values)
    case MSGPACK_OBJECT_MAP:
      let map = object.via.map
      guard map.size > 0, let pairs = map.ptr else { return .object([]) }
      var fields: [(String, JSONValue)] = []
      fields.reserveCapacity(Int(map.size))
      for index in 0..<Int(map.size) {
        let pair = pairs[index]
        guard pair.key.type == MSGPACK_OBJECT_STR else {
          throw Unrepresentable(reason: "a map key is not a string")
        }
        fields.append((try string(pair.key.via.str), try value(pair.val)))
      }
      return .object(fields)
    case MSGPACK_OBJECT_BIN: throw Unrepresentable(reason: "bin (binary data) has no JSON form")
    default: throw Unrepresentable(reason: "an ext value has no JSON form")
    }
  }

  private static func string(_ str: msgpack_object_str) throws(Unrepresentable) -> String {
    guard str.size > 0, let start = str.ptr else { return "" }
    let bytes = UnsafeBufferPointer(
      start: UnsafeRawPointer(start).assumingMemoryBound(to: UInt8.self), count: Int(str.size))
    // Most strings are ASCII, which needs no check (as in `JSONText.parse`); the parser is
    // the standard library's strict one (no surrogates, no overlong forms). An ASCII string
    // is copied into a string made to hold it, which checks nothing again (and keeps one of
    // up to 15 bytes, as most keys and methods are, inline); `String(decoding:as:)` would
    // validate it once more.
    if bytes.allSatisfy({ $0 < 0x80 }) {
      return String(unsafeUninitializedCapacity: bytes.count) { target in
        _ = target.initialize(fromContentsOf: bytes)
        return bytes.count
      }
    }
    var parser = UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid: continue
      case .emptyInput: return String(decoding: bytes, as: UTF8.self)
      case .error: throw Unrepresentable(reason: "a string is not UTF-8")
      }
    }
  }
}
