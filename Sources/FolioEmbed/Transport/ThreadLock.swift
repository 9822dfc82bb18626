#if canImport(Glibc)
  import Glibc
#endif

/// A value guarded by a POSIX mutex, for the state the embedding server's threads share
/// (`MessageInput`, `RequestCancellations`).
///
/// `Synchronization.Mutex` would do the same job, but on Linux it locks with `futex` calls
/// that ThreadSanitizer cannot see, so every access under it was reported as a race;
/// ThreadSanitizer intercepts `pthread_mutex_lock`, and an uncontended lock costs about the
/// same (docs/reliability.md, "Sanitizers").
final class ThreadLock<Value>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  /// Creates the lock, guarding `value`.
  init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` on the value with the lock held.
  @inline(__always)
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
