import FolioCore

/// Decodes one whole MessagePack message, as `MessagePackFraming` found it, into the JSON
/// model, straight from its bytes.
///
/// The framing has checked the message's structure already: every length and count it
/// declares is inside its bytes, it nests at most `MessagePackReader.maximumDepth` levels,
/// and no value starts with 0xC1. What is left to check is what has no JSON form; the values
/// are read in order, depth first, and the first with none is the reason given (as msgpack-c's
/// unpacker, which read them before, gave them: the same forms map to the same values).
struct MessagePackDecoder {
  /// Why a message has no JSON form.
  struct Unrepresentable: Error {
    var reason: String
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// What a whole message is: its tree, or why it has none.
  static func item(_ bytes: UnsafeBufferPointer<UInt8>) -> MessageReader.Item {
    var decoder = MessagePackDecoder(bytes)
    do {
      return .message(try decoder.value())
    } catch {
      // A request whose id can be read gets its error with that id.
      guard let id = requestID(inMap: bytes) else { return .unrepresentable(error.reason) }
      return .unrepresentableRequest(id: id, reason: error.reason)
    }
  }

  /// What a whole msgpack-RPC message is: the request `[0, id, method, params]` or the
  /// notification `[2, method, params]` its array stands for (a nil `params` as none), a
  /// response `[1, …]` or a notification that cannot be read (`stray`, which gets no answer),
  /// or why it is none of these. The method may be a bin holding UTF-8, as Neovim reads it
  /// (pynvim sends its first notification's name so).
  static func rpcItem(_ bytes: UnsafeBufferPointer<UInt8>) -> MessageReader.Item {
    var decoder = MessagePackDecoder(bytes)
    let count = decoder.arrayCount()
    let type = count == 4 || count == 3 ? decoder.unsignedInteger() : nil
    switch (count, type) {
    case (4, 0), (3, 2): break
    case (4, 1): return .stray("a response, but Folio sends no requests")
    default:
      return .unrepresentable(
        "in msgpack-RPC a message is a request [0, id, method, params] or a notification [2, method, params]")
    }
    let isRequest = count == 4
    var id: JSONValue?
    do {
      if isRequest { id = try decoder.value() }
      let method = try decoder.methodName()
      if decoder.bytes[decoder.index] == 0xC0 { return .rpc(id: id, method: method, params: nil) }
      return .rpc(id: id, method: method, params: try decoder.value())
    } catch {
      guard isRequest else { return .stray("a notification with no JSON form: \(error.reason)") }
      guard let id, RequestID(id) != nil else { return .unrepresentable(error.reason) }
      return .unrepresentableRequest(id: id, reason: error.reason)
    }
  }

  /// The request id of a whole MessagePack map message whose tree could not be made: the
  /// value of its first `id` member when that value has a JSON form and is an id (a number,
  /// a string or nil); nil otherwise.
  static func requestID(inMap bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
    var decoder = MessagePackDecoder(bytes)
    let header = bytes[0]
    let count: Int
    switch header {
    case 0x80...0x8F:
      decoder.index = 1
      count = Int(header & 0x0F)
    case 0xDE, 0xDF:
      decoder.index = 1
      count = Int(decoder.bigEndian(header == 0xDE ? 2 : 4))
    default: return nil
    }
    for _ in 0..<count {
      // A str key is read (past it even when it is not UTF-8); any other is skipped.
      let header = decoder.bytes[decoder.index]
      if (0xA0...0xBF).contains(header) || (0xD9...0xDB).contains(header) {
        if (try? decoder.string()) == "id" {
          guard let id = try? decoder.value(), RequestID(id) != nil else { return nil }
          return id
        }
      } else if !decoder.skip() {
        return nil
      }
      guard decoder.skip() else { return nil }
    }
    return nil
  }

  // MARK: - Values

