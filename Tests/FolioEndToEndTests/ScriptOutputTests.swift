import Foundation
import Testing

/// Scripts as a pipeline stage: results stream, `run -` reads standard input, every `-c` and
/// every JSON error says where it was.
@Suite struct ScriptOutputTests {
  @Test("folio run - reads the script from standard input; its errors name -")
  func runStandardInput() throws {
    let result = try FolioProcess.run(["run", "-"], input: Data("echo from stdin\nbogus\n".utf8))
    #expect(result.output == "from stdin\n")
    #expect(result.errors == "-:2: error: unknown command 'bogus'; 'help' lists the commands\n")
    #expect(result.status == 1)
  }

  @Test("errors of the second and later -c name <command-line N>")
  func numberedCommandLines() throws {
    let result = try FolioProcess.run(["--keep-going", "-c", "bogus", "-c", "echo a\nbogus", "-c", "bogus"])
    #expect(result.output == "a\n")
    let errors = result.errors.split(separator: "\n")
    #expect(errors.count == 3)
    for (error, location) in zip(
      errors, ["<command-line>:1: ", "<command-line 2>:2: ", "<command-line 3>:1: "])
    {
      #expect(error.hasPrefix(location + "error: unknown command 'bogus'"), "\(error)")
    }
  }

  @Test("JSON errors carry file and line; a line that is not UTF-8 is quoted with its bytes escaped")
  func jsonErrorLocations() throws {
    let input =
      Data("echo ok\n".utf8) + Data([0x65, 0x63, 0x68, 0x6F, 0x20, 0x61, 0xFF, 0x62, 0x0A])
      + Data("bogus\n".utf8)
    let result = try FolioProcess.run(["--json", "--keep-going"], input: input)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(
      lines[1]
        == #"{"ok":false,"command":"echo a\\xFFb","error":{"code":"syntax","message":"invalid UTF-8 at byte 7 of the line","file":"-","line":2}}"#
    )
    #expect(lines[2].hasSuffix(#""file":"-","line":3}}"#))
  }

  @Test("JSON times are ISO 8601 with the offset")
  func jsonTimes() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "one\n".write(to: folder.appendingPathComponent("a.txt"), atomically: true, encoding: .utf8)
    let result = try FolioProcess.run(["--json", "-c", "open a.txt; info"], in: folder)
    let info = try #require(result.output.split(separator: "\n").last)
    let object = try JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any]
    let modified = try #require((object?["result"] as? [String: Any])?["modified"] as? String)
    #expect(modified.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00/) != nil, "\(modified)")
  }

  @Test("a script's results reach a pipe command by command, before the script ends")
  func flushedEachCommand() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // `spin.forever` loops until Ctrl-C: only a flushed "first" can be read before that.
    try PluginInterruptTests.writeSpinPlugin(in: folder)
    let folio = try RunningFolio(
      arguments: [
        "--plugins", "plugins", "-c",
        "settings set plugins.instructions 10000000000; settings set plugins.time 3600000; open places.csv; "
          + "echo first; spin.forever",
      ], in: folder, home: folder.appendingPathComponent("home"))
    #expect(folio.waitForOutput(containing: "first"))
    kill(folio.process.processIdentifier, SIGINT)
    let result = try folio.finish()
    #expect(result.output.hasSuffix("first\n"))
    #expect(result.status == 130, "\(result.errors)")
  }
}
