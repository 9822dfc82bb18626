import FolioCore
import FolioPresentation

/// An error response of the embedding protocol: a JSON-RPC code, a message, and data — for
/// Folio's own errors, the error object `--json` prints (code, message, values, remedies,
/// cause; docs/json.md).
public struct ProtocolError: Error, Equatable, Sendable {
  /// The JSON-RPC error codes the protocol uses (docs/protocol.md, "Errors").
  public enum Code: Int, Sendable {
    /// The message is not JSON.
    case parseError = -32700
    /// The message is JSON but not a JSON-RPC request or notification.
    case invalidRequest = -32600
    /// No method has the name.
    case methodNotFound = -32601
    /// The params are missing a field, have one the method does not take, or a wrong value.
    case invalidParams = -32602
    /// Something failed inside the server that it did not expect.
    case internalError = -32603
    /// The operation ran and failed: Folio's error is in `data`.
    case operationFailed = -32000
    /// The request ran, but its answer would be longer than the message limit; nothing
    /// was sent of it.
    case answerTooLarge = -32001
    /// A request came before `initialize`.
    case serverNotInitialized = -32002
    /// A request came after `shutdown`.
    case shuttingDown = -32003
    /// The request was cancelled by `$/cancelRequest`: before it started, or while it ran.
    case requestCancelled = -32800
  }

  /// The JSON-RPC code.
  public var code: Code
  /// What went wrong, for people.
  public var message: String
  /// More about it; Folio's error object for `operationFailed` and argument errors.
  public var data: JSONValue?
  /// Whether this is Folio's `interrupted` error: the running work saw its cancellation.
  public var isInterruption = false

  /// Creates an error response.
  public init(_ code: Code, _ message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  /// A Folio error as a response: `invalid-argument`, `unknown-command` and `syntax` errors
  /// (the arguments, command id or command line the client sent) are `invalidParams`, the others
  /// `operationFailed`; the message is the error's messages alone, with no remedy phrased as a
  /// command line (they are in `data`, typed); `data` is the error object of `--json`.
  init(_ error: FolioError, errorText: ErrorText) {
    let code: Code =
      [.invalidArgument, .unknownCommand, .syntax].contains(error.code) ? .invalidParams : .operationFailed
    self.init(code, errorText.message(error), data: errorText.json(error))
    isInterruption = error.code == .interrupted
  }

  /// The error in msgpack-RPC's conventional shape, `[type, message]`, which Neovim's
  /// `rpcrequest` and pynvim read (and no other): type 1, Neovim's validation error, when the
  /// request itself was wrong (not readable, not a request, no such method, bad params, out of
  /// turn), else 0, its exception. The code and data have no place in it.
  public var conventionalJSON: JSONValue {
    let isValidation: Bool =
      switch code {
      case .parseError, .invalidRequest, .methodNotFound, .invalidParams, .serverNotInitialized,
        .shuttingDown:
        true
      case .internalError, .operationFailed, .answerTooLarge, .requestCancelled: false
      }
    return .array([.int(isValidation ? 1 : 0), .string(message)])
  }

  /// The `error` member of a response.
  public var json: JSONValue {
    var fields: [(String, JSONValue)] = [("code", .int(code.rawValue)), ("message", .string(message))]
    if let data { fields.append(("data", data)) }
    return .object(fields)
  }
}