  /// The next value, as JSON; its depth is bounded by the framing's.
  private mutating func value() throws(Unrepresentable) -> JSONValue {
    let header = bytes[index]
    index &+= 1
    switch header {
    case 0x00...0x7F: return .int(Int(header))
    case 0xE0...0xFF: return .int(Int(Int8(bitPattern: header)))
    case 0xC0: return .null
    case 0xC2: return .bool(false)
    case 0xC3: return .bool(true)
    case 0xA0...0xBF: return .string(try string(count: Int(header & 0x1F)))
    case 0x90...0x9F: return try array(count: Int(header & 0x0F))
    case 0x80...0x8F: return try map(count: Int(header & 0x0F))
    case 0xCC...0xCF:
      // As JSON text reads it: an integer over Int's range is a number.
      let value = bigEndian(1 << Int(header &- 0xCC))
      return value <= UInt64(Int.max) ? .int(Int(value)) : .number(Double(value))
    case 0xD0: return .int(Int(Int8(truncatingIfNeeded: bigEndian(1))))
    case 0xD1: return .int(Int(Int16(truncatingIfNeeded: bigEndian(2))))
    case 0xD2: return .int(Int(Int32(truncatingIfNeeded: bigEndian(4))))
    case 0xD3: return .int(Int(Int64(bitPattern: bigEndian(8))))
    case 0xCA: return .number(Double(Float(bitPattern: UInt32(truncatingIfNeeded: bigEndian(4)))))
    case 0xCB: return .number(Double(bitPattern: bigEndian(8)))
    case 0xD9...0xDB: return .string(try string(count: Int(bigEndian(1 << Int(header &- 0xD9)))))
    case 0xDC, 0xDD: return try array(count: Int(bigEndian(header == 0xDC ? 2 : 4)))
    case 0xDE, 0xDF: return try map(count: Int(bigEndian(header == 0xDE ? 2 : 4)))
    case 0xC4...0xC6: throw Unrepresentable(reason: "bin (binary data) has no JSON form")
    default: throw Unrepresentable(reason: "an ext value has no JSON form")
    }
  }

  private mutating func array(count: Int) throws(Unrepresentable) -> JSONValue {
    guard count > 0 else { return .array([]) }
    var values: [JSONValue] = []
    values.reserveCapacity(count)
    for _ in 0..<count { values.append(try value()) }
    return .array(values)
  }

  private mutating func map(count: Int) throws(Unrepresentable) -> JSONValue {
    guard count > 0 else { return .object([]) }
    var fields: [(String, JSONValue)] = []
    fields.reserveCapacity(count)
    for _ in 0..<count {
      let header = bytes[index]
      index &+= 1
      let keyCount: Int
      switch header {
      case 0xA0...0xBF: keyCount = Int(header & 0x1F)
      case 0xD9...0xDB: keyCount = Int(bigEndian(1 << Int(header &- 0xD9)))
      default: throw Unrepresentable(reason: "a map key is not a string")
      }
      let key = try string(count: keyCount)
      fields.append((key, try value()))
    }
    return .object(fields)
  }

