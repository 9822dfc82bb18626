import Testing

@testable import FolioCore

/// The semaphore one thread wakes another with, and the monotonic clock progress is spaced by.
@Suite struct SemaphoreTests {
  @Test("a signal is counted until taken; a timed wait without one times out")
  func counting() {
    let semaphore = Semaphore()
    #expect(!semaphore.wait(milliseconds: 1))
    semaphore.signal()
    semaphore.signal()
    #expect(semaphore.wait(milliseconds: 0))
    semaphore.wait()
    #expect(!semaphore.wait(milliseconds: 0))
    // A time that is not positive takes a signal already counted, and waits for none.
    for milliseconds in [-999, -1, -1_500] {
      semaphore.signal()
      #expect(semaphore.wait(milliseconds: milliseconds), "\(milliseconds)")
      #expect(!semaphore.wait(milliseconds: milliseconds), "\(milliseconds)")
    }
  }

  @Test("another thread's signal wakes a waiting thread")
  func wakesAnotherThread() {
    let ready = Semaphore()
    let done = Semaphore()
    startDetachedThread {
      ready.wait()
      done.signal()
    }
    ready.signal()
    done.wait()
    #expect(!done.wait(milliseconds: 0))
  }

  @Test("the monotonic clock never goes back, and instants add and subtract durations")
  func monotonic() {
    let start = MonotonicInstant.now
    let later = MonotonicInstant.now
    #expect(later >= start)
    #expect((start + .milliseconds(1_500)) - start == .milliseconds(1_500))
    #expect(start - (start + .seconds(2)) == .seconds(-2))
    #expect(start < start + .nanoseconds(1))
  }
}
