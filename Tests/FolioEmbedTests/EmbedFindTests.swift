import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioEmbed

/// `find` over the embedding protocol: `commands.run` runs `edit.find` by id with typed
/// arguments and answers the typed result, the matching rows selected with `select`.
@Suite struct EmbedFindTests {
  private static func field(_ value: JSONValue?, _ key: String) -> JSONValue? {
    guard case .object(let fields)? = value else { return nil }
    return fields.first { $0.0 == key }?.1
  }

  @Test("commands.run edit.find with pattern, column and select answers the matches and selects their rows")
  func findByID() throws {
    let folder = try TemporaryFolder()
    try folder.write("t.csv", "name,city\nAnna,Bern\nBob,Cannes\nCan,Basel\n")
    let session = EmbedServerTests.quietSession(in: folder)
    var sent: [JSONValue] = []
    let server = EmbedServer(session: session, log: { _ in }) { sent.append($0) }
    func request(_ id: Int, _ method: String, _ params: String) -> JSONValue? {
      server.receive(
        .line(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8)))
      return sent.last { Self.field($0, "id") == .int(id) }
    }
    _ = request(0, "initialize", #"{"protocolVersion":"1.3","notifications":[]}"#)
    _ = request(1, "document.open", #"{"path":"t.csv"}"#)
    let response = request(
      2, "commands.run",
      #"{"command":"edit.find","arguments":{"pattern":"CAN","column":"city","select":true}}"#)
    let find =
      Self.field(Self.field(Self.field(response, "result"), "output"), "find")
      ?? Self.field(Self.field(response, "result"), "find")
    #expect(Self.field(find, "count") == .int(1), "\(String(describing: response))")
    #expect(Self.field(find, "rows") == .int(1))
    #expect(Self.field(find, "selected") == .int(1))
    guard case .array(let matches)? = Self.field(find, "matches") else {
      Issue.record("no matches in \(String(describing: response))")
      return
    }
    #expect(matches.count == 1)
    #expect(Self.field(matches.first, "row") == .int(2))
    #expect(Self.field(matches.first, "column") == .string("city"))
    #expect(Self.field(matches.first, "match") == .string("Can"))
    let document = try #require(session.workspace.active)
    #expect(document.selection == [2])

    let bad = request(3, "commands.run", #"{"command":"edit.find","arguments":{"pattern":"(","regex":true}}"#)
    let data = Self.field(Self.field(bad, "error"), "data")
    #expect(Self.field(data, "code") == .string("invalid-argument"), "\(String(describing: bad))")
    #expect(document.selection == [2])
  }
}
