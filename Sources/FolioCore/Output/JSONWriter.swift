/// JSON written straight into a buffer of bytes it owns, for output written often (each
/// response of the embedding protocol): values from a `JSONValue` tree, or typed values one
/// at a time with no tree, the same bytes either way.
///
/// It appends through a pointer, with one capacity check per value rather than a uniqueness
/// and capacity check per byte as an `[UInt8]` does (`JSONValue.write(to:)` writes through
/// it too). Members and elements are written in order, and the caller writes the commas
/// (`comma()`) between them.
public struct JSONWriter: ~Copyable, JSONTreeWriter {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// How many bytes are written.
  public private(set) var count = 0

  /// Creates an empty writer that holds `capacity` bytes before it grows.
  public init(capacity: Int = 256) {
    self.capacity = max(16, capacity)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// The bytes written, for the length of `body`.
  public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try body(UnsafeBufferPointer(start: base, count: count))
  }

  /// Makes room for `extra` more bytes.
  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  private mutating func grow(to needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.initialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  // MARK: Bytes

  /// Appends one byte.
  @inline(__always)
  public mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  /// Appends bytes as they are.
  public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    reserve(bytes.count)
    // Most runs are a few bytes (a key, a short value): copied without a call to memcpy.
    if bytes.count <= 16 {
      for index in 0..<bytes.count { base[count + index] = bytes[index] }
    } else if let start = bytes.baseAddress {
      (base + count).update(from: start, count: bytes.count)
    }
    count += bytes.count
  }

  /// Appends the text of a literal as it is: JSON punctuation or a key already quoted,
  /// such as `"{\"id\":"`.
  public mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { append($0) }
  }

  /// Appends a comma, between members or elements.
  @inline(__always)
  public mutating func comma() { append(UInt8(ascii: ",")) }

  // MARK: Values

  /// Writes `null`.
  public mutating func writeNull() { append("null") }

  /// Writes `true` or `false`.
  public mutating func write(_ value: Bool) { append(value ? "true" : "false") }

  /// Writes an integer in decimal.
  public mutating func write(_ value: Int) {
    // 20 bytes hold every Int with its sign: written from the end of a stack buffer.
    reserve(20)
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    let written = withUnsafeMutableBytes(of: &digits) { buffer -> Int in
      var index = buffer.count
      repeat {
        index -= 1
        buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      } while magnitude != 0
      if value < 0 {
        index -= 1
        buffer[index] = UInt8(ascii: "-")
      }
      let length = buffer.count - index
      for offset in 0..<length { base[count + offset] = buffer[index + offset] }
      return length
    }
    count += written
  }

  /// Writes a string in quotes, escaped as `JSONValue.write(to:)` escapes it.
  public mutating func write(_ value: String) {
    append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { writeEscaped($0) }
    append(UInt8(ascii: "\""))
  }

  /// Writes a string in quotes, or `null` when it is nil.
  public mutating func write(_ value: String?) {
    if let value { write(value) } else { writeNull() }
  }

  /// Writes a key and its colon: `"key":`.
  public mutating func writeKey(_ key: String) {
    write(key)
    append(UInt8(ascii: ":"))
  }

  /// Writes a member's key that needs no escape, with its quotes and colon (`"key":`),
  /// after a comma unless it is its object's first member: one capacity check, where
  /// appending the pieces would make four.
  public mutating func writeKey(_ key: StaticString, isFirst: Bool) {
    let length = key.utf8CodeUnitCount
    reserve(length + 4)
    var end = count
    if !isFirst {
      base[end] = UInt8(ascii: ",")
      end += 1
    }
    base[end] = UInt8(ascii: "\"")
    let start = key.utf8Start
    for index in 0..<length { base[end + 1 + index] = start[index] }
    end += 1 + length
    base[end] = UInt8(ascii: "\"")
    base[end + 1] = UInt8(ascii: ":")
    count = end + 2
  }

  /// Writes the key of an object's member (escaped) and its colon, after a comma unless it
  /// is the first.
  public mutating func writeStringKey(_ key: String, isFirst: Bool) {
    if !isFirst { comma() }
    writeKey(key)
  }

  /// Writes a finite number that is not written as a whole one (`Double.wholeNumber`), as
  /// Swift prints a `Double`.
  public mutating func writeFraction(_ value: Double) {
    var text = String(value)
    text.withUTF8 { append($0) }
  }

  // Inlinable, so that a typed write in another module (the embedding protocol's search
  // answer) appends its byte directly, as when these were written there.

  /// Begins an object: `{`.
  @inlinable
  public mutating func beginObject(count: Int) { append(UInt8(ascii: "{")) }
  /// Ends an object: `}`.
  @inlinable
  public mutating func endObject() { append(UInt8(ascii: "}")) }
  /// Begins an array: `[`.
  @inlinable
  public mutating func beginArray(count: Int) { append(UInt8(ascii: "[")) }
  /// Ends an array: `]`.
  @inlinable
  public mutating func endArray() { append(UInt8(ascii: "]")) }
  /// Goes on to the next element of an array: a comma.
  @inlinable
  public mutating func separateElement() { append(UInt8(ascii: ",")) }

  /// Writes a value of a tree (`writeTree(_:)`), compiled here so that the walk appends
  /// without a call.
  public mutating func write(_ value: JSONValue) { writeTree(value) }

  // MARK: Escapes

  /// Copies UTF-8 `bytes`, escaping quotes, backslashes, the C0 and C1 control characters
  /// and DEL, U+2028/U+2029 (line breaks to JavaScript) and the bidirectional embeddings,
  /// overrides and isolates (U+202A–U+202E, U+2066–U+2069), so JSON shown on a terminal
  /// reads in the order it was written; the runs that need no escape are copied whole.
  private mutating func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
    var runStart = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      let scalar: UInt32
      let length: Int
      if byte < 0x80 {
        (scalar, length) = (UInt32(byte), 1)
      } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] <= 0x9F {
        // U+0080…U+009F, the C1 controls.
        (scalar, length) = (UInt32(bytes[index + 1]), 2)
      } else if byte == 0xE2, index + 2 < bytes.count,
        bytes[index + 1] == 0x80 && (0xA8...0xAE).contains(bytes[index + 2])
          || bytes[index + 1] == 0x81 && (0xA6...0xA9).contains(bytes[index + 2])
      {
        // U+2028, U+2029 and the bidirectional controls U+202A…U+202E, U+2066…U+2069.
        (scalar, length) = (
          0x2000 + UInt32(bytes[index + 1] - 0x80) << 6 + UInt32(bytes[index + 2] - 0x80), 3
        )
      } else {
        index += 1
        continue
      }
      append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      writeEscape(scalar)
      index += length
      runStart = index
    }
    append(UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
  }

  private static let hexDigits: StaticString = "0123456789abcdef"

  private mutating func writeEscape(_ scalar: UInt32) {
    let short: UInt8? =
      switch scalar {
      case 0x22: UInt8(ascii: "\"")
      case 0x5C: UInt8(ascii: "\\")
      case 0x0A: UInt8(ascii: "n")
      case 0x0D: UInt8(ascii: "r")
      case 0x09: UInt8(ascii: "t")
      case 0x08: UInt8(ascii: "b")
      case 0x0C: UInt8(ascii: "f")
      default: nil
      }
    append(UInt8(ascii: "\\"))
    if let short {
      append(short)
      return
    }
    append(UInt8(ascii: "u"))
    for shift in stride(from: 12, through: 0, by: -4) {
      append(Self.hexDigits.utf8Start[Int((scalar >> UInt32(shift)) & 0xF)])
    }
  }
}

