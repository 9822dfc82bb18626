import FolioCore
import FolioLua
import FolioSession
import FolioTestSupport
import Foundation
import Testing

@testable import FolioEmbed

/// The dispatcher driven directly: messages in as lines, messages out as values.
@Suite struct EmbedServerTests {
  /// A server over a session in a folder holding `t.csv`, with what it sent.
  private final class Harness {
    let folder: TemporaryFolder
    let session: Session
    var sent: [JSONValue] = []
    var server: EmbedServer!

    init() throws {
      folder = try TemporaryFolder()
      try folder.write("t.csv", "name,n\na,1\nb,2\nc,3\n")
      session = EmbedServerTests.quietSession(in: folder)
      server = EmbedServer(session: session, log: { _ in }) { [unowned self] in sent.append($0) }
    }

    /// Sends a line and returns what the server sent for it.
    @discardableResult
    func send(_ line: String) -> [JSONValue] {
      let start = sent.count
      server.receive(.line(Array(line.utf8)))
      return Array(sent[start...])
    }

    /// Sends a request and returns what the server sent for it.
    @discardableResult
    func request(_ id: Int, _ method: String, _ params: String = "{}") -> [JSONValue] {
      send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
    }

    func initialize(
      version: String = "1.0",
      notifications: String = #"["document.opened","selection.changed","document.changed"]"#
    ) {
      request(0, "initialize", #"{"protocolVersion":"\#(version)","notifications":\#(notifications)}"#)
    }
  }

  /// A session as `folio --embed` makes one, working in `folder`.
  static func quietSession(in folder: TemporaryFolder, store: StateStore? = nil) -> Session {
    EmbedServer.makeSession(workspace: Workspace(store: store, currentDirectory: folder.url.path, home: nil))
  }

  private static func field(_ value: JSONValue, _ key: String) -> JSONValue? {
    guard case .object(let fields) = value else { return nil }
    return fields.first { $0.0 == key }?.1
  }

  private static func errorCode(_ value: JSONValue?) -> Int? {
    guard let value, let error = field(value, "error"), case .int(let code)? = field(error, "code") else {
      return nil
    }
    return code
  }

