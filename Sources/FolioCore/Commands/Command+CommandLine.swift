extension Command {
  /// The typed command line that binds to `arguments` the command `id` with `parameters`: the
  /// id; then each option as `--name=VALUE` (a flag as `--name=on` or `--name=off`); then the
  /// positional parameters in order, each as one literal word, until one is missing, and the
  /// ones after it as `--name=VALUE`; then the words of a `rest` parameter. Every value is
  /// quoted as needed. A recording writes it for a command that ran once a dialog was
  /// answered.
  public static func commandLine(id: String, parameters: [Parameter], arguments: Arguments) -> String {
    var options: [String] = []
    var positional: [String] = []
    var rest: [String] = []
    var inOrder = true
    for parameter in parameters {
      let value: String
      switch arguments[parameter.name] {
      case nil:
        if parameter.style == .positional { inOrder = false }
        continue
      case .string(let text): value = text
      case .int(let number): value = String(number)
      case .number(let number): value = String(number)
      case .bool(let isOn): value = isOn ? "on" : "off"
      case .words(let words):
        rest = words.map { Word.quoted($0.text) }
        continue
      }
      if parameter.style == .positional, inOrder {
        positional.append(Word.quoted(value))
      } else {
        options.append("--\(parameter.name)=" + Word.quoted(value))
      }
    }
    return ([id] + options + positional + rest).joined(separator: " ")
  }
}
