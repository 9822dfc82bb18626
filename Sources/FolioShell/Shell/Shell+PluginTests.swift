import FolioCore
import FolioSession

#if canImport(Glibc)
  import Glibc
#endif

extension Shell {
  /// `plugin test NAME|DIR`: runs each `tests/*.folio` of the plugin in `folder` in a scratch
  /// session and compares what it printed with `NAME.expected` beside it.
  ///
  /// Each script runs in a shell of its own: no state store (fresh `folio.state`), no other
  /// plugin, no environment, keep-going on, and as its current folder a scratch copy of the
  /// tests folder, so a script that edits and saves its fixtures leaves the plugin's files as
  /// they were; standard output and error are compared as one text, in the order printed. A
  /// plugin that fails to load shows as the script's first line.
  ///
  /// - Returns: a summary, then a line per script (`ok   count.folio`).
  /// - Throws: `FolioError.conflict` with that report and a diff of each script whose output
  ///   differs (or whose expected file is missing); `FolioError.invalidArgument` when the
  ///   folder has no test scripts.
  func runPluginTests(in folder: String) throws(FolioError) -> String {
    let tests = folder + "/tests"
    let scripts = (DocumentFile.entryNames(inFolder: tests) ?? []).filter {
      !$0.hasPrefix(".") && $0.hasSuffix(".folio")
    }.sorted()
    guard !scripts.isEmpty else {
      throw FolioError(
        .invalidArgument, "\(tests) holds no test scripts (NAME.folio with NAME.expected beside it)")
    }
    var lines: [String] = []
    var failures = 0
    let temporary = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    for script in scripts {
      let scratch = try Self.scratchCopy(of: tests, in: temporary)
      defer { Self.remove(scratch) }
      // What changes from run to run reads the same every time: the scratch folder is
      // `$TESTS`, a file's modified time `<time>`.
      let transcript = try Self.transcript(ofTest: script, in: scratch, plugin: folder)
      let actual = Self.maskingTimes(in: transcript.replacingText(scratch, with: "$TESTS"))
      let stem = String(script.dropLast(".folio".count))
      guard let bytes = try? FileIO.readAll(tests + "/" + stem + ".expected") else {
        failures += 1
        lines.append("FAIL \(script): there is no \(stem).expected beside it; it printed:")
        lines += actual.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  " + $0 }
        continue
      }
      let expected = String(decoding: bytes, as: UTF8.self)
      if expected == actual {
        lines.append("ok   \(script)")
      } else {
        failures += 1
        lines.append("FAIL \(script): its output differs from \(stem).expected (- expected, + printed):")
        lines += Self.lineDiff(expected, actual)
      }
    }
    let summary =
      failures == 0
      ? "\(scripts.count) of \(scripts.count) test scripts passed:"
      : "\(failures) of \(scripts.count) test scripts failed:"
    let report = ([summary] + lines).joined(separator: "\n")
    if failures > 0 { throw FolioError(.conflict, report) }
    return report
  }

  /// What one test script prints in its scratch shell, standard output and error together.
  private static func transcript(ofTest script: String, in tests: String, plugin folder: String)
    throws(FolioError)
    -> String
  {
    var text = ""
    let console = Console { _, chunk in text += chunk }
    var options = ShellOptions()
    options.keepGoing = true
    let scratch = Shell(
      options: options, console: console, environment: [:],
      workspace: Workspace(store: nil, currentDirectory: tests, home: nil))
    // A test that ran `plugin test` or `plugin check` would start scratch sessions without end.
    scratch.session.pluginTestRunner = nil
    scratch.session.pluginChecker = nil
    scratch.session.loadPlugins(extraFolders: [], shippedFolder: nil)
    if let plugin = scratch.session.pluginHost?.load(folder: folder), case .failed(let reason) = plugin.status
    {
      console.printError("plugin \(plugin.name) failed to load: \(reason)")
    }
    var reader = LineReader(bytes: try FileIO.readAll(tests + "/" + script))
    let frame = IncludeFrame(
      canonicalPath: Paths.canonical(tests + "/" + script), directory: tests, sourcedFrom: nil,
      displayName: script)
    _ = scratch.runLines(&reader, in: frame)
    scratch.finishBatch()
    console.flush()
    return text
  }

  /// A new folder in `temporary` holding a copy of `folder`'s files and
  /// subfolders (links and other special files are left out).
  private static func scratchCopy(of folder: String, in temporary: String) throws(FolioError) -> String {
    var template = Array((temporary + "/folio-plugin-test-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw FolioError(
        .io, "cannot make a scratch folder in \(temporary): \(String(cString: strerror(errno)))")
    }
    let scratch = String(cString: made)
    do {
      try copyContents(of: folder, into: scratch)
    } catch {
      remove(scratch)
      throw error
    }
    return scratch
  }

  private static func copyContents(of folder: String, into target: String) throws(FolioError) {
    for name in DocumentFile.entryNames(inFolder: folder) ?? [] {
      let source = folder + "/" + name
      var info = stat()
      guard lstat(source, &info) == 0 else { continue }
      switch info.st_mode & S_IFMT {
      case S_IFREG:
        try DocumentFile.writeAtomically(try FileIO.readAll(source), to: target + "/" + name)
      case S_IFDIR:
        guard mkdir(target + "/" + name, 0o700) == 0 else {
          throw FolioError(.io, "cannot make \(target)/\(name): \(String(cString: strerror(errno)))")
        }
        try copyContents(of: source, into: target + "/" + name)
      default: continue
      }
    }
  }

  /// The text with each time written `YYYY-MM-DD HH:MM:SS UTC` (a file's modified time in
  /// `info`) as `<time>`.
  static func maskingTimes(in text: String) -> String {
    let shape = Array("0000-00-00 00:00:00 UTC".utf8)
    let bytes = Array(text.utf8)
    guard bytes.count >= shape.count else { return text }
    func isTime(at start: Int) -> Bool {
      for (offset, expected) in shape.enumerated() {
        let byte = bytes[start + offset]
        let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        guard expected == UInt8(ascii: "0") ? isDigit : byte == expected else { return false }
      }
      return true
    }
    var masked: [UInt8] = []
    masked.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if index + shape.count <= bytes.count, isTime(at: index) {
        masked += "<time>".utf8
        index += shape.count
      } else {
        masked.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: masked, as: UTF8.self)
  }

  /// Removes a scratch folder and everything in it.
  private static func remove(_ folder: String) {
    for name in DocumentFile.entryNames(inFolder: folder) ?? [] {
      let path = folder + "/" + name
      var info = stat()
      if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { remove(path) } else { unlink(path) }
    }
    rmdir(folder)
  }

  /// The lines that differ between two texts, from their longest common subsequence of lines:
  /// `- line` for an expected line missing, `+ line` for a printed line not expected.
  static func lineDiff(_ expected: String, _ actual: String) -> [String] {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Tests print little; past a few thousand lines, compare them whole.
    guard old.count * new.count <= 4_000_000 else { return old.map { "- " + $0 } + new.map { "+ " + $0 } }
    var common = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
      }
    }
    var lines: [String] = []
    var (i, j) = (0, 0)
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        i += 1
        j += 1
      } else if i < old.count, j == new.count || common[i + 1][j] >= common[i][j + 1] {
        lines.append("- " + old[i])
        i += 1
      } else {
        lines.append("+ " + new[j])
        j += 1
      }
    }
    return lines
  }
}
