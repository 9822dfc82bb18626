import CFolioSystem

#if canImport(Glibc)
  import Glibc
#endif

/// A counting semaphore (POSIX `sem_t`), for one thread to wake another.
///
/// Dispatch's semaphore would bring libdispatch into a static binary and its relocations
/// into every start (docs/performance.md, "Start-up: static libraries,
/// commands made on first use").
package final class Semaphore: @unchecked Sendable {
  /// The semaphore, at an address that never moves (`sem_t` may not be copied).
  private let semaphore: UnsafeMutablePointer<sem_t>

  /// Creates a semaphore whose count is zero.
  package init() {
    semaphore = .allocate(capacity: 1)
    sem_init(semaphore, 0, 0)
  }

  deinit {
    sem_destroy(semaphore)
    semaphore.deallocate()
  }

  /// Adds one to the count, waking a waiting thread.
  package func signal() {
    sem_post(semaphore)
  }

  /// Waits until the count is over zero, then takes one from it.
  package func wait() {
    while sem_wait(semaphore) != 0, errno == EINTR {}
  }

  /// Waits at most `milliseconds` (none when not positive) for the count to be over zero,
  /// taking one from it if so.
  ///
  /// - Returns: whether it was signalled in time.
  @discardableResult
  package func wait(milliseconds: Int) -> Bool {
    folio_semaphore_wait(semaphore, Int32(clamping: max(0, milliseconds))) == 0
  }
}
