import FolioCore
import Synchronization
import Testing

@testable import FolioEmbed

#if canImport(Glibc)
  import Glibc
#endif

/// The queue between the thread reading standard input and the serving loop, and the
/// record of cancellations they share.
@Suite struct MessageQueueTests {
  @Test("elements come out in the order they went in, across many puts and takes")
  func order() {
    let queue = MessageQueue<Int>()
    for value in 0..<1000 { queue.put(value) }
    var taken: [Int] = []
    for _ in 0..<500 { taken.append(queue.take()) }
    for value in 1000..<1500 { queue.put(value) }
    for _ in 0..<1000 { taken.append(queue.take()) }
    #expect(taken == Array(0..<1500))
  }

  @Test("take waits for an element put by another thread")
  func acrossThreads() async {
    let queue = MessageQueue<Int?>()
    let producer = Task.detached {
      for value in 0..<10_000 { queue.put(value) }
      queue.put(nil)
    }
    var taken: [Int] = []
    while let value = queue.take() { taken.append(value) }
    await producer.value
    #expect(taken == Array(0..<10_000))
  }

  @Test("cancelling the running request cancels the token; finishing it resets the token")
  func cancelRunning() {
    let token = CancellationToken()
    let cancellations = RequestCancellations(token: token)
    #expect(cancellations.start(.number(1)))
    cancellations.cancel(.number(1))
    #expect(token.isCancelled)
    #expect(cancellations.finish())
    #expect(!token.isCancelled, "finishing resets the token")
    #expect(cancellations.start(.number(2)))
    #expect(!token.isCancelled)
    #expect(!cancellations.finish())
  }

  @Test("a request cancelled before it started does not start; others are untouched")
  func cancelQueued() {
    let token = CancellationToken()
    let cancellations = RequestCancellations(token: token)
    cancellations.cancel(.string("a"))
    #expect(!token.isCancelled)
    #expect(cancellations.start(.number(1)))
    #expect(!cancellations.finish())
    #expect(!cancellations.start(.string("a")))
    // A cancel after a request finished reaches no running work.
    #expect(cancellations.start(.number(2)))
    #expect(!cancellations.finish())
    cancellations.cancel(.number(2))
    #expect(!token.isCancelled)
  }
}
