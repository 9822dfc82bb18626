import FolioCore
import FolioSession
import FolioTestSupport
import Foundation
import Testing

@testable import FolioEmbed

/// The column commands over the embedding protocol, run by id with typed arguments
/// (`commands.run`): `column.delete` asks first with the column as its dialog's target.
@Suite struct EmbedColumnTests {
  private typealias Harness = EmbedSessionHarness

  fileprivate static func field(_ value: JSONValue, _ key: String) -> JSONValue? {
    EmbedSessionHarness.field(value, key)
  }

  @Test("column.add, rename and move run by id with typed arguments; the file keeps its quoted field")
  func addRenameMove() throws {
    let harness = try Harness(csv: "name,n\n\"a\",1\nb,2\n")
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
    let harness = try Harness(csv: "name,n\n\"a\",1\nb,2\n")
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
    let harness = try Harness(csv: "name,n\n\"a\",1\nb,2\n")
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

extension EmbedSessionHarness {
  /// The active table's column names.
  func columns() throws -> [String] {
    try session.activeDocument().readTable { $0.columns }
  }
}
