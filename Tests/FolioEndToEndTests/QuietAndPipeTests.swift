import Foundation
import Testing

/// `-q` leaves status lines off standard output, and `show` into a pipe gives every cell
/// whole and, with `--json`, one line per row (issue 36 §5).
@Suite struct QuietAndPipeTests {
  /// A folder holding `places.csv` (three rows) and `ids.csv`: 4,000 rows whose last id,
  /// 1000000, lies outside the 2,000-row sample `show` fits its widths to.
  private static func fixtures() throws -> URL {
    let folder = try FolioProcess.temporaryDirectory()
    try "name,city\nCafé Central,Vienna\nOhori,Fukuoka\nTate,London\n".write(
      to: folder.appendingPathComponent("places.csv"), atomically: true, encoding: .utf8)
    var ids = "id,name\n"
    for id in 1..<4_000 { ids += "\(id),n\(id)\n" }
    ids += "1000000,last\n"
    try ids.write(to: folder.appendingPathComponent("ids.csv"), atomically: true, encoding: .utf8)
    return folder
  }

  @Test("folio -q -c 'open x.csv; share stdout --as json' writes only the JSON, which parses")
  func quietInline() throws {
    let folder = try Self.fixtures()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try FolioProcess.run(["-q", "-c", "open places.csv; share stdout --as json"], in: folder)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.errors == "")
    let rows = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: String]]
    #expect(rows?.count == 3)
    #expect(rows?.first?["name"] == "Café Central")
    // Without -q the status line comes first, so the output is not JSON.
    let loud = try FolioProcess.run(["-c", "open places.csv; share stdout --as json"], in: folder)
    #expect(loud.output.hasPrefix("Opened places"))
  }

  @Test("folio run -q: no Opened or Saved lines; asked-for output and errors still come")
  func quietScript() throws {
    let folder = try Self.fixtures()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "open places.csv\nsave --as copy.csv\necho kept\nsort name\nsort\nopen missing.csv\n".write(
      to: folder.appendingPathComponent("s.folio"), atomically: true, encoding: .utf8)
    let result = try FolioProcess.run(["run", "-q", "s.folio"], in: folder)
    // `sort name` sorted (status); bare `sort` was asked for the order. `save --as` renamed it.
    #expect(result.output == "kept\ncopy is sorted by name.\n")
    #expect(result.errors.hasPrefix("s.folio:6: error: "))
    #expect(result.status == 1)
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("copy.csv").path))
  }

  @Test("show into a pipe never cuts a cell: the last id, outside the sample, is whole")
  func pipeKeepsCells() throws {
    let folder = try Self.fixtures()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try FolioProcess.run(["-q", "-c", "open ids.csv; show"], in: folder)
    #expect(result.status == 0, "\(result.errors)")
    let last = result.output.split(separator: "\n").last.map(String.init) ?? ""
    #expect(last == " 4000 │ 1000000 │ last")
    #expect(!result.output.contains("…"))
  }

  @Test("--json show streams a heading line then one {\"row\": …} line per row")
  func jsonRowLines() throws {
    let folder = try Self.fixtures()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try FolioProcess.run(["--json", "-c", "open ids.csv; show; echo after"], in: folder)
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == 1 + 1 + 4_000 + 1)
    let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    let heading = objects[1]?["result"] as? [String: Any]
    #expect(objects[1]?["command"] as? String == "show")
    #expect(heading?["rowCount"] as? Int == 4_000)
    #expect(heading?["rows"] == nil)
    #expect((heading?["columns"] as? [[String: Any]])?.map { $0["name"] as? String } == ["id", "name"])
    let last = objects[4_001]?["row"] as? [String: Any]
    #expect(last?["position"] as? Int == 4_000)
    #expect((last?["cells"] as? [String: String])?["id"] == "1000000")
    #expect(objects[4_002]?["command"] as? String == "echo after")
  }
}
