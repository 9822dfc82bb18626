import FolioCore
import FolioPresentation
import FolioSession

#if canImport(Glibc)
  import Glibc
#endif

/// The embedding protocol's server: JSON-RPC 2.0 requests in, responses and notifications
/// out, over a `Session` (docs/protocol.md).
///
/// It is a front end beside the shell's REPL and scripts, and depends on no other front end:
/// it parses each message's
/// params into typed values at the edge, calls the session's typed API (or runs a command by
/// id with typed arguments), and sends the result in the shapes `--json` prints. The events a
/// request caused are sent as notifications before its response. It knows nothing of file
/// descriptors: `serve(_:)` feeds it the lines of standard input, and tests feed it directly.
public final class EmbedServer {
  /// The protocol versions this server speaks, newest first; each is served as
  /// docs/protocol.md documents it.
  public static let protocolVersions = ["1.5", "1.4", "1.3", "1.2", "1.1", "1.0"]

  /// Where the conversation is.
  public enum Phase: Equatable, Sendable {
    /// Only `initialize` is answered.
    case awaitingInitialize
    /// Requests are served.
    case running
    /// `shutdown` was answered; only `exit` is left.
    case shutDown
    /// `exit` arrived, or the input ended.
    case exited
  }

  /// The session served.
  public let session: Session
  /// Writes a line of the server's log (what it ignored, warnings), on standard error in
  /// `folio --embed`.
  let log: (String) -> Void
  /// Where messages go: as values, or as the bytes of each message in `encoding`.
  private enum Output {
    case values((JSONValue) -> Void)
    case bytes((UnsafeBufferPointer<UInt8>) -> Void)
  }

  /// Sends each message (a response or a notification) to the client.
  private let output: Output
  /// Phrases Folio's errors for `data`.
  let errorText: ErrorText
  /// Where the conversation is.
  public private(set) var phase = Phase.awaitingInitialize
  /// The encoding of the messages: JSON lines until `initialize` is answered, then the one
  /// the client chose.
  public private(set) var encoding = MessageEncoding.json
  /// The encoding `initialize` chose, taken up once its response is written.
  var chosenEncoding: MessageEncoding?
  /// The encoding the command line fixed (`--encoding msgpack-rpc`, or JSON for `--framing
  /// lsp`): in force from the first byte, and the only one `initialize` may choose.
  public private(set) var fixedEncoding: MessageEncoding?
  /// Whether JSON messages are framed by LSP's `Content-Length` headers (`--framing lsp`)
  /// rather than ended by a newline.
  public private(set) var framesLSP = false
  /// Whether errors take msgpack-RPC's conventional shape, `[type, message]` (Neovim's and
  /// pynvim's): when msgpack-RPC is spoken from the first byte, as Neovim's peers do.
  var writesConventionalErrors: Bool { fixedEncoding == .msgpackRPC }
  /// The protocol version the client named in `initialize`: the newest until then.
  var protocolVersion = EmbedServer.protocolVersions[0]
  /// The notifications the client asked for in `initialize`.
  var wantedNotifications: Set<String> = [] {
    didSet { wantsToolbarChanged = wantedNotifications.contains("toolbar.changed") }
  }
  /// Whether `wantedNotifications` holds `toolbar.changed`, which every request looks at.
  private(set) var wantsToolbarChanged = false
  /// The toolbar layout last sent in `toolbar.changed` (or found at `initialize`).
  var lastToolbar: JSONValue?
  /// The environment as `environment.changed` last told it (or as `initialize` left it); nil
  /// until then, or when the client did not ask for the notification.
  var lastEnvironment: AppEnvironment?
  /// The dialog last sent in `dialog.presented`, to name the button of `dialog.dismissed`.
  var presentedDialog: Dialog?
  /// The longest message the reader feeding this server keeps, in bytes, and the longest
  /// response it writes as bytes: a longer answer is refused with `answerTooLarge`. (Values
  /// handed to `init(session:send:)`'s closure are not measured.)
  public var messageLimit = MessageReader.defaultLimit
  /// How many rows the answer being written holds (`table.rows`), so that an answer over
  /// the message limit can say how many would fit; nil for other answers.
  var rowsInAnswer: Int?
  /// Whether `menus.changed` went out for the request being answered.
  var hasSentMenusChanged = false
  /// Whether `shutdown` was answered.
  public private(set) var didShutDown = false
  /// The request running now and those cancelled before they started, shared with the
  /// input's watcher thread (`serve(_:)`), which cancels through it while a request runs.
  public let cancellations: RequestCancellations
  /// The row ids of each window's table as `document.changed` last left them.
  var toldRowIDs: [Int: [Int]] = [:]
  /// The request running now, which `$/progress` reports name.
  var runningRequest: RequestID?
  /// When the running request's last `$/progress` was sent.
  var lastProgress: MonotonicInstant?
  private var subscription: Subscription?
  /// The method last looked up and its handler: a client most often asks the same method
  /// again (the palette's search at each keystroke), and comparing its name is cheaper than
  /// hashing it into the method table.
  private var lastHandler: (method: String, handler: Handler)?
  /// The writer of each MessagePack message, emptied for the next: a writer made for each
  /// allocated its buffer each time.
  private var messageWriter = MessagePackWriter()

