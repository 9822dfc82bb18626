import FolioCore
import Testing

@testable import FolioEmbed

/// The MessagePack encoding of the protocol: the reader and writer against each other, the
/// JSON model, and malformed streams.
@Suite struct MessagePackTests {
  /// A generator of the same values on every run.
  private struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state ^ (state >> 29)
    }
  }

  private static func randomValue(_ random: inout Generator, depth: Int) -> JSONValue {
    let kind = Int.random(in: 0..<(depth < 5 ? 8 : 6), using: &random)
    switch kind {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &random))
    case 2:
      let scales = [10, 1 << 20, Int.max]
      let scale = scales[Int.random(in: 0..<scales.count, using: &random)]
      return .int(Int.random(in: -scale...scale, using: &random))
    case 3:
      let numbers = [0.5, -1e300, 3.25e-7, 1e15, 2.0, .infinity, 123_456.789]
      return .number(numbers[Int.random(in: 0..<numbers.count, using: &random)])
    case 4, 5:
      let pieces = ["", "a", "é", "日本", "\u{0}", "\"\\", "🙂", String(repeating: "x", count: 40)]
      return .string(
        (0..<Int.random(in: 0...3, using: &random)).map { _ in
          pieces[Int.random(in: 0..<pieces.count, using: &random)]
        }.joined())
    case 6:
      return .array(
        (0..<Int.random(in: 0...4, using: &random)).map { _ in randomValue(&random, depth: depth + 1) })
    default:
      return .object(
        (0..<Int.random(in: 0...4, using: &random)).map { index in
          ("k\(index)", randomValue(&random, depth: depth + 1))
        })
    }
  }

  /// `value` as a client reads it back from either encoding: numbers as the writers write
  /// them (whole ones under 10^15 as integers, others not finite as null).
  private static func normalized(_ value: JSONValue) -> JSONValue {
    switch value {
    case .number(let number):
      if !number.isFinite { return .null }
      return number == number.rounded() && abs(number) < 1e15 ? .int(Int(number)) : value
    case .array(let values): return .array(values.map(normalized))
    case .object(let pairs): return .object(pairs.map { ($0.0, normalized($0.1)) })
    default: return value
    }
  }

  private static func packed(_ value: JSONValue) -> [UInt8] {
    var writer = MessagePackWriter()
    writer.write(value)
    return writer.withBytes { Array($0) }
  }

  private static func read(_ bytes: [UInt8], limit: Int = MessageReader.defaultLimit, chunk: Int = .max)
    -> [MessageReader.Item]
  {
    let reader = MessagePackReader(limit: limit)
    var items: [MessageReader.Item] = []
    var start = 0
    while start < bytes.count {
      let end = start + min(chunk, bytes.count - start)
      items += bytes[start..<end].withUnsafeBufferPointer { reader.append($0) }
      start = end
    }
    if let last = reader.finish() { items.append(last) }
    return items
  }

  @Test("random trees read back as written, the same as through JSON text, in chunks of any size")
  func roundTrip() throws {
    var random = Generator(state: 16)
    let values = (0..<300).map { _ in Self.randomValue(&random, depth: 0) }
    let stream = values.flatMap(Self.packed)
    let expected = values.map { MessageReader.Item.message(Self.normalized($0)) }
    for chunk in [1, 2, 3, 7, 64, 4096, .max] {
      #expect(Self.read(stream, chunk: chunk) == expected, "chunks of \(chunk)")
    }
    for value in values {
      #expect(Self.read(Self.packed(value)) == [.message(try JSONText.parse(value.serializedBytes))])
    }
  }

  @Test("the writer's typed calls give the bytes of the tree, in MessagePack as in JSON")
  func typedWriting() {
    func writeTyped<Writer: MessageWriter & ~Copyable>(_ writer: inout Writer) {
      writer.beginResponse(to: .number(7), isError: false)
      writer.beginArray(count: 3)
      writer.write(true)
      writer.separateElement()
      writer.write(String?.none)
      writer.separateElement()
      writer.write(JSONValue.object([("a", .number(1.5))]))
      writer.endArray()
      writer.endObject()
    }
    func writeError<Writer: MessageWriter & ~Copyable>(_ writer: inout Writer) {
      writer.beginResponse(to: .string("a\"b"), isError: true)
      writer.beginObject(count: 1)
      writer.writeKey("code", isFirst: true)
      writer.write(-32600)
      writer.endObject()
      writer.endObject()
    }
    let tree = JSONValue.object([
      ("jsonrpc", .string("2.0")), ("id", .int(7)),
      ("result", .array([.bool(true), .null, .object([("a", .number(1.5))])])),
    ])
    var packed = MessagePackWriter()
    writeTyped(&packed)
    #expect(packed.withBytes { Array($0) } == Self.packed(tree))
    var json = JSONWriter()
    writeTyped(&json)
    #expect(json.withBytes { Array($0) } == tree.serializedBytes)
    let error = JSONValue.object([
      ("jsonrpc", .string("2.0")), ("id", .string("a\"b")), ("error", .object([("code", .int(-32600))])),
    ])
    var packedError = MessagePackWriter()
    writeError(&packedError)
    #expect(packedError.withBytes { Array($0) } == Self.packed(error))
    var jsonError = JSONWriter()
    writeError(&jsonError)
    #expect(jsonError.withBytes { Array($0) } == error.serializedBytes)
    // {"a": 1} is a fixmap of one pair: a fixstr key and a positive fixint.
    #expect(Self.packed(.object([("a", .int(1))])) == [0x81, 0xA1, 0x61, 0x01])
  }

  @Test("integers at the edges of Int, and over it, read as JSON text reads them")
  func integerRange() throws {
    let largest: [UInt8] = [0xCF] + [UInt8](repeating: 0xFF, count: 8)
    #expect(Self.read(largest) == [.message(try JSONText.parse(Array("18446744073709551615".utf8)))])
    let smallest: [UInt8] = [0xD3, 0x80] + [UInt8](repeating: 0, count: 7)
    #expect(Self.read(smallest) == [.message(.int(Int.min))])
    let intMax: [UInt8] = [0xCF, 0x7F] + [UInt8](repeating: 0xFF, count: 7)
    #expect(Self.read(intMax) == [.message(.int(Int.max))])
    // A float32 is a number.
    #expect(Self.read([0xCA, 0x3F, 0xC0, 0, 0]) == [.message(.number(1.5))])
  }

  @Test("bin, ext, a key that is not a string and a string that is not UTF-8 are skipped; the stream goes on")
  func unrepresentable() {
    let next = Self.packed(.object([("ok", .bool(true))]))
    let cases: [(bytes: [UInt8], reason: String)] = [
      ([0x81, 0xA1, 0x62, 0xC4, 0x01, 0x00], "bin (binary data) has no JSON form"),
      ([0x91, 0xD4, 0x01, 0x00], "an ext value has no JSON form"),
      ([0x81, 0x01, 0x02], "a map key is not a string"),
      ([0xA2, 0xC3, 0x28], "a string is not UTF-8"),
      ([0x81, 0xA1, 0xFF, 0xC0], "a string is not UTF-8"),
    ]
    for (bytes, reason) in cases {
      #expect(
        Self.read(bytes + next) == [.unrepresentable(reason), .message(.object([("ok", .bool(true))]))])
    }
  }

  @Test("a stream that breaks is reported once and read no more")
  func broken() {
    let next = Self.packed(.string("after"))
    // 0xC1 is never used in MessagePack.
    #expect(Self.read([0xC1] + next) == [.broken(.unreadable("the bytes are not MessagePack"))])
    // The input ends inside a message, in any chunks.
    let message = Self.packed(.object([("method", .string("commands.search"))]))
    for chunk in [1, 5, .max] {
      #expect(
        Self.read(next + message.dropLast(3), chunk: chunk) == [
          .message(.string("after")), .broken(.truncated(byteCount: message.count - 3)),
        ])
    }
    // A message over the limit, whole or not yet.
    let long = Self.packed(.string(String(repeating: "x", count: 100)))
    #expect(Self.read(long + next, limit: 64) == [.broken(.tooLong(byteCount: long.count))])
    #expect(Self.read(long + next, limit: 64, chunk: 50) == [.broken(.tooLong(byteCount: 100))])
    #expect(Self.read(next + long, limit: 64).first == .message(.string("after")))
  }

  @Test("nesting: 32 levels are read, 33 break the stream")
  func depth() {
    let deepest = [UInt8](repeating: 0x91, count: MessagePackReader.maximumDepth) + [0xC0]
    var expected = JSONValue.null
    for _ in 0..<MessagePackReader.maximumDepth { expected = .array([expected]) }
    #expect(Self.read(deepest) == [.message(expected)])
    #expect(
      Self.read([0x91] + deepest) == [
        .broken(.unreadable("a message nests deeper than 32 levels, or is too large to hold"))
      ])
  }
}
