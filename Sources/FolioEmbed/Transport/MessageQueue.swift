import Dispatch
import Synchronization

/// A first-in, first-out queue between two threads: the thread reading standard input puts
/// what it read, and the serving loop takes it, waiting while the queue is empty.
///
/// The elements are guarded by a `Mutex`; a semaphore counts them, so `take()` blocks
/// without polling and wakes once per element put.
public final class MessageQueue<Element: Sendable>: Sendable {
  private struct Storage {
    var elements: [Element] = []
    /// The index of the first element not taken yet.
    var head = 0
  }

  private let storage = Mutex(Storage())
  private let available = DispatchSemaphore(value: 0)

  /// Creates an empty queue.
  public init() {}

  /// Adds `element` at the end and wakes a waiting `take()`.
  public func put(_ element: Element) {
    storage.withLock { $0.elements.append(element) }
    available.signal()
  }

  /// Removes and returns the first element, waiting until there is one.
  public func take() -> Element {
    available.wait()
    return storage.withLock { storage in
      let element = storage.elements[storage.head]
      storage.head += 1
      // The taken elements are dropped once they are half the array, so taking stays O(1)
      // on average however many are pipelined.
      if storage.head * 2 >= storage.elements.count {
        storage.elements.removeFirst(storage.head)
        storage.head = 0
      }
      return element
    }
  }
}