  /// The widths a session served to a client lays out with unless it says otherwise: a
  /// character-cell client's, one column a glyph — a table's cells are separated by three
  /// columns (` │ `) inside two-column edges and a two-column gutter, and cut no narrower than
  /// four; a toolbar's items are two apart, an icon beside its title takes two columns and
  /// one alone three, a group's members one apart, a menu indicator two and the overflow
  /// button one; panes are one apart; and there is no frame, since the client draws its own
  /// window.
  public static let layoutMetrics = LayoutMetrics(
    table: TableMetrics(separatorWidth: 3, edgeWidth: 2, gutterWidth: 2, minimumColumnWidth: 4),
    toolbar: ToolbarMetrics(
      spacing: 2, iconBesideTitleWidth: 2, iconOnlyWidth: 3, memberSpacing: 1, menuIndicatorWidth: 2,
      overflowButtonWidth: 1, frameWidth: 0),
    paneSeparatorWidth: 1, frameWidth: 0)

  /// A session for a client: laid out with `layoutMetrics`, its dialogs answered as they
  /// come (as a person answers them), `commands.run`'s results shaped as `--json` shapes
  /// them for `folio.run` too.
  public static func makeSession(workspace: Workspace, environment: [String: String] = [:]) -> Session {
    let session = Session(
      workspace: workspace, metrics: layoutMetrics, isInteractive: true, environment: environment)
    session.resultRenderer = JSONRenderer.result
    return session
  }

  /// Writes a log line on standard error, each control character shown as table cells
  /// show it.
  public static func logToStandardError(_ text: String) {
    var line = text.displayedOnOneLine + "\n"
    line.withUTF8 { bytes in _ = writeAll(descriptor: 2, bytes) }
  }

  /// Creates a server over `session` that sends its messages with `send` and its log lines
  /// to `log`.
  public convenience init(
    session: Session, log: @escaping (String) -> Void = EmbedServer.logToStandardError,
    send: @escaping (JSONValue) -> Void
  ) {
    self.init(session: session, log: log, output: .values(send))
  }

