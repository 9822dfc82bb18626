import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioEmbed

/// What lets the clients people already have attach unchanged: LSP's frames, every id
/// JSON-RPC allows, `initialize` ignoring what it does not know (1.4), msgpack-RPC's params
/// arrays, method names in bin, conventional errors and stray messages, and a bin value's
/// error carrying its request's id.
@Suite struct EmbedClientCompatibilityTests {
  /// A server over a session in a folder holding `t.csv`, writing bytes.
  private final class Harness {
    let folder: TemporaryFolder
    var bytes: [UInt8] = []
    var server: EmbedServer!

    init(encoding: MessageEncoding? = nil, framesLSP: Bool = false) throws {
      folder = try TemporaryFolder()
      try folder.write("t.csv", "name,n\na,1\nb,2\n")
      server = EmbedServer(
        session: EmbedServerTests.quietSession(in: folder), log: { _ in },
        writeLine: { [unowned self] in bytes.append(contentsOf: $0) })
      if let encoding { server.fixTransport(encoding: encoding, framesLSP: framesLSP) }
    }

    /// Hands `item` to the server and returns the bytes it wrote for it.
    func receive(_ item: MessageReader.Item) -> [UInt8] {
      bytes = []
      server.receive(item)
      return bytes
    }

    /// Sends a JSON line and returns the messages written for it, parsed.
    func send(_ line: String) throws -> [JSONValue] {
      let written = receive(.line(Array(line.utf8)))
      return try written.split(separator: UInt8(ascii: "\n")).map { try JSONText.parse(Array($0)) }
    }

    /// Hands MessagePack `message` to the server's reader and returns the messages it wrote.
    func sendPacked(_ message: [UInt8], isRPC: Bool) -> [JSONValue] {
      let reader = MessagePackReader(isRPC: isRPC)
      bytes = []
      for item in message.withUnsafeBufferPointer({ reader.append($0) }) { server.receive(item) }
      return Self.unpacked(bytes)
    }

    static func unpacked(_ bytes: [UInt8]) -> [JSONValue] {
      let reader = MessagePackReader()
      return bytes.withUnsafeBufferPointer { reader.append($0) }.compactMap {
        if case .message(let value) = $0 { value } else { nil }
      }
    }
  }

  private static func field(_ value: JSONValue?, _ key: String) -> JSONValue? {
    guard case .object(let fields)? = value else { return nil }
    return fields.first { $0.0 == key }?.1
  }

  private static func errorCode(_ value: JSONValue?) -> JSONValue? {
    field(field(value, "error"), "code")
  }

  private static func packed(_ value: JSONValue) -> [UInt8] {
    var writer = MessagePackWriter()
    writer.write(value)
    return writer.withBytes { Array($0) }
  }

  // MARK: - LSP frames

  private static func frame(_ body: String, headers: String = "") -> [UInt8] {
    Array("Content-Length: \(body.utf8.count)\r\n\(headers)\r\n\(body)".utf8)
  }

