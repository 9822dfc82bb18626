import Foundation
import Testing

/// Runs every `Scripts/*.folio` through the built binary and compares standard output,
/// standard error and the exit status with `NAME.expected`. A first line
/// `# args: --keep-going --json` passes options, and a leading `# stdin: FILE` feeds that file
/// to standard input. Each script runs in a fresh copy of the
/// Scripts folder (fixtures included), with copies of the repository's `examples/` and
/// `plugins/` beside it. Set `FOLIO_RECORD=1` to rewrite every
/// expectation on purpose, or `FOLIO_RECORD=tables-seeds,plugins` to rewrite only those
/// scripts' expectations, then review the diff.
@Suite struct ScriptTests {
  static let scriptsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Scripts")

  /// The repository root, whose `examples/` and `plugins/` are copied beside each run's
  /// Scripts folder, so scripts reach them as `../examples` and `../plugins`.
  static let repository = scriptsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static var scripts: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: scriptsDirectory.path)) ?? []
    return names.filter { $0.hasSuffix(".folio") }.sorted()
  }

  /// The transcript a run is compared by, with what differs from run to run replaced: the
  /// temporary folder by `$SCRIPTS` and modification times by `<time>`.
  static func transcript(_ result: FolioProcess.Result, folder: URL) -> String {
    let text = "--- stdout\n\(result.output)--- stderr\n\(result.errors)--- exit \(result.status)\n"
    return text.replacing(folder.path, with: "$SCRIPTS")
      .replacing(#/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/#, with: "<time>")
  }

  /// Whether `FOLIO_RECORD` asks to rewrite the expectation of the script `name`.
  static func records(_ name: String) -> Bool {
    guard let value = ProcessInfo.processInfo.environment["FOLIO_RECORD"] else { return false }
    let stem = String(name.dropLast(".folio".count))
    return value == "1" || value.split(separator: ",").contains { $0 == stem }
  }

  @Test("the scripts directory holds scripts")
  func scriptsExist() {
    #expect(Self.scripts.count >= 8)
  }

  @Test("script transcript matches its expectation", arguments: scripts)
  func script(_ name: String) throws {
    let url = Self.scriptsDirectory.appendingPathComponent(name)
    let source = try String(contentsOf: url, encoding: .utf8)
    var arguments = ["run"]
    if let first = source.split(separator: "\n", omittingEmptySubsequences: false).first,
      first.hasPrefix("# args:")
    {
      arguments += first.dropFirst("# args:".count).split(separator: " ").map(String.init)
    }
    // Each script runs in its own copy of the folder, so it may save, rename and delete
    // files freely and the checked-in fixtures never change.
    let workspace = try FolioProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: workspace) }
    let copy = workspace.appendingPathComponent("Scripts")
    try FileManager.default.copyItem(at: Self.scriptsDirectory, to: copy)
    for folder in ["examples", "plugins"] {
      try FileManager.default.copyItem(
        at: Self.repository.appendingPathComponent(folder),
        to: workspace.appendingPathComponent(folder))
    }
    // A leading `# stdin: FILE` line feeds that fixture to standard input (for `open -`).
    var input = Data()
    let leading = source.split(separator: "\n").prefix { $0.hasPrefix("#") }
    if let line = leading.first(where: { $0.hasPrefix("# stdin:") }) {
      let file = line.dropFirst("# stdin:".count).trimmingCharacters(in: .whitespaces)
      input = try Data(contentsOf: copy.appendingPathComponent(file))
    }
    let result = try FolioProcess.run(arguments + [name], input: input, in: copy)
    let actual = Self.transcript(result, folder: copy)
    let expectedURL = url.deletingPathExtension().appendingPathExtension("expected")
    if Self.records(name) {
      try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
      return
    }
    let expected = try String(contentsOf: expectedURL, encoding: .utf8)
    #expect(actual == expected, "\(name): rerun with FOLIO_RECORD=1 to accept a deliberate change")
  }
}