  /// Creates a server over `session` that writes each message as one line of JSON,
  /// ended by its newline — or, once the client chose MessagePack in `initialize`, as one
  /// MessagePack map — and hands its bytes to `writeLine`. The answers asked most often
  /// (`commands.search`'s matches) are written from their typed values, with no `JSONValue`
  /// tree; the bytes are those of the tree `init(session:send:)` would send. Log lines go to
  /// `log`.
  public convenience init(
    session: Session, log: @escaping (String) -> Void = EmbedServer.logToStandardError,
    writeLine: @escaping (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    self.init(session: session, log: log, output: .bytes(writeLine))
  }

  private init(session: Session, log: @escaping (String) -> Void, output: Output) {
    self.session = session
    self.log = log
    self.output = output
    cancellations = RequestCancellations(token: session.workspace.cancellation)
    errorText = ErrorText(registry: session.registry)
  }

  /// Fixes the transport before the first message: `encoding` from the first byte (and the
  /// only one `initialize` may choose), JSON in LSP's frames when `framesLSP`.
  public func fixTransport(encoding: MessageEncoding, framesLSP: Bool) {
    fixedEncoding = encoding
    self.encoding = encoding
    self.framesLSP = framesLSP && encoding == .json
  }

  // MARK: - Messages in

  /// Handles what the message reader found: a message, a line over the size limit, or a
  /// MessagePack message or stream the server cannot read.
  public func receive(_ item: consuming MessageReader.Item) {
    // A cancel noted as it was read is forgotten as it is handled: every request it could
    // name came before it, and has started.
    if cancellations.hasRemembered, let id = Self.cancelledID(in: item) {
      cancellations.handledCancel(of: id)
    }
    // Taken apart, not copied: a copy of a member and the destruction of the item left each
    // cost an outlined value operation.
    switch consume item {
    case .line(let bytes):
      receive(line: bytes)
    case .message(let message):
      receive(message: message)
    case .rpc(let id, let method, let params):
      receive(id: id, method: method, params: params)
    case .tooLong(let byteCount):
      respond(
        to: nil,
        with: .failure(
          ProtocolError(
            .invalidRequest,
            "the message is \(byteCount) bytes, over the limit of \(messageLimit); it was skipped",
            data: .object([("bytes", .int(byteCount)), ("limit", .int(messageLimit))]))))
    case .unrepresentable(let reason):
      respond(
        to: nil, with: .failure(ProtocolError(.invalidRequest, "the message has no JSON form: \(reason)")))
    case .unrepresentableRequest(let id, let reason):
      respond(
        to: RequestID(id),
        with: .failure(ProtocolError(.invalidRequest, "the message has no JSON form: \(reason)")))
    case .stray(let reason):
      log("folio: embed: ignored a message: \(reason)")
    case .broken(let failure):
      respond(to: nil, with: .failure(Self.error(failure, limit: messageLimit)))
    }
  }

  /// The error a broken MessagePack stream is answered with, before Folio stops reading.
  private static func error(_ failure: MessageReader.Failure, limit: Int) -> ProtocolError {
    let end = "the stream cannot be read on, so Folio reads no more"
    switch failure {
    case .unreadable(let reason):
      return ProtocolError(.parseError, "the message is not MessagePack: \(reason); \(end)")
    case .tooLong(let byteCount):
      return ProtocolError(
        .invalidRequest, "the message is over the limit of \(limit) bytes; \(end)",
        data: .object([("bytes", .int(byteCount)), ("limit", .int(limit))]))
    case .truncated(let byteCount):
      return ProtocolError(
        .parseError, "the input ended inside a message, after \(byteCount) bytes of it",
        data: .object([("bytes", .int(byteCount))]))
    case .badHeader(let reason):
      return ProtocolError(.parseError, "the message's header cannot be read: \(reason); \(end)")
    }
  }

  /// Notes the `$/cancelRequest` notifications among messages read but not handled yet, so
  /// that the requests they name are answered `requestCancelled` instead of running (or stop,
  /// when one of them runs now).
  public func noteCancellations(in items: [MessageReader.Item]) {
    for item in items {
      if let id = Self.cancelledID(in: item) { cancellations.cancel(id) }
    }
  }

  /// The id a `$/cancelRequest` message names; nil for any other item.
  public static func cancelledID(in item: MessageReader.Item) -> RequestID? {
    switch item {
    case .line(let bytes): cancelledID(in: bytes)
    case .message(let message): cancelledID(inMessage: message)
    case .rpc(_, let method, let params): cancelledID(method: method, params: params)
    default: nil
    }
  }

  /// The id a msgpack-RPC `$/cancelRequest` names; nil for any other message. (Matching the
  /// item against the method and params at once copied the members into a tuple, destroyed
  /// through its metadata, at every message.)
  private static func cancelledID(method: JSONValue, params: JSONValue?) -> RequestID? {
    guard case .string(let name) = method, name == "$/cancelRequest",
      case .object(let fields)? = byName(params)
    else {
      return nil
    }
    return fields.first(where: { $0.0 == "id" }).flatMap { RequestID($0.1) }
  }

  /// The id a `$/cancelRequest` line names; nil for any other line.
  public static func cancelledID(in bytes: [UInt8]) -> RequestID? {
    // Only a line that names the method is read twice.
    guard contains(bytes, cancelMethod), let message = try? JSONText.parse(bytes) else { return nil }
    return cancelledID(inMessage: message)
  }

  /// The id a `$/cancelRequest` message names; nil for any other message.
  private static func cancelledID(inMessage message: JSONValue) -> RequestID? {
    guard case .object(let fields) = message,
      fields.contains(where: { $0.0 == "method" && $0.1 == .string("$/cancelRequest") }),
      case .object(let params)? = fields.first(where: { $0.0 == "params" })?.1,
      let idValue = params.first(where: { $0.0 == "id" })?.1
    else { return nil }
    return RequestID(idValue)
  }

  private static let cancelMethod = Array("cancelRequest".utf8)

  /// Whether `bytes` hold `needle`: every line read is scanned, so over its buffer.
  private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
    guard let first = needle.first, bytes.count >= needle.count else { return false }
    return bytes.withUnsafeBufferPointer { haystack in
      var index = 0
      while index <= haystack.count - needle.count {
        if haystack[index] == first {
          var matched = 1
          while matched < needle.count, haystack[index + matched] == needle[matched] { matched += 1 }
          if matched == needle.count { return true }
        }
        index += 1
      }
      return false
    }
  }

