import FolioCore
import FolioSession
import FolioTestSupport
import Foundation
import Testing

@testable import FolioEmbed

/// `select where`, `count where`, `delete where` and `summary` over the embedding protocol:
/// `commands.run` takes the expression as one string (`where`), read at the edge into the
/// typed predicate, and answers typed results.
@Suite struct EmbedWhereTests {
  private typealias Harness = EmbedSessionHarness
  private static let csv = "name,city,n\nAnna,Bern,10\nBob,New York,9\nCara,Bern,\nDan,Basel,100\n"

  private static func field(_ value: JSONValue?, _ path: String...) -> JSONValue? {
    var current = value
    for key in path { current = current.flatMap { EmbedSessionHarness.field($0, key) } }
    return current
  }

  @Test("selection.select and view.count take where as one string, quotes and all")
  func selectAndCount() throws {
    let harness = try Harness(csv: Self.csv)
    let selected = harness.request(
      2, "commands.run",
      #"{"command":"selection.select","arguments":{"where":"city = 'New York' or n > 50"}}"#)
    #expect(
      Self.field(selected, "result", "selection", "ids") == .array([.int(2), .int(4)]),
      "\(selected.serialized)")
    harness.request(
      3, "commands.run", #"{"command":"selection.select","arguments":{"where":"name ~ '^A'","add":true}}"#)
    #expect(try harness.session.activeDocument().selection == [1, 2, 4])
    let counted = harness.request(
      4, "commands.run", #"{"command":"view.count","arguments":{"where":"city = Bern and not n empty"}}"#)
    #expect(Self.field(counted, "result", "count", "rows") == .int(1), "\(counted.serialized)")
    #expect(Self.field(counted, "result", "count", "of") == .int(4))
    let bad = harness.request(
      5, "commands.run", #"{"command":"view.count","arguments":{"where":"town = Bern"}}"#)
    #expect(Self.field(bad, "error", "data", "code") == .string("invalid-argument"), "\(bad.serialized)")
    #expect(
      Self.field(bad, "error", "message")?.serialized.contains("columns: name, city, n") == true,
      "\(bad.serialized)")
  }

  @Test("edit.delete with where asks first; the dialog's target names the rows; the answer deletes those")
  func deleteAsks() throws {
    let harness = try Harness(csv: Self.csv)
    let asked = harness.request(
      2, "commands.run", #"{"command":"edit.delete","arguments":{"where":"city = Bern"}}"#)
    let dialog = try #require(Self.field(asked, "result", "dialog"), "\(asked.serialized)")
    #expect(Self.field(dialog, "title") == .string("Delete 2 rows: Anna, Cara?"))
    #expect(Self.field(dialog, "target", "rows") == .array([.int(1), .int(3)]))
    #expect(try harness.session.activeDocument().readTable { $0.rowCount } == 4)
    harness.request(3, "dialog.answer", #"{"button":"delete"}"#)
    #expect(try harness.session.activeDocument().readTable { $0.rowCount } == 2)
    harness.request(4, "document.save")
    #expect(try harness.folder.bytes("t.csv") == Array("name,city,n\nBob,New York,9\nDan,Basel,100\n".utf8))
  }

  @Test("view.summary answers each value with its count and share; open makes a table that saves")
  func summary() throws {
    let harness = try Harness(csv: Self.csv)
    let answered = harness.request(
      2, "commands.run", #"{"command":"view.summary","arguments":{"columns":["city"]}}"#)
    #expect(
      Self.field(answered, "result", "summary", "values")?.serialized
        == #"[{"city":"Bern","count":2,"share":0.5},{"city":"Basel","count":1,"share":0.25},{"city":"New York","count":1,"share":0.25}]"#,
      "\(answered.serialized)")
    let figures = harness.request(
      3, "commands.run", #"{"command":"view.summary","arguments":{"columns":["n"],"numbers":true}}"#)
    #expect(
      Self.field(figures, "result", "summary", "numbers")?.serialized
        == #"{"count":3,"empty":1,"other":0,"min":9,"max":100,"mean":39.666666666666664,"median":10}"#,
      "\(figures.serialized)")
    harness.request(
      4, "commands.run", #"{"command":"view.summary","arguments":{"columns":["city"],"open":true}}"#)
    let document = try harness.session.activeDocument()
    #expect(document.title == "Untitled")
    #expect(try document.readTable { $0.columns } == ["city", "count", "share"])
    harness.request(5, "commands.run", #"{"command":"document.save","arguments":{"as":"cities.csv"}}"#)
    #expect(
      try harness.folder.bytes("cities.csv")
        == Array("city,count,share\nBern,2,0.5000\nBasel,1,0.2500\nNew York,1,0.2500\n".utf8))
  }
}