  private static func read(_ bytes: [UInt8], chunk: Int, limit: Int = MessageReader.defaultLimit)
    -> [MessageReader.Item]
  {
    var reader = LSPFrameReader(limit: limit)
    var items: [MessageReader.Item] = []
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + chunk)
      items += reader.append(bytes[start..<end])
      start = end
    }
    if let last = reader.finish() { items.append(last) }
    return items
  }

  @Test(
    "LSP frames split in chunks of every size read as their bodies, with any headers beside Content-Length")
  func lspFrames() {
    let bodies = [#"{"a":1}"#, #"{"t":"⌘S"}"#, "", #"{"b":[1,2]}"#]
    let bytes =
      Self.frame(bodies[0])
      + Self.frame(bodies[1], headers: "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n")
      + Array("content-length:0\r\n\r\n".utf8) + Array("CONTENT-LENGTH:  11 \r\n\r\n\(bodies[3])".utf8)
    for chunk in 1...bytes.count {
      #expect(Self.read(bytes, chunk: chunk) == bodies.map { .line(Array($0.utf8)) }, "chunk \(chunk)")
    }
  }

  @Test(
    "an LSP frame over the limit is skipped as it comes and the next is read; a bad header ends the stream")
  func lspFrameErrors() {
    let long = Self.frame(String(repeating: "x", count: 40)) + Self.frame("{}")
    for chunk in [1, 7, long.count] {
      #expect(Self.read(long, chunk: chunk, limit: 16) == [.tooLong(byteCount: 40), .line(Array("{}".utf8))])
    }
    let cases: [(String, MessageReader.Item)] = [
      ("Content-Type: x\r\n\r\n{}", .broken(.badHeader("the header has no 'Content-Length'"))),
      ("Content-Length: ten\r\n\r\n{}", .broken(.badHeader("'Content-Length' is not a number of bytes"))),
      ("Content-Length: -1\r\n\r\n{}", .broken(.badHeader("'Content-Length' is not a number of bytes"))),
      (
        "Content-Length: 99999999999999999999\r\n\r\n",
        .broken(.badHeader("'Content-Length' is not a number of bytes"))
      ),
      ("hello\r\n\r\n{}", .broken(.badHeader("a header line has no ':'"))),
      ("Content-Length: 5\r\n\r\n{}", .broken(.truncated(byteCount: 2))),
      ("Content-Length: 5\r\n", .broken(.truncated(byteCount: 0))),
    ]
    for (text, item) in cases {
      #expect(Self.read(Array(text.utf8), chunk: 3) == [item], "\(text)")
    }
    let endless = [UInt8](repeating: UInt8(ascii: "a"), count: LSPFrameReader.headerLimit + 1)
    #expect(Self.read(endless, chunk: 4096) == [.broken(.badHeader("the header is over 8 KiB"))])
  }

  @Test("with --framing lsp every message Folio writes has its Content-Length header, counted in bytes")
  func lspResponses() throws {
    let harness = try Harness(encoding: .json, framesLSP: true)
    let written = harness.receive(
      .line(
        Array(#"{"jsonrpc":"2.0","id":"a","method":"initialize","params":{"protocolVersion":"1.3"}}"#.utf8)))
    let items = Self.read(written, chunk: written.count)
    #expect(items.count == 1)
    guard case .line(let body)? = items.first else { return }
    let response = try JSONText.parse(body)
    #expect(Self.field(Self.field(response, "result"), "encoding") == .string("json"))
    #expect(written.starts(with: Array("Content-Length: \(body.count)\r\n\r\n".utf8)))
    let search = harness.receive(
      .line(
        Array(#"{"jsonrpc":"2.0","id":2,"method":"commands.search","params":{"query":"sav","limit":1}}"#.utf8)
      ))
    guard case .line(let searchBody)? = Self.read(search, chunk: 5).first else {
      Issue.record("no frame")
      return
    }
    #expect(String(decoding: searchBody, as: UTF8.self).contains("⌘S"))
  }

  @Test("a client of --framing lsp may not choose MessagePack: JSON is the only encoding")
  func lspEncodingFixed() throws {
    let harness = try Harness(encoding: .json, framesLSP: true)
    let line =
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1.3","encodings":["msgpack"]}}"#
    guard case .line(let body)? = Self.read(harness.receive(.line(Array(line.utf8))), chunk: 100).first else {
      Issue.record("no frame")
      return
    }
    let reply = try JSONText.parse(body)
    #expect(Self.errorCode(reply) == .int(-32602))
    #expect(
      Self.field(Self.field(Self.field(reply, "error"), "data"), "supported") == .array([.string("json")]))
  }

  // MARK: - Ids

  @Test(
    "every id JSON-RPC allows is answered: 2.0 as 2, fractions, numbers past Int, null; a bool is not an id")
  func everyID() throws {
    let harness = try Harness()
    _ = try harness.send(
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1.3"}}"#)
    let cases: [(String, JSONValue)] = [
      ("2.0", .int(2)), ("-0.0", .int(0)), ("1.5", .number(1.5)), ("1e3", .int(1000)),
      ("1e300", .number(1e300)), ("null", .null), (#""x""#, .string("x")),
    ]
    for (id, echoed) in cases {
      let replies = try harness.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"document.list"}"#)
      #expect(replies.count == 1, "\(id)")
      #expect(Self.field(replies.first, "id") == echoed, "\(id)")
      #expect(Self.field(replies.first, "result") != nil, "\(id): \(replies.first?.serialized ?? "")")
    }
    for id in ["true", "[1]", #"{"a":1}"#] {
      let replies = try harness.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"document.list"}"#)
      #expect(Self.errorCode(replies.first) == .int(-32600), "\(id)")
      #expect(Self.field(replies.first, "id") == .null, "\(id)")
    }
  }

  @Test("a $/cancelRequest naming 2 cancels the request sent with id 2.0")
  func cancelWholeNumber() throws {
    let harness = try Harness()
    _ = try harness.send(
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1.3"}}"#)
    harness.server.noteCancellations(in: [
      .line(Array(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}}"#.utf8))
    ])
    let replies = try harness.send(#"{"jsonrpc":"2.0","id":2.0,"method":"document.list"}"#)
    #expect(Self.errorCode(replies.first) == .int(-32800))
  }

  // MARK: - initialize

  @Test("initialize in 1.4 ignores fields it does not know and names them in ignored; 1.3 still refuses them")
  func initializeIgnores() throws {
    let newer = try Harness()
    let replies = try newer.send(
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1.4","processId":7,"clientName":"x","capabilities":{},"rootUri":null}}"#
    )
    let result = Self.field(replies.first, "result")
    #expect(Self.field(result, "protocolVersion") == .string("1.4"))
    #expect(
      Self.field(result, "ignored")
        == .array([.string("processId"), .string("capabilities"), .string("rootUri")]))
    let none = try Harness()
    let plain = try none.send(
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1.4"}}"#)
    #expect(Self.field(Self.field(plain.first, "result"), "ignored") == .array([]))
    let older = try Harness()
    let refused = try older.send(
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1.3","processId":7}}"#)
    #expect(Self.errorCode(refused.first) == .int(-32602))
    #expect(Self.field(Self.field(refused.first, "result"), "ignored") == nil)
    #expect(older.server.phase == .awaitingInitialize)
  }

  // MARK: - bin

  /// A map request `{"jsonrpc": "2.0", "id": ID, "method": "document.open", "params": {"path": bin}}`.
  private static func mapRequestWithBin(id: JSONValue) -> [UInt8] {
    var bytes: [UInt8] = [0x84]
    bytes += packed(.string("jsonrpc")) + packed(.string("2.0"))
    bytes += packed(.string("id")) + packed(id)
    bytes += packed(.string("method")) + packed(.string("document.open"))
    bytes += packed(.string("params")) + [0x81] + packed(.string("path")) + [0xC4, 2, 0x61, 0x62]
    return bytes
  }

  @Test("a MessagePack request holding bin gets -32600 with its id, in maps and in msgpack-RPC")
  func binKeepsID() throws {
    for id in [JSONValue.int(7), .string("q")] {
      let maps = try Harness(encoding: .msgpack)
      _ = maps.sendPacked(
        Self.packed(
          .object([
            ("jsonrpc", .string("2.0")), ("id", .int(1)), ("method", .string("initialize")),
            ("params", .object([("protocolVersion", .string("1.3"))])),
          ])), isRPC: false)
      let reply = maps.sendPacked(Self.mapRequestWithBin(id: id), isRPC: false)
      #expect(reply.count == 1)
      #expect(Self.field(reply.first, "id") == id)
      #expect(Self.errorCode(reply.first) == .int(-32600))
    }
    // The id after the bin, and a map whose id is itself bin: the id is read past the bin, or none.
    var after: [UInt8] = [0x83] + Self.packed(.string("params")) + [0xC4, 1, 0x61]
    after +=
      Self.packed(.string("id")) + Self.packed(.int(9)) + Self.packed(.string("jsonrpc"))
      + Self.packed(.string("2.0"))
    #expect(MessagePackDecoder.requestID(inMap: after.withUnsafeBufferPointer { $0 }) == .int(9))
    let binID: [UInt8] = [0x81] + Self.packed(.string("id")) + [0xC4, 1, 0x61]
    #expect(MessagePackDecoder.requestID(inMap: binID.withUnsafeBufferPointer { $0 }) == nil)

    let rpc = try Harness(encoding: .msgpackRPC)
    let request: [UInt8] =
      [0x94, 0x00, 0x05] + Self.packed(.string("document.open")) + [0x81] + Self.packed(.string("path"))
      + [0xC4, 2, 0x61, 0x62]
    let reply = rpc.sendPacked(request, isRPC: true)
    #expect(reply.count == 1)
    guard case .array(let members)? = reply.first else { return }
    #expect(members.count == 4)
    #expect(members.prefix(2) == [.int(1), .int(5)])
    #expect(
      members.dropFirst(2).first
        == .array([.int(1), .string("the message has no JSON form: bin (binary data) has no JSON form")]))
    // A notification holding bin gets no answer.
    let notification: [UInt8] = [0x93, 0x02] + Self.packed(.string("x")) + [0x91, 0xC4, 1, 0x61]
    #expect(rpc.sendPacked(notification, isRPC: true).isEmpty)
  }

  // MARK: - msgpack-RPC from the first byte

  @Test("msgpack-RPC from the first byte: params [{…}] and [], a bin method name, [type, message] errors")
  func neovimStyle() throws {
    let harness = try Harness(encoding: .msgpackRPC)
    func call(_ id: Int, _ method: [UInt8], _ params: JSONValue) -> [JSONValue] {
      guard
        case .array(let members)? = harness.sendPacked(
          [0x94, 0x00] + Self.packed(.int(id)) + method + Self.packed(params), isRPC: true
        ).first
      else { return [] }
      return members
    }
    let initialize = call(
      1, Self.packed(.string("initialize")),
      .array([.object([("protocolVersion", .string("1.3")), ("notifications", .array([]))])]))
    #expect(initialize.prefix(3) == [.int(1), .int(1), .null])
    #expect(Self.field(initialize.last, "encoding") == .string("msgpack-rpc"))
    // pynvim names its first notification in bin: read, and ignored as notifications are.
    let bin = Array("nvim_set_client_info".utf8)
    #expect(
      harness.sendPacked(
        [0x93, 0x02, 0xC4, UInt8(bin.count)] + bin + Self.packed(.array([.string("client")])), isRPC: true
      ).isEmpty)
    let list = call(2, [0xC4, 13] + Array("document.list".utf8), .array([]))
    #expect(list.prefix(3) == [.int(1), .int(2), .null])
    #expect(
      call(3, Self.packed(.string("nope")), .array([])) == [
        .int(1), .int(3), .array([.int(1), .string("no method 'nope'")]), .null,
      ])
    #expect(
      call(4, Self.packed(.string("document.open")), .array([.object([("path", .string("missing.csv"))])]))
        .dropFirst(2).first
        .flatMap { if case .array(let error) = $0 { error.first } else { nil } } == .int(0))
    #expect(
      call(5, Self.packed(.string("document.list")), .array([.int(1), .int(2)]))
        == [
          .int(1), .int(5),
          .array([.int(1), .string("params must be an object (by name)")]),
          .null,
        ])
    // A response sent to Folio, as pynvim sends one for a message it could not handle, gets no answer.
    #expect(
      harness.sendPacked([0x94, 0x01, 0x00] + Self.packed(.string("error")) + [0xC0], isRPC: true).isEmpty)
  }

  @Test("a client that chose msgpack-RPC in initialize keeps its errors as objects")
  func negotiatedErrorsStay() throws {
    let harness = try Harness()
    _ = try harness.send(
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1.3","encodings":["msgpack-rpc"]}}"#
    )
    #expect(harness.server.encoding == .msgpackRPC)
    let reply = harness.sendPacked([0x94, 0x00, 0x02] + Self.packed(.string("nope")) + [0xC0], isRPC: true)
    guard case .array(let members)? = reply.first else {
      Issue.record("no reply")
      return
    }
    #expect(Self.field(members[2], "code") == .int(-32601))
  }
}