  /// Handles one message line.
  func receive(line bytes: [UInt8]) {
    let message: JSONValue
    do {
      message = try JSONText.parse(bytes)
    } catch {
      respond(
        to: nil,
        with: .failure(
          ProtocolError(
            .parseError, "the message is not JSON: \(error.message) at byte \(error.offset)",
            data: .object([("offset", .int(error.offset))]))))
      return
    }
    receive(message: message)
  }

  /// Handles one message, read from JSON or MessagePack.
  func receive(message: JSONValue) {
    guard case .object(let fields) = message else {
      let what =
        if case .array = message { "batches are not supported; send one request a line" } else {
          "a message must be an object"
        }
      respond(to: nil, with: .failure(ProtocolError(.invalidRequest, what)))
      return
    }
    let request: Request
    do {
      request = try Request(fields)
    } catch {
      // The id, when it can be read, is echoed so the client can match the error.
      let id = fields.first(where: { $0.0 == "id" }).flatMap { RequestID($0.1) }
      respond(to: id, with: .failure(error))
      return
    }
    handle(request)
  }

  /// Handles one msgpack-RPC request or notification: its members checked as a map's are.
  func receive(id idValue: JSONValue?, method: JSONValue, params: JSONValue?) {
    var id: RequestID?
    if let idValue {
      guard let valid = RequestID(idValue) else {
        respond(
          to: nil, with: .failure(ProtocolError(.invalidRequest, "'id' must be a number, a string or null")))
        return
      }
      id = valid
    }
    guard case .string(let name) = method else {
      respond(to: id, with: .failure(ProtocolError(.invalidRequest, "'method' must be a string")))
      return
    }
    handle(Request(id: id, method: name, params: Self.byName(params)))
  }

  /// msgpack-RPC params as the params object: the object itself, or an array holding it
  /// alone (`[{…}]`) or nothing (`[]`), as Neovim's clients send their arguments. Any other
  /// array is handed on as it is, for `Params` to refuse as it refuses one in a map.
  static func byName(_ params: JSONValue?) -> JSONValue? {
    guard case .array(let values)? = params else { return params }
    switch values.count {
    case 0: return nil
    case 1:
      switch values[0] {
      case .object, .null: return values[0]
      default: return params
      }
    default: return params
    }
  }

