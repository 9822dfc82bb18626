import Foundation
import Testing

/// Runs the `folio` binary for the fault tests: in a folder of the test's own, with a home
/// (and so a state folder) that lasts across runs, extra environment such as `FOLIO_FAULT`,
/// and optionally as another user.
struct FaultRun {
  /// What a run printed and how it ended.
  struct Outcome {
    var output: String
    var errors: String
    var status: Int32
    /// Whether it ended by a signal (`status` is then the signal).
    var wasSignalled: Bool
  }

  /// The folder documents live in.
  let folder: URL
  /// The home, whose `state/folio` is the state folder.
  let home: URL

  /// A fresh folder and home, removed by `remove()`.
  init() throws {
    folder = try FolioProcess.temporaryDirectory()
    home = folder.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
  }

  /// The state folder the runs use.
  var stateFolder: URL { home.appendingPathComponent("state/folio") }

  /// The path of a file in the folder.
  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }

  func write(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
  }

  func text(_ name: String) throws -> String {
    String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
  }

  /// The names in the folder (the home excluded), sorted.
  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "home" }.sorted()
  }

  /// The names in the state folder's `recovery/`, sorted; empty when it does not exist.
  func recoveryNames() -> [String] {
    let recovery = stateFolder.appendingPathComponent("recovery").path
    return ((try? FileManager.default.contentsOfDirectory(atPath: recovery)) ?? []).sorted()
  }

  /// Whether a file in the state folder's `recovery/` holds `text` (as UTF-8), as a journal
  /// holds the text of a cell it logged.
  func recoveryHolds(_ text: String) -> Bool {
    let recovery = stateFolder.appendingPathComponent("recovery")
    let needle = Data(text.utf8)
    return recoveryNames().contains { name in
      (try? Data(contentsOf: recovery.appendingPathComponent(name)))?.range(of: needle) != nil
    }
  }

  /// Runs folio and waits for it.
  ///
  /// - Parameters:
  ///   - environment: added to the usual test environment.
  ///   - user: run as this uid and gid (through `setpriv`), for permission tests as root.
  func run(_ arguments: [String], environment: [String: String] = [:], user: (uid: Int, gid: Int)? = nil)
    throws -> Outcome
  {
    let process = Process()
    if let user {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      process.arguments =
        ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", FolioProcess.executable.path]
        + arguments
    } else {
      process.executableURL = FolioProcess.executable
      process.arguments = arguments
    }
    process.environment = FolioProcess.environment(home: home).merging(environment) { $1 }
    process.currentDirectoryURL = folder
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    killIfHung(process)
    let errorData = LockedData()
    let errorReader = Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
    errorReader.start()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      output: String(decoding: outputData, as: UTF8.self),
      errors: String(decoding: errorData.waitForValue(), as: UTF8.self), status: process.terminationStatus,
      wasSignalled: process.terminationReason == .uncaughtSignal)
  }
}

/// A small tmpfs mounted for one test; these tests run as root, as CI does, and fail — never
/// skip — when the mount is refused.
final class TemporaryMount {
  let path: String
  private var mounted: [String] = []

  /// Mounts a tmpfs of `size` (such as `256k`) at a new folder `name` inside `folder`.
  init(tmpfsOf size: String, named name: String, in folder: URL) throws {
    path = folder.appendingPathComponent(name).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    try Self.mount(["-t", "tmpfs", "-o", "size=\(size),mode=0755", "tmpfs", path])
    mounted.append(path)
  }

  /// Bind-mounts the file `source` over the file `target`, as containers mount single files.
  func bind(_ source: String, over target: String) throws {
    try Self.mount(["--bind", source, target])
    mounted.append(target)
  }

  deinit {
    for point in mounted.reversed() { _ = try? Self.command("/bin/umount", [point]) }
  }

  private static func mount(_ arguments: [String]) throws {
    let (status, errors) = try command("/bin/mount", arguments)
    guard status == 0 else {
      throw MountFailure(
        description: "mount \(arguments.joined(separator: " ")) failed (status \(status)): \(errors) — "
          + "the file-fault tests need root and tmpfs, as CI has")
    }
  }

  private static func command(_ path: String, _ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }
}

/// Why a mount the test needs failed.
struct MountFailure: Error, CustomStringConvertible {
  var description: String
}

/// A file's owner, group, permission bits, inode and link count.
struct FileFacts: Equatable {
  var owner: Int
  var group: Int
  var mode: Int
  var inode: UInt64
  var links: Int

  init(_ path: String) throws {
    var info = stat()
    guard stat(path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
    owner = Int(info.st_uid)
    group = Int(info.st_gid)
    mode = Int(info.st_mode & 0o7777)
    inode = UInt64(info.st_ino)
    links = Int(info.st_nlink)
  }
}
