import FolioCore
import FolioSession
import FolioShell
import FolioTestSupport
import Foundation
import Testing

@testable import FolioEmbed

/// The column commands over the embedding protocol, run by id with typed arguments
/// (`commands.run`): `column.delete` asks first with the column as its dialog's target.
@Suite struct EmbedColumnTests {
  private final class Harness {
    let folder: TemporaryFolder
    let shell: Shell
    var sent: [JSONValue] = []
    var server: EmbedServer!

    init() throws {
      folder = try TemporaryFolder()
      try folder.write("t.csv", "name,n\n\"a\",1\nb,2\n")
      shell = EmbedServerTests.quietShell(in: folder)
      server = EmbedServer(shell: shell) { [unowned self] in sent.append($0) }
      request(0, "initialize", #"{"protocolVersion":"1.3","notifications":[]}"#)
      request(1, "document.open", #"{"path":"t.csv"}"#)
    }

    /// Sends a request and returns its response.
    @discardableResult
    func request(_ id: Int, _ method: String, _ params: String = "{}") -> JSONValue {
      let start = sent.count
      server.receive(
        .line(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8)))
      return sent[start...].last { EmbedColumnTests.field($0, "id") == .int(id) } ?? .null
    }

    /// The active table's column names.
    func columns() throws -> [String] {
      try shell.session.activeDocument().readTable { $0.columns }
    }
  }

  fileprivate static func field(_ value: JSONValue, _ key: String) -> JSONValue? {
    guard case .object(let fields) = value else { return nil }
    return fields.first { $0.0 == key }?.1
  }

  @Test("column.add, rename and move run by id with typed arguments; the file keeps its quoted field")
  func addRenameMove() throws {
    let harness = try Harness()
    let added = harness.request(
      2, "commands.run", #"{"command":"column.add","arguments":{"name":"note","first":true,"value":"x, y"}}"#)
    #expect(
      Self.field(added, "result").flatMap { Self.field($0, "event") } == .string("columnAdded"),
      "\(added.serialized)")
    harness.request(3, "commands.run", #"{"command":"column.rename","arguments":{"name":"n","new":"count"}}"#)
    let moved = harness.request(
      4, "commands.run", #"{"command":"column.move","arguments":{"name":"note","after":"count"}}"#)
    #expect(Self.field(moved, "result").flatMap { Self.field($0, "position") } == .int(3))
    #expect(try harness.columns() == ["name", "count", "note"])
    harness.request(5, "document.save")
    #expect(
      try harness.folder.bytes("t.csv") == Array("name,count,note\n\"a\",1,\"x, y\"\nb,2,\"x, y\"\n".utf8))
  }

  @Test("an unknown column: the error lists the real ones and nothing changes")
  func unknownColumn() throws {
    let harness = try Harness()
    let response = harness.request(
      2, "commands.run", #"{"command":"column.move","arguments":{"name":"nope","first":true}}"#)
    let data = Self.field(response, "error").flatMap { Self.field($0, "data") }
    #expect(data.flatMap { Self.field($0, "code") } == .string("invalid-argument"), "\(response.serialized)")
    #expect(
      Self.field(response, "error").flatMap { Self.field($0, "message") }?.serialized.contains(
        "no column 'nope'; columns: name, n") == true, "\(response.serialized)")
    #expect(try harness.columns() == ["name", "n"])
  }

  @Test("column.delete asks first: the dialog's target names the column; Delete removes it, Cancel keeps it")
  func deleteAsks() throws {
    let harness = try Harness()
    let asked = harness.request(2, "commands.run", #"{"command":"column.delete","arguments":{"name":"n"}}"#)
    let dialog = try #require(Self.field(asked, "result").flatMap { Self.field($0, "dialog") })
    #expect(Self.field(dialog, "title") == .string("Delete column “n”?"))
    #expect(
      Self.field(dialog, "target")?.serialized
        == #"{"document":1,"title":"t","rows":[],"rowTitles":[],"lines":[],"columns":["n"]}"#)
    #expect(try harness.columns() == ["name", "n"])
    harness.request(3, "dialog.answer", #"{"button":"cancel"}"#)
    #expect(try harness.columns() == ["name", "n"])
    harness.request(4, "commands.run", #"{"command":"column.delete","arguments":{"name":"n"}}"#)
    harness.request(5, "dialog.answer", #"{"button":"delete"}"#)
    #expect(try harness.columns() == ["name"])
    harness.request(6, "document.save")
    #expect(try harness.folder.bytes("t.csv") == Array("name\n\"a\"\nb\n".utf8))
  }
}