  /// A message's members, checked: `jsonrpc` is "2.0", `method` a string, `id` a number or
  /// a string (absent in a notification), `params` whatever the method reads.
  struct Request {
    var id: RequestID?
    var method: String
    var params: JSONValue?

    /// A request whose members were checked already (msgpack-RPC's envelope).
    init(id: RequestID?, method: String, params: JSONValue?) {
      self.id = id
      self.method = method
      self.params = params
    }

    init(_ fields: [(String, JSONValue)]) throws(ProtocolError) {
      var method: String?
      for (key, value) in fields {
        switch key {
        case "jsonrpc":
          guard value == .string("2.0") else {
            throw ProtocolError(.invalidRequest, "'jsonrpc' must be \"2.0\"")
          }
        case "method":
          guard case .string(let name) = value else {
            throw ProtocolError(.invalidRequest, "'method' must be a string")
          }
          method = name
        case "id":
          guard let id = RequestID(value) else {
            throw ProtocolError(.invalidRequest, "'id' must be a number, a string or null")
          }
          self.id = id
        case "params": params = value
        default:
          throw ProtocolError(
            .invalidRequest, "unknown member '\(key)'; a request has jsonrpc, id, method and params",
            data: .object([("member", .string(key))]))
        }
      }
      guard fields.contains(where: { $0.0 == "jsonrpc" }) else {
        throw ProtocolError(.invalidRequest, "'jsonrpc' is missing; it must be \"2.0\"")
      }
      guard let method else { throw ProtocolError(.invalidRequest, "'method' is missing") }
      self.method = method
    }
  }

  private func handle(_ request: Request) {
    guard let id = request.id else {
      handleNotification(request)
      return
    }
    guard cancellations.start(id) else {
      respond(
        to: id,
        with: .failure(ProtocolError(.requestCancelled, "the request was cancelled before it started")))
      return
    }
    runningRequest = id
    lastProgress = nil
    var outcome: Result<Answer, ProtocolError> = run(request, id: id)
    runningRequest = nil
    // A request the client cancelled while it ran, and that stopped for it, was rolled back
    // (as at Ctrl-C); one that ended first keeps its answer.
    if cancellations.finish(), case .failure(let error) = outcome, error.isInterruption {
      outcome = .failure(ProtocolError(.requestCancelled, "the request was cancelled while it ran"))
    }
    // The request's effects reach the client before its response.
    catchUp()
    respond(to: id, with: outcome)
    // `initialize`'s response is the last message in JSON when the client chose MessagePack.
    if let chosenEncoding {
      encoding = chosenEncoding
      self.chosenEncoding = nil
    }
  }

  /// Runs a request that was not cancelled before it started.
  private func run(_ request: Request, id: RequestID) -> Result<Answer, ProtocolError> {
    switch (phase, request.method) {
    case (.running, "initialize"):
      return .failure(ProtocolError(.invalidRequest, "the session is initialized already"))
    case (.awaitingInitialize, "initialize"), (.running, _):
      break
    case (.awaitingInitialize, _):
      return .failure(ProtocolError(.serverNotInitialized, "the first request must be 'initialize'"))
    case (.shutDown, _), (.exited, _):
      return .failure(ProtocolError(.shuttingDown, "the server is shutting down; send 'exit'"))
    }
    let handler: Handler
    if let last = lastHandler, last.method == request.method {
      handler = last.handler
    } else {
      guard let found = Self.handler(named: request.method) else {
        return .failure(
          ProtocolError(
            .methodNotFound, "no method '\(request.method)'",
            data: .object([("method", .string(request.method))])))
      }
      handler = found
      lastHandler = (request.method, found)
    }
    do {
      // While a dialog waits, what changes the session is refused, as in every front end.
      if let access = handler.access { try session.refuseWhileDialogWaits(access) }
      var params = try Params(request.params)
      // The palette's search, asked at each keystroke, answers typed values, written with
      // no tree when the output is lines.
      if case .own(.commandsSearch) = handler, protocolVersion != "1.0" {
        return .success(.search(try searchAnswer(&params)))
      }
      return .success(.value(try call(handler, &params)))
    } catch let error as ProtocolError {
      return .failure(error)
    } catch {
      return .failure(ProtocolError(FolioError.from(error), errorText: errorText))
    }
  }