  /// The `count` bytes at the index as a string, checked to be UTF-8.
  private mutating func string(count: Int) throws(Unrepresentable) -> String {
    guard count > 0, let base = bytes.baseAddress else { return "" }
    let text = UnsafeBufferPointer(start: base + index, count: count)
    index &+= count
    // Most strings are ASCII, which needs no check (as in `JSONText.parse`); the parser is
    // the standard library's strict one (no surrogates, no overlong forms). An ASCII string
    // is copied into a string made to hold it, which checks nothing again (and keeps one of
    // up to 15 bytes, as most keys and methods are, inline); `String(decoding:as:)` would
    // validate it once more.
    if text.allSatisfy({ $0 < 0x80 }) {
      return String(unsafeUninitializedCapacity: count) { target in
        _ = target.initialize(fromContentsOf: text)
        return count
      }
    }
    var parser = UTF8.ForwardParser()
    var iterator = text.makeIterator()
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid: continue
      case .emptyInput: return String(decoding: text, as: UTF8.self)
      case .error: throw Unrepresentable(reason: "a string is not UTF-8")
      }
    }
  }

  /// The str at the index as a string (nil, and nothing read, when the value there is not a
  /// str), read past it.
  private mutating func string() throws(Unrepresentable) -> String? {
    let header = bytes[index]
    let count: Int
    switch header {
    case 0xA0...0xBF:
      index &+= 1
      count = Int(header & 0x1F)
    case 0xD9...0xDB:
      index &+= 1
      count = Int(bigEndian(1 << Int(header &- 0xD9)))
    default: return nil
    }
    return try string(count: count)
  }

  /// A msgpack-RPC method name: a str, or a bin holding UTF-8, as a string; any other value
  /// as it is (the server refuses it).
  private mutating func methodName() throws(Unrepresentable) -> JSONValue {
    let header = bytes[index]
    guard (0xC4...0xC6).contains(header) else { return try value() }
    index &+= 1
    let count = Int(bigEndian(1 << Int(header &- 0xC4)))
    return .string(try string(count: count))
  }

  /// Moves past the value at the index, whatever it holds; false when it cannot be skipped
  /// (the framing checked every length, so only an unknown header stops it).
  private mutating func skip() -> Bool {
    let header = bytes[index]
    index &+= 1
    var length = 0
    var elements = 0
    switch header {
    case 0x00...0x7F, 0xE0...0xFF, 0xC0, 0xC2, 0xC3: return true
    case 0xA0...0xBF: length = Int(header & 0x1F)
    case 0x90...0x9F: elements = Int(header & 0x0F)
    case 0x80...0x8F: elements = 2 * Int(header & 0x0F)
    case 0xCC...0xCF: length = 1 << Int(header &- 0xCC)
    case 0xD0...0xD3: length = 1 << Int(header &- 0xD0)
    case 0xCA: length = 4
    case 0xCB: length = 8
    case 0xC4...0xC6: length = Int(bigEndian(1 << Int(header &- 0xC4)))
    case 0xD9...0xDB: length = Int(bigEndian(1 << Int(header &- 0xD9)))
    case 0xDC, 0xDD: elements = Int(bigEndian(header == 0xDC ? 2 : 4))
    case 0xDE, 0xDF: elements = 2 * Int(bigEndian(header == 0xDE ? 2 : 4))
    case 0xD4...0xD8: length = 1 + (1 << Int(header &- 0xD4))
    case 0xC7...0xC9: length = 1 + Int(bigEndian(1 << Int(header &- 0xC7)))
    default: return false
    }
    index &+= length
    for _ in 0..<elements where !skip() { return false }
    return true
  }

  // MARK: - Headers

  /// The next `count` bytes (1, 2, 4 or 8) as a big-endian number.
  private mutating func bigEndian(_ count: Int) -> UInt64 {
    var value: UInt64 = 0
    for offset in 0..<count { value = value &<< 8 | UInt64(bytes[index &+ offset]) }
    index &+= count
    return value
  }

  /// The count of the array at the index, read past its header; nil when the value there is
  /// not an array.
  private mutating func arrayCount() -> Int? {
    let header = bytes[index]
    switch header {
    case 0x90...0x9F:
      index &+= 1
      return Int(header & 0x0F)
    case 0xDC, 0xDD:
      index &+= 1
      return Int(bigEndian(header == 0xDC ? 2 : 4))
    default: return nil
    }
  }

  /// The value at the index, read past it, when it is an integer of at least 0 in any form
  /// (msgpack-c's positive integer); nil, and nothing read, when it is anything else.
  private mutating func unsignedInteger() -> UInt64? {
    let header = bytes[index]
    switch header {
    case 0x00...0x7F:
      index &+= 1
      return UInt64(header)
    case 0xCC...0xCF:
      index &+= 1
      return bigEndian(1 << Int(header &- 0xCC))
    case 0xD0...0xD3:
      // Signed: at least 0 when the first byte's top bit is clear.
      guard bytes[index &+ 1] < 0x80 else { return nil }
      index &+= 1
      return bigEndian(1 << Int(header &- 0xD0))
    default: return nil
    }
  }
}
