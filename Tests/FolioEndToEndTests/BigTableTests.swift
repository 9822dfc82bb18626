import Foundation
import Testing

/// A table too big to build whole: `show` writes rows as it makes them, stops when the pipe
/// it writes to closes, and stops at Ctrl-C.
@Suite struct BigTableTests {
  /// Writes `big.csv`, 200,000 rows, into `folder`.
  static func writeBigTable(in folder: URL) throws {
    var text = "id,name,city\n"
    text.reserveCapacity(200_000 * 24)
    for row in 1...200_000 { text += "\(row),name\(row),city\(row % 97)\n" }
    try text.write(to: folder.appendingPathComponent("big.csv"), atomically: true, encoding: .utf8)
  }

  @Test("show piped into a reader that leaves after four lines ends, having printed the header and rows")
  func closedPipe() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.writeBigTable(in: folder)
    let process = Process()
    process.executableURL = FolioProcess.executable
    process.arguments = ["-c", "open big.csv; show"]
    process.environment = FolioProcess.environment(home: folder)
    process.currentDirectoryURL = folder
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    killIfHung(process)
    // Read as `head -4` does: four lines, then close the pipe.
    var received = Data()
    while received.count(where: { $0 == UInt8(ascii: "\n") }) < 4 {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      received += chunk
    }
    try output.fileHandleForReading.close()
    process.waitUntilExit()
    let lines = String(decoding: received, as: UTF8.self).split(separator: "\n").prefix(4)
    #expect(lines.first == "Opened big (table, 200000 rows × 3 columns).")
    #expect(lines.dropFirst().first?.contains("# │     id │ name") == true, "\(lines)")
    #expect(lines.last == "      1 │      1 │ name1      │ city1", "\(lines)")
    // Ended by the closed pipe (as if by SIGPIPE, with its locks released), not by the
    // two-minute watchdog.
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 141)
  }

  @Test("Ctrl-C while show writes stops it: the rest of the rows are not written and it says interrupted")
  func interruptedShow() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.writeBigTable(in: folder)
    let folio = try RunningFolio(in: folder, home: folder.appendingPathComponent("home"))
    folio.send("open big.csv\necho ready\n")
    #expect(folio.waitForOutput(containing: "ready"))
    folio.send("show\necho not reached\n")
    // Rows are coming; the test stops reading, so the pipe fills and folio waits to write.
    #expect(folio.waitForOutput(containing: "│ name5 "))
    kill(folio.process.processIdentifier, SIGINT)
    let result = try folio.finish()
    #expect(result.status == 130, "\(result.errors)")
    #expect(result.errors == "interrupted\n")
    #expect(!result.output.contains("name200000"))
    #expect(!result.output.contains("not reached"))
  }

  /// Writes `wide.csv`, one row of `columns` columns: `c0`, `c1`, … over `0`, `1`, ….
  static func writeWideTable(columns: Int, in folder: URL) throws {
    let names = (0..<columns).map { "c\($0)" }.joined(separator: ",")
    let cells = (0..<columns).map { String($0) }.joined(separator: ",")
    try (names + "\n" + cells + "\n").write(
      to: folder.appendingPathComponent("wide.csv"), atomically: true, encoding: .utf8)
  }

  @Test("show of one row of 400,000 columns is linear in the columns: it ends, header, rule and row whole")
  func wideRow() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.writeWideTable(columns: 400_000, in: folder)
    // Quadratic, the layout took 36–40 s in a release build and hours in a debug one, which
    // the two-minute watchdog ends (status 9); linear, seconds in a debug build.
    let result = try FolioProcess.run(["-c", "open wide.csv; show columns=c0,c399999; show"], in: folder)
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n")
    try #require(lines.count == 7, "\(lines.count) lines")
    #expect(lines[0] == "Opened wide (table, 1 row × 400000 columns).")
    #expect(lines[1] == " # │ c0 │ c399999")
    #expect(lines[3] == " 1 │  0 │  399999")
    // Every column is in the header and the row, in order, cut to the window's width.
    #expect(lines[4].hasPrefix(" # │ c0 │ c1 │ c2 │ c3 │ c4 "))
    #expect(lines[4].split(separator: "│").count == 400_001)
    #expect(lines[6].split(separator: "│").count == 400_001)
    #expect(lines[6].hasPrefix(" 1 │  0 │  1 │  2 │"))
  }

  @Test("Ctrl-C while show makes a row of 100,000 columns stops it there: the row is not written")
  func interruptedWideRow() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.writeWideTable(columns: 100_000, in: folder)
    let folio = try RunningFolio(in: folder, home: folder.appendingPathComponent("home"))
    folio.send("open wide.csv\necho ready\n")
    #expect(folio.waitForOutput(containing: "ready"))
    folio.send("show\necho not reached\n")
    // The header is coming; the test stops reading, so the pipe fills and folio waits to
    // write the rest of it, before it makes the row.
    #expect(folio.waitForOutput(containing: "│ c99 │"))
    kill(folio.process.processIdentifier, SIGINT)
    let result = try folio.finish()
    #expect(result.status == 130, "\(result.errors)")
    #expect(result.errors == "interrupted\n")
    #expect(!result.output.contains("\n 1 │"))
    #expect(!result.output.contains("not reached"))
  }
}
