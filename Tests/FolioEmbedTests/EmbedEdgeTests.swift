import FolioCore
import FolioSession
import FolioTestSupport
import Foundation
import Testing

@testable import FolioEmbed

/// The protocol's edges: integers at their extremes, names that look like syntax, NUL in
/// strings, answers over the message limit, late cancels and large objects.
@Suite struct EmbedEdgeTests {
  /// A server writing its messages as bytes (the wire's form), over a session in a folder.
  private final class Harness {
    let folder: TemporaryFolder
    let session: Session
    /// Each message written, as its bytes.
    var written: [[UInt8]] = []
    var server: EmbedServer!

    init(files: [String: String] = ["t.csv": "name,n\na,1\nb,2\nc,3\n"]) throws {
      folder = try TemporaryFolder()
      for (name, text) in files { try folder.write(name, text) }
      session = EmbedServerTests.quietSession(in: folder)
      server = EmbedServer(session: session, log: { _ in }) { [unowned self] bytes in
        written.append(Array(bytes))
      }
    }

    /// Receives an item and returns the messages written for it, read as JSON lines (or as
    /// MessagePack once the client chose it).
    @discardableResult
    func receive(_ item: MessageReader.Item) -> [JSONValue] {
      let start = written.count
      let encoding = server.encoding
      server.receive(item)
      return written[start...].compactMap { bytes in
        if encoding.isMessagePack {
          let items = bytes.withUnsafeBufferPointer { MessagePackReader(limit: .max).append($0) }
          guard case .message(let value)? = items.first else { return nil }
          return value
        }
        return try? JSONText.parse(Array(bytes.dropLast()))
      }
    }

    /// Sends a request line and returns what the server wrote for it.
    @discardableResult
    func request(_ id: Int, _ method: String, _ params: String = "{}") -> [JSONValue] {
      receive(.line(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8)))
    }

