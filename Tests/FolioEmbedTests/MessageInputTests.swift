import Dispatch
import FolioCore
import Synchronization
import Testing

@testable import FolioEmbed

#if canImport(Glibc)
  import Glibc
#endif

/// Standard input as the serving loop and the watcher thread read it, and the record of
/// cancellations they share.
@Suite struct MessageInputTests {
  /// The lines an input noted, in order, with a semaphore signalled once for each.
  private final class NotedLines: Sendable {
    let lines = Mutex<[String]>([])
    let signal = DispatchSemaphore(value: 0)

    func note(_ line: [UInt8]) {
      lines.withLock { $0.append(String(decoding: line, as: UTF8.self)) }
      signal.signal()
    }
  }

  /// A pipe whose read end feeds a `MessageInput` with its watcher running.
  private final class Pipe: Sendable {
    let input: MessageInput
    let writeEnd: Int32
    let noted: NotedLines

    init(limit: Int = MessageReader.defaultLimit, settled: Bool = true) {
      var ends: [Int32] = [0, 0]
      _ = pipe(&ends)
      writeEnd = ends[1]
      let noted = NotedLines()
      self.noted = noted
      input = MessageInput(descriptor: ends[0], limit: limit) { [noted] item in
        if case .line(let line) = item { noted.note(line) }
      }
      // Until the encoding is settled (after `initialize`), lines are split one at a time.
      if settled { input.settle(.json) }
      input.startWatching()
    }

    func write(_ text: String) {
      var text = text
      text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
          let written = Glibc.write(writeEnd, bytes.baseAddress! + offset, bytes.count - offset)
          guard written > 0 else { return }
          offset += written
        }
      }
    }

    func close() { _ = Glibc.close(writeEnd) }

    /// The items up to the end of the input, as text.
    func drain() -> [String] {
      var lines: [String] = []
      while let item = input.next() {
        switch item {
        case .line(let bytes): lines.append(String(decoding: bytes, as: UTF8.self))
        case .tooLong(let count): lines.append("<\(count) bytes>")
        default: lines.append("\(item)")
        }
      }
      return lines
    }
  }

  @Test("lines come out in order, across writes of any size, an unfinished last line included")
  func order() {
    let pipe = Pipe(limit: 64)
    let expected = (0..<10_000).map { "line \($0)" }
    // A thread of its own rather than a task: the reading below holds one of the test
    // pool's threads, which on two cores may be all the others the writer could wait for.
    startDetachedThread {
      let text = expected.joined(separator: "\n") + "\n" + String(repeating: "x", count: 100) + "\nlast"
      var rest = Substring(text)
      var size = 1
      while !rest.isEmpty {
        pipe.write(String(rest.prefix(size)))
        rest = rest.dropFirst(size)
        size = size % 5000 + 7
      }
      pipe.close()
    }
    let lines = pipe.drain()
    #expect(lines == expected + ["<100 bytes>", "last"])
    #expect(pipe.noted.lines.withLock { $0 } == expected + ["last"], "each line is noted once, in order")
  }

  @Test("the bytes after initialize are read in the encoding it settles, however they were split")
  func settling() {
    var random = SystemRandomNumberGenerator()
    let initialize = #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"encodings":["msgpack"]}}"#
    // {"a": 1}, then ["x"].
    let packed: [UInt8] = [0x81, 0xA1, 0x61, 0x01, 0x91, 0xA1, 0x78]
    for encoding in MessageEncoding.allCases {
      let pipe = Pipe(settled: false)
      // {"a": 1}, then the notification [2, "x", nil].
      let rpc: [UInt8] = [0x81, 0xA1, 0x61, 0x01, 0x93, 0x02, 0xA1, 0x78, 0xC0]
      let after =
        switch encoding {
        case .json: Array("{\"a\":1}\n[\"x\"]\n".utf8)
        case .msgpack: packed
        case .msgpackRPC: rpc
        }
      let bytes = Array("\n".utf8) + Array(initialize.utf8) + Array("\n".utf8) + after
      // Written whole or in two pieces, the split anywhere after the first line, which the
      // first `next` waits for.
      let split = Int.random(in: 1...bytes.count, using: &random)
      bytes[..<split].withUnsafeBufferPointer { _ = Glibc.write(pipe.writeEnd, $0.baseAddress, $0.count) }
      #expect(pipe.input.next() == .line([]))
      if split < bytes.count {
        bytes[split...].withUnsafeBufferPointer { _ = Glibc.write(pipe.writeEnd, $0.baseAddress, $0.count) }
      }
      #expect(pipe.input.next() == .line(Array(initialize.utf8)))
      pipe.input.settle(encoding)
      pipe.close()
      let rest = [pipe.input.next(), pipe.input.next(), pipe.input.next()]
      switch encoding {
      case .json: #expect(rest == [.line(Array(#"{"a":1}"#.utf8)), .line(Array(#"["x"]"#.utf8)), nil])
      case .msgpack:
        #expect(rest == [.message(.object([("a", .int(1))])), .message(.array([.string("x")])), nil])
      case .msgpackRPC:
        // A map is no msgpack-RPC message: skipped, and the stream goes on.
        #expect(
          rest == [
            .unrepresentable(
              "in msgpack-RPC a message is a request [0, id, method, params] or a notification [2, method, params]"
            ),
            .rpc(id: nil, method: .string("x"), params: nil), nil,
          ])
      }
    }
  }

  @Test("while a message is handled, the watcher reads the next ones and notes them at once")
  func watching() {
    let pipe = Pipe()
    pipe.write("first\n")
    #expect(pipe.input.next() == .line(Array("first".utf8)))
    #expect(pipe.noted.signal.wait(timeout: .now() + 60) == .success)
    // "first" is being handled: only the watcher can read "cancel" now.
    pipe.write("cancel\n")
    #expect(pipe.noted.signal.wait(timeout: .now() + 60) == .success, "the watcher read it")
    #expect(pipe.noted.lines.withLock { $0 } == ["first", "cancel"])
    pipe.close()
    #expect(pipe.drain() == ["cancel"])
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