  private func handleNotification(_ request: Request) {
    switch request.method {
    case "exit":
      phase = .exited
    case "$/cancelRequest":
      // The cancellation was taken when the message was read (`noteCancellations`), so that
      // it reaches the running request and those still queued, and forgotten in `receive(_:)`.
      break
    case "initialized":
      break
    default:
      // Notifications get no response, even an error; the log says what was dropped.
      log("folio: embed: ignored the notification '\(request.method)'")
    }
  }

  // MARK: - Messages out

  /// What a request answers: a tree, or typed values that write themselves.
  enum Answer {
    case value(JSONValue)
    case search(SearchAnswer)

    /// The answer as a tree.
    var json: JSONValue {
      switch self {
      case .value(let value): value
      case .search(let answer): answer.json
      }
    }

    /// Writes the answer, as `json` would be written.
    func write<Writer: MessageWriter & ~Copyable>(to writer: inout Writer) {
      switch self {
      case .value(let value): writer.write(value)
      case .search(let answer): answer.write(to: &writer)
      }
    }
  }

  private func respond(to id: RequestID?, with outcome: Result<Answer, ProtocolError>) {
    defer { rowsInAnswer = nil }
    switch output {
    case .values(let send):
      var fields: [(String, JSONValue)] = [("jsonrpc", .string("2.0")), ("id", id?.json ?? .null)]
      switch outcome {
      case .success(let result): fields.append(("result", result.json))
      case .failure(let error): fields.append(("error", error.json))
      }
      send(.object(fields))
    case .bytes(let write):
      switch encoding {
      case .json:
        var line = JSONWriter(capacity: 1024)
        Self.writeResponse(to: id, with: outcome, into: &line)
        // No response is longer than the limit `initialize` told the client.
        if line.count > messageLimit, case .success = outcome {
          let error = answerTooLarge(bytes: line.count)
          line = JSONWriter(capacity: 1024)
          Self.writeResponse(to: id, with: .failure(error), into: &line)
        }
        emit(&line, with: write)
      case .msgpack, .msgpackRPC:
        writeResponseMessage(to: id, with: outcome)
        let count = messageWriter.withBytes(\.count)
        if count > messageLimit, case .success = outcome {
          writeResponseMessage(to: id, with: .failure(answerTooLarge(bytes: count)))
        }
        messageWriter.withBytes(write)
      }
    }
  }

  /// Hands a JSON message's bytes to `write`: ended by its newline, or after LSP's
  /// `Content-Length` header (two writes, header and body, with no copy of the body).
  private func emit(_ line: inout JSONWriter, with write: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard framesLSP else {
      line.append(UInt8(ascii: "\n"))
      line.withBytes(write)
      return
    }
    let header = Array("Content-Length: \(line.count)\r\n\r\n".utf8)
    header.withUnsafeBufferPointer(write)
    line.withBytes(write)
  }

  /// Writes a response into the server's MessagePack writer, emptied first: a map of the
  /// JSON-RPC members, or msgpack-RPC's `[1, id, error, result]`.
  private func writeResponseMessage(to id: RequestID?, with outcome: Result<Answer, ProtocolError>) {
    messageWriter.removeAll()
    guard encoding == .msgpackRPC else {
      Self.writeResponse(to: id, with: outcome, into: &messageWriter)
      return
    }
    // [1, id, error, result]: nil for the one of the two that is not.
    messageWriter.beginArray(count: 4)
    messageWriter.write(1)
    switch id {
    case .number(let number)?: messageWriter.write(number)
    case .string(let string)?: messageWriter.write(string)
    case let other?: messageWriter.write(other.json)
    case nil: messageWriter.writeNull()
    }
    switch outcome {
    case .success(let result):
      messageWriter.writeNull()
      result.write(to: &messageWriter)
    case .failure(let error):
      messageWriter.write(writesConventionalErrors ? error.conventionalJSON : error.json)
      messageWriter.writeNull()
    }
  }

