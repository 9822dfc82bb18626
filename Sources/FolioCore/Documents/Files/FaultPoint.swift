import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Faults that tests make happen at named steps of Folio's file writes, so that every step
/// of a save can be shown to lose nothing.
///
/// The environment variable `FOLIO_FAULT=POINT:ACTION[:N]`, read once when a fault point is
/// first reached, arms one point. `ACTION` is `kill` (the process kills itself with SIGKILL
/// just before the step; in the middle of it for the write steps), `sigint` (the process
/// sends itself SIGINT there, a Ctrl-C at a known moment, and the step goes on), or `eio`,
/// `enospc`, `exdev` (the step fails with that error). `N` fires only on the Nth time the
/// point is reached (from 1); without it every time. Unset, each point costs one load of an
/// already-initialised constant.
///
/// The points of a document save are `save.create`, `save.write`, `save.fsync`,
/// `save.rename`, `save.sync-folder` and `save.done`; of a save in place `save.backup`,
/// `save.in-place-write` and `save.in-place-fsync`; journal writes have the same steps as a
/// save under `journal.`, and appending a change to a journal's log is `journal.append`.
public enum FaultPoint {
  /// Every point Folio reaches, for the documentation and to reject a misspelled name.
  public static let names: [String] =
    ["create", "write", "fsync", "rename", "sync-folder"].flatMap { ["save.\($0)", "journal.\($0)"] } + [
      "save.done", "save.backup", "save.in-place-write", "save.in-place-fsync", "journal.append",
    ]

  /// What an armed point does.
  enum Action: Equatable, Sendable {
    case kill
    /// SIGINT to the process itself, as a Ctrl-C at that step; the step goes on.
    case interrupt
    case fail(Int32)
  }

  /// The armed point.
  struct Arming: Equatable, Sendable {
    var point: String
    var action: Action
    var occurrence: Int?
  }

  /// Reads `FOLIO_FAULT`; nil when it is unset or empty.
  ///
  /// - Throws: a message naming what is wrong with the value.
  static func parse(_ value: String?) throws(FolioError) -> Arming? {
    guard let value, !value.isEmpty else { return nil }
    let parts = value.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard (2...3).contains(parts.count), names.contains(parts[0]) else {
      throw .invalidArgument(
        "FOLIO_FAULT=\(value): expected POINT:ACTION[:N] with a POINT among " + names.joined(separator: ", "))
    }
    let action: Action
    switch parts[1] {
    case "kill": action = .kill
    case "sigint": action = .interrupt
    case "eio": action = .fail(EIO)
    case "enospc": action = .fail(ENOSPC)
    case "exdev": action = .fail(EXDEV)
    default: throw .invalidArgument("FOLIO_FAULT=\(value): ACTION is kill, sigint, eio, enospc or exdev")
    }
    var occurrence: Int?
    if parts.count == 3 {
      guard let number = Int(parts[2]), number >= 1 else {
        throw .invalidArgument("FOLIO_FAULT=\(value): N is a number from 1")
      }
      occurrence = number
    }
    return Arming(point: parts[0], action: action, occurrence: occurrence)
  }

  private static let arming: Arming? = {
    let value = getenv("FOLIO_FAULT").map { String(cString: $0) }
    do throws(FolioError) {
      return try parse(value)
    } catch {
      // A misspelled fault must not pass for a fault that never fired.
      let message = Array("folio: \(error.message)\n".utf8)
      _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
      _exit(2)
    }
  }()

  private static let reached = Atomic<Int>(0)

  /// Reaches a point: does nothing unless `FOLIO_FAULT` armed it; kills the process for
  /// `kill`.
  ///
  /// - Returns: the error number the step must fail with, or nil to go on.
  static func reach(_ point: String) -> Int32? {
    guard let arming, arming.point == point else { return nil }
    let count = reached.add(1, ordering: .relaxed).newValue
    if let occurrence = arming.occurrence, occurrence != count { return nil }
    switch arming.action {
    case .kill:
      kill(getpid(), SIGKILL)
      return nil
    case .interrupt:
      // Delivered before `raise` returns, so the step goes on with Ctrl-C already noted.
      raise(SIGINT)
      return nil
    case .fail(let code): return code
    }
  }
}
