import Foundation

@testable import FolioCore

/// A temporary folder for one test, removed (permissions restored first) when released.
final class StateTestFolder {
  let path: String

  init() throws {
    let base = FileManager.default.temporaryDirectory.path
    path = "\(base)/folio-state-tests-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
  }

  deinit {
    // Tests take permissions away; give them back so everything can be removed.
    if let enumerator = FileManager.default.enumerator(atPath: path) {
      chmod(path, 0o700)
      while let relative = enumerator.nextObject() as? String {
        chmod("\(path)/\(relative)", 0o700)
      }
    }
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The path of `name` inside the folder.
  func file(_ name: String) -> String { "\(path)/\(name)" }

  /// The names in `folder` (the test folder by default), sorted.
  func names(in folder: String? = nil) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder ?? path)) ?? []).sorted()
  }
}

/// Helpers shared by the state store tests.
enum StateTestSupport {
  static let python = "/usr/bin/python3"

  static func bytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
  }

  static func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// Fills a store in `folder` with values, then scribbles over every page but the header,
  /// as a failing disk might.
  ///
  /// - Returns: The damaged bytes now in `state.sqlite`.
  static func writeCorruptStore(in folder: StateTestFolder) throws -> [UInt8] {
    do {
      let store = try StateStore(directory: folder.path)
      try store.transaction { () throws(FolioError) in
        for index in 0..<2_000 {
          try store.setPluginValue(String(repeating: "v", count: 100), plugin: "p", key: "key \(index)")
        }
      }
    }
    let path = folder.file("state.sqlite")
    guard var bytes = bytes(path), bytes.count > 20 * 4096 else {
      throw CocoaError(.fileReadCorruptFile)
    }
    for offset in stride(from: 4096, to: bytes.count, by: 4096) {
      for index in offset..<(offset + 64) { bytes[index] = 0xA5 }
    }
    try write(bytes, to: path)
    return bytes
  }

  /// A second, independent connection to a database, as another tool would open it.
  static func connection(_ path: String) throws -> SQLiteConnection {
    try SQLiteConnection(path: path)
  }

  static func userVersion(_ path: String) throws -> Int {
    try connection(path).userVersion()
  }

  /// The permission bits of a file or folder.
  static func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }
}

/// Failures collected from several threads.
final class StateThreadFailures: @unchecked Sendable {
  private let lock = NSLock()
  private var collected: [String] = []

  func add(_ failure: String) {
    lock.lock()
    defer { lock.unlock() }
    collected.append(failure)
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return collected
  }
}

/// A Python process using the store's database through Python's own SQLite, talking to
/// the test line by line.
final class StatePythonProcess {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()

  init(script: String, arguments: [String]) throws {
    process.executableURL = URL(fileURLWithPath: StateTestSupport.python)
    process.arguments = ["-c", script] + arguments
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    try? output.fileHandleForWriting.close()
    try? input.fileHandleForReading.close()
  }

  /// The next line the process printed, or `nil` once it closed its output.
  func readLine() -> String? {
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while read(output.fileHandleForReading.fileDescriptor, &byte, 1) == 1 {
      if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
      line.append(byte)
    }
    return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
  }

  func writeLine(_ text: String) throws {
    try input.fileHandleForWriting.write(contentsOf: Data((text + "\n").utf8))
  }

  /// Waits for the process to end and returns its exit status.
  func finish() -> Int32 {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    return process.terminationStatus
  }
}
