import Foundation
import Testing

/// The benchmark suite's quick mode (`benchmarks/bench.py --quick`) against the binaries this
/// test run built: every measure runs Folio and its peers (Lua, Neovim, SQLite, Python) on tiny
/// inputs and checks what they print. It checks that the harness works, not its timings.
@Suite struct BenchmarkTests {
  /// The measures the table must list, one row each at least.
  static let measures = [
    "cold start to first command, shipped plugins", "register 100 plugin commands",
    "replay 1,000 plugin-command lines", "plugin callback through the registry", "open a 2,000-row",
    "sort 2,000 rows by two text keys", "save the edited table atomically (net)",
    "save the edited table atomically (in process)",
    "context menu: 20 plugin entries, 100 rows selected", "resolve a 1,000-item menu",
    "2,000 d:set calls in one callback (net)", "frequency count of a 2,000-row column (d:column)",
    "Ctrl-C: a plugin callback in an endless Lua loop",
    "show 2,000 rows to a pipe", "open a 20,000-row", "sort 20,000 rows by two text keys",
    "save the sorted 20,000 rows", "soak: 3,000 mixed commands, resident memory trend",
    "find a word in 2,000 rows (net)", "select where with a regex on 2,000 rows (net)",
    "summary of a text column of 2,000 rows (net)",
  ]

  @Test("bench.py --quick runs every measure against its peer and prints the table")
  func quickRun() throws {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let products = Bundle.main.bundleURL
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", repository.appendingPathComponent("benchmarks/bench.py").path, "--quick",
      "--folio", products.appendingPathComponent("folio").path,
      "--folio-bench", products.appendingPathComponent("folio-bench").path,
    ]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    killIfHung(process)
    // Drain standard error on another thread so neither pipe can fill up and block the run.
    let errorData = LockedData()
    let reader = Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let errorText = String(decoding: errorData.waitForValue(), as: UTF8.self)
    #expect(
      process.terminationStatus == 0,
      "bench.py --quick failed (the peers come from scripts/install-deps test): \(errorText)")
    for measure in Self.measures {
      #expect(text.contains("| \(measure)"), "no row for '\(measure)' in:\n\(text)")
    }
    #expect(text.contains("nvim --headless -u NONE +qa"))
    #expect(text.contains("sqlite3 ORDER BY"))
    // After the table, one verdict a target: PASS, MISS or NOISE, the measure, the target.
    let verdicts = text.components(separatedBy: "\nVerdicts:\n").last?.split(separator: "\n") ?? []
    #expect(text.contains("\nVerdicts:\n"), "no verdicts in:\n\(text)")
    #expect(verdicts.contains { $0.hasPrefix("MISS  replay 1,000 plugin-command lines (net) … per line: ") })
    for line in verdicts {
      #expect(
        ["PASS  ", "MISS  ", "NOISE "].contains { line.hasPrefix($0) } && line.hasSuffix(")"),
        "not a verdict: \(line)")
    }
  }
}
