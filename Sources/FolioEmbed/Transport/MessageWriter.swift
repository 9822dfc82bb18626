import FolioCore

/// The encodings of the embedding protocol's messages: JSON lines, the default, MessagePack
/// maps, or msgpack-RPC arrays, which a client chooses in `initialize` (docs/protocol.md,
/// "Encodings").
public enum MessageEncoding: String, Sendable, CaseIterable {
  /// One JSON text a line.
  case json
  /// One MessagePack map a message, with nothing between messages.
  case msgpack
  /// One MessagePack array a message, in msgpack-RPC's envelope (as Neovim's `--embed`):
  /// `[0, id, method, params]`, `[1, id, error, result]`, `[2, method, params]`. Since 1.3.
  case msgpackRPC = "msgpack-rpc"

  /// Whether the messages are MessagePack, maps or arrays.
  public var isMessagePack: Bool { self != .json }
}

/// Writes one message of the protocol in its encoding, from typed values or a `JSONValue`
/// tree: `JSONWriter` for JSON lines, `MessagePackWriter` for MessagePack. Answers asked
/// often are written through it with no tree, in either encoding; objects, arrays and trees
/// are written as `JSONTreeWriter` says.
protocol MessageWriter: JSONTreeWriter, ~Copyable {
  /// Begins a response to `id`: an object of three members, `jsonrpc` and `id` written, and
  /// the key of the third, `error` or `result`, whose value comes next.
  mutating func beginResponse(to id: RequestID?, isError: Bool)
  /// Writes a member's key, which needs no escape; `isFirst` for its object's first member.
  mutating func writeKey(_ key: StaticString, isFirst: Bool)
  /// Writes a string, or null when it is nil.
  mutating func write(_ value: String?)
  /// Writes a value of a tree.
  mutating func write(_ value: JSONValue)
}