  /// The error that stands for an answer of `bytes` bytes, over the message limit: it names
  /// the limit and, for rows, how to ask for fewer.
  private func answerTooLarge(bytes: Int) -> ProtocolError {
    var message =
      "the answer is \(bytes) bytes, over the message limit of \(messageLimit) (limits.messageBytes)"
    var data: [(String, JSONValue)] = [("bytes", .int(bytes)), ("limit", .int(messageLimit))]
    if let rows = rowsInAnswer, rows > 0 {
      // As many rows as fit on average, with a tenth to spare for rows longer than that.
      let fitting = max(1, Int(Double(rows) * Double(messageLimit) / Double(bytes) * 0.9))
      message += "; ask for fewer rows at a time with 'start' and 'count' (about \(fitting) fit)"
      data.append(("count", .int(fitting)))
    }
    return ProtocolError(.answerTooLarge, message, data: .object(data))
  }

  private static func writeResponse<Writer: MessageWriter & ~Copyable>(
    to id: RequestID?, with outcome: Result<Answer, ProtocolError>, into writer: inout Writer
  ) {
    switch outcome {
    case .success(let result):
      writer.beginResponse(to: id, isError: false)
      result.write(to: &writer)
    case .failure(let error):
      writer.beginResponse(to: id, isError: true)
      writer.write(error.json)
    }
    writer.endObject()
  }

  /// Sends a notification the client asked for.
  func notify(_ method: String, _ params: [(String, JSONValue)]) {
    guard wantedNotifications.contains(method) else { return }
    let message = JSONValue.object([
      ("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", .object(params)),
    ])
    switch output {
    case .values(let send): send(message)
    case .bytes(let write):
      switch encoding {
      case .json:
        var line = JSONWriter(capacity: 1024)
        line.write(message)
        emit(&line, with: write)
      case .msgpack:
        writeMessage(with: write) { $0.write(message) }
      case .msgpackRPC:
        writeMessage(with: write) { $0.write(.array([.int(2), .string(method), .object(params)])) }
      }
    }
  }

  /// Writes one MessagePack message with `body` into the server's writer, emptied first, and
  /// hands its bytes to `write`.
  private func writeMessage(
    with write: (UnsafeBufferPointer<UInt8>) -> Void, _ body: (inout MessagePackWriter) -> Void
  ) {
    messageWriter.removeAll()
    body(&messageWriter)
    messageWriter.withBytes(write)
  }

  // MARK: - Life

  /// Starts serving: subscribes to the session's events and notes the toolbar as it is.
  func start(notifications: Set<String>) {
    wantedNotifications = notifications
    subscription = session.events.subscribe { [unowned self] event in forward(event) }
    for document in session.workspace.documents { rememberRowIDs(ofWindow: document.windowID) }
    if notifications.contains("$/progress") {
      session.workspace.progress = { [unowned self] progress in reportProgress(progress) }
    }
    lastToolbar = currentToolbar()
    if notifications.contains("environment.changed") { lastEnvironment = session.appEnvironment }
    phase = .running
  }

  /// Ends the conversation: `shutdown` answered.
  func shutDown() {
    phase = .shutDown
    didShutDown = true
  }

  /// Ends the session: a dialog still waiting is dismissed unanswered (a plugin's suspended
  /// command is rolled back). After `shutdown` the end is orderly and unsaved changes are
  /// dropped, as at `quit --force`; when the input ends or `exit` comes without it, the
  /// client went away, and unsaved changes stay in the recovery journal for the next `open`.
  public func finish() {
    _ = session.dismissDialog()
    for warning in session.finishCommand() {
      log("folio: warning: \(errorText.text(warning))")
    }
    if !didShutDown { session.workspace.endSessionKeepingJournals() }
    subscription = nil
    phase = .exited
  }
}
