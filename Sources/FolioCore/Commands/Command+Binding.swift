extension Command {
  /// Binds the words typed after the command's name to its parameters.
  ///
  /// Positional words fill positional parameters in order; `--name`, `--name VALUE`,
  /// `--name=VALUE` and `name=VALUE` set a parameter by name (only when the `--`/`name=` part
  /// was written unquoted); `--` makes every later word positional. A `rest` parameter takes
  /// every word left once the positional parameters before it are filled, verbatim.
  ///
  /// - Throws: `FolioError.invalidArgument` naming the parameter at fault and the usage.
  public func bind(_ words: [Word]) throws(FolioError) -> Arguments {
    var values: [String: ArgumentValue] = [:]
    let positionals = parameters.filter { $0.style == .positional }
    let rest = parameters.first { $0.style == .rest }
    var nextPositional = 0
    var onlyPositional = false
    var index = words.startIndex

    func set(_ parameter: Parameter, _ value: ArgumentValue) throws(FolioError) {
      guard values[parameter.name] == nil else {
        throw .invalidArgument("'\(parameter.name)' is given twice (usage: \(usage))")
      }
      values[parameter.name] = value
    }

    while index < words.endIndex {
      if nextPositional == positionals.count, let rest {
        try set(rest, .words(Array(words[index...])))
        break
      }
      let word = words[index]
      index += 1
      if !onlyPositional, word.text.hasPrefix("--"), word.isPlain(through: 2) {
        if word.text == "--" {
          onlyPositional = true
          continue
        }
        let body = word.text.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        guard let parameter = parameters.first(where: { $0.name == name && $0.style != .rest })
        else { throw unknownOption("--\(name)") }
        if parameter.kind == .bool {
          try set(parameter, try inlineValue.map(parameter.convert) ?? .bool(true))
        } else if let inlineValue {
          try set(parameter, try parameter.convert(inlineValue))
        } else {
          guard index < words.endIndex else {
            throw .invalidArgument("'--\(name)' needs a value: \(parameter.placeholder)")
          }
          try set(parameter, try parameter.convert(words[index].text))
          index += 1
        }
        continue
      }
      if !onlyPositional, let (name, value) = Self.namedArgument(word) {
        guard let parameter = parameters.first(where: { $0.name == name && $0.style != .rest })
        else {
          throw .invalidArgument(
            "'\(self.name)' has no parameter '\(name)' (quote the word to pass it as text; "
              + "usage: \(usage))")
        }
        try set(parameter, try parameter.convert(value))
        continue
      }
      while nextPositional < positionals.count, values[positionals[nextPositional].name] != nil {
        nextPositional += 1
      }
      guard nextPositional < positionals.count else {
        throw .invalidArgument("too many arguments for '\(self.name)' (usage: \(usage))")
      }
      try set(positionals[nextPositional], try positionals[nextPositional].convert(word.text))
      nextPositional += 1
    }

    for parameter in parameters where values[parameter.name] == nil {
      if let defaultValue = parameter.defaultValue {
        values[parameter.name] = defaultValue
      } else if !parameter.isOptional {
        throw .invalidArgument(
          "missing argument \(parameter.placeholder) for '\(name)' (usage: \(usage))")
      }
    }
    return Arguments(values)
  }

  private func unknownOption(_ option: String) -> FolioError {
    let known = parameters.filter { $0.style == .option }.map { "--\($0.name)" }
    let hint = known.isEmpty ? "it takes no options" : "options: " + known.joined(separator: ", ")
    return .invalidArgument("unknown option '\(option)' for '\(name)' (\(hint))")
  }

  /// Splits a `name=value` word whose name and `=` were written unquoted; nil for any other
  /// word.
  public static func namedArgument(_ word: Word) -> (name: String, value: String)? {
    guard let equals = word.text.utf8.firstIndex(of: UInt8(ascii: "=")) else { return nil }
    let offset = word.text.utf8.distance(from: word.text.utf8.startIndex, to: equals)
    guard offset > 0, word.isPlain(through: offset + 1) else { return nil }
    let name = word.text[..<equals]
    guard let first = name.unicodeScalars.first, first.properties.isAlphabetic,
      name.unicodeScalars.allSatisfy({
        $0.properties.isAlphabetic || "0123456789_-".unicodeScalars.contains($0)
      })
    else { return nil }
    return (String(name), String(word.text[word.text.utf8.index(after: equals)...]))
  }
}
