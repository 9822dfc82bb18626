/// An error reported to the person or script that ran a command.
///
/// Errors are values: a code that programs can match, a message written for people, the
/// values involved, the error that caused it, and the commands that would remedy it as data.
/// Messages live beside the code that raises them and never contain command syntax: a
/// front end phrases `remedies` in its own language.
public struct FolioError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What kind of failure this is; stable across releases, unlike the message.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Wrapped: String, Hashable, Sendable {
      case unknownCommand = "unknown-command"
      case invalidArgument = "invalid-argument"
      case syntax
      case disabled
      case duplicateCommand = "duplicate-command"
      case io
      case format
      case conflict
      case interrupted
      case lua
      case reported
      case `internal`
    }

    private let wrapped: Wrapped

    /// The name used in JSON output, e.g. `unknown-command`.
    public var description: String { wrapped.rawValue }

    /// No command or command id has this name.
    public static let unknownCommand = Code(wrapped: .unknownCommand)
    /// An argument is missing, unknown or of the wrong type.
    public static let invalidArgument = Code(wrapped: .invalidArgument)
    /// The command line could not be read: a quote left open, invalid UTF-8, a NUL byte.
    public static let syntax = Code(wrapped: .syntax)
    /// The command exists but cannot run now.
    public static let disabled = Code(wrapped: .disabled)
    /// A command id was registered twice.
    public static let duplicateCommand = Code(wrapped: .duplicateCommand)
    /// Reading or writing a file failed.
    public static let io = Code(wrapped: .io)
    /// A document's content is malformed: ragged CSV, invalid UTF-8, binary data, JSON that
    /// is not an array of objects. The message names the line and column.
    public static let format = Code(wrapped: .format)
    /// The operation would lose something: a file changed on disk since it was read, a name
    /// already taken, unsaved changes.
    public static let conflict = Code(wrapped: .conflict)
    /// The user pressed Ctrl-C.
    public static let interrupted = Code(wrapped: .interrupted)
    /// Lua code raised an error.
    public static let lua = Code(wrapped: .lua)
    /// The failure was already reported where it happened (inside a sourced file); callers
    /// count it but print nothing more.
    public static let reported = Code(wrapped: .reported)
    /// Something failed that Folio did not expect: an error of a library or a plugin
    /// callback that is not a `FolioError`. The message is that error as it describes itself.
    public static let `internal` = Code(wrapped: .internal)
  }

  /// The kind of failure.
  public var code: Code
  /// The message for people, without a location prefix or remedies.
  public var message: String
  /// The values the error concerns, by name (`path`, `title`, `row`), for programs.
  public var values: [String: String]
  /// What to run instead, best first.
  public var remedies: [Remedy]
  /// The error that led to this one, when it wraps another.
  public var cause: FolioError? {
    get { causeBox.first }
    set { causeBox = newValue.map { [$0] } ?? [] }
  }
  /// Holds `cause`: an array gives the recursive struct its indirection.
  private var causeBox: [FolioError]

  /// Creates an error with a code and a message for people.
  ///
  /// - Parameters:
  ///   - code: the kind of failure.
  ///   - message: the message for people, without command syntax.
  ///   - values: the values involved, by name.
  ///   - remedies: commands that would remedy it, best first.
  ///   - cause: the error that led to this one.
  public init(
    _ code: Code, _ message: String, values: [String: String] = [:], remedies: [Remedy] = [],
    cause: FolioError? = nil
  ) {
    self.code = code
    self.message = message
    self.values = values
    self.remedies = remedies
    self.causeBox = cause.map { [$0] } ?? []
  }

  /// The message followed by the messages of its causes, each after `: `; remedies are left
  /// to a front end, which knows how to phrase a command.
  public var description: String {
    var text = message
    var next = cause
    while let error = next {
      text += ": " + error.message
      next = error.cause
    }
    return text
  }

  /// The error and its causes, outermost first.
  public var chain: [FolioError] {
    var errors = [self]
    while let next = errors[errors.count - 1].cause { errors.append(next) }
    return errors
  }
}

extension FolioError {
  /// An argument error whose message names the offending parameter.
  public static func invalidArgument(_ message: String) -> FolioError {
    FolioError(.invalidArgument, message)
  }

  /// Runs `body`, passing a `FolioError` through and turning any other error into an
  /// `internal` one, for calls into closures that may throw anything (undo steps, plugin
  /// callbacks).
  public static func converting<T>(_ body: () throws -> T) throws(FolioError) -> T {
    do {
      return try body()
    } catch let error as FolioError {
      throw error
    } catch {
      throw FolioError(.internal, String(describing: error))
    }
  }

  /// `error` as a `FolioError`: itself when it is one, else an `internal` error describing it.
  public static func from(_ error: any Error) -> FolioError {
    error as? FolioError ?? FolioError(.internal, String(describing: error))
  }

  /// An error for a file that could not be read or written, naming the file and the cause.
  public static func io(_ path: String, _ reason: String) -> FolioError {
    FolioError(.io, "\(path): \(reason)", values: ["path": path])
  }

  /// `cause` wrapped in an error that names where it happened, e.g. the file being read: the
  /// text reads `where: cause`.
  ///
  /// - Parameters:
  ///   - place: what the cause concerns, e.g. a file name.
  ///   - values: the values involved, by name.
  ///   - cause: the error being wrapped; its code becomes the wrapper's.
  public static func wrapping(_ cause: FolioError, in place: String, values: [String: String] = [:])
    -> FolioError
  {
    FolioError(cause.code, place, values: values, cause: cause)
  }
}
