import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `folio --embed` as a process at the protocol's limits: a client that writes without
/// reading, an answer over the message limit, an object of a million keys.
@Suite struct EmbedLimitsProcessTests {
  /// A `folio --embed` process over raw pipes, in a folder of its own.
  private final class Embedded {
    let process = Process()
    let folder: URL
    private let root: URL
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()
    /// How much of `buffer` holds no newline: a long line is scanned once, not at each chunk.
    private var scanned = 0

    init(files: [String: Data] = [:]) throws {
      root = try FolioProcess.temporaryDirectory()
      folder = root.appendingPathComponent("work")
      let home = root.appendingPathComponent("home")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
      for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
      process.executableURL = FolioProcess.executable
      process.arguments = ["--embed", "--no-plugins"]
      process.environment = FolioProcess.environment(home: home)
      process.currentDirectoryURL = folder
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      killIfHung(process)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The descriptor of folio's standard input, for writes of the test's own.
    var inputDescriptor: Int32 { input.fileHandleForWriting.fileDescriptor }

    /// Writes one line.
    func send(_ line: String) {
      input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Reads the next line folio writes, as JSON; nil at the end of its output.
    func receive() throws -> [String: Any]? {
      while true {
        if let newline = buffer[(buffer.startIndex + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
          let line = buffer[buffer.startIndex..<newline]
          buffer = Data(buffer[buffer.index(after: newline)...])
          scanned = 0
          return try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
        }
        scanned = buffer.count
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { return nil }
        buffer += chunk
      }
    }

    /// Sends a request line and reads its response, skipping notifications.
    func request(_ line: String) throws -> [String: Any] {
      send(line)
      while let message = try receive() {
        if message["method"] == nil { return message }
      }
      Issue.record("folio's output ended before the response to \(line.prefix(80))")
      return [:]
    }

    /// Closes folio's input and waits for it to end.
    func finish() throws -> Int32 {
      try input.fileHandleForWriting.close()
      while try receive() != nil {}
      process.waitUntilExit()
      return process.terminationStatus
    }

    /// The resident memory of the process, in bytes, from /proc.
    func residentBytes() throws -> Int {
      let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
      let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
      let kilobytes = try #require(Int(line.split(separator: " ").dropFirst().first ?? ""))
      return kilobytes * 1024
    }
  }

  private static let initialize =
    #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"1.3","notifications":[]}}"#

  /// Whether this build runs under AddressSanitizer (`make sanitize` builds folio alike).
  private static let isAddressSanitized = dlsym(nil, "__asan_init") != nil

  private static func errorCode(_ response: [String: Any]) -> Int? {
    (response["error"] as? [String: Any])?["code"] as? Int
  }

  @Test(
    "a client that writes without reading: folio reads only a few MB ahead, its memory stays flat, nothing is lost"
  )
  func writeWithoutReading() throws {
    let folio = try Embedded()
    #expect(Self.errorCode(try folio.request(Self.initialize)) == nil)
    #expect(Self.errorCode(try folio.request(#"{"jsonrpc":"2.0","id":1,"method":"document.list"}"#)) == nil)
    let before = try folio.residentBytes()
    // Requests whose error answers echo a long method name, so that folio's output pipe,
    // which nobody reads yet, fills after a few dozen; 16 KiB each, 64 MiB in all.
    let name = String(repeating: "m", count: 1024)
    let padding = String(repeating: " ", count: 15 * 1024)
    let lineCount = 4096
    let bytes = (0..<lineCount).flatMap { id in
      Array(#"{"jsonrpc":"2.0","id":\#(id + 2),"method":"\#(name)"}\#(padding)"#.utf8) + [UInt8(ascii: "\n")]
    }
    // Written without blocking, until folio has read everything or has not read for three
    // seconds: a folio blocked writing answers stops reading once its queue holds a few MB.
    let descriptor = folio.inputDescriptor
    let flags = fcntl(descriptor, F_GETFL)
    _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written > 0 {
        offset += written
        continue
      }
      guard written < 0, errno == EAGAIN || errno == EINTR else { break }
      var writable = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      guard poll(&writable, 1, 3_000) != 0 else { break }
    }
    let after = try folio.residentBytes()
    #expect(offset < 32 << 20, "folio read \(offset) of \(bytes.count) bytes while its answers waited")
    // Under AddressSanitizer freed memory waits in its quarantine, so resident size is no
    // measure of what folio keeps; what it read ahead, above, still is.
    if !Self.isAddressSanitized {
      #expect(after - before < 48 << 20, "resident memory grew from \(before) to \(after) bytes")
    }
    // The line being written when folio stopped reading is finished; then every request
    // written is answered, in order, as the answers are read.
    _ = fcntl(descriptor, F_SETFL, flags)
    let end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? offset
    let rest = Array(bytes[offset..<end])
    let count = bytes[..<end].reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    let writer = Thread {
      var sent = 0
      while sent < rest.count {
        let written = rest[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written > 0 || errno == EINTR else { return }
        sent += max(0, written)
      }
    }
    writer.start()
    var answered = 0
    while answered < count, let message = try folio.receive() {
      #expect(message["id"] as? Int == answered + 2)
      #expect(Self.errorCode(message) == -32601)
      answered += 1
    }
    #expect(answered == count)
    #expect(try folio.finish() == 0)
  }

  @Test(
    "table.rows of 100,000 rows over the 16 MiB limit is refused naming the limit; a page that fits is answered"
  )
  func rowsOverTheLimit() throws {
    let rows = (1...100_000).map {
      "Place number \($0) on the long street,Some City Of Many Names,\($0 % 5)\n"
    }
    let folio = try Embedded(files: ["big.csv": Data(("name,city,comfort\n" + rows.joined()).utf8)])
    #expect(Self.errorCode(try folio.request(Self.initialize)) == nil)
    let opened = try folio.request(
      #"{"jsonrpc":"2.0","id":1,"method":"document.open","params":{"path":"big.csv"}}"#)
    #expect(Self.errorCode(opened) == nil)
    let refused = try folio.request(
      #"{"jsonrpc":"2.0","id":2,"method":"table.rows","params":{"count":100000}}"#)
    #expect(Self.errorCode(refused) == -32001, "\(String(describing: refused).prefix(300))")
    let error = try #require(refused["error"] as? [String: Any])
    let data = try #require(error["data"] as? [String: Any])
    #expect(data["limit"] as? Int == 16_777_216)
    #expect((data["bytes"] as? Int ?? 0) > 16_777_216)
    let count = try #require(data["count"] as? Int)
    #expect((error["message"] as? String)?.contains("16777216") == true)
    let page = try folio.request(
      #"{"jsonrpc":"2.0","id":3,"method":"table.rows","params":{"start":1,"count":\#(count)}}"#)
    #expect(Self.errorCode(page) == nil)
    #expect(((page["result"] as? [String: Any])?["rows"] as? [Any])?.count == count)
    #expect(try folio.finish() == 0)
  }

  @Test("a request holding an object of a million keys (13 MB) is answered well within the hang bound")
  func millionKeyObject() throws {
    let folio = try Embedded()
    #expect(Self.errorCode(try folio.request(Self.initialize)) == nil)
    let object = "{" + (0..<1_000_000).map { #""k\#($0)":1"# }.joined(separator: ",") + "}"
    let response = try folio.request(
      #"{"jsonrpc":"2.0","id":1,"method":"document.list","params":{"x":\#(object)}}"#)
    #expect(Self.errorCode(response) == -32602, "unknown field 'x'")
    #expect(Self.errorCode(try folio.request(#"{"jsonrpc":"2.0","id":2,"method":"document.list"}"#)) == nil)
    #expect(try folio.finish() == 0)
  }
}
