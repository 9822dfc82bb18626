import Foundation
import Testing

/// What a request on a document with unsaved changes costs in system calls (issue 37 §4): the
/// journal's path is resolved once per document, not at every request.
@Suite struct EmbedJournalCostTests {
  /// The `readlink` calls (`readlinkat` too) `folio --embed` makes while it opens `t.csv`
  /// and sets a cell `edits` times, each edit leaving the document with unsaved changes, as
  /// `strace` counts them.
  private static func readlinkCalls(edits: Int, in folder: URL) throws -> Int {
    var lines = [
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"1.4"}}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"document.open","params":{"path":"t.csv"}}"#,
    ]
    for edit in 0..<edits {
      lines.append(
        #"{"jsonrpc":"2.0","id":\#(edit + 2),"method":"cell.set","params":{"row":1,"column":"name","value":"v\#(edit)"}}"#
      )
    }
    lines += [
      #"{"jsonrpc":"2.0","id":999999,"method":"shutdown"}"#, #"{"jsonrpc":"2.0","method":"exit"}"#,
    ]
    let home = folder.appendingPathComponent("home-\(edits)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let trace = folder.appendingPathComponent("trace-\(edits).txt")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
    process.arguments = [
      "-f", "-e", "trace=readlink,readlinkat", "-o", trace.path, FolioProcess.executable.path, "--embed",
      "--no-plugins",
    ]
    process.environment = FolioProcess.environment(home: home)
    process.currentDirectoryURL = folder
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    killIfHung(process)
    let bytes = Data((lines.joined(separator: "\n") + "\n").utf8)
    let writer = Thread {
      input.fileHandleForWriting.write(bytes)
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    let answers = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    // Every edit was answered, and changed the cell.
    #expect(answers.components(separatedBy: #""changed":true"#).count - 1 == edits, "\(answers.suffix(400))")
    let traced = try String(contentsOf: trace, encoding: .utf8)
    return traced.split(separator: "\n").filter { $0.contains("readlink") }.count
  }

  @Test(
    "a request on a document with unsaved changes makes no readlink: 40 more edits make no more calls",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")),
    // LeakSanitizer will not run under ptrace: a sanitizer build's folio ends with status 1.
    .disabled(if: isSanitized, "strace and LeakSanitizer exclude each other"))
  func journalPathResolvedOnce() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A path several folders deep: `realpath` looks at each of its components.
    let deep = folder.appendingPathComponent("a/b/c")
    try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
    try "name,n\na,1\nb,2\n".write(
      to: deep.appendingPathComponent("t.csv"), atomically: true, encoding: .utf8)
    let few = try Self.readlinkCalls(edits: 5, in: deep)
    let many = try Self.readlinkCalls(edits: 45, in: deep)
    // Before, each request resolved the journal's path again: four or more calls each.
    #expect(many - few < 10, "5 edits: \(few) readlink calls; 45 edits: \(many)")
  }
}
