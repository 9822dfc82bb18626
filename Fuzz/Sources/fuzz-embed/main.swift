import FolioCore
import FolioEmbed
import FolioSession
import FuzzSupport

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The embedding protocol's input side: the message reader, the JSON reader, the
/// MessagePack reader and writer, and the dispatcher. The first byte of an input sets the size of the chunks the rest arrives in.
/// The reader gives exactly the lines a plain split gives (those over its limit as their
/// length); JSON it reads writes back to text it reads the same; and every line sent to a
/// server over a session with a tiny table open gets at most one reply, exactly one with the
/// request's id when the line is a well-formed request, each a JSON-RPC response.
///
/// Inputs holding a `/` or a `\` (which could escape one) are skipped, and each runs with a
/// temporary folder as the current one, so no method reaches a file outside it.
let scratch = ScratchFolder(prefix: "folio-fuzz-embed")

/// The reader's limit in the target: small, so that over-long lines are common.
let limit = 96

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzEmbed(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = Fuzzer.bytes(data, size)
  guard let first = input.first else { return 0 }
  let bytes = Array(input.dropFirst())
  let chunk = Int(first % 17) + 1

  // The reader against a plain split.
  var reader = MessageReader(limit: limit)
  var items: [MessageReader.Item] = []
  var start = 0
  while start < bytes.count {
    items += reader.append(bytes[start..<min(bytes.count, start + chunk)])
    start += chunk
  }
  if let last = reader.finish() { items.append(last) }
  var expected = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
    $0.count > limit ? MessageReader.Item.tooLong(byteCount: $0.count) : .line(Array($0))
  }
  if bytes.last == UInt8(ascii: "\n") || bytes.isEmpty { expected.removeLast() }
  Fuzzer.require(items == expected, "reader gave \(items), a split gives \(expected)")

  // The JSON reader: what it reads, written, reads the same.
  for case .line(let line) in items {
    guard let value = try? JSONText.parse(line) else { continue }
    let written = value.serialized
    let reread = try? JSONText.parse(Array(written.utf8))
    Fuzzer.require(reread?.serialized == written, "\(written) reads back as \(String(describing: reread))")
  }

  // The JSON reader on the whole input, as `folio.json.decode` reads a plugin's text: what
  // it reads writes back to text it reads the same (the corpus holds an object of 100,000
  // keys, which it reads in linear time).
  if let value = try? JSONText.parse(bytes) {
    let written = value.serialized
    let reread = try? JSONText.parse(Array(written.utf8))
    Fuzzer.require(reread?.serialized == written, "\(written) reads back as \(String(describing: reread))")
  }

  // The MessagePack reader: the same items whole as in chunks, breaks and their reasons
  // too (its framing reads each byte once, wherever the chunks end); what it decodes,
  // written and read back, is what it was. Array32 and map32 headers are read like the
  // rest: a count over what the message may hold is refused at its header, and msgpack-c
  // (which sets aside 24 bytes an element when it reads a count) sees only whole messages.
  let packed = readPacked(bytes, chunk: bytes.count)
  Fuzzer.require(
    packed.map(described) == readPacked(bytes, chunk: chunk).map(described),
    "MessagePack read whole and in chunks of \(chunk) differ")
  for case .message(let value) in packed {
    var writer = MessagePackWriter()
    writer.write(value)
    let again = writer.withBytes { MessagePackReader(limit: .max).append($0) }
    let reread = again.first.flatMap { item -> JSONValue? in
      if case .message(let value) = item { value } else { nil }
    }
    Fuzzer.require(
      reread?.serialized == value.serialized,
      "\(value.serialized) reads back as \(String(describing: again))")
  }

  // The dispatcher.
  guard !bytes.contains(UInt8(ascii: "/")), !bytes.contains(UInt8(ascii: "\\")) else { return 0 }
  scratch.withInput {
    scratch.reset("t.csv", to: "name,n\na,1\nb,2\n")
    serve(items)
  }
  return 0
}

/// Sends `items` to a server over a session with the fixture open, checking each message's
/// replies.
func serve(_ items: [MessageReader.Item]) {
  let session = EmbedServer.makeSession(
    workspace: Workspace(store: nil, currentDirectory: scratch.path, home: nil))
  defer { session.workspace.endSession() }
  var sent: [JSONValue] = []
  let server = EmbedServer(session: session, log: { _ in }) { sent.append($0) }
  server.messageLimit = limit
  server.receive(
    .line(Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"1.0"}}"#.utf8)))
  server.receive(
    .line(Array(#"{"jsonrpc":"2.0","id":0,"method":"document.open","params":{"path":"t.csv"}}"#.utf8)))
  server.noteCancellations(in: items)
  for item in items where server.phase != .exited {
    sent = []
    server.receive(item)
    let replies = sent.filter { message in
      guard case .object(let fields) = message else { return true }
      return !fields.contains { $0.0 == "method" }
    }
    Fuzzer.require(replies.count <= 1, "\(replies.count) replies to one message")
    for reply in replies {
      guard case .object(let fields) = reply else {
        Fuzzer.require(false, "a reply that is not an object: \(reply)")
        continue
      }
      Fuzzer.require(
        fields.first?.0 == "jsonrpc" && fields.first?.1 == .string("2.0"), "no jsonrpc: \(reply)")
      Fuzzer.require(
        fields.contains { $0.0 == "result" } != fields.contains { $0.0 == "error" },
        "result xor error: \(reply)")
    }
    if case .line(let line) = item, let id = wellFormedRequestID(line) {
      Fuzzer.require(replies.count == 1, "a request got \(replies.count) replies")
      guard case .object(let fields)? = replies.first else { continue }
      Fuzzer.require(fields.first { $0.0 == "id" }?.1 == id, "the reply does not echo the id \(id)")
    }
  }
}

/// The items a MessagePack reader finds in `bytes` given in chunks of `chunk`.
func readPacked(_ bytes: [UInt8], chunk: Int) -> [MessageReader.Item] {
  let reader = MessagePackReader(limit: limit)
  var items: [MessageReader.Item] = []
  var start = 0
  while start < bytes.count {
    items += bytes[start..<min(bytes.count, start + max(1, chunk))].withUnsafeBufferPointer {
      reader.append($0)
    }
    start += max(1, chunk)
  }
  if let last = reader.finish() { items.append(last) }
  return items
}

/// `item` as text, because a NaN the bytes hold is not equal to itself.
func described(_ item: MessageReader.Item) -> String {
  "\(item)"
}

/// The id of a line that is a JSON-RPC request in form: an object of `jsonrpc` "2.0", a
/// string `method`, an integer or string `id`, and optional `params`, nothing else.
func wellFormedRequestID(_ line: [UInt8]) -> JSONValue? {
  guard case .object(let fields)? = try? JSONText.parse(line) else { return nil }
  var id: JSONValue?
  for (key, value) in fields {
    switch (key, value) {
    case ("jsonrpc", .string("2.0")), ("method", .string), ("params", _): continue
    case ("id", .int), ("id", .string): id = value
    default: return nil
    }
  }
  guard fields.contains(where: { $0.0 == "method" }), fields.contains(where: { $0.0 == "jsonrpc" }) else {
    return nil
  }
  return id
}

Fuzzer.run(fuzzEmbed)
