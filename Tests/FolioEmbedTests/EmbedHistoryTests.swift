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
