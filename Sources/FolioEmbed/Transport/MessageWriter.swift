import CMsgPack
import FolioCore

#if canImport(Glibc)
  import Glibc
#endif

/// The encodings of the embedding protocol's messages: JSON lines, the default, or
/// MessagePack maps, which a client chooses in `initialize` (docs/protocol.md, "Transport").
public enum MessageEncoding: String, Sendable, CaseIterable {
  /// One JSON text a line.
  case json
  /// One MessagePack map a message, with nothing between messages.
  case msgpack
}

/// Writes one message of the protocol in its encoding, from typed values or a `JSONValue`
/// tree: `JSONWriter` for JSON lines, `MessagePackWriter` for MessagePack. Answers asked
/// often are written through it with no tree, in either encoding.
///
/// An object or array is begun with its count (MessagePack writes it first) and ended
/// (JSON closes it); each member's key says whether it is the first, and each element but
/// the first is separated, so that JSON gets its commas.
protocol MessageWriter: ~Copyable {
  /// Begins a response to `id`: an object of three members, `jsonrpc` and `id` written, and
  /// the key of the third, `error` or `result`, whose value comes next.
  mutating func beginResponse(to id: RequestID?, isError: Bool)
  /// Begins an object of `count` members.
  mutating func beginObject(count: Int)
  /// Ends the object begun last.
  mutating func endObject()
  /// Begins an array of `count` elements.
  mutating func beginArray(count: Int)
  /// Ends the array begun last.
  mutating func endArray()
  /// Writes a member's key, which needs no escape; `isFirst` for its object's first member.
  mutating func writeKey(_ key: StaticString, isFirst: Bool)
  /// Goes on to the next element of an array (before each but the first).
  mutating func separateElement()
  /// Writes null.
  mutating func writeNull()
  /// Writes a boolean.
  mutating func write(_ value: Bool)
  /// Writes an integer.
  mutating func write(_ value: Int)
  /// Writes a string.
  mutating func write(_ value: String)
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
    case nil: writeNull()
    }
    append(isError ? #","error":"# : #","result":"#)
  }

  mutating func beginObject(count: Int) { append(UInt8(ascii: "{")) }
  mutating func endObject() { append(UInt8(ascii: "}")) }
  mutating func beginArray(count: Int) { append(UInt8(ascii: "[")) }
  mutating func endArray() { append(UInt8(ascii: "]")) }

  mutating func separateElement() { comma() }
}

/// MessagePack written into a buffer it owns (msgpack-c's packer over its `sbuffer`): from
/// a `JSONValue` tree or typed values, the same bytes either way. Numbers are written as
/// `JSONWriter` writes them — a whole number under 10^15 as an integer, a number that is
/// not finite as nil — so a client decodes the same values from either encoding.
public struct MessagePackWriter: ~Copyable, MessageWriter {
  /// The buffer, at a fixed address: the packer points to it.
  private let buffer: UnsafeMutablePointer<msgpack_sbuffer>
  private var packer = msgpack_packer()

  /// Creates an empty writer.
  public init() {
    buffer = .allocate(capacity: 1)
    msgpack_sbuffer_init(buffer)
    // The sbuffer's first block would be 8 KiB; most messages fit in 1 KiB, which malloc
    // serves from its per-thread cache. It doubles from there as it needs.
    if let first = malloc(1024) {
      buffer.pointee.data = first.assumingMemoryBound(to: CChar.self)
      buffer.pointee.alloc = 1024
    }
    folio_msgpack_packer_init(&packer, buffer)
  }

  deinit {
    msgpack_sbuffer_destroy(buffer)
    buffer.deallocate()
  }

  /// The bytes written, for the length of `body`.
  public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    let bytes = buffer.pointee.data.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
    return try body(UnsafeBufferPointer(start: bytes, count: buffer.pointee.size))
  }

  // The packer's results are not read: its buffer fails only when memory runs out, where
  // Swift's own allocations stop the process first.

  mutating func beginResponse(to id: RequestID?, isError: Bool) {
    beginObject(count: 3)
    writeKey("jsonrpc", isFirst: true)
    let version: StaticString = "2.0"
    version.withUTF8Buffer { writeString($0) }
    writeKey("id", isFirst: false)
    switch id {
    case .number(let number)?: write(number)
    case .string(let string)?: write(string)
    case nil: writeNull()
    }
    writeKey(isError ? "error" : "result", isFirst: false)
  }

  mutating func beginObject(count: Int) { _ = msgpack_pack_map(&packer, count) }
  mutating func endObject() {}
  mutating func beginArray(count: Int) { _ = msgpack_pack_array(&packer, count) }
  mutating func endArray() {}

  mutating func writeKey(_ key: StaticString, isFirst: Bool) {
    key.withUTF8Buffer { writeString($0) }
  }

  mutating func separateElement() {}

  mutating func writeNull() { _ = msgpack_pack_nil(&packer) }

  mutating func write(_ value: Bool) {
    _ = value ? msgpack_pack_true(&packer) : msgpack_pack_false(&packer)
  }

  mutating func write(_ value: Int) { _ = msgpack_pack_int64(&packer, Int64(value)) }

  mutating func write(_ value: String) {
    var value = value
    value.withUTF8 { writeString($0) }
  }

  mutating func write(_ value: String?) {
    if let value { write(value) } else { writeNull() }
  }

  /// Writes a value of a tree.
  public mutating func write(_ value: JSONValue) {
    switch value {
    case .null: writeNull()
    case .bool(let value): write(value)
    case .int(let value): write(value)
    case .number(let value):
      if !value.isFinite {
        writeNull()
      } else if let whole = value.wholeNumber {
        write(whole)
      } else {
        _ = msgpack_pack_double(&packer, value)
      }
    case .string(let value): write(value)
    case .array(let values):
      beginArray(count: values.count)
      for value in values { write(value) }
    case .object(let pairs):
      beginObject(count: pairs.count)
      for (key, value) in pairs {
        write(key)
        write(value)
      }
    }
  }

  private mutating func writeString(_ bytes: UnsafeBufferPointer<UInt8>) {
    _ = msgpack_pack_str(&packer, bytes.count)
    if let start = bytes.baseAddress, !bytes.isEmpty {
      _ = msgpack_pack_str_body(&packer, start, bytes.count)
    }
  }
}
