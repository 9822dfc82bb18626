import FolioCore

/// Writes typed invocations — a remedy, a dialog button's effect — as command lines of the
/// shell's language that bind back to the same arguments.
///
/// The core names commands by id with typed arguments; this is the one place that turns
/// them into the words a person types or a recording keeps, reading each command's verb and
/// parameters from the registry.
public struct CommandLineWriter {
  /// Where the commands are looked up.
  public let registry: CommandRegistry

  /// Creates a writer of command lines for the commands of `registry`.
  public init(registry: CommandRegistry) { self.registry = registry }

  /// The command line of an invocation; parameters in `blanks` show their placeholder.
  public func line(_ invocation: CommandInvocation, blanks: [String] = []) -> String {
    guard let command = registry.command(id: invocation.commandID) else {
      return Self.commandLine(
        words: invocation.commandID, parameters: nil, arguments: invocation.arguments, blanks: blanks)
    }
    return Self.commandLine(
      words: words(of: command), parameters: command.state == nil ? command.parameters : nil,
      arguments: invocation.arguments, blanks: blanks)
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

  /// Writes an invocation as a command line: the words that run the command, the positional
  /// values in the parameters' order until one is missing (those after it are written as
  /// `--name=VALUE`), `--flag` for each true bool option and `--name VALUE` for each other
  /// option, and the words of a `rest` parameter last. Options go before the positional
  /// values when rest words follow, which would otherwise take them.
  ///
  /// - Parameters:
  ///   - words: what runs the command, e.g. `save` or `toolbar move`.
  ///   - parameters: the command's parameters; nil for a stateful command, whose `value`
  ///     argument is written after the words, or an unknown one, whose arguments are written
  ///     as `name=value` in name order.
  ///   - arguments: the typed arguments by parameter name.
  ///   - blanks: parameters left for the person to fill in, shown as their placeholder.
  public static func commandLine(
    words: String, parameters: [Parameter]?, arguments: [String: ArgumentValue], blanks: [String] = []
  ) -> String {
    guard let parameters else {
      var parts = [words]
      if let value = arguments["value"] { parts.append(text(of: value)) }
      for (name, value) in arguments.sorted(by: { $0.key < $1.key }) where name != "value" {
        parts.append(name + "=" + text(of: value))
      }
      return parts.joined(separator: " ")
    }
    var positional: [String] = []
    var options: [String] = []
    var rest: [String] = []
    var inOrder = true
    for parameter in parameters {
      let value = arguments[parameter.name]
      switch parameter.style {
      case .rest:
        if case .words(let words)? = value { rest = words.map { Word.quoted($0.text) } }
      case .positional:
        if let value {
          if inOrder {
            positional.append(text(of: value))
          } else {
            options.append("--\(parameter.name)=" + text(of: value))
          }
        } else if blanks.contains(parameter.name), inOrder {
          positional.append(parameter.placeholder)
        } else {
          inOrder = false
        }
      case .option:
        switch value {
        case .bool(true)?: options.append("--" + parameter.name)
        case .bool(false)?: continue
        case let value?: options += ["--" + parameter.name, text(of: value)]
        case nil:
          guard blanks.contains(parameter.name) else { continue }
          options +=
            parameter.kind == .bool
            ? ["--" + parameter.name] : ["--" + parameter.name, parameter.placeholder]
        }
      }
    }
    let middle = rest.isEmpty ? positional + options : options + positional
    return ([words] + middle + rest).joined(separator: " ")
  }

  /// A value as a word of a command line.
  private static func text(of value: ArgumentValue) -> String {
    switch value {
    case .string(let string): Word.quoted(string)
    case .int(let int): String(int)
    case .number(let number): StateValue.format(number)
    case .bool(let bool): bool ? "on" : "off"
    case .words(let words): words.map { Word.quoted($0.text) }.joined(separator: " ")
    }
  }
}