    func initialize(_ params: String = #"{"protocolVersion":"1.3","notifications":[]}"#) {
      request(0, "initialize", params)
    }
  }

  private static func field(_ value: JSONValue?, _ key: String) -> JSONValue? {
    guard case .object(let fields)? = value else { return nil }
    return fields.first { $0.0 == key }?.1
  }

  private static func errorCode(_ value: JSONValue?) -> Int? {
    guard case .int(let code)? = field(field(value, "error"), "code") else { return nil }
    return code
  }

  // MARK: - Integers

  @Test("table.rows from the largest start answers no rows, however many it asks for")
  func rowsFromTheLargestStart() throws {
    let harness = try Harness()
    harness.initialize()
    harness.request(1, "document.open", #"{"path":"t.csv"}"#)
    let cases: [(params: String, positions: [Int])] = [
      (#"{"start":9223372036854775807,"count":2}"#, []),
      (#"{"start":9223372036854775807,"count":100000}"#, []),
      (#"{"start":9223372036854775807}"#, []),
      (#"{"start":4,"count":100000}"#, []),
      (#"{"start":3,"count":100000}"#, [3]),
      (#"{"start":2,"count":0}"#, []),
    ]
    for (index, (params, positions)) in cases.enumerated() {
      let reply = harness.request(index + 2, "table.rows", params)
      let result = try #require(Self.field(reply.last, "result"), "\(params): \(reply)")
      #expect(Self.field(result, "total") == .int(3), "\(params)")
      guard case .array(let rows)? = Self.field(result, "rows") else {
        Issue.record("\(params): no rows in \(result.serialized)")
        continue
      }
      #expect(rows.map { Self.field($0, "position") } == positions.map { .int($0) }, "\(params)")
    }
  }

  @Test("every integer param at the ends of the 64-bit range is answered, by a result or its error")
  func integerExtremes() throws {
    let harness = try Harness(files: ["t.csv": "name,n\na,1\nb,2\nc,3\n", "notes.txt": "one\ntwo\n"])
    harness.initialize()
    harness.request(1, "document.open", #"{"path":"t.csv"}"#)
    let largest = "9223372036854775807"
    let smallest = "-9223372036854775808"
    let requests: [(String, String, Int)] = [
      ("table.rows", #"{"start":\#(smallest)}"#, -32602),
      ("table.rows", #"{"count":\#(largest)}"#, -32602),
      ("cell.get", #"{"row":\#(largest),"column":"n"}"#, -32602),
      ("cell.set", #"{"row":\#(largest),"column":"n","value":"x"}"#, -32602),
      ("selection.set", #"{"ids":[\#(largest)]}"#, -32602),
      ("table.deleteRows", #"{"ids":[\#(largest)]}"#, -32602),
      ("document.focus", #"{"window":\#(largest)}"#, -32602),
      ("toolbar.layout", #"{"width":\#(smallest)}"#, -32602),
      ("environment.set", #"{"width":\#(largest)}"#, -32602),
      ("commands.search", #"{"query":"s","limit":\#(largest)}"#, -32602),
      (
        "commands.run", #"{"command":"toolbar.move","arguments":{"id":"new","position":\#(smallest)}}"#,
        -32602
      ),
      ("commands.run", #"{"command":"toolbar.remove","arguments":{"id":"new"}}"#, 0),
      ("commands.run", #"{"command":"toolbar.add","arguments":{"id":"new","at":\#(largest)}}"#, -32602),
    ]
    for (index, (method, params, code)) in requests.enumerated() {
      let reply = harness.request(index + 2, method, params)
      #expect(Self.field(reply.last, "id") == .int(index + 2), "\(method) \(params)")
      #expect(
        Self.errorCode(reply.last) == (code == 0 ? nil : code),
        "\(method) \(params): \(reply.last?.serialized ?? "")")
    }
    // A text document's lines by number, at both ends.
    harness.request(20, "document.open", #"{"path":"notes.txt"}"#)
    for (index, line) in [largest, smallest].enumerated() {
      for command in ["edit.insert", "edit.replace"] {
        let reply = harness.request(
          21 + index, "commands.run", #"{"command":"\#(command)","arguments":{"line":\#(line),"text":"x"}}"#)
        #expect(Self.errorCode(reply.last) == -32602, "\(command) \(line): \(reply.last?.serialized ?? "")")
      }
    }
    #expect(try harness.folder.read("notes.txt") == "one\ntwo\n")
  }

  // MARK: - Names are names

  @Test("table.addRow takes cells by column name, an '=' in a name or value included")
  func addRowWithEqualsInNames() throws {
    let harness = try Harness(files: ["e.csv": "a=b,c\n1,2\n"])
    harness.initialize()
    harness.request(1, "document.open", #"{"path":"e.csv"}"#)
    let added = harness.request(2, "table.addRow", #"{"cells":{"a=b":"x","c":"y=z"}}"#)
    let result = try #require(Self.field(added.last, "result"), "\(added)")
    #expect(Self.field(result, "event") == .string("rowAdded"))
    #expect(Self.field(result, "id") == .int(2))
    let first = harness.request(3, "cell.get", #"{"row":2,"column":"a=b"}"#)
    #expect(Self.field(Self.field(first.last, "result"), "value") == .string("x"))
    let second = harness.request(4, "cell.get", #"{"row":2,"column":"c"}"#)
    #expect(Self.field(Self.field(second.last, "result"), "value") == .string("y=z"))
    // A name no column has is refused, naming it; no row is added.
    let refused = harness.request(5, "table.addRow", #"{"cells":{"a":"x"}}"#)
    #expect(Self.errorCode(refused.last) == -32602)
    #expect(
      Self.field(Self.field(refused.last, "error"), "message")?.serialized.contains("no column 'a'") == true)
    let rows = harness.request(6, "table.rows")
    #expect(Self.field(Self.field(rows.last, "result"), "total") == .int(2))
  }

  @Test("menu.resolve reads its id as a menu's id: 'close' and 'open' are no menus, and nothing closes")
  func menuIDsAreIDs() throws {
    let harness = try Harness()
    harness.initialize()
    harness.request(1, "menu.open", #"{"id":"file"}"#)
    #expect(harness.session.menuSession != nil)
    for (index, id) in ["close", "OPEN", "open", "Close"].enumerated() {
      let reply = harness.request(index + 2, "menu.resolve", #"{"id":"\#(id)"}"#)
      #expect(Self.errorCode(reply.last) == -32602, "\(id): \(reply.last?.serialized ?? "")")
      let data = Self.field(Self.field(reply.last, "error"), "data")
      #expect(Self.field(data, "code") == .string("invalid-argument"), "\(id)")
      #expect(
        Self.field(data, "message")?.serialized.hasPrefix(#""no menu '\#(id)'"#) == true,
        "\(id): \(data?.serialized ?? "")")
    }
    #expect(harness.session.menuSession != nil, "the open menu stays open")
    let file = harness.request(9, "menu.resolve", #"{"id":"FILE"}"#)
    #expect(Self.field(Self.field(Self.field(file.last, "result"), "menu"), "title") == .string("File"))
  }

  @Test("a NUL in a path, id, title or name is refused at the edge, naming the field; nothing happens")
  func nulIsRefused() throws {
    let harness = try Harness(files: ["t.csv": "name,n\na,1\n", "victim.json": "[]\n"])
    harness.initialize()
    let open = harness.request(1, "document.open", #"{"path":"t.csv\u0000/../../etc/passwd"}"#)
    #expect(Self.errorCode(open.last) == -32602, "\(open)")
    #expect(harness.session.workspace.documents.isEmpty)
    harness.request(2, "document.open", #"{"path":"t.csv"}"#)
    let requests: [(String, String, String)] = [
      ("document.saveAs", #"{"path":"victim.json\u0000.csv","force":true}"#, "path"),
      ("document.rename", #"{"title":"a\u0000b"}"#, "title"),
      ("commands.run", #"{"command":"document.open","arguments":{"path":"t.csv\u0000x"}}"#, "arguments.path"),
      ("commands.run", #"{"command":"document.list\u0000"}"#, "command"),
      ("menu.resolve", #"{"id":"file\u0000"}"#, "id"),
      ("menu.open", #"{"id":"file\u0000x"}"#, "id"),
      ("plugin.load", #"{"name":"x\u0000"}"#, "name"),
      ("table.addRow", #"{"cells":{"name\u0000":"x"}}"#, "cells"),
      ("table.addRow", #"{"cells":{"name":"x\u0000"}}"#, "name"),
      ("cell.set", #"{"row":1,"column":"name","value":"a\u0000"}"#, "value"),
      ("menu.choose", #"{"path":["File\u0000"]}"#, "path"),
      ("command.execute", #"{"line":"info\u0000"}"#, "line"),
      ("settings.set", #"{"key":"k\u0000","value":"v"}"#, "key"),
    ]
    for (index, (method, params, name)) in requests.enumerated() {
      let reply = harness.request(index + 3, method, params)
      #expect(Self.errorCode(reply.last) == -32602, "\(method): \(reply.last?.serialized ?? "")")
      let data = Self.field(Self.field(reply.last, "error"), "data")
      #expect(Self.field(data, "field") == .string(name), "\(method): \(data?.serialized ?? "")")
    }
    #expect(try harness.folder.read("victim.json") == "[]\n")
    #expect(try harness.folder.read("t.csv") == "name,n\na,1\n")
    #expect(try harness.folder.contents() == ["t.csv", "victim.json"])
    let document = try #require(harness.session.workspace.active)
    #expect(document.title == "t")
    #expect(!document.isDirty)
  }

  // MARK: - The message limit

  @Test("an answer over the message limit is refused naming the limit, and a count that fits is offered")
  func answersWithinTheLimit() throws {
    let rows = (1...200).map { "row number \($0),\($0)\n" }.joined()
    let harness = try Harness(files: ["big.csv": "name,n\n" + rows])
    harness.server.messageLimit = 4096
    harness.initialize()
    harness.request(1, "document.open", #"{"path":"big.csv"}"#)
    let refused = harness.request(2, "table.rows")
    #expect(Self.errorCode(refused.last) == -32001, "\(refused.last?.serialized ?? "")")
    let data = Self.field(Self.field(refused.last, "error"), "data")
    #expect(Self.field(data, "limit") == .int(4096))
    guard case .int(let bytes)? = Self.field(data, "bytes"), case .int(let count)? = Self.field(data, "count")
    else {
      Issue.record("no bytes or count in \(data?.serialized ?? "nothing")")
      return
    }
    #expect(bytes > 4096)
    #expect(count >= 1 && count < 200)
    let message = Self.field(Self.field(refused.last, "error"), "message")
    #expect(message?.serialized.contains("4096") == true)
    #expect(message?.serialized.contains("'count'") == true)
    // The count offered fits.
    let page = harness.request(3, "table.rows", #"{"start":1,"count":\#(count)}"#)
    #expect(Self.errorCode(page.last) == nil, "\(page.last?.serialized ?? "")")
    // Nothing written is over the limit.
    #expect(harness.written.allSatisfy { $0.count - 1 <= 4096 })
  }

  @Test("in MessagePack too, no answer is over the message limit")
  func packedAnswersWithinTheLimit() throws {
    let rows = (1...200).map { "row number \($0),\($0)\n" }.joined()
    let harness = try Harness(files: ["big.csv": "name,n\n" + rows])
    harness.server.messageLimit = 4096
    harness.initialize(#"{"protocolVersion":"1.3","notifications":[],"encodings":["msgpack-rpc"]}"#)
    #expect(harness.server.encoding == .msgpackRPC)
    harness.receive(
      .rpc(id: .int(1), method: .string("document.open"), params: .object([("path", .string("big.csv"))])))
    let refused = harness.receive(.rpc(id: .int(2), method: .string("table.rows"), params: nil))
    guard case .array(let members)? = refused.last, members.count == 4 else {
      Issue.record("not a msgpack-RPC response: \(refused)")
      return
    }
    #expect(Self.field(members[2], "code") == .int(-32001), "\(members[2].serialized)")
    #expect(Self.field(Self.field(members[2], "data"), "limit") == .int(4096))
    #expect(harness.written.allSatisfy { $0.count <= 4096 })
  }

  // MARK: - Cancels

  /// Sends the items as the reading thread would have read them at once: every
  /// `$/cancelRequest` among them noted first, then each handled in turn.
  private static func pipelined(_ lines: [String], to harness: Harness) -> [JSONValue] {
    let items = lines.map { MessageReader.Item.line(Array($0.utf8)) }
    harness.server.noteCancellations(in: items)
    return items.flatMap { harness.receive($0) }
  }

  private static func cancel(_ id: String) -> String {
    #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":\#(id)}}"#
  }

  private static func list(_ id: String) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"document.list"}"#
  }

  @Test("a cancel for a finished request does nothing: the next request that reuses its id runs")
  func lateCancel() throws {
    let harness = try Harness()
    harness.initialize()
    #expect(Self.errorCode(harness.receive(.line(Array(Self.list("1").utf8))).last) == nil)
    // The cancel comes after request 1 ended; a new request 1 follows it.
    let replies = Self.pipelined([Self.cancel("1"), Self.list("1")], to: harness)
    #expect(replies.count == 1)
    #expect(Self.errorCode(replies.last) == nil, "\(replies.last?.serialized ?? "")")
    #expect(Self.field(replies.last, "result") != nil)
    // A cancel that comes after a queued request still cancels it, and only it.
    let queued = Self.pipelined([Self.list("2"), Self.cancel("2"), Self.list("2")], to: harness)
    #expect(queued.map(Self.errorCode) == [-32800, nil])
    #expect(harness.server.cancellations.rememberedCount == 0)
  }

  @Test("cancels for requests never seen are forgotten once read: 100,000 of them keep nothing")
  func cancelsAreBounded() throws {
    let harness = try Harness()
    harness.initialize()
    for start in stride(from: 0, to: 100_000, by: 10_000) {
      let lines = (start..<start + 10_000).map { Self.cancel(#""never-\#($0)""#) }
      #expect(Self.pipelined(lines, to: harness).isEmpty, "a notification gets no response")
      #expect(harness.server.cancellations.rememberedCount == 0)
    }
    // One of those ids, sent now, runs.
    let reply = harness.receive(.line(Array(Self.list(#""never-7""#).utf8)))
    #expect(Self.errorCode(reply.last) == nil)
  }

  @Test("RequestCancellations: a cancel read is remembered until the cancel itself is handled")
  func cancellationRecord() {
    let token = CancellationToken()
    let cancellations = RequestCancellations(token: token)
    // Read before the request: handled first, so the request that follows runs.
    cancellations.cancel(.number(1))
    #expect(cancellations.rememberedCount == 1)
    cancellations.handledCancel(of: .number(1))
    #expect(cancellations.rememberedCount == 0)
    #expect(cancellations.start(.number(1)))
    #expect(!cancellations.finish())
    // Read while the request is queued: it does not start.
    cancellations.cancel(.number(2))
    #expect(!cancellations.start(.number(2)))
    cancellations.handledCancel(of: .number(2))
    #expect(cancellations.start(.number(2)))
    #expect(!cancellations.finish())
    // Two cancels of one id: forgotten when both are handled.
    cancellations.cancel(.string("a"))
    cancellations.cancel(.string("a"))
    cancellations.handledCancel(of: .string("a"))
    #expect(!cancellations.start(.string("a")))
    cancellations.handledCancel(of: .string("a"))
    #expect(cancellations.rememberedCount == 0)
    // A cancel handled that was never noted changes nothing.
    cancellations.handledCancel(of: .number(9))
    #expect(cancellations.rememberedCount == 0)
    #expect(!token.isCancelled)
  }

  // MARK: - Large objects

  @Test("a request holding an object of 100,000 keys is read whole, its keys in order")
  func largeObjects() throws {
    let keys = (0..<100_000).map { "k\($0)" }
    let text = "{" + keys.map { #""\#($0)":1"# }.joined(separator: ",") + "}"
    guard case .object(let pairs) = try JSONText.parse(Array(text.utf8)) else {
      Issue.record("not an object")
      return
    }
    #expect(pairs.map(\.0) == keys)
    // A key repeated at the end is still found, at its offset.
    let repeated = "{" + keys.map { #""\#($0)":1"# }.joined(separator: ",") + #","k5":2}"#
    #expect {
      try JSONText.parse(Array(repeated.utf8))
    } throws: { error in
      let error = error as? JSONText.SyntaxError
      return error?.message == #"the key "k5" appears twice in an object"# && error?.offset == text.utf8.count
    }
    let harness = try Harness()
    harness.initialize()
    let reply = harness.request(1, "document.list", #"{"x":\#(text)}"#)
    #expect(Self.errorCode(reply.last) == -32602)
    #expect(
      Self.field(Self.field(Self.field(reply.last, "error"), "data"), "fields") == .array([.string("x")]))
  }
}
