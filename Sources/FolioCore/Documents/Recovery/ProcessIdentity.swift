#if canImport(Glibc)
  import Glibc
#endif

/// Which process, of all that ever ran on this machine, wrote a recovery journal: its boot
/// (`/proc/sys/kernel/random/boot_id`) and its start time in clock ticks since that boot
/// (field 22 of `/proc/PID/stat`), written as `BOOT/TICKS`. A pid alone is reused once its
/// process ends; a pid with this identity names one process only, so a journal is never
/// taken for a live session's when its writer ended and another process got the pid, nor
/// for an ended one's while its writer lives.
enum ProcessIdentity {
  /// This process's identity; nil where `/proc` does not tell it.
  static let current: String? = identity(of: getpid())

  /// The identity of the running process `pid`; nil when it is not running or `/proc` does
  /// not tell.
  static func identity(of pid: Int32) -> String? {
    guard let boot = bootID, let ticks = startTicks(of: pid) else { return nil }
    return boot + "/" + String(ticks)
  }

  /// Whether the process that wrote `identity` as `pid` on this host is still running: the
  /// pid is alive and, when the writer gave its identity, it is the same process.
  static func isAlive(pid: Int32, identity: String?) -> Bool {
    guard pid > 0, kill(pid, 0) == 0 || errno == EPERM else { return false }
    guard let identity else { return true }
    // A process alive whose identity cannot be read is taken for the writer: never adopt a
    // live session's journal.
    guard let now = Self.identity(of: pid) else { return true }
    return now == identity
  }

  /// This boot's id, without its line feed.
  private static let bootID: String? = {
    guard let bytes = readSmallFile("/proc/sys/kernel/random/boot_id") else { return nil }
    let text = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
    return text.isEmpty ? nil : text
  }()

  /// Field 22 of `/proc/PID/stat`, the start time in clock ticks since boot. The fields are
  /// counted after the last `)`, since the command name before it may hold spaces and
  /// parentheses.
  private static func startTicks(of pid: Int32) -> UInt64? {
    guard let bytes = readSmallFile("/proc/\(pid)/stat"),
      let close = bytes.lastIndex(of: UInt8(ascii: ")"))
    else { return nil }
    // After ") " come field 3 (the state) onwards: the start time is the 20th of them.
    let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
    guard fields.count >= 20 else { return nil }
    return UInt64(String(decoding: fields[19], as: UTF8.self))
  }

  /// The first 4 KiB of a file under `/proc`, read without blocking; nil when it cannot be.
  private static func readSmallFile(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    return Array(buffer.prefix(count))
  }
}
