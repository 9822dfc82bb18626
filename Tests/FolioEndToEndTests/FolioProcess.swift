import Foundation
import Testing

/// Runs the built `folio` executable in a private temporary home and state folder.
struct FolioProcess {
  /// What a run printed and how it ended.
  struct Result: Equatable {
    var output: String
    var errors: String
    var status: Int32
  }

  /// The `folio` binary beside the test bundle in the products folder (`swift test` builds
  /// it because this target depends on it).
  static let executable = Bundle.main.bundleURL.appendingPathComponent("folio")

  /// A fresh folder for one test, removed by the caller.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "folio-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The environment a test run sees: no colour, home, state and config inside `home`, and
  /// no shipped plugins (scripts that want them pass `--plugins ../plugins`).
  static func environment(home: URL) -> [String: String] {
    [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": home.path, "XDG_STATE_HOME": home.appendingPathComponent("state").path,
      "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
      "FOLIO_STATE_DIR": home.appendingPathComponent("state/folio").path, "NO_COLOR": "1",
      "LANG": "C.UTF-8", "FOLIO_PLUGINS_DIR": "",
    ]
  }

  /// Runs folio with arguments and standard input, in `directory`, and waits for it.
  static func run(
    _ arguments: [String], input: Data = Data(), in directory: URL? = nil
  ) throws -> Result {
    let home = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment(home: home)
    process.currentDirectoryURL = directory ?? home
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    killIfHung(process)
    // Feed and drain on other threads so large inputs and outputs cannot deadlock the pipes.
    let writer = Thread {
      stdin.fileHandleForWriting.write(input)
      try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let errorData = LockedData()
    let errorReader = Thread { errorData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
    errorReader.start()
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errors = errorData.waitForValue()
    return Result(
      output: String(decoding: outputData, as: UTF8.self), errors: String(decoding: errors, as: UTF8.self),
      status: process.terminationStatus)
  }
}

/// Kills a folio process still running after two minutes (ten in a sanitizer build, which
/// runs 5–15 times slower), so that a hang fails its test (with status 9) instead of
/// stalling the whole suite. Passing tests never wait for it.
func killIfHung(_ process: Process) {
  let pid = process.processIdentifier
  DispatchQueue.global().asyncAfter(deadline: .now() + (isSanitized ? 600 : 120)) {
    if process.isRunning { kill(pid, SIGKILL) }
  }
}

/// Data handed from a reader thread to the test, with a condition to wait on.
final class LockedData: @unchecked Sendable {
  private let condition = NSCondition()
  private var value: Data?

  func set(_ data: Data) {
    condition.lock()
    value = data
    condition.signal()
    condition.unlock()
  }

  func waitForValue() -> Data {
    condition.lock()
    defer { condition.unlock() }
    while value == nil { condition.wait() }
    return value!
  }
}

/// A folio process reading commands from a pipe, for tests that act between commands.
final class RunningFolio {
  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  private var received = Data()

  /// Starts folio reading standard input, in `directory` with a private `home` and
  /// `environment` added to the usual one.
  init(arguments: [String] = [], in directory: URL, home: URL, environment: [String: String] = [:]) throws {
    process.executableURL = FolioProcess.executable
    process.arguments = arguments
    process.environment = FolioProcess.environment(home: home).merging(environment) { $1 }
    process.currentDirectoryURL = directory
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    killIfHung(process)
  }

  /// Writes command lines to folio's standard input.
  func send(_ text: String) {
    input.fileHandleForWriting.write(Data(text.utf8))
  }

  /// Reads standard output until `text` has appeared (folio flushes before it waits for
  /// input, so the wait needs no timer); false when output ended first.
  func waitForOutput(containing text: String) -> Bool {
    while !String(decoding: received, as: UTF8.self).contains(text) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { return false }
      received += chunk
    }
    return true
  }

  /// Closes standard input and waits for folio to exit.
  ///
  /// - Returns: all standard output, standard error and the exit status.
  func finish() throws -> FolioProcess.Result {
    try input.fileHandleForWriting.close()
    received += output.fileHandleForReading.readDataToEndOfFile()
    let errorText = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return FolioProcess.Result(
      output: String(decoding: received, as: UTF8.self), errors: String(decoding: errorText, as: UTF8.self),
      status: process.terminationStatus)
  }
}

/// Whether this build runs under AddressSanitizer or ThreadSanitizer (`make sanitize` builds
/// folio alike).
let isSanitized = dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil
