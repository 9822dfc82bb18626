import FolioCore
import Foundation
import Testing

@testable import FolioShell

#if canImport(Glibc)
  import Glibc
#endif

/// `source` and `folio run` read only regular files, and only up to a limit.
@Suite struct SourceReadingTests {
  @Test("a FIFO is refused at once, without waiting for a writer", .timeLimit(.minutes(1)))
  func fifo() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    #expect(mkfifo(folder.path("pipe"), 0o600) == 0)
    let shell = CapturedShell()
    let result = shell.run("source \(folder.path("pipe"))")
    #expect(
      result.errors
        == "<command-line>:1: error: \(folder.path("pipe")): cannot read: a FIFO, not a regular file\n")
    #expect(result.status == 1)
    #expect(!shell.shell.runScriptFile(folder.path("pipe")))
  }

  @Test("a device such as /dev/zero is refused without reading it", .timeLimit(.minutes(1)))
  func device() {
    let result = CapturedShell().run("source /dev/zero")
    #expect(
      result.errors == "<command-line>:1: error: /dev/zero: cannot read: a device, not a regular file\n")
    #expect(result.status == 1)
  }

  @Test("a file over the limit is refused naming its size and the limit; one at the limit is read")
  func limit() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write("ten.folio", "echo 1234\n")
    #expect(try FileIO.readAll(folder.path("ten.folio"), limit: 10).count == 10)
    #expect(
      throws: FolioError.io(
        folder.path("ten.folio"), "cannot read: 10 bytes or more, over the limit of 9 bytes")
    ) { try FileIO.readAll(folder.path("ten.folio"), limit: 9) }
  }
}

/// Standard input is read as it arrives, but a line or a joined command is bounded: past the
/// bound the rest of the input is refused, never run as other commands.
@Suite struct InputLineLimitTests {
  /// Runs `text` fed through a pipe, as standard input is, with lines of at most `limit` bytes.
  private static func run(_ text: String, limit: Int) -> (output: String, errors: String, status: Int32) {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    let bytes = Array(text.utf8)
    // Smaller than a pipe's buffer, so the write never waits for the reader.
    #expect(bytes.count < 16_384)
    #expect(write(descriptors[1], bytes, bytes.count) == bytes.count)
    close(descriptors[1])
    defer { close(descriptors[0]) }
    var options = ShellOptions()
    options.keepGoing = true
    let captured = CapturedShell(options: options)
    captured.shell.runInput(from: descriptors[0], maximumLineLength: limit)
    captured.shell.console.flush()
    return (captured.output, captured.errors, captured.shell.exitStatus)
  }

  @Test("a line longer than the limit ends the input, even when keeping going")
  func longLine() {
    let result = Self.run(
      "echo before\necho " + String(repeating: "x", count: 300) + "\necho after\n", limit: 100)
    #expect(result.output == "before\n")
    #expect(
      result.errors == "-:2: error: a line is longer than 100 bytes; the rest of the input is not read\n")
    #expect(result.status == 1)
  }

  @Test("a command joined from lines longer than the limit ends the input, and none of it runs")
  func longCommand() {
    let result = Self.run("echo " + String(repeating: "x \\\n", count: 60) + "end\necho after\n", limit: 100)
    #expect(result.output == "")
    #expect(
      result.errors.hasPrefix(
        "-:1: error: a command is longer than 100 bytes; the rest of the input is not read\n"))
    #expect(result.status == 1)
  }

  @Test("lines and joined commands within the limit run")
  func withinLimit() {
    let result = Self.run("echo " + String(repeating: "x \\\n", count: 10) + "end\necho after\n", limit: 100)
    #expect(result.output == "x x x x x x x x x x end\nafter\n")
    #expect(result.errors == "")
  }
}
