#if canImport(Glibc)
  import Glibc
#endif

/// A reading of this machine's monotonic clock (`CLOCK_MONOTONIC`: never set, stopped while
/// the machine sleeps), for spacing out progress reports.
///
/// The standard library's `ContinuousClock` lives in `_Concurrency`, which would bring the
/// concurrency runtime and libdispatch into a static binary and their relocations into
/// every start (docs/performance.md, "Start-up: static libraries,
/// commands made on first use").
public struct MonotonicInstant: Comparable, Sendable {
  /// Time since an arbitrary start, fixed for the machine's uptime.
  private let sinceStart: Duration

  /// The clock now.
  public static var now: MonotonicInstant {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return MonotonicInstant(sinceStart: .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec))
  }

  /// The instant `duration` after this one.
  public static func + (instant: MonotonicInstant, duration: Duration) -> MonotonicInstant {
    MonotonicInstant(sinceStart: instant.sinceStart + duration)
  }

  /// The time from `earlier` to `later`; negative when `later` is the earlier one.
  public static func - (later: MonotonicInstant, earlier: MonotonicInstant) -> Duration {
    later.sinceStart - earlier.sinceStart
  }

  public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
    lhs.sinceStart < rhs.sinceStart
  }
}
