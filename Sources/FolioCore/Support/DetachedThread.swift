#if canImport(Glibc)
  import Glibc
#endif

/// Runs `body` on a new detached thread, if one can be made (else not at all); the process
/// may end while it is still running. The thread holds the only reference to `body` once it
/// starts, so what `body` captures is released on that thread when it is done.
package func startDetachedThread(_ body: @escaping @Sendable () -> Void) {
  let pointer = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
  var thread = pthread_t()
  let status = pthread_create(
    &thread, nil,
    { raw in
      guard let raw else { return nil }
      Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().run()
      return nil
    }, pointer)
  if status == 0 {
    pthread_detach(thread)
  } else {
    Unmanaged<ThreadBody>.fromOpaque(pointer).release()
  }
}

/// The body of a thread, passed through `pthread_create`'s pointer.
private final class ThreadBody: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