  @Test("each kind of bad message gets its JSON-RPC error, and the next message is served")
  func badMessages() throws {
    let harness = try Harness()
    harness.initialize()
    let cases: [(String, Int)] = [
      ("not json", -32700),
      ("[]", -32600),
      ("42", -32600),
      (#"{"id":1,"method":"document.list"}"#, -32600),
      (#"{"jsonrpc":"1.0","id":1,"method":"document.list"}"#, -32600),
      (#"{"jsonrpc":"2.0","id":true,"method":"document.list"}"#, -32600),
      (#"{"jsonrpc":"2.0","id":1,"method":7}"#, -32600),
      (#"{"jsonrpc":"2.0","id":1,"method":"document.list","extra":1}"#, -32600),
      (#"{"jsonrpc":"2.0","id":1,"method":"nope"}"#, -32601),
      (#"{"jsonrpc":"2.0","id":1,"method":"document.list","params":[1]}"#, -32602),
      (#"{"jsonrpc":"2.0","id":1,"method":"document.open","params":{}}"#, -32602),
      (#"{"jsonrpc":"2.0","id":1,"method":"document.open","params":{"path":3}}"#, -32602),
      (#"{"jsonrpc":"2.0","id":1,"method":"toolbar.layout","params":{"width":0}}"#, -32602),
      (#"{"jsonrpc":"2.0","id":1,"method":"selection.set","params":{"ids":[-1]}}"#, -32602),
      (#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1.0"}}"#, -32600),
      (#"{"jsonrpc":"2.0","id":1,"method":"table.rows"}"#, -32000),
    ]
    for (line, code) in cases {
      let replies = harness.send(line)
      #expect(replies.count == 1, "\(line)")
      #expect(Self.errorCode(replies.first) == code, "\(line): \(replies.first?.serialized ?? "nothing")")
    }
    let list = harness.request(9, "document.list")
    #expect(Self.errorCode(list.first) == nil)
  }

  @Test("ids are echoed as sent, numbers and strings")
  func ids() throws {
    let harness = try Harness()
    harness.initialize()
    for id in [#"7"#, #""seven""#, #"-3"#, #""""#] {
      let reply = harness.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"document.list"}"#)
      #expect(reply.first.flatMap { Self.field($0, "id") }?.serialized == id)
    }
  }

  @Test("a msgpack-RPC request gets the replies its map gets: errors, unknown and repeated fields and all")
  func rpcAsMap() throws {
    let tree = try Harness()
    let packed = try Harness()
    tree.initialize(version: "1.3")
    packed.initialize(version: "1.3")
    let many =
      "{" + (0..<70).map { $0 == 66 ? #""path":"t.csv""# : #""f\#($0)":1"# }.joined(separator: ",") + "}"
    let requests: [(String, String)] = [
      ("commands.search", #"{"query":"sav","compact":true}"#),
      ("commands.search", #"{"query":"s","limit":2,"detail":true,"compact":false}"#),
      ("commands.search", #"{"query":"sav","limit":null,"detail":null}"#),
      ("commands.search", #"{"query":"sav","limit":"2"}"#),
      ("commands.search", #"{"query":3,"limit":"2"}"#),
      ("commands.search", #"{"limit":0}"#),
      ("commands.search", #"{"compact":true}"#),
      ("commands.search", #"{"query":"sav","colour":"red","size":1}"#),
      ("commands.search", #"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"query":"sav","limit":1}"#),
      ("commands.search", #"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"query":"sav","limit":1}"#),
      ("commands.search", #"{"qu\u00e9ry":"sav","query":"sav","cafe\u0301":2}"#),
      ("commands.search", #"{"\u212aey":1,"query":"sav"}"#),
      ("commands.search", "[1]"),
      ("commands.search", #""sav""#),
      ("commands.search", "null"),
      ("commands.search", "{}"),
      ("commands.run", #"{"command":"document.list"}"#),
      ("commands.run", #"{"command":7}"#),
      ("commands.run", #"{"command":"document.open","arguments":[1]}"#),
      ("commands.run", #"{"command":"nope","arguments":{}}"#),
      ("document.open", #"{"path":"t.csv","colour":"red","size":1}"#),
      ("document.open", many),
      ("table.sort", #"{"keys":[{"column":"n","way":"up"}]}"#),
      ("table.sort", #"{"keys":[{"column":"n","order":"descending"}]}"#),
      ("table.addRow", #"{"cells":{"name":"d","n":"4"}}"#),
      ("cell.get", #"{"row":2,"column":"name"}"#),
      ("cell.set", #"{"row":2,"column":"name","value":7}"#),
      ("selection.set", #"{"ids":[1,2],"mode":"add"}"#),
      ("environment.set", #"{"width":2.5}"#),
      ("environment.set", #"{"platform":"ipad","width":700,"keyboard":false}"#),
      ("environment.get", "{}"),
    ]
    // JSON text refuses a key given twice; a MessagePack map may hold one.
    let twice = JSONValue.object([("query", .string("sav")), ("limit", .int(2)), ("query", .string("x"))])
    var cases = try requests.map { ($0.0, try JSONText.parse(Array($0.1.utf8))) }
    cases.append(("commands.search", twice))
    for (index, (method, params)) in cases.enumerated() {
      let id = JSONValue.int(index + 1)
      let start = (tree.sent.count, packed.sent.count)
      tree.server.receive(
        .message(
          .object([("jsonrpc", .string("2.0")), ("id", id), ("method", .string(method)), ("params", params)]))
      )
      packed.server.receive(.rpc(id: id, method: .string(method), params: params))
      #expect(
        Array(packed.sent[start.1...]) == Array(tree.sent[start.0...]), "\(method) \(params.serialized)")
      #expect(tree.sent.count > start.0, "\(method) \(params.serialized)")
    }
  }

  @Test(
    "commands.search: each match enabled as its command knows, past the 64th too, with and without detail")
  func searchEnabledFlags() throws {
    let harness = try Harness()
    harness.initialize(version: "1.1")
    let registry = harness.session.registry
    for (id, params) in [(1, #"{"query":"","limit":200}"#), (2, #"{"query":"","limit":200,"detail":true}"#)] {
      let result = try #require(
        harness.request(id, "commands.search", params).last.flatMap { Self.field($0, "result") })
      guard case .array(let matches)? = Self.field(result, "matches") else {
        Issue.record("no matches in \(result.serialized)")
        continue
      }
      #expect(matches.count > 64)
      var enabledCount = 0
      for match in matches {
        guard case .string(let commandID)? = Self.field(match, "id"),
          case .bool(let isEnabled)? = Self.field(match, "enabled")
        else {
          Issue.record("a match without id or enabled: \(match.serialized)")
          continue
        }
        #expect(isEnabled == registry.command(id: commandID)?.knownAvailability.isEnabled, "\(commandID)")
        if isEnabled { enabledCount += 1 }
      }
      // Both kinds are among them, so the flags are not all one value.
      #expect(enabledCount > 0 && enabledCount < matches.count)
    }
  }

  @Test("unknown params are named; nothing runs")
  func unknownParams() throws {
    let harness = try Harness()
    harness.initialize()
    let reply = harness.request(1, "document.open", #"{"path":"t.csv","colour":"red","size":1}"#)
    #expect(Self.errorCode(reply.first) == -32602)
    #expect(reply.first?.serialized.contains("unknown fields 'colour', 'size'") == true)
    #expect(harness.session.workspace.documents.isEmpty)
    let nested = harness.request(2, "table.sort", #"{"keys":[{"column":"n","way":"up"}]}"#)
    #expect(nested.first?.serialized.contains("'keys.way'") == true)
    // Past the 64 fields kept as bits: the path taken at 70 and the unknown ones at 64 and 69 are told apart.
    let many = (0..<70).map { $0 == 66 ? #""path":"t.csv""# : #""f\#($0)":1"# }
    let manyReply = harness.request(3, "document.open", "{" + many.joined(separator: ",") + "}")
    let text = manyReply.first?.serialized ?? ""
    #expect(Self.errorCode(manyReply.first) == -32602)
    #expect(
      text.contains("'f63', 'f64', 'f65', 'f67'") && text.contains("'f69'") && !text.contains("'path'"),
      "\(text)")
    #expect(harness.session.workspace.documents.isEmpty)
  }

  @Test("the life cycle: initialize first, once; after shutdown only exit")
  func lifeCycle() throws {
    let harness = try Harness()
    #expect(Self.errorCode(harness.request(1, "document.list").first) == -32002)
    #expect(harness.server.phase == .awaitingInitialize)
    harness.initialize()
    #expect(harness.server.phase == .running)
    #expect(Self.errorCode(harness.request(2, "shutdown").first) == nil)
    #expect(Self.errorCode(harness.request(3, "document.list").first) == -32003)
    #expect(harness.send(#"{"jsonrpc":"2.0","method":"exit"}"#).isEmpty)
    #expect(harness.server.phase == .exited)
    #expect(harness.server.didShutDown)
  }

  @Test("the notifications a request caused come before its response, only those asked for")
  func notificationOrder() throws {
    let harness = try Harness()
    harness.initialize()
    func methods(_ messages: [JSONValue]) -> [String] {
      messages.map {
        if case .string(let method)? = Self.field($0, "method") { method } else { "response" }
      }
    }
    #expect(
      methods(harness.request(1, "document.open", #"{"path":"t.csv"}"#)) == ["document.opened", "response"])
    #expect(
      methods(harness.request(2, "selection.set", #"{"ids":[2]}"#)) == ["selection.changed", "response"])
    // Selecting what is selected changes nothing, and says nothing.
    #expect(methods(harness.request(3, "selection.set", #"{"ids":[2]}"#)) == ["response"])
    let edit = harness.request(4, "cell.set", #"{"row":2,"column":"n","value":"9"}"#)
    #expect(methods(edit) == ["document.changed", "response"])
    #expect(
      edit.first.flatMap { Self.field($0, "params") }.flatMap { Self.field($0, "change") }?.serialized
        == #"{"kind":"run","position":2,"removed":1,"inserted":1,"ids":[2],"removedIds":[]}"#)
    #expect(
      harness.request(6, "table.addRow", #"{"cells":{"name":"d","n":"4"}}"#).first?.serialized.contains(
        #""change":{"kind":"run","position":4,"removed":0,"inserted":1,"ids":[4],"removedIds":[]}"#) == true)
    #expect(
      harness.request(7, "table.sort", #"{"keys":[{"column":"n"}]}"#).first?.serialized.contains(
        #""change":{"kind":"unknown"}"#) == true)
    // After the sort (ids 1, 3, 4, 2) two deletions at the second row each name the id they
    // removed: the second is id 4, which the first moved up.
    harness.request(8, "table.deleteRows", #"{"ids":[3],"yes":true}"#)
    let deleted = harness.request(9, "table.deleteRows", #"{"ids":[4],"yes":true}"#)
    #expect(
      deleted.first?.serialized.contains(
        #""change":{"kind":"run","position":2,"removed":1,"inserted":0,"ids":[],"removedIds":[4]}"#) == true,
      "\(deleted)")
    let cell = harness.request(5, "cell.get", #"{"row":2,"column":"n"}"#)
    #expect(
      cell.first.flatMap { Self.field($0, "result") }?.serialized == #"{"row":2,"column":"n","value":"9"}"#)
  }

  @Test("plugins: unload, load and reload are notified, with the menus they change")
  func pluginNotifications() throws {
    let harness = try Harness()
    let plugins = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("plugins").path
    harness.session.loadPlugins(extraFolders: [], shippedFolder: plugins)
    _ = harness.session.finishCommand()
    harness.initialize(notifications: #"["plugin.loaded","plugin.unloaded","plugin.failed","menus.changed"]"#)
    func methods(_ messages: [JSONValue]) -> [String] {
      messages.compactMap { if case .string(let method)? = Self.field($0, "method") { method } else { nil } }
    }
    #expect(
      methods(harness.request(1, "plugin.unload", #"{"name":"hello"}"#)) == [
        "menus.changed", "plugin.unloaded",
      ])
    #expect(
      methods(harness.request(2, "plugin.load", #"{"name":"hello"}"#)) == ["menus.changed", "plugin.loaded"])
    let reload = methods(harness.request(3, "plugin.reload", #"{"name":"hello"}"#))
    #expect(reload.filter { $0.hasPrefix("plugin.") } == ["plugin.unloaded", "plugin.loaded"])
    #expect(Self.errorCode(harness.request(4, "plugin.load", #"{"name":"nope"}"#).first) == -32602)
  }

  @Test("a plugin's ctx:notify is a notify notification before the response, and stays in the result")
  func pluginNotify() throws {
    let harness = try Harness()
    let plugins = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("plugins").path
    harness.session.loadPlugins(extraFolders: [], shippedFolder: plugins)
    _ = harness.session.finishCommand()
    harness.initialize(notifications: #"["notify"]"#)
    let replies = harness.request(1, "commands.run", #"{"command":"hello.greet","arguments":{"who":"you"}}"#)
    #expect(replies.count == 2)
    let notification = try #require(replies.first)
    #expect(Self.field(notification, "method") == .string("notify"))
    #expect(
      Self.field(notification, "params")
        == .object([("plugin", .string("hello")), ("message", .string("greeting #1"))]))
    let response = try #require(replies.last)
    let result = try #require(Self.field(response, "result"))
    #expect(Self.field(result, "text") == .string("greeting #1\nHello, you"))

    // A client that did not ask for it gets the text in the result only.
    let quiet = try Harness()
    quiet.session.loadPlugins(extraFolders: [], shippedFolder: plugins)
    _ = quiet.session.finishCommand()
    quiet.initialize(notifications: "[]")
    #expect(quiet.request(1, "commands.run", #"{"command":"hello.greet"}"#).count == 1)
  }

  @Test("a cancelled request is answered RequestCancelled and does not run")
  func cancellation() throws {
    let harness = try Harness()
    harness.initialize()
    let cancel = #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":5}}"#
    let open = #"{"jsonrpc":"2.0","id":5,"method":"document.open","params":{"path":"t.csv"}}"#
    let items: [MessageReader.Item] = [.line(Array(open.utf8)), .line(Array(cancel.utf8))]
    harness.server.noteCancellations(in: items)
    let replies = items.flatMap { item -> [JSONValue] in
      let start = harness.sent.count
      harness.server.receive(item)
      return Array(harness.sent[start...])
    }
    #expect(replies.count == 1)
    #expect(Self.errorCode(replies.first) == -32800)
    #expect(harness.session.workspace.documents.isEmpty)
  }

  @Test("cancelling the running request stops it: -32800, the rows unmoved, the next request runs")
  func cancellationWhileRunning() throws {
    let harness = try Harness()
    try harness.folder.write("big.csv", "n\n" + (0..<20_000).map { "\(20_000 - $0)\n" }.joined())
    harness.initialize(notifications: "[]")
    harness.request(1, "document.open", #"{"path":"big.csv"}"#)
    let rows = #"{"count":3}"#
    let before = harness.request(2, "table.rows", rows)
    // The sort reports progress every 4,096 rows: the first report cancels it as the
    // reading thread would, from inside the running request, so the test needs no timing.
    let server = try #require(harness.server)
    harness.session.workspace.progress = { _ in server.cancellations.cancel(.number(3)) }
    let sort = harness.request(3, "table.sort", #"{"keys":[{"column":"n"}]}"#)
    #expect(sort.count == 1)
    #expect(Self.errorCode(sort.first) == -32800)
    #expect(!harness.session.workspace.cancellation.isCancelled, "reset after the request")
    #expect(
      Self.field(try #require(harness.request(4, "table.rows", rows).first), "result")
        == Self.field(try #require(before.first), "result"))
    harness.session.workspace.progress = nil
    #expect(Self.errorCode(harness.request(5, "table.sort", #"{"keys":[{"column":"n"}]}"#).first) == nil)
  }

  @Test("$/progress reports long work by request id before its response, only when asked for")
  func progress() throws {
    for asked in [true, false] {
      let harness = try Harness()
      try harness.folder.write("big.csv", "n\n" + (0..<20_000).map { "\(20_000 - $0)\n" }.joined())
      harness.initialize(notifications: asked ? #"["$/progress"]"# : "[]")
      harness.request(1, "document.open", #"{"path":"big.csv"}"#)
      let messages = harness.request(2, "table.sort", #"{"keys":[{"column":"n"}]}"#)
      let reports = messages.filter { Self.field($0, "method") == .string("$/progress") }
      #expect(messages.last.flatMap { Self.field($0, "id") } == .int(2))
      guard asked else {
        #expect(reports.isEmpty)
        continue
      }
      // The sort reports every 4,096 rows; the first report is always sent.
      let first = try #require(reports.first.flatMap { Self.field($0, "params") })
      #expect(Self.field(first, "id") == .int(2))
      #expect(Self.field(first, "task") == .string("sort"))
      #expect(Self.field(first, "total") == .int(20_000))
      #expect(Self.field(first, "unit") == .string("rows"))
      #expect(messages.last.flatMap { Self.field($0, "result") } != nil)
    }
    let refused = try Harness()
    let answer = refused.request(0, "initialize", #"{"protocolVersion":"1.0","notifications":["$/nope"]}"#)
    #expect(Self.errorCode(answer.first) == -32602)
  }

  @Test("table.rows carries row decorations and formatted cells beside the stored ones")
  func decoratedRows() throws {
    let harness = try Harness()
    let decorations = harness.session.workspace.tableDecorations
    try decorations.add(
      RowDecoration(
        id: "t.high", symbol: "checkmark.seal.fill", text: "High", tint: .green, column: "n",
        condition: .range(atLeast: 3, atMost: nil), owner: "test"))
    try decorations.add(
      CellFormat(
        id: "t.bar", column: "n", style: .bar(minimum: 0, maximum: 3, width: 3, filled: "*", empty: "."),
        owner: "test"))
    harness.initialize(notifications: "[]")
    harness.request(1, "document.open", #"{"path":"t.csv"}"#)
    let rows = harness.request(2, "table.rows", #"{"start":2,"columns":["n"]}"#)
    let result = try #require(rows.first.flatMap { Self.field($0, "result") })
    #expect(
      Self.field(result, "rows")?.serialized
        == #"[{"position":2,"id":2,"cells":{"n":"2"},"selected":false,"favorite":false,"decorations":[],"display":{"n":"**."}},{"position":3,"id":3,"cells":{"n":"3"},"selected":false,"favorite":false,"decorations":[{"id":"t.high","symbol":"checkmark.seal.fill","glyph":"✓","text":"High","tint":"green"}],"display":{"n":"***"}}]"#
    )
  }

  @Test("the typed methods: rows by range and columns, sort by keys, dialogs by button id")
  func typedMethods() throws {
    let harness = try Harness()
    harness.initialize(notifications: "[]")
    harness.request(1, "document.open", #"{"path":"t.csv"}"#)
    let rows = harness.request(2, "table.rows", #"{"start":2,"count":5,"columns":["n"]}"#)
    let result = try #require(rows.first.flatMap { Self.field($0, "result") })
    #expect(Self.field(result, "total") == .int(3))
    #expect(
      Self.field(result, "rows")?.serialized
        == #"[{"position":2,"id":2,"cells":{"n":"2"},"selected":false,"favorite":false,"decorations":[],"display":{}},{"position":3,"id":3,"cells":{"n":"3"},"selected":false,"favorite":false,"decorations":[],"display":{}}]"#
    )
    harness.request(3, "table.sort", #"{"keys":[{"column":"n","order":"descending"}]}"#)
    let sorted = harness.request(4, "table.rows", #"{"count":1,"columns":["name"]}"#)
    #expect(sorted.first?.serialized.contains(#""cells":{"name":"c"}"#) == true)
    let delete = harness.request(5, "table.deleteRows", #"{"ids":[1]}"#)
    #expect(delete.first?.serialized.contains(#""id":"delete""#) == true)
    #expect(harness.session.pendingDialog != nil)
    #expect(Self.errorCode(harness.request(6, "dialog.answer", #"{"button":"nope"}"#).first) == -32602)
    harness.request(7, "dialog.answer", #"{"button":"delete"}"#)
    #expect(harness.session.pendingDialog == nil)
    let after = harness.request(8, "table.rows")
    #expect(after.first.flatMap { Self.field($0, "result") }.flatMap { Self.field($0, "total") } == .int(2))
  }

  @Test("edit mode and the split view: typed methods whose results carry the state; Edit becomes Done")
  func editModeAndSplitView() throws {
    let harness = try Harness()
    harness.request(
      0, "initialize",
      #"{"protocolVersion":"1.0","environment":{"platform":"ipad","width":100},"notifications":["toolbar.changed","selection.changed"]}"#
    )
    harness.request(1, "document.open", #"{"path":"t.csv"}"#)
    let toggled = harness.request(2, "selection.setEditMode", #"{"on":true}"#)
    #expect(toggled.count == 2, "\(toggled)")
    #expect(toggled.first.flatMap { Self.field($0, "method") } == .string("toolbar.changed"))
    #expect(toggled.first?.serialized.contains(#""title":"Done""#) == true)
    #expect(toggled.last?.serialized.contains(#""editMode":true"#) == true)
    let rows = harness.request(3, "table.rows", #"{"count":1}"#)
    #expect(
      rows.first.flatMap { Self.field($0, "result") }.flatMap { Self.field($0, "editMode") } == .bool(true))
    #expect(Self.errorCode(harness.request(4, "selection.setEditMode", "{}").first) == -32602)

    let hidden = harness.request(5, "splitView.set", #"{"visibility":"detailOnly"}"#)
    #expect(
      hidden.last.flatMap { Self.field($0, "result") }?.serialized
        == #"{"style":"automatic","columns":2,"visibility":"detailOnly","collapsed":false,"panes":[{"column":"detail","width":100}]}"#
    )
    let toggledBack = harness.request(6, "splitView.set")
    #expect(
      toggledBack.last.flatMap { Self.field($0, "result") }.flatMap { Self.field($0, "visibility") }
        == .string("all"))
    #expect(Self.errorCode(harness.request(7, "splitView.set", #"{"visibility":"some"}"#).first) == -32602)
    #expect(
      Self.errorCode(harness.request(8, "splitView.back").first) == -32000,
      "side by side: nothing to go back from")

    harness.request(9, "environment.set", #"{"platform":"iphone","width":40}"#)
    let back = harness.request(10, "splitView.back")
    #expect(
      back.last.flatMap { Self.field($0, "result") }?.serialized
        == #"{"style":"automatic","columns":2,"visibility":"all","collapsed":true,"panes":[{"column":"sidebar","width":40}]}"#
    )
    let got = harness.request(11, "splitView.get")
    #expect(got.last.flatMap { Self.field($0, "result") } == back.last.flatMap { Self.field($0, "result") })
  }

  @Test("commands.search in 1.1: the best matches as a palette lists them, limited; full objects on request")
  func searchMatches() throws {
    let harness = try Harness()
    harness.initialize(version: "1.1")
    let reply = harness.request(1, "commands.search", #"{"query":"sav"}"#)
    let result = try #require(reply.last.flatMap { Self.field($0, "result") })
    guard case .array(let matches)? = Self.field(result, "matches"),
      case .int(let total)? = Self.field(result, "total")
    else {
      Issue.record("no matches and total in \(result.serialized)")
      return
    }
    #expect(total == matches.count, "fewer than the default limit match")
    let first = try #require(matches.first)
    #expect(
      first.serialized
        == #"{"id":"document.save","title":"Save","shortcut":"⌘S","enabled":false,"score":\#(Self.score(first))}"#,
      "no document is open: Save is disabled")
    #expect(matches.allSatisfy { Self.field($0, "command") == nil }, "no full objects unless asked")
    let scores = matches.map(Self.score)
    #expect(scores == scores.sorted(by: >), "best first")

    let limited = harness.request(2, "commands.search", #"{"query":"s","limit":2,"detail":true}"#)
    let limitedResult = try #require(limited.last.flatMap { Self.field($0, "result") })
    guard case .array(let two)? = Self.field(limitedResult, "matches"),
      case .int(let all)? = Self.field(limitedResult, "total")
    else {
      Issue.record("no matches in \(limitedResult.serialized)")
      return
    }
    #expect(two.count == 2)
    #expect(all > 2, "total counts every match")
    #expect(two.allSatisfy { Self.field($0, "command").flatMap { Self.field($0, "parameters") } != nil })

    for bad in [#"{"query":"s","limit":0}"#, #"{"query":"s","limit":1001}"#, #"{"query":"s","detail":1}"#] {
      #expect(Self.errorCode(harness.request(3, "commands.search", bad).first) == -32602, "\(bad)")
    }
    let empty = harness.request(4, "commands.search", #"{"query":"","limit":1}"#)
    #expect(
      empty.last.flatMap { Self.field($0, "result") }.flatMap { Self.field($0, "matches") }?.serialized
        .contains(
          #""score":0"#) == true, "an empty query lists commands in order, unscored")
  }

  /// Two servers over shells in one folder holding the table `t.csv`: one hands on the values
  /// it sends, the other writes them as bytes; each item is received by both.
  private final class TwoServers {
    private(set) var values: [JSONValue] = []
    private(set) var bytes: [UInt8] = []
    private let folder: TemporaryFolder
    private var valueServer: EmbedServer?
    private var byteServer: EmbedServer?

    init() throws {
      folder = try TemporaryFolder()
      try folder.write("t.csv", "name,n\na,1\nb,2\n")
      valueServer = EmbedServer(session: EmbedServerTests.quietSession(in: folder), log: { _ in }) {
        [unowned self] in
        values.append($0)
      }
      byteServer = EmbedServer(
        session: EmbedServerTests.quietSession(in: folder), log: { _ in },
        writeLine: { [unowned self] in bytes.append(contentsOf: $0) })
    }

    func receive(_ item: MessageReader.Item) {
      valueServer?.receive(item)
      byteServer?.receive(item)
    }

    /// Sends `initialize`, whose response is a JSON line whatever it chooses, checks that it
    /// chose `encoding`, and forgets the bytes written so far.
    func initialize(_ line: String, choosing encoding: MessageEncoding) throws {
      receive(.line(Array(line.utf8)))
      let response = try #require(values.first)
      #expect(bytes == response.serializedBytes + [UInt8(ascii: "\n")])
      #expect(
        EmbedServerTests.field(try #require(EmbedServerTests.field(response, "result")), "encoding")
          == .string(encoding.rawValue))
      #expect(byteServer?.encoding == encoding)
      bytes = []
    }
  }

  @Test("a server writing lines writes the bytes of the values the other sends, typed answers too")
  func linesAreTheValues() throws {
    let servers = try TwoServers()
    let messages = [
      #"{"jsonrpc":"2.0","id":"first","method":"initialize","params":{"protocolVersion":"1.1","notifications":["document.opened","selection.changed"]}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"commands.search","params":{"query":"sav"}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"commands.search","params":{"query":"s","limit":2,"detail":true}}"#,
      #"{"jsonrpc":"2.0","id":3,"method":"commands.search","params":{"query":"","limit":0}}"#,
      #"{"jsonrpc":"2.0","id":31,"method":"commands.search","params":{"query":"","limit":100}}"#,
      #"{"jsonrpc":"2.0","id":32,"method":"commands.search","params":{"query":"e","limit":90,"detail":true}}"#,
      #"{"jsonrpc":"2.0","id":-4,"method":"document.open","params":{"path":"t.csv"}}"#,
      #"{"jsonrpc":"2.0","id":5,"method":"cell.get","params":{"row":1,"column":"name"}}"#,
      #"{"jsonrpc":"2.0","id":6,"method":"nope"}"#,
      "not json",
    ]
    for message in messages { servers.receive(.line(Array(message.utf8))) }
    #expect(servers.values.count == messages.count + 1)
    #expect(
      String(decoding: servers.bytes, as: UTF8.self) == servers.values.map { $0.serialized + "\n" }.joined())
  }

  @Test(
    "MessagePack chosen in initialize: its response is JSON, every message after it the same values packed")
  func messagePack() throws {
    let servers = try TwoServers()
    try servers.initialize(
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"1.2","encodings":["cbor","msgpack","json"]}}"#,
      choosing: .msgpack)
    let messages: [MessageReader.Item] = [
      .message(
        try JSONText.parse(
          Array(#"{"jsonrpc":"2.0","id":1,"method":"commands.search","params":{"query":"sav"}}"#.utf8))),
      .message(
        try JSONText.parse(
          Array(#"{"jsonrpc":"2.0","id":"o","method":"document.open","params":{"path":"t.csv"}}"#.utf8))),
      .message(
        try JSONText.parse(
          Array(#"{"jsonrpc":"2.0","id":2,"method":"table.rows","params":{"count":1.5}}"#.utf8))),
      .unrepresentable("bin (binary data) has no JSON form"),
      .broken(.truncated(byteCount: 3)),
    ]
    for message in messages { servers.receive(message) }
    let values = servers.values
    let reader = MessagePackReader()
    let decoded = servers.bytes.withUnsafeBufferPointer { reader.append($0) }
    #expect(decoded == values.dropFirst().map { .message($0) })
    #expect(values.count == 1 + messages.count + 2, "document.opened and toolbar.changed come too")
    #expect(Self.errorCode(values.last) == -32700)
    #expect(Self.errorCode(values[values.count - 2]) == -32600)
  }

  /// A message as msgpack-RPC carries it: a response `[1, id, error, result]`, a notification
  /// `[2, method, params]`.
  private static func rpcForm(_ message: JSONValue) -> JSONValue {
    if let method = field(message, "method") {
      return .array([.int(2), method, field(message, "params") ?? .null])
    }
    return .array([
      .int(1), field(message, "id") ?? .null, field(message, "error") ?? .null,
      field(message, "result") ?? .null,
    ])
  }

  @Test("msgpack-RPC chosen in 1.3: every message after initialize is the same values in its arrays")
  func messagePackRPC() throws {
    let servers = try TwoServers()
    try servers.initialize(
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"1.3","encodings":["cbor","msgpack-rpc","msgpack"]}}"#,
      choosing: .msgpackRPC)
    // The requests as the msgpack-RPC reader hands them on.
    let requests: [JSONValue] = [
      .array([.int(0), .int(1), .string("commands.search"), .object([("query", .string("sav"))])]),
      .array([
        .int(0), .int(2), .string("commands.search"),
        .object([("query", .string("s")), ("compact", .bool(true))]),
      ]),
      .array([.int(0), .string("o"), .string("document.open"), .object([("path", .string("t.csv"))])]),
      .array([.int(0), .int(3), .string("table.rows"), .object([("count", .number(1.5))])]),
      .array([.int(0), .int(4), .string("nope"), .null]),
      .array([.int(1), .int(5), .null, .null]),
      // A method that is not a string (its id echoed), an id that is neither a number nor a
      // string, params that are not an object; a cancellation, which gets no response.
      .array([.int(0), .int(6), .int(7), .null]),
      .array([.int(0), .bool(true), .string("document.list"), .null]),
      .array([.int(0), .int(8), .string("document.list"), .array([.int(1)])]),
      .array([.int(2), .string("$/cancelRequest"), .object([("id", .int(99))])]),
    ]
    var items: [MessageReader.Item] = []
    for request in requests {
      var writer = MessagePackWriter()
      writer.write(request)
      let reader = MessagePackReader(isRPC: true)
      items += writer.withBytes { reader.append($0) }
    }
    items.append(.broken(.truncated(byteCount: 3)))
    for item in items { servers.receive(item) }
    let values = servers.values
    let reader = MessagePackReader()
    let decoded = servers.bytes.withUnsafeBufferPointer { reader.append($0) }
    #expect(decoded == values.dropFirst().map { .message(Self.rpcForm($0)) })
    #expect(
      values.count == 1 + items.count - 1 + 2 - 1,
      "document.opened and toolbar.changed come too; the response sent to Folio gets none")
    #expect(Self.errorCode(values.last) == -32700)
    // A method that is not a string, an id that is neither, params that are not an object
    // (nor an array holding one); the response sent to Folio and the cancellation got no
    // response.
    let bad = Array(values.suffix(4).dropLast())
    #expect(bad.map(Self.errorCode) == [-32600, -32600, -32602], "\(bad.map(\.serialized))")
    #expect(bad.map { Self.field($0, "id") } == [.int(6), .null, .int(8)])
    guard
      case .array(let rpcReply) = try #require(
        decoded.first.flatMap { item -> JSONValue? in
          if case .message(let value) = item { value } else { nil }
        })
    else {
      Issue.record("no reply")
      return
    }
    #expect(rpcReply.count == 4 && rpcReply[0] == .int(1) && rpcReply[1] == .int(1) && rpcReply[2] == .null)
  }

  @Test(
    "commands.search in 1.3 with compact: each match the array of the object's values; before 1.3 it is unknown"
  )
  func compactSearch() throws {
    let harness = try Harness()
    harness.initialize(version: "1.3")
    for query in ["sav", "s", "", "zzzz"] {
      let full = try #require(harness.request(1, "commands.search", #"{"query":"\#(query)","limit":5}"#).last)
      let compact = try #require(
        harness.request(2, "commands.search", #"{"query":"\#(query)","limit":5,"compact":true}"#).last)
      guard case .array(let objects)? = Self.field(full, "result").flatMap({ Self.field($0, "matches") }),
        case .array(let arrays)? = Self.field(compact, "result").flatMap({ Self.field($0, "matches") })
      else {
        Issue.record("no matches: \(full.serialized) \(compact.serialized)")
        continue
      }
      #expect(objects.count == arrays.count)
      #expect(query == "zzzz" ? objects.isEmpty : !objects.isEmpty)
      let expected: [JSONValue] = objects.map { object in
        .array(["id", "title", "shortcut", "enabled", "score"].map { Self.field(object, $0) ?? .int(-1) })
      }
      #expect(arrays == expected, "\(query)")
      #expect(
        Self.field(full, "result").flatMap { Self.field($0, "total") }
          == Self.field(compact, "result").flatMap { Self.field($0, "total") })
    }
    let detailed = try #require(
      harness.request(3, "commands.search", #"{"query":"sav","limit":1,"compact":true,"detail":true}"#).last)
    guard case .array(let one)? = Self.field(detailed, "result").flatMap({ Self.field($0, "matches") }),
      case .array(let match)? = one.first
    else {
      Issue.record("no match: \(detailed.serialized)")
      return
    }
    #expect(match.count == 6)
    #expect(match.last.flatMap { Self.field($0, "id") } == match.first)
    for version in ["1.2", "1.1"] {
      let older = try Harness()
      older.initialize(version: version)
      #expect(
        Self.errorCode(older.request(1, "commands.search", #"{"query":"sav","compact":true}"#).last)
          == -32602,
        "\(version)")
    }
  }

  @Test(
    "initialize in 1.2 names the encoding; one Folio does not speak is refused; before 1.2 'encodings' is unknown"
  )
  func encodings() throws {
    let harness = try Harness()
    let plain = harness.request(0, "initialize", #"{"protocolVersion":"1.2"}"#).last
    #expect(
      plain.flatMap { Self.field($0, "result") }.flatMap { Self.field($0, "encoding") } == .string("json"))
    #expect(harness.server.encoding == .json)
    for (params, code) in [
      (#"{"protocolVersion":"1.2","encodings":["cbor"]}"#, -32602),
      (#"{"protocolVersion":"1.2","encodings":[]}"#, -32602),
      (#"{"protocolVersion":"1.1","encodings":["msgpack"]}"#, -32602),
      (#"{"protocolVersion":"1.2","encodings":["msgpack-rpc"]}"#, -32602),
    ] {
      let fresh = try Harness()
      #expect(Self.errorCode(fresh.request(0, "initialize", params).last) == code, "\(params)")
      #expect(fresh.server.encoding == .json)
      #expect(fresh.server.phase == .awaitingInitialize)
    }
  }

  @Test("commands.search runs no plugin code: a plugin registered from the declaration cache stays unrun")
  func searchRunsNoPluginCode() throws {
    let folder = try TemporaryFolder()
    // Asking its predicate would run plugin.lua first: the plugin would no longer be
    // registered from the cache.
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("plugins/probe"), withIntermediateDirectories: true)
    try folder.write(
      "plugins/probe/plugin.lua",
      """
      folio.command { id = "probe.savvy", title = "Savvy", enabled = function() return false end,
        run = function() end }
      """)
    let plugins = folder.url.appendingPathComponent("plugins").path
    func start() throws -> Session {
      let store = try StateStore(directory: folder.url.appendingPathComponent("state").path)
      let session = Self.quietSession(in: folder, store: store)
      session.loadPlugins(extraFolders: [plugins], shippedFolder: nil)
      return session
    }
    _ = try start()
    let session = try start()
    let plugin = try #require(session.pluginHost?.plugin(named: "probe"))
    #expect(plugin.isRegisteredFromCache)
    var sent: [JSONValue] = []
    let server = EmbedServer(session: session, log: { _ in }) { sent.append($0) }
    for line in [
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"1.1"}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"commands.search","params":{"query":"savvy"}}"#,
    ] {
      server.receive(.line(Array(line.utf8)))
    }
    let reply = try #require(sent.last)
    guard case .array(let found)? = Self.field(reply, "result").flatMap({ Self.field($0, "matches") }) else {
      Issue.record("no matches: \(reply)")
      return
    }
    let savvy = try #require(found.first { Self.field($0, "id") == .string("probe.savvy") })
    #expect(Self.field(savvy, "enabled") == .bool(true))
    #expect(plugin.isRegisteredFromCache)
    // The full object (`detail`) is a first use: plugin.lua and the predicate run, and the
    // match says what the predicate answers.
    server.receive(
      .line(
        Array(
          #"{"jsonrpc":"2.0","id":2,"method":"commands.search","params":{"query":"savvy","detail":true}}"#
            .utf8)))
    guard
      case .array(let detailed)? = Self.field(try #require(sent.last), "result").flatMap({
        Self.field($0, "matches")
      })
    else {
      Issue.record("no matches: \(sent)")
      return
    }
    let used = try #require(detailed.first { Self.field($0, "id") == .string("probe.savvy") })
    #expect(Self.field(used, "enabled") == .bool(false))
    #expect(!plugin.isRegisteredFromCache)
  }

  @Test("commands.search in 1.0: every match as a full command object; limit is not a 1.0 param")
  func searchIn1_0() throws {
    let harness = try Harness()
    harness.initialize()
    let reply = harness.request(1, "commands.search", #"{"query":"sav"}"#)
    let commands = reply.last.flatMap { Self.field($0, "result") }.flatMap { Self.field($0, "commands") }
    guard case .array(let objects)? = commands else {
      Issue.record("no commands in \(reply.last?.serialized ?? "")")
      return
    }
    #expect(objects.first.flatMap { Self.field($0, "id") } == .string("document.save"))
    #expect(objects.allSatisfy { Self.field($0, "parameters") != nil })
    #expect(
      Self.errorCode(harness.request(2, "commands.search", #"{"query":"s","limit":2}"#).first) == -32602)
  }

  private static func score(_ match: JSONValue) -> Int {
    guard case .int(let score)? = field(match, "score") else { return .min }
    return score
  }
}
