import CMsgPack
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

  @Test("a writer emptied writes its next message as a new writer does, after a small or a large one")
  func writerEmptied() {
    let large = JSONValue.string(String(repeating: "x", count: 100_000))
    let small = JSONValue.array([.int(1), .string("ab"), .null])
    var writer = MessagePackWriter()
    for earlier in [small, large, small] {
      writer.removeAll()
      writer.write(earlier)
      #expect(writer.withBytes { Array($0) } == Self.packed(earlier))
    }
    writer.removeAll()
    #expect(writer.withBytes { $0.isEmpty })
    writer.write(small)
    #expect(writer.withBytes { Array($0) } == Self.packed(small))
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

  /// `value` packed by msgpack-c's packer, as the writer wrote it before it wrote its own
  /// bytes: numbers as `JSONWriter` writes them.
  private static func packedByMsgpackC(_ value: JSONValue) -> [UInt8] {
    let buffer = UnsafeMutablePointer<msgpack_sbuffer>.allocate(capacity: 1)
    msgpack_sbuffer_init(buffer)
    var packer = msgpack_packer()
    folio_msgpack_packer_init(&packer, buffer)
    func pack(_ value: JSONValue) {
      switch value {
      case .null: _ = msgpack_pack_nil(&packer)
      case .bool(let value): _ = value ? msgpack_pack_true(&packer) : msgpack_pack_false(&packer)
      case .int(let value): _ = msgpack_pack_int64(&packer, Int64(value))
      case .number(let value):
        if !value.isFinite {
          _ = msgpack_pack_nil(&packer)
        } else if let whole = value.wholeNumber {
          _ = msgpack_pack_int64(&packer, Int64(whole))
        } else {
          _ = msgpack_pack_double(&packer, value)
        }
      case .string(let value):
        let bytes = Array(value.utf8)
        _ = msgpack_pack_str(&packer, bytes.count)
        _ = bytes.withUnsafeBufferPointer { msgpack_pack_str_body(&packer, $0.baseAddress, $0.count) }
      case .array(let values):
        _ = msgpack_pack_array(&packer, values.count)
        values.forEach(pack)
      case .object(let pairs):
        _ = msgpack_pack_map(&packer, pairs.count)
        for (key, value) in pairs {
          pack(.string(key))
          pack(value)
        }
      }
    }
    pack(value)
    let bytes = Array(
      UnsafeBufferPointer(
        start: UnsafeRawPointer(buffer.pointee.data)?.assumingMemoryBound(to: UInt8.self),
        count: buffer.pointee.size))
    msgpack_sbuffer_destroy(buffer)
    buffer.deallocate()
    return bytes
  }

  @Test("the writer writes the bytes msgpack-c's packer writes: every form of integer, string, array and map")
  func sameBytesAsMsgpackC() {
    var random = Generator(state: 61)
    var values = (0..<300).map { _ in Self.randomValue(&random, depth: 0) }
    let edges = [
      Int.min, -(1 << 31) - 1, -(1 << 31), -(1 << 15) - 1, -(1 << 15), -129, -128, -33, -32, -1, 0, 1, 127,
      128,
      255, 256, 65_535, 65_536, (1 << 32) - 1, 1 << 32, Int.max,
    ]
    values += edges.map(JSONValue.int)
    // Letters that differ from place to place, so that a short string copied as words lands
    // each byte where it belongs.
    values += [0, 1, 3, 4, 7, 8, 15, 16, 17, 31, 32, 255, 256, 65_535, 65_536].map { count in
      .string(String((0..<count).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) }))
    }
    values += [0, 15, 16, 65_535, 65_536].map { .array(Array(repeating: .null, count: $0)) }
    values += [0, 15, 16, 65_536].map { count in .object((0..<count).map { ("k\($0)", .bool(true)) }) }
    values += [.number(-0.5), .number(1e300), .number(.nan), .number(3.0)]
    for value in values {
      #expect(Self.packed(value) == Self.packedByMsgpackC(value))
    }
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

  @Test(
    "msgpack-RPC: a request or notification array is read as its members, with no tree; anything else is skipped"
  )
  func rpcEnvelope() {
    func read(_ value: JSONValue) -> [MessageReader.Item] {
      let reader = MessagePackReader(isRPC: true)
      return Self.packed(value).withUnsafeBufferPointer { reader.append($0) }
    }
    let params = JSONValue.object([("query", .string("sav"))])
    #expect(
      read(.array([.int(0), .int(7), .string("commands.search"), params]))
        == [.rpc(id: .int(7), method: .string("commands.search"), params: params)])
    // A nil params is none; the id and the method are passed on as they are, for the server to
    // check (a nil id is a request's, not a notification's).
    #expect(
      read(.array([.int(0), .string("a"), .int(3), .null])) == [
        .rpc(id: .string("a"), method: .int(3), params: nil)
      ])
    #expect(
      read(.array([.int(0), .null, .string("m"), .null])) == [
        .rpc(id: .null, method: .string("m"), params: nil)
      ])
    let cancel = read(.array([.int(2), .string("$/cancelRequest"), .object([("id", .int(7))])]))
    #expect(cancel == [.rpc(id: nil, method: .string("$/cancelRequest"), params: .object([("id", .int(7))]))])
    // The watcher sees the cancellation in it, as in a map.
    #expect(cancel.first.flatMap(EmbedServer.cancelledID(in:)) == .number(7))
    #expect(
      EmbedServer.cancelledID(
        in: .rpc(id: nil, method: .string("$/cancel"), params: .object([("id", .int(7))])))
        == nil)
    let refused = MessageReader.Item.unrepresentable(
      "in msgpack-RPC a message is a request [0, id, method, params] or a notification [2, method, params]")
    for value: JSONValue in [
      .object([("jsonrpc", .string("2.0")), ("id", .int(1)), ("method", .string("m"))]),
      .array([.int(0), .int(7), .string("m")]),
      .array([.int(2), .string("m"), .null, .null]), .array([.int(-1), .int(7), .string("m"), .null]),
      .array([.string("0"), .int(7), .string("m"), .null]), .array([]), .string("m"),
    ] {
      #expect(read(value) == [refused], "\(value.serialized)")
    }
    // A response is no message for Folio: it gets no answer.
    #expect(
      read(.array([.int(1), .int(7), .null, .null])) == [.stray("a response, but Folio sends no requests")])
    // What has no JSON form inside the envelope is skipped as in a map, and the next is read.
    let reader = MessagePackReader(isRPC: true)
    let bytes: [UInt8] =
      [0x94, 0x00, 0x01, 0xA1, 0x6D, 0xC4, 0x01, 0x00] + Self.packed(.array([.int(2), .string("n"), .null]))
    #expect(
      bytes.withUnsafeBufferPointer { reader.append($0) }
        == [
          .unrepresentableRequest(id: .int(1), reason: "bin (binary data) has no JSON form"),
          .rpc(id: nil, method: .string("n"), params: nil),
        ])
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
    // A message over the limit, whole or not yet: refused at the string's header, which
    // declares its length.
    let long = Self.packed(.string(String(repeating: "x", count: 100)))
    for chunk in [1, 2, 50, .max] {
      #expect(Self.read(long + next, limit: 64, chunk: chunk) == [.broken(.tooLong(byteCount: long.count))])
    }
    #expect(Self.read(next + long, limit: 64).first == .message(.string("after")))
  }

  @Test(
    "a header's count or length over what the message may hold is refused when it arrives, before its elements",
    arguments: [
      // array16, map16, array32, map32, str32, bin32, ext32 with the largest counts.
      ([0xDC, 0xFF, 0xFF], 3 + 0xFFFF), ([0xDE, 0xFF, 0xFF], 3 + 2 * 0xFFFF),
      ([0xDD, 0xFF, 0xFF, 0xFF, 0xFF], 5 + 0xFFFF_FFFF),
      ([0xDF, 0xFF, 0xFF, 0xFF, 0xFF], 5 + 2 * 0xFFFF_FFFF),
      ([0xDB, 0xFF, 0xFF, 0xFF, 0xFF], 5 + 0xFFFF_FFFF), ([0xC6, 0xFF, 0xFF, 0xFF, 0xFF], 5 + 0xFFFF_FFFF),
      ([0xC9, 0xFF, 0xFF, 0xFF, 0xFF], 6 + 0xFFFF_FFFF),
      // Nested: a map of one pair whose value is an array of a billion, in an array of two
      // (the second element owes a byte too).
      ([0x92, 0x81, 0xA1, 0x61, 0xDD, 0x40, 0, 0, 0], 9 + 0x4000_0000 + 1),
    ] as [([UInt8], Int)])
  func hugeCounts(header: [UInt8], least: Int) {
    let next = Self.packed(.string("after"))
    // Under the 16 MiB limit the 16-bit counts fit: those wait for their elements.
    let limit = least > MessageReader.defaultLimit ? MessageReader.defaultLimit : 1024
    for chunk in [1, 2, .max] {
      #expect(Self.read(header + next, limit: limit, chunk: chunk) == [.broken(.tooLong(byteCount: least))])
    }
    // With no limit to speak of, the count waits for its elements, which never come: msgpack-c
    // sees no part of the message, so sets nothing aside for it (it would ask for 24 bytes an
    // element, up to 192 GB, and break the stream when refused).
    #expect(Self.read(header, limit: .max) == [.broken(.truncated(byteCount: header.count))])
  }

  @Test("counts exactly at the bound are read; one more is refused")
  func countsAtTheBound() {
    // An array of two whose first element is an array32 of `count` nils: 6 bytes of headers,
    // `count` nils and the second element's nil.
    func nested(_ count: Int, complete: Bool) -> [UInt8] {
      let header: [UInt8] = [0x92, 0xDD] + (0..<4).map { UInt8(truncatingIfNeeded: count >> (24 - 8 * $0)) }
      return header + (complete ? [UInt8](repeating: 0xC0, count: count + 1) : [])
    }
    let limit = 64
    let expected = JSONValue.array([.array(Array(repeating: .null, count: 57)), .null])
    for chunk in [1, 3, .max] {
      #expect(Self.read(nested(57, complete: true), limit: limit, chunk: chunk) == [.message(expected)])
      #expect(
        Self.read(nested(58, complete: false), limit: limit, chunk: chunk) == [
          .broken(.tooLong(byteCount: 65))
        ])
    }
    // A map of one pair whose value is a map32 of `count` entries, each an empty key and nil:
    // 8 bytes of headers and two bytes an entry.
    func map(_ count: Int) -> [UInt8] {
      [0x81, 0xA1, 0x61, 0xDF] + (0..<4).map { UInt8(truncatingIfNeeded: count >> (24 - 8 * $0)) }
        + (0..<2 * count).map { UInt8($0 % 2 == 0 ? 0xA0 : 0xC0) }
    }
    let entries = JSONValue.object([("a", .object(Array(repeating: ("", .null), count: 28)))])
    #expect(Self.read(map(28), limit: limit) == [.message(entries)])
    #expect(Self.read(map(29), limit: limit) == [.broken(.tooLong(byteCount: 66))])
    // A string of exactly the limit.
    let string = Self.packed(.string(String(repeating: "y", count: limit - 2)))
    #expect(
      Self.read(string, limit: limit, chunk: 1) == [.message(.string(String(repeating: "y", count: 62)))])
    #expect(
      Self.read(Self.packed(.string(String(repeating: "y", count: 63))), limit: limit) == [
        .broken(.tooLong(byteCount: 65))
      ])
  }

  @Test("every kind of header is framed: the value, then the next message, in chunks of any size")
  func framing() {
    let next: [UInt8] = [0xA2, 0x6F, 0x6B]  // "ok"
    let cases: [(bytes: [UInt8], item: MessageReader.Item)] = [
      ([0xC0], .message(.null)), ([0xC2], .message(.bool(false))), ([0x7F], .message(.int(127))),
      ([0xE0], .message(.int(-32))), ([0xCC, 0xFF], .message(.int(255))),
      ([0xCD, 1, 0], .message(.int(256))),
      ([0xCE, 0, 1, 0, 0], .message(.int(65536))), ([0xD0, 0x80], .message(.int(-128))),
      ([0xD1, 0xFF, 0], .message(.int(-256))), ([0xD2, 0xFF, 0xFF, 0, 0], .message(.int(-65536))),
      ([0xCB, 0x3F, 0xF8, 0, 0, 0, 0, 0, 0], .message(.number(1.5))),
      ([0xD9, 1, 0x61], .message(.string("a"))), ([0xDA, 0, 1, 0x61], .message(.string("a"))),
      ([0xDB, 0, 0, 0, 1, 0x61], .message(.string("a"))), ([0xA0], .message(.string(""))),
      ([0xC5, 0, 1, 0], .unrepresentable("bin (binary data) has no JSON form")),
      ([0xC6, 0, 0, 0, 0], .unrepresentable("bin (binary data) has no JSON form")),
      ([0xC7, 1, 5, 0], .unrepresentable("an ext value has no JSON form")),
      ([0xC8, 0, 2, 5, 0, 0], .unrepresentable("an ext value has no JSON form")),
      ([0xC9, 0, 0, 0, 0, 5], .unrepresentable("an ext value has no JSON form")),
      ([0xD5, 5, 0, 0], .unrepresentable("an ext value has no JSON form")),
      ([0xD6, 5] + [UInt8](repeating: 0, count: 4), .unrepresentable("an ext value has no JSON form")),
      ([0xD7, 5] + [UInt8](repeating: 0, count: 8), .unrepresentable("an ext value has no JSON form")),
      ([0xD8, 5] + [UInt8](repeating: 0, count: 16), .unrepresentable("an ext value has no JSON form")),
      ([0x90], .message(.array([]))), ([0x80], .message(.object([]))), ([0xDC, 0, 0], .message(.array([]))),
      ([0xDD, 0, 0, 0, 1, 0xC3], .message(.array([.bool(true)]))),
      ([0xDE, 0, 1, 0xA1, 0x61, 0x90], .message(.object([("a", .array([]))]))),
      ([0xDF, 0, 0, 0, 0], .message(.object([]))),
      ([0x92, 0x91, 0x90, 0x80], .message(.array([.array([.array([])]), .object([])]))),
    ]
    for (bytes, item) in cases {
      for chunk in [1, 2, .max] {
        #expect(Self.read(bytes + next, chunk: chunk) == [item, .message(.string("ok"))], "\(bytes)")
      }
    }
  }

  @Test("a message of 200 KB in 1-byte chunks is read, once each byte")
  func oneByteChunks() {
    let value = JSONValue.object([
      ("jsonrpc", .string("2.0")), ("id", .int(1)),
      ("params", .array((0..<25_000).map { .string("row \($0)") })),
    ])
    let bytes = Self.packed(value) + Self.packed(.int(1))
    #expect(bytes.count > 200_000)
    #expect(Self.read(bytes, chunk: 1) == [.message(value), .message(.int(1))])
  }

  @Test("random bytes give the same items whole as in chunks, breaks and their reasons too")
  func randomBytes() {
    var random = Generator(state: 7)
    // Bytes that start values often, with small lengths and counts.
    let alphabet: [UInt8] = [
      0x00, 0x7F, 0xE0, 0x80, 0x81, 0x82, 0x90, 0x91, 0x93, 0xA0, 0xA1, 0xA3, 0xC0, 0xC3,
      0xC4, 0xC7, 0xCA, 0xCB, 0xCD, 0xD4, 0xD8, 0xD9, 0xDC, 0xDD, 0xDE, 0xDF, 0x01, 0x02, 0x61, 0xC1,
    ]
    for _ in 0..<2_000 {
      let bytes = (0..<Int.random(in: 1...40, using: &random)).map { _ in
        alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
      }
      let whole = Self.read(bytes, limit: 32)
      for chunk in [1, 3] {
        #expect("\(Self.read(bytes, limit: 32, chunk: chunk))" == "\(whole)", "\(bytes)")
      }
    }
  }

  @Test("random messages, maps and msgpack-RPC arrays, read as msgpack-c's unpacker reads them")
  func sameAsMsgpackC() {
    var random = Generator(state: 11)
    // Bytes that start values often, every integer form among them, with small lengths.
    let alphabet: [UInt8] = [
      0x00, 0x02, 0x7F, 0xE0, 0xFF, 0x80, 0x81, 0x82, 0x90, 0x91, 0x93, 0x94, 0xA0, 0xA1, 0xA2, 0xC0, 0xC2,
      0xC3, 0xC4, 0xC7, 0xCA, 0xCB, 0xCC, 0xCF, 0xD0, 0xD3, 0xD4, 0xD9, 0xDC, 0xDE, 0x61, 0xC3, 0xE9,
    ]
    // msgpack-RPC's envelopes, good and bad: the kind in several integer forms.
    let envelopes: [[UInt8]] = [
      [0x94, 0x00], [0x93, 0x02], [0x94, 0xD0, 0x00], [0x94, 0xCC, 0x00], [0x94, 0xD0, 0xFF], [0x93, 0x00],
      [0xDC, 0x00, 0x04, 0x00], [0x94, 0x01], [0x92, 0x02], [],
    ]
    for isRPC in [false, true] {
      for _ in 0..<3_000 {
        let start = isRPC ? envelopes[Int.random(in: 0..<envelopes.count, using: &random)] : []
        let bytes =
          start
          + (0..<Int.random(in: 1...30, using: &random)).map { _ in
            alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
          }
        let reader = MessagePackReader(isRPC: isRPC)
        var items = bytes.withUnsafeBufferPointer { reader.append($0) }
        if let last = reader.finish() { items.append(last) }
        let whole = items.prefix { if case .broken = $0 { false } else { true } }
        let expected = Self.readByMsgpackC(bytes, isRPC: isRPC)
        // Compared as text: a NaN is not equal to itself.
        #expect("\(Array(expected.prefix(whole.count)))" == "\(Array(whole))", "\(bytes)")
        if whole.count == items.count { #expect(expected.count == whole.count, "\(bytes)") }
      }
    }
  }

  /// The messages msgpack-c's unpacker reads from `bytes`, up to the first it cannot, mapped
  /// as the reader mapped msgpack-c's objects when it read through it.
  private static func readByMsgpackC(_ bytes: [UInt8], isRPC: Bool) -> [MessageReader.Item] {
    var unpacked = msgpack_unpacked()
    msgpack_unpacked_init(&unpacked)
    defer { msgpack_unpacked_destroy(&unpacked) }
    var items: [MessageReader.Item] = []
    var offset = 0
    bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        while msgpack_unpack_next(&unpacked, chars.baseAddress, chars.count, &offset)
          == MSGPACK_UNPACK_SUCCESS
        {
          items.append(isRPC ? rpcItem(unpacked.data) : item(unpacked.data))
        }
      }
    }
    return items
  }

  private struct Unrepresentable: Error {
    var reason: String
  }

  private static func item(_ object: msgpack_object) -> MessageReader.Item {
    do {
      return .message(try value(object))
    } catch {
      // A map's first "id" member, when it is an id, goes with the error.
      guard object.type == MSGPACK_OBJECT_MAP, let pairs = object.via.map.ptr,
        let pair = (0..<Int(object.via.map.size)).lazy.map({ pairs[$0] }).first(where: {
          $0.key.type == MSGPACK_OBJECT_STR && (try? string($0.key.via.str)) == "id"
        }),
        let id = try? value(pair.val), RequestID(id) != nil
      else { return .unrepresentable(error.reason) }
      return .unrepresentableRequest(id: id, reason: error.reason)
    }
  }

  private static func rpcItem(_ object: msgpack_object) -> MessageReader.Item {
    let array = object.via.array
    guard object.type == MSGPACK_OBJECT_ARRAY, let elements = array.ptr,
      array.size == 4 || array.size == 3, elements[0].type == MSGPACK_OBJECT_POSITIVE_INTEGER,
      elements[0].via.u64 == (array.size == 4 ? 0 : 2) || (array.size == 4 && elements[0].via.u64 == 1)
    else {
      return .unrepresentable(
        "in msgpack-RPC a message is a request [0, id, method, params] or a notification [2, method, params]")
    }
    if array.size == 4, elements[0].via.u64 == 1 { return .stray("a response, but Folio sends no requests") }
    var id: JSONValue?
    do {
      id = array.size == 4 ? try value(elements[1]) : nil
      // A method name in bin is read as the UTF-8 it holds.
      let methodObject = elements[Int(array.size) - 2]
      let method =
        methodObject.type == MSGPACK_OBJECT_BIN
        ? .string(
          try string(msgpack_object_str(size: methodObject.via.bin.size, ptr: methodObject.via.bin.ptr)))
        : try value(methodObject)
      let params = elements[Int(array.size) - 1]
      return .rpc(id: id, method: method, params: params.type == MSGPACK_OBJECT_NIL ? nil : try value(params))
    } catch {
      guard array.size == 4 else { return .stray("a notification with no JSON form: \(error.reason)") }
      guard let id, RequestID(id) != nil else { return .unrepresentable(error.reason) }
      return .unrepresentableRequest(id: id, reason: error.reason)
    }
  }

  private static func value(_ object: msgpack_object) throws(Unrepresentable) -> JSONValue {
    switch object.type {
    case MSGPACK_OBJECT_NIL: return .null
    case MSGPACK_OBJECT_BOOLEAN: return .bool(object.via.boolean)
    case MSGPACK_OBJECT_POSITIVE_INTEGER:
      let value = object.via.u64
      return value <= UInt64(Int.max) ? .int(Int(value)) : .number(Double(value))
    case MSGPACK_OBJECT_NEGATIVE_INTEGER: return .int(Int(object.via.i64))
    case MSGPACK_OBJECT_FLOAT32, MSGPACK_OBJECT_FLOAT64: return .number(object.via.f64)
    case MSGPACK_OBJECT_STR: return .string(try string(object.via.str))
    case MSGPACK_OBJECT_ARRAY:
      let array = object.via.array
      guard array.size > 0, let elements = array.ptr else { return .array([]) }
      var values: [JSONValue] = []
      for index in 0..<Int(array.size) { values.append(try value(elements[index])) }
      return .array(values)
    case MSGPACK_OBJECT_MAP:
      let map = object.via.map
      guard map.size > 0, let pairs = map.ptr else { return .object([]) }
      var fields: [(String, JSONValue)] = []
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
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw Unrepresentable(reason: "a string is not UTF-8")
    }
    return text
  }

  @Test("nesting: 32 levels are read, 33 break the stream as soon as the 33rd opens")
  func depth() {
    let deepest = [UInt8](repeating: 0x91, count: MessagePackReader.maximumDepth) + [0xC0]
    var expected = JSONValue.null
    for _ in 0..<MessagePackReader.maximumDepth { expected = .array([expected]) }
    #expect(Self.read(deepest) == [.message(expected)])
    let tooDeep = MessageReader.Item.broken(.unreadable("a message nests deeper than 32 levels"))
    #expect(Self.read([0x91] + deepest) == [tooDeep])
    // An empty array or map is a level too, as msgpack-c counts; the break comes before the
    // message's end (here, never).
    let open: [UInt8] = [0x81, 0xA0] + [UInt8](repeating: 0x91, count: 31)
    for last: [UInt8] in [[0x90], [0x80], [0xDD, 0, 0, 0, 0]] {
      let reader = MessagePackReader()
      #expect((open + last).withUnsafeBufferPointer { reader.append($0) } == [tooDeep])
    }
  }
}