extension JSONWriter: MessageWriter {
  mutating func beginResponse(to id: RequestID?, isError: Bool) {
    // The envelope's fixed bytes in two appends, as they were before the writer protocol.
    append(#"{"jsonrpc":"2.0","id":"#)
    switch id {
    case .number(let number)?: write(number)
    case .string(let string)?: write(string)
    case let other?: write(other.json)
    case nil: writeNull()
    }
    append(isError ? #","error":"# : #","result":"#)
  }
}

/// MessagePack written straight into a buffer of bytes it owns: from a `JSONValue` tree or
/// typed values, the same bytes either way. Each value takes the form msgpack-c's packer gives
/// it (a fixint, fixstr, fixmap or fixarray where it fits, else the smallest sized form; a
/// float as float64), so the bytes are those msgpack-c writes (tested against it); they are
/// written here through a pointer, with one capacity check a value, where msgpack-c's packer
/// hands each header and each body to its buffer's callback and `memcpy`, a call each.
/// Numbers are written as `JSONWriter` writes them — a whole number under 10^15 as an
/// integer, a number that is not finite as nil — so a client decodes the same values from
/// either encoding.
public struct MessagePackWriter: ~Copyable, MessageWriter {
  private var base: UnsafeMutableRawPointer
  private var capacity: Int
  /// How many bytes are written.
  private var count = 0

  /// Creates an empty writer; most messages fit in its first 1 KiB.
  public init() {
    capacity = 1024
    base = .allocate(byteCount: capacity, alignment: 1)
  }

  deinit { base.deallocate() }

  /// Empties the writer for the next message, keeping its buffer — unless a large message
  /// grew it past 64 KiB, which goes back to 1 KiB rather than being held on to.
  public mutating func removeAll() {
    count = 0
    guard capacity > 65_536 else { return }
    base.deallocate()
    capacity = 1024
    base = .allocate(byteCount: capacity, alignment: 1)
  }

  /// The bytes written, for the length of `body`.
  public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count))
  }

  /// Makes room for `extra` more bytes, doubling the buffer as often as that takes.
  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    if count + extra > capacity { enlarge(toHold: count + extra) }
  }

  private mutating func enlarge(toHold needed: Int) {
    var larger = capacity * 2
    while larger < needed { larger *= 2 }
    let moved = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: 1)
    moved.copyMemory(from: base, byteCount: count)
    base.deallocate()
    (base, capacity) = (moved, larger)
  }

  /// Writes one byte, room reserved.
  @inline(__always)
  private mutating func put(_ byte: UInt8) {
    base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
    count += 1
  }

  /// Writes a marker byte and `value` after it, big-endian, room reserved.
  @inline(__always)
  private mutating func put<Value: FixedWidthInteger>(_ marker: UInt8, _ value: Value) {
    base.storeBytes(of: marker, toByteOffset: count, as: UInt8.self)
    base.storeBytes(of: value.bigEndian, toByteOffset: count + 1, as: Value.self)
    count += 1 + MemoryLayout<Value>.size
  }

  /// Writes the header of `elements` elements: `fixed` ORed with a count under 16, else
  /// `sized` and a 16-bit count, else `sized + 1` and a 32-bit count (arrays 0x90, 0xdc,
  /// 0xdd; maps 0x80, 0xde, 0xdf).
  private mutating func putHeader(_ elements: Int, fixed: UInt8, sized: UInt8) {
    reserve(5)
    if elements < 16 {
      put(fixed | UInt8(truncatingIfNeeded: elements))
    } else if elements < 65_536 {
      put(sized, UInt16(truncatingIfNeeded: elements))
    } else {
      put(sized + 1, UInt32(truncatingIfNeeded: elements))
    }
  }

  /// Writes a string of UTF-8 `bytes`: its header (fixstr under 32 bytes, else str 8, 16 or
  /// 32) and the bytes, with one capacity check.
  private mutating func writeString(_ bytes: UnsafeBufferPointer<UInt8>) {
    let length = bytes.count
    reserve(length + 5)
    if length < 32 {
      put(0xA0 | UInt8(truncatingIfNeeded: length))
    } else if length < 256 {
      put(0xD9, UInt8(truncatingIfNeeded: length))
    } else if length < 65_536 {
      put(0xDA, UInt16(truncatingIfNeeded: length))
    } else {
      put(0xDB, UInt32(truncatingIfNeeded: length))
    }
    guard let start = bytes.baseAddress else { return }
    let source = UnsafeRawPointer(start)
    let target = base + count
    // Most strings are a few bytes (a key, a short value): copied as two words that may
    // overlap, without a call to memcpy or a loop over the bytes.
    if length >= 8, length <= 16 {
      target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
      target.storeBytes(
        of: source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self), toByteOffset: length - 8,
        as: UInt64.self)
    } else if length >= 4, length < 8 {
      target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
      target.storeBytes(
        of: source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self), toByteOffset: length - 4,
        as: UInt32.self)
    } else if length < 4 {
      for index in 0..<length { target.storeBytes(of: start[index], toByteOffset: index, as: UInt8.self) }
    } else {
      target.copyMemory(from: source, byteCount: length)
    }
    count += length
  }

  mutating func beginResponse(to id: RequestID?, isError: Bool) {
    beginObject(count: 3)
    writeKey("jsonrpc", isFirst: true)
    writeLiteral("2.0")
    writeKey("id", isFirst: false)
    switch id {
    case .number(let number)?: write(number)
    case .string(let string)?: write(string)
    case let other?: write(other.json)
    case nil: writeNull()
    }
    writeKey(isError ? "error" : "result", isFirst: false)
  }

  /// Begins a map of `count` members: its header.
  public mutating func beginObject(count: Int) { putHeader(count, fixed: 0x80, sized: 0xDE) }
  /// Ends a map: nothing, its header counted its members.
  public mutating func endObject() {}
  /// Begins an array of `count` elements: its header.
  public mutating func beginArray(count: Int) { putHeader(count, fixed: 0x90, sized: 0xDC) }
  /// Ends an array: nothing, its header counted its elements.
  public mutating func endArray() {}

  mutating func writeKey(_ key: StaticString, isFirst: Bool) { writeLiteral(key) }

  /// Writes a member's key as a string.
  public mutating func writeStringKey(_ key: String, isFirst: Bool) { write(key) }

  /// Writes a literal as a string.
  private mutating func writeLiteral(_ text: StaticString) {
    text.withUTF8Buffer { writeString($0) }
  }

  /// Goes on to the next element: nothing, MessagePack has no separators.
  public mutating func separateElement() {}

  /// Writes nil.
  public mutating func writeNull() {
    reserve(1)
    put(0xC0)
  }

  /// Writes a boolean.
  public mutating func write(_ value: Bool) {
    reserve(1)
    put(value ? 0xC3 : 0xC2)
  }

  /// Writes an integer in msgpack-c's form for an int64: a positive or negative fixint from
  /// -32 to 127, else the smallest signed form below and unsigned form above.
  public mutating func write(_ value: Int) {
    reserve(9)
    if value < -(1 << 5) {
      if value < -(1 << 15) {
        if value < -(1 << 31) { put(0xD3, Int64(value)) } else { put(0xD2, Int32(truncatingIfNeeded: value)) }
      } else if value < -(1 << 7) {
        put(0xD1, Int16(truncatingIfNeeded: value))
      } else {
        put(0xD0, Int8(truncatingIfNeeded: value))
      }
    } else if value < 1 << 7 {
      put(UInt8(truncatingIfNeeded: value))
    } else if value < 1 << 16 {
      if value < 1 << 8 {
        put(0xCC, UInt8(truncatingIfNeeded: value))
      } else {
        put(0xCD, UInt16(truncatingIfNeeded: value))
      }
    } else if value < 1 << 32 {
      put(0xCE, UInt32(truncatingIfNeeded: value))
    } else {
      put(0xCF, UInt64(truncatingIfNeeded: value))
    }
  }

  /// Writes a string.
  public mutating func write(_ value: String) {
    var value = value
    value.withUTF8 { writeString($0) }
  }

  mutating func write(_ value: String?) {
    if let value { write(value) } else { writeNull() }
  }

  /// Writes a value of a tree (`writeTree(_:)`).
  public mutating func write(_ value: JSONValue) { writeTree(value) }

  /// Writes a number as a float64.
  public mutating func writeFraction(_ value: Double) {
    reserve(9)
    put(0xCB, value.bitPattern)
  }
}
