import FolioCore

/// Phrases errors in the shell's language: the message, the chain of causes, and the
/// remedies as command lines a person can type.
///
/// The core's errors carry remedies as data (a command id and typed arguments); this is the
/// one place that turns them into `'save --force' overwrites it`, reading each command's
/// verb and parameters from the registry.
public struct ErrorText {
  /// Where the commands that remedies name are looked up.
  public let registry: CommandRegistry

  /// Creates the phrasing of errors whose remedies name commands of `registry`.
  public init(registry: CommandRegistry) { self.registry = registry }

  /// The error for people: `message: cause: …; 'remedy' effect, 'remedy' effect`.
  ///
  /// The remedies of the whole chain follow the messages, the outermost error's first.
  public func text(_ error: FolioError) -> String {
    let chain = error.chain
    let remedies = chain.flatMap(\.remedies)
    let messages = chain.map(\.message).joined(separator: ": ")
    return remedies.isEmpty ? messages : messages + "; " + phrase(remedies)
  }

  /// The error's messages alone, the outermost first, joined by `: `: for a front end that
  /// offers the remedies as its own controls (from `json(_:)`'s `remedies`, or the error's
  /// `remedies` themselves) rather than as command lines to type.
  public func message(_ error: FolioError) -> String {
    error.chain.map(\.message).joined(separator: ": ")
  }

  /// Remedies as one clause: each command line in single quotes (double quotes when it holds
  /// a single quote and no double quote; a line such as `choose "Don't Save"` stays in single
  /// quotes) followed by its effect, joined by commas; a remedy without an effect shares the
  /// next one's ("'open PATH' or 'new' makes one").
  public func phrase(_ remedies: [Remedy]) -> String {
    var clauses: [String] = []
    var alternatives: [String] = []
    for remedy in remedies {
      let line = line(remedy)
      let quote = line.contains("'") && !line.contains("\"") ? "\"" : "'"
      alternatives.append(quote + line + quote)
      guard !remedy.effect.isEmpty else { continue }
      clauses.append(alternatives.joined(separator: " or ") + " " + remedy.effect)
      alternatives = []
    }
    if !alternatives.isEmpty { clauses.append(alternatives.joined(separator: " or ")) }
    return clauses.joined(separator: ", ")
  }

  /// The command line that runs a remedy, as a person would type it.
  public func line(_ remedy: Remedy) -> String {
    CommandLineWriter(registry: registry).line(remedy.invocation, blanks: remedy.blanks)
  }

  /// The error as a JSON object: `code`, `message`, and when present `values`, `remedies`
  /// (each with its `command` id, `arguments`, the command `line`, the `blanks` the person
  /// fills in and its `effect`) and the
  /// `cause`, an error object of the same shape.
  public func json(_ error: FolioError) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("code", .string(error.code.description)), ("message", .string(error.message)),
    ]
    if !error.values.isEmpty {
      fields.append(
        ("values", .object(error.values.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
    }
    if !error.remedies.isEmpty {
      fields.append(("remedies", .array(error.remedies.map(json))))
    }
    if let cause = error.cause { fields.append(("cause", json(cause))) }
    return .object(fields)
  }

  private func json(_ remedy: Remedy) -> JSONValue {
    let arguments = remedy.invocation.arguments.sorted { $0.key < $1.key }.map {
      ($0.key, JSONValue($0.value))
    }
    var fields: [(String, JSONValue)] = [
      ("command", .string(remedy.invocation.commandID)), ("arguments", .object(arguments)),
      ("line", .string(line(remedy))),
    ]
    if !remedy.blanks.isEmpty { fields.append(("blanks", .array(remedy.blanks.map(JSONValue.string)))) }
    if !remedy.effect.isEmpty { fields.append(("effect", .string(remedy.effect))) }
    return .object(fields)
  }
}
