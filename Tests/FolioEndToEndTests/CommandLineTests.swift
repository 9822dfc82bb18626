import Foundation
import Testing

@Suite struct CommandLineTests {
  @Test("an unknown command on stdin is an error at -:1 with exit status 1")
  func unknownCommandOnStdin() throws {
    let result = try FolioProcess.run([], input: Data("bogus\n".utf8))
    #expect(result.errors == "-:1: error: unknown command 'bogus'; 'help' lists the commands\n")
    #expect(result.output == "")
    #expect(result.status == 1)
  }

  @Test("-c runs ';'-separated and newline-separated commands; errors name <command-line>")
  func inline() throws {
    let result = try FolioProcess.run(["-c", "echo a; echo b\necho c\nbogus\necho d"])
    #expect(result.output == "a\nb\nc\n")
    #expect(result.errors.hasPrefix("<command-line>:3: error: unknown command 'bogus'"))
    #expect(result.status == 1)
  }

  @Test("--json -c 'commands' prints one valid JSON object per command")
  func jsonLines() throws {
    let result = try FolioProcess.run(["--json", "-c", "commands; echo x\nhelp"])
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == 3)
    for line in lines {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(object?["ok"] as? Bool == true)
    }
    #expect(result.status == 0)
  }

  @Test("documents named on the command line open before the commands on stdin")
  func documentArguments() throws {
    let folder = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "one\ntwo\n".write(to: folder.appendingPathComponent("a.txt"), atomically: true, encoding: .utf8)
    let result = try FolioProcess.run(["a.txt"], input: Data("docs\nshow 2\n".utf8), in: folder)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasPrefix("Opened a (text, 2 lines).\n"))
    #expect(result.output.hasSuffix("2  two\n"))
    let missing = try FolioProcess.run(["nope.txt"], input: Data("echo not reached\n".utf8), in: folder)
    #expect(missing.status == 1)
    #expect(missing.output == "")
    #expect(missing.errors.hasPrefix("<command-line>:1: error: "))
  }

  @Test("bad usage of folio itself exits 2 with a hint; --help and --version exit 0")
  func usage() throws {
    let bad = try FolioProcess.run(["--frobnicate"])
    #expect(bad.status == 2)
    #expect(bad.errors == "folio: unknown option '--frobnicate'\nTry 'folio --help' for more.\n")
    let hijack = try FolioProcess.run(["--x\u{1B}]0;pwned\u{7}"])
    #expect(
      hijack.errors == "folio: unknown option '--x\\u{1B}]0;pwned\\u{07}'\nTry 'folio --help' for more.\n")
    let help = try FolioProcess.run(["--help"])
    #expect(help.status == 0)
    #expect(help.output.hasPrefix("usage: folio [OPTIONS] [DOCUMENT...]"))
    let version = try FolioProcess.run(["--version"])
    // `folio 0.2.0-dev` from a plain build, `folio 0.2.0-3-g1a2b3c4 (commit 1a2b…)` through make.
    #expect(
      version.output.wholeMatch(of: /folio [0-9]+\.[0-9]+\.[0-9]+[-+.0-9a-z]*( \(commit [0-9a-f]{40}\))?\n/)
        != nil)
  }

  @Test("scripts run in order; a missing one fails with status 1 and stops the run")
  func scripts() throws {
    let directory = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try "echo first\n".write(
      to: directory.appendingPathComponent("one.folio"), atomically: true, encoding: .utf8)
    try "echo second\n".write(
      to: directory.appendingPathComponent("two.folio"), atomically: true, encoding: .utf8)
    let ok = try FolioProcess.run(["run", "one.folio", "two.folio"], in: directory)
    #expect(ok.output == "first\nsecond\n")
    #expect(ok.status == 0)
    let missing = try FolioProcess.run(["run", "one.folio", "nope.folio", "two.folio"], in: directory)
    #expect(missing.output == "first\n")
    #expect(missing.errors == "folio: error: nope.folio: cannot read: No such file or directory\n")
    #expect(missing.status == 1)
    let kept = try FolioProcess.run(["run", "--keep-going", "nope.folio", "two.folio"], in: directory)
    #expect(kept.output == "second\n")
    #expect(kept.status == 1)
  }

  @Test(
    "hostile input gets a clear error per line and never a crash",
    arguments: [
      (Data("echo \"open\necho next\n".utf8), "-:1: error: unterminated double quote opened at column 6\n"),
      (
        Data([0x65, 0x63, 0x68, 0x6F, 0x20, 0xFF, 0xFE, 0x0A]),
        "-:1: error: invalid UTF-8 at byte 6 of the line\n"
      ),
      (Data([0x65, 0x63, 0x68, 0x6F, 0x00, 0x0A]), "-:1: error: NUL byte at byte 5 of the line\n"),
    ])
  func hostileInput(input: Data, message: String) throws {
    let result = try FolioProcess.run(["--keep-going"], input: input + Data("echo survived\n".utf8))
    #expect(result.errors.hasPrefix(message))
    #expect(result.output.hasSuffix("survived\n"))
    #expect(result.status == 1)
  }

  @Test("a 1 MB line and 100,000 lines are processed completely")
  func largeInput() throws {
    let long = String(repeating: "x", count: 1 << 20)
    let longResult = try FolioProcess.run([], input: Data("echo \(long)\n".utf8))
    #expect(longResult.output == long + "\n")
    #expect(longResult.status == 0)
    let many = (1...100_000).map { "echo \($0)" }.joined(separator: "\n") + "\n"
    let manyResult = try FolioProcess.run([], input: Data(many.utf8))
    let lines = manyResult.output.split(separator: "\n")
    #expect(lines.count == 100_000)
    #expect(lines.last == "100000")
    #expect(manyResult.status == 0)
  }

  @Test("input without a final newline, with CRLF endings and a BOM runs normally")
  func lineEndings() throws {
    let result = try FolioProcess.run([], input: Data([0xEF, 0xBB, 0xBF]) + Data("echo a\r\necho b".utf8))
    #expect(result.output == "a\nb\n")
    #expect(result.status == 0)
  }

  @Test("Ctrl-C during a batch run stops it with status 130")
  func interrupt() throws {
    let home = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let folio = try RunningFolio(in: home, home: home)
    folio.send("echo ready\n")
    // Once "ready" arrives, folio is waiting for more input, where SIGINT must end the run.
    #expect(folio.waitForOutput(containing: "ready\n"), "folio closed its output before printing 'ready'")
    kill(folio.process.processIdentifier, SIGINT)
    folio.process.waitUntilExit()
    #expect(folio.process.terminationStatus == 130)
  }
}