/// A writer that a `JSONValue` tree is written through, in JSON (`JSONWriter`) or in an
/// encoding of the same values (the embedding protocol's MessagePack): `writeTree(_:)` walks
/// the tree into these calls, so every encoding writes a tree the same way.
///
/// An object or array is begun with its count (MessagePack writes it first) and ended
/// (JSON closes it); each member's key says whether it is the first, and each element but
/// the first is separated, so that JSON gets its commas.
public protocol JSONTreeWriter: ~Copyable {
  /// Begins an object of `count` members.
  mutating func beginObject(count: Int)
  /// Ends the object begun last.
  mutating func endObject()
  /// Begins an array of `count` elements.
  mutating func beginArray(count: Int)
  /// Ends the array begun last.
  mutating func endArray()
  /// Goes on to the next element of an array (before each but the first).
  mutating func separateElement()
  /// Writes a member's key; `isFirst` for its object's first member.
  mutating func writeStringKey(_ key: String, isFirst: Bool)
  /// Writes null.
  mutating func writeNull()
  /// Writes a boolean.
  mutating func write(_ value: Bool)
  /// Writes an integer.
  mutating func write(_ value: Int)
  /// Writes a string.
  mutating func write(_ value: String)
  /// Writes a finite number that `Double.wholeNumber` does not take as a whole one.
  mutating func writeFraction(_ value: Double)
}

extension JSONTreeWriter where Self: ~Copyable {
  /// Writes a value of a tree: a number that is not finite as null, a whole one as an
  /// integer (`Double.wholeNumber`). Each writer's `write(_:)` of a tree runs it, where the
  /// writer is compiled, so that it is specialized there.
  @inlinable
  public mutating func writeTree(_ value: JSONValue) {
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
        writeFraction(value)
      }
    case .string(let value): write(value)
    case .array(let values):
      beginArray(count: values.count)
      var isFirst = true
      for value in values {
        if !isFirst { separateElement() }
        isFirst = false
        writeTree(value)
      }
      endArray()
    case .object(let pairs):
      beginObject(count: pairs.count)
      var isFirst = true
      for (key, value) in pairs {
        writeStringKey(key, isFirst: isFirst)
        isFirst = false
        writeTree(value)
      }
      endObject()
    }
  }
}
