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
}
