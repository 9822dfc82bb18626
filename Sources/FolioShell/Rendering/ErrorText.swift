import FolioCore

/// Phrases errors in the shell's language: the message, the chain of causes, and the
/// remedies as command lines a person can type.
///
/// The core's errors carry remedies as data (a command id and typed arguments); this is the
/// one place that turns them into `'save --force' overwrites it`, reading each command's
/// verb and parameters from the registry.
struct ErrorText {
  /// Where the commands that remedies name are looked up.
  let registry: CommandRegistry

  /// The error for people: `message: cause: …; 'remedy' effect, 'remedy' effect`.
  ///
  /// The remedies of the whole chain follow the messages, the outermost error's first.
  func text(_ error: FolioError) -> String {
    let chain = error.chain
    let remedies = chain.flatMap(\.remedies)
    let messages = chain.map(\.message).joined(separator: ": ")
    return remedies.isEmpty ? messages : messages + "; " + phrase(remedies)
  }

  /// Remedies as one clause: each command line in single quotes followed by its effect,
  /// joined by commas; a remedy without an effect shares the next one's ("'open PATH' or
  /// 'new' makes one").
  func phrase(_ remedies: [Remedy]) -> String {
    var clauses: [String] = []
    var alternatives: [String] = []
    for remedy in remedies {
      alternatives.append("'" + line(remedy) + "'")
      guard !remedy.effect.isEmpty else { continue }
      clauses.append(alternatives.joined(separator: " or ") + " " + remedy.effect)
      alternatives = []
    }
    if !alternatives.isEmpty { clauses.append(alternatives.joined(separator: " or ")) }
    return clauses.joined(separator: ", ")
  }

  /// The command line that runs a remedy, as a person would type it.
  func line(_ remedy: Remedy) -> String {
    let invocation = remedy.invocation
    guard let command = registry.command(id: invocation.commandID) else {
      return Self.commandLine(
        words: invocation.commandID, parameters: nil, arguments: invocation.arguments, blanks: remedy.blanks)
    }
    return Self.commandLine(
      words: words(of: command), parameters: command.state == nil ? command.parameters : nil,
      arguments: invocation.arguments, blanks: remedy.blanks)
  }

  /// The words that run a command: its verb; for a command without one that a verb's
  /// subcommand reaches (`toolbar.move` through `toolbar move`), the verb and the
  /// subcommand; else its id.
  private func words(of command: Command) -> String {
    if let verb = command.verb { return verb }
    let parts = command.id.split(separator: ".")
    if parts.count == 2, let parent = registry.resolve(String(parts[0])), parent.verb == String(parts[0]),
      parent.parameters.contains(where: { $0.style == .rest })
    {
      return parts.joined(separator: " ")
    }
    return command.id
  }

  /// Writes an invocation as a command line: the words that run the command, then the
  /// positional values in the parameters' order, then `--flag` for each true bool option and
  /// `--name VALUE` for each other option. A parameter in `blanks` shows its placeholder.
  ///
  /// - Parameters:
  ///   - words: what runs the command, e.g. `save` or `toolbar move`.
  ///   - parameters: the command's parameters; nil for a stateful command, whose `value`
  ///     argument is written after the words, or an unknown one, whose arguments are written
  ///     as `name=value` in name order.
  ///   - arguments: the typed arguments by parameter name.
  ///   - blanks: parameters left for the person to fill in.
  static func commandLine(
    words: String, parameters: [Parameter]?, arguments: [String: ArgumentValue], blanks: [String] = []
  ) -> String {
    var parts = [words]
    guard let parameters else {
      if let value = arguments["value"] { parts.append(text(of: value)) }
      for (name, value) in arguments.sorted(by: { $0.key < $1.key }) where name != "value" {
        parts.append(name + "=" + text(of: value))
      }
      return parts.joined(separator: " ")
    }
    for parameter in parameters where parameter.style != .option {
      if let value = arguments[parameter.name] {
        parts.append(text(of: value))
      } else if blanks.contains(parameter.name) {
        parts.append(parameter.placeholder)
      }
    }
    for parameter in parameters where parameter.style == .option {
      switch arguments[parameter.name] {
      case .bool(true)?: parts.append("--" + parameter.name)
      case .bool(false)?: continue
      case let value?: parts += ["--" + parameter.name, text(of: value)]
      case nil:
        if blanks.contains(parameter.name) {
          parts +=
            parameter.kind == .bool
            ? ["--" + parameter.name] : ["--" + parameter.name, parameter.placeholder]
        }
      }
    }
    return parts.joined(separator: " ")
  }

  /// A value as one or more words of a command line.
  private static func text(of value: ArgumentValue) -> String {
    switch value {
    case .string(let string): Word.quoted(string)
    case .int(let int): String(int)
    case .number(let number): StateValue.format(number)
    case .bool(let bool): bool ? "on" : "off"
    case .words(let words): words.map { Word.quoted($0.text) }.joined(separator: " ")
    }
  }

  /// The error as a JSON object: `code`, `message`, and when present `values`, `remedies`
  /// (each with its `command` id, `arguments`, the command `line`, the `blanks` the person
  /// fills in and its `effect`) and the
  /// `cause`, an error object of the same shape.
  func json(_ error: FolioError) -> JSONValue {
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
      ($0.key, Self.json($0.value))
    }
    var fields: [(String, JSONValue)] = [
      ("command", .string(remedy.invocation.commandID)), ("arguments", .object(arguments)),
      ("line", .string(line(remedy))),
    ]
    if !remedy.blanks.isEmpty { fields.append(("blanks", .array(remedy.blanks.map(JSONValue.string)))) }
    if !remedy.effect.isEmpty { fields.append(("effect", .string(remedy.effect))) }
    return .object(fields)
  }

  private static func json(_ value: ArgumentValue) -> JSONValue {
    switch value {
    case .string(let string): .string(string)
    case .int(let int): .int(int)
    case .number(let number): .number(number)
    case .bool(let bool): .bool(bool)
    case .words(let words): .array(words.map { .string($0.text) })
    }
  }
}
