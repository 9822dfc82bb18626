import FolioCore
import FolioSession
import FolioTestSupport
import Testing

@testable import FolioEmbed

/// What a GUI's Edit menu and an LSP-style client need of a document's history (issue 37 §3,
/// protocol 1.5): whether an undo or a redo is there, their names, and a version that only
/// grows.
@Suite struct EmbedHistoryTests {
  private final class Harness {
    let folder: TemporaryFolder
    var sent: [JSONValue] = []
    var server: EmbedServer!

    init(version: String) throws {
      folder = try TemporaryFolder()
      try folder.write("t.csv", "name,n\na,1\nb,2\n")
      server = EmbedServer(session: EmbedServerTests.quietSession(in: folder), log: { _ in }) {
        [unowned self] in sent.append($0)
      }
      request(0, "initialize", #"{"protocolVersion":"\#(version)","notifications":["document.changed"]}"#)
      request(1, "document.open", #"{"path":"t.csv"}"#)
    }

    /// Sends a request and returns what the server sent for it.
    @discardableResult
    func request(_ id: Int, _ method: String, _ params: String = "{}") -> [JSONValue] {
      let start = sent.count
      server.receive(
        .line(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8)))
      return Array(sent[start...])
    }

    /// The params of the last `document.changed` among `messages`.
    func changed(_ messages: [JSONValue]) -> JSONValue? {
      messages.last { EmbedSessionHarness.field($0, "method") == .string("document.changed") }
        .flatMap { EmbedSessionHarness.field($0, "params") }
    }

    /// The result of the response among `messages`.
    func result(_ messages: [JSONValue]) -> JSONValue? {
      messages.last { EmbedSessionHarness.field($0, "id") != nil }.flatMap {
        EmbedSessionHarness.field($0, "result")
      }
    }
  }

  private static func field(_ value: JSONValue?, _ key: String) -> JSONValue? {
    value.flatMap { EmbedSessionHarness.field($0, key) }
  }

  /// `value`'s history fields: version, canUndo, canRedo, undoTitle, redoTitle.
  private static func history(_ value: JSONValue?) -> [JSONValue?] {
    ["version", "canUndo", "canRedo", "undoTitle", "redoTitle"].map { field(value, $0) }
  }

