extension Command {
  /// The typed command line that binds to `arguments` the command `id` with `parameters`:
  /// the id, each given
  /// parameter as `--name=VALUE` (a flag as `--name=on` or `--name=off`), then the words of
  /// a `rest` parameter after `--`, every value quoted as needed. A recording writes it for a
  /// command that ran only once a dialog was answered.
  public static func commandLine(id: String, parameters: [Parameter], arguments: Arguments) -> String {
    var words = [id]
    var rest: [Word] = []
    for parameter in parameters {
      switch arguments[parameter.name] {
      case nil: continue
      case .string(let value): words.append("--\(parameter.name)=" + Word.quoted(value))
      case .int(let value): words.append("--\(parameter.name)=\(value)")
      case .number(let value): words.append("--\(parameter.name)=\(value)")
      case .bool(let value): words.append("--\(parameter.name)=" + (value ? "on" : "off"))
      case .words(let value): rest = value
      }
    }
    if !rest.isEmpty { words += ["--"] + rest.map { Word.quoted($0.text) } }
    return words.joined(separator: " ")
  }
}