  @Test("1.5: document.changed and document.info say what undo and redo would do; version only grows")
  func undoAvailability() throws {
    let harness = try Harness(version: "1.5")
    let opened = harness.result(harness.request(2, "document.info"))
    #expect(Self.history(opened) == [.int(0), .bool(false), .bool(false), .null, .null])

    let edited = harness.changed(harness.request(3, "cell.set", #"{"row":1,"column":"name","value":"z"}"#))
    #expect(Self.history(edited) == [.int(1), .bool(true), .bool(false), .string("Edit Cell"), .null])
    #expect(Self.field(edited, "revision") == .int(1))

    let undone = harness.changed(harness.request(4, "document.undo"))
    // The revision goes back to the file's; the version goes on.
    #expect(Self.field(undone, "revision") == .int(0))
    #expect(Self.history(undone) == [.int(2), .bool(false), .bool(true), .null, .string("Edit Cell")])

    let redone = harness.changed(harness.request(5, "document.redo"))
    #expect(Self.history(redone) == [.int(3), .bool(true), .bool(false), .string("Edit Cell"), .null])
    let info = harness.result(harness.request(6, "document.info"))
    #expect(Self.history(info) == Self.history(redone))
    #expect(Self.field(info, "rows") == .int(2), "the rest of --json info's object stays")
  }

  @Test("before 1.5 neither document.changed nor document.info carries the history fields")
  func olderClientsUnchanged() throws {
    let harness = try Harness(version: "1.4")
    let edited = harness.changed(harness.request(2, "cell.set", #"{"row":1,"column":"name","value":"z"}"#))
    #expect(edited != nil)
    #expect(Self.history(edited) == [nil, nil, nil, nil, nil])
    let info = harness.result(harness.request(3, "document.info"))
    #expect(Self.field(info, "rows") == .int(2))
    #expect(Self.history(info) == [nil, nil, nil, nil, nil])
  }
}

/// The optional `window` of the table, cell and selection methods (issue 37 §3, 1.5): a
/// client reads and edits a background window without focusing it.
@Suite struct EmbedWindowParamTests {
  private static func field(_ value: JSONValue?, _ key: String) -> JSONValue? {
    value.flatMap { EmbedSessionHarness.field($0, key) }
  }

  /// A 1.5 (or `version`) session with `t.csv` in window 1 and `u.csv` in window 2, active.
  private static func start(version: String = "1.5") throws -> (EmbedServer, Session, () -> [JSONValue]) {
    let folder = try TemporaryFolder()
    try folder.write("t.csv", "name,n\na,1\nb,2\nc,3\n")
    try folder.write("u.csv", "city\nOslo\n")
    let session = EmbedServerTests.quietSession(in: folder)
    final class Box { var sent: [JSONValue] = [] }
    let box = Box()
    let server = EmbedServer(session: session, log: { _ in }) { box.sent.append($0) }
    for (id, method, params) in [
      (
        0, "initialize",
        #"{"protocolVersion":"\#(version)","notifications":["document.changed","selection.changed"]}"#
      ),
      (1, "document.open", #"{"path":"t.csv"}"#), (2, "document.open", #"{"path":"u.csv"}"#),
    ] {
      server.receive(
        .line(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8)))
    }
    _ = folder
    return (
      server, session,
      {
        defer { box.sent = [] }; return box.sent
      }
    )
  }

  private static func request(
    _ server: EmbedServer, _ take: () -> [JSONValue], _ id: Int, _ method: String, _ params: String
  ) -> [JSONValue] {
    _ = take()
    server.receive(
      .line(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8)))
    return take()
  }

  @Test("window 1 is read, edited, selected and sorted while window 2 stays active")
  func backgroundWindow() throws {
    let (server, session, take) = try Self.start()
    let activations = session.workspace.activations
    let rows = Self.request(server, take, 3, "table.rows", #"{"window":1,"count":1}"#)
    #expect(rows.last?.serialized.contains(#""name":"a""#) == true, "\(rows.last?.serialized ?? "")")

    let set = Self.request(server, take, 4, "cell.set", #"{"window":1,"row":2,"column":"name","value":"z"}"#)
    let changed = set.first { Self.field($0, "method") == .string("document.changed") }
    #expect(Self.field(Self.field(changed, "params"), "document") == .int(1))
    let cell = Self.request(server, take, 5, "cell.get", #"{"window":1,"row":2,"column":"name"}"#)
    #expect(Self.field(Self.field(cell.last, "result"), "value") == .string("z"))

    let selected = Self.request(server, take, 6, "selection.set", #"{"window":1,"ids":[3]}"#)
    #expect(selected.contains { Self.field($0, "method") == .string("selection.changed") })
    let selection = Self.request(server, take, 7, "selection.get", #"{"window":1}"#)
    #expect(selection.last?.serialized.contains(#""ids":[3]"#) == true, "\(selection.last?.serialized ?? "")")

    let sorted = Self.request(
      server, take, 8, "table.sort", #"{"window":1,"keys":[{"column":"name","order":"descending"}]}"#)
    #expect(
      Self.field(Self.field(sorted.last, "result"), "rows") == .int(3), "\(sorted.last?.serialized ?? "")")

    // Window 2 stayed the active one throughout, and was never activated again.
    #expect(session.workspace.activeWindowID == 2)
    #expect(session.workspace.activations == activations)
    let own = Self.request(server, take, 9, "cell.get", #"{"row":1,"column":"city"}"#)
    #expect(Self.field(Self.field(own.last, "result"), "value") == .string("Oslo"))
  }

  @Test("a window no document has is refused naming it; before 1.5 window is an unknown param")
  func unknownWindow() throws {
    let (server, session, take) = try Self.start()
    let refused = Self.request(server, take, 3, "table.rows", #"{"window":9}"#)
    let error = Self.field(refused.last, "error")
    #expect(Self.field(error, "code") == .int(-32602))
    #expect(Self.field(Self.field(Self.field(error, "data"), "values"), "window") == .string("9"))
    #expect(session.workspace.activeWindowID == 2)

    let (older, _, takeOlder) = try Self.start(version: "1.4")
    let unknown = Self.request(older, takeOlder, 3, "table.rows", #"{"window":1}"#)
    #expect(Self.field(Self.field(unknown.last, "error"), "code") == .int(-32602))
    #expect(unknown.last?.serialized.contains("window") == true)
  }
}

/// `environment.changed` (issue 37 §3, 1.5): the environment pushed when a request changed it.
@Suite struct EmbedEnvironmentChangedTests {
  private static func field(_ value: JSONValue?, _ key: String) -> JSONValue? {
    value.flatMap { EmbedSessionHarness.field($0, key) }
  }

  @Test(
    "environment.set that changes it sends environment.changed before its response, once; reads send none")
  func pushedOnChange() throws {
    let folder = try TemporaryFolder()
    var sent: [JSONValue] = []
    let server = EmbedServer(session: EmbedServerTests.quietSession(in: folder), log: { _ in }) {
      sent.append($0)
    }
    func request(_ id: Int, _ method: String, _ params: String) -> [JSONValue] {
      sent = []
      server.receive(
        .line(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8)))
      return sent
    }
    let initialized = request(
      0, "initialize",
      #"{"protocolVersion":"1.5","environment":{"width":100},"notifications":["environment.changed"]}"#)
    #expect(initialized.count == 1, "initialize's environment is the starting one, not a change")

    let changed = request(1, "environment.set", #"{"platform":"ipad","width":50}"#)
    #expect(changed.count == 2)
    #expect(Self.field(changed.first, "method") == .string("environment.changed"))
    let params = Self.field(changed.first, "params")
    #expect(Self.field(params, "platform") == .string("ipad"))
    #expect(Self.field(params, "width") == .int(50))
    #expect(Self.field(params, "sizeClass") == .string("compact"))
    #expect(Self.field(changed.last, "id") == .int(1), "the notification comes before the response")

    #expect(
      request(2, "environment.set", #"{"width":50}"#).count == 1, "the same environment: no notification")
    #expect(request(3, "environment.get", "{}").count == 1)
  }

  @Test("before 1.5 environment.changed is no notification a client may name")
  func unknownBefore15() throws {
    let folder = try TemporaryFolder()
    var sent: [JSONValue] = []
    let server = EmbedServer(session: EmbedServerTests.quietSession(in: folder), log: { _ in }) {
      sent.append($0)
    }
    server.receive(
      .line(
        Array(
          #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"1.4","notifications":["environment.changed"]}}"#
            .utf8)))
    let error = Self.field(sent.last, "error")
    #expect(Self.field(error, "code") == .int(-32602))
    #expect(Self.field(error, "message") == .string("no notification 'environment.changed'"))
  }
}

/// Moves, not lists (issue 37 §3, 1.5): an edit that moves a row of a sorted table is told as
/// that move and the row's cells.
@Suite struct EmbedMoveTests {
  private static func field(_ value: JSONValue?, _ key: String) -> JSONValue? {
    value.flatMap { EmbedSessionHarness.field($0, key) }
  }

  /// The `change` of each `document.changed` a sorted table's edits send, in `version`.
  private static func changes(version: String, edits: [(row: Int, value: String)]) throws -> [JSONValue?] {
    let folder = try TemporaryFolder()
    try folder.write("t.csv", "name,n\na,1\nb,2\nc,3\nd,4\ne,5\n")
    var sent: [JSONValue] = []
    let server = EmbedServer(session: EmbedServerTests.quietSession(in: folder), log: { _ in }) {
      sent.append($0)
    }
    var requests = [
      (
        "initialize",
        #"{"protocolVersion":"\#(version)","notifications":["document.changed"]}"#
      ),
      ("document.open", #"{"path":"t.csv"}"#), ("table.sort", #"{"keys":[{"column":"name"}]}"#),
    ]
    requests += edits.map { ("cell.set", #"{"row":\#($0.row),"column":"name","value":"\#($0.value)"}"#) }
    var changes: [JSONValue?] = []
    for (index, (method, params)) in requests.enumerated() {
      sent = []
      server.receive(
        .line(Array(#"{"jsonrpc":"2.0","id":\#(index),"method":"\#(method)","params":\#(params)}"#.utf8)))
      if method == "cell.set" {
        let changed = sent.first { field($0, "method") == .string("document.changed") }
        changes.append(field(field(changed, "params"), "change"))
      }
    }
    return changes
  }

  @Test("1.5: a row an edit moves down, then one moved up, then one edited in place")
  func movesAreMoves() throws {
    let changes = try Self.changes(version: "1.5", edits: [(1, "z"), (4, "a0"), (2, "bb")])
    // a → z: row 1 goes from position 1 to 5.
    #expect(
      changes[0]?.serialized == #"{"kind":"move","id":1,"from":1,"to":5,"cells":{"name":"z","n":"1"}}"#)
    // d → a0: row 4, now at position 3, goes to 1.
    #expect(
      changes[1]?.serialized == #"{"kind":"move","id":4,"from":3,"to":1,"cells":{"name":"a0","n":"4"}}"#)
    // b → bb stays at position 2: a run of one row.
    #expect(Self.field(changes[2], "kind") == .string("run"))
    #expect(Self.field(changes[2], "ids") == .array([.int(2)]))
  }

  @Test("before 1.5 the same move is a run listing every id between its places")
  func runBefore15() throws {
    let changes = try Self.changes(version: "1.4", edits: [(1, "z")])
    #expect(Self.field(changes[0], "kind") == .string("run"))
    #expect(Self.field(changes[0], "ids") == .array([2, 3, 4, 5, 1].map(JSONValue.int)))
  }
}

/// Platform-neutral vocabulary beside Apple's (issue 37 §3, 1.5): shortcuts as `{key,
/// modifiers}`, every icon with its fallback glyph, in menus, toolbars and commands.
@Suite struct EmbedNeutralVocabularyTests {
  @Test("a shortcut's modifiers are named in Apple's order; a shortcut of modifiers alone has no keys")
  func shortcutKeys() {
    #expect(
      EmbedServer.keys(of: "⇧⌘P")?.serialized == #"{"key":"P","modifiers":["shift","command"]}"#)
    #expect(EmbedServer.keys(of: "⌘,")?.serialized == #"{"key":",","modifiers":["command"]}"#)
    #expect(
      EmbedServer.keys(of: "⌘⌥⇧⌃K")?.serialized
        == #"{"key":"K","modifiers":["control","option","shift","command"]}"#)
    #expect(EmbedServer.keys(of: "⌘") == nil)
  }

  @Test("1.5: menu.resolve and commands.explain carry keys and glyphs; 1.4 answers as before")
  func menusAndCommands() throws {
    for version in ["1.5", "1.4"] {
      let folder = try TemporaryFolder()
      try folder.write("t.csv", "name\na\n")
      var sent: [JSONValue] = []
      let server = EmbedServer(session: EmbedServerTests.quietSession(in: folder), log: { _ in }) {
        sent.append($0)
      }
      for (id, method, params) in [
        (0, "initialize", #"{"protocolVersion":"\#(version)","notifications":[]}"#),
        (1, "document.open", #"{"path":"t.csv"}"#), (2, "menu.resolve", #"{"id":"file"}"#),
        (4, "commands.explain", #"{"command":"document.save"}"#), (5, "toolbar.layout", "{}"),
      ] {
        server.receive(
          .line(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8)))
      }
      let text = sent.map(\.serialized)
      let menu = try #require(text.first { $0.contains(#""id":2"#) })
      let save = try #require(text.first { $0.contains(#""id":4"#) })
      let toolbar = try #require(text.first { $0.contains(#""id":5"#) })
      if version == "1.5" {
        #expect(menu.contains(#""shortcut":"⌘S","keys":{"key":"S","modifiers":["command"]}"#), "\(menu)")
        #expect(save.contains(#""keys":{"key":"S","modifiers":["command"]}"#), "\(save)")
        #expect(menu.contains(#""glyph":"#), "\(menu)")
        #expect(toolbar.contains(#""glyph":"#), "\(toolbar)")
      } else {
        for answer in [menu, save, toolbar] {
          #expect(!answer.contains(#""keys":"#) && !answer.contains(#""glyph":"#), "\(answer)")
        }
      }
    }
  }
}
