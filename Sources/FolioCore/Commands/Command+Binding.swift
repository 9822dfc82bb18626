extension Command {
  /// Binds the words typed after the command's name to its parameters.
  ///
  /// Positional words fill positional parameters in order; `--name`, `--name VALUE`,
  /// `--name=VALUE` and `name=VALUE` set a parameter by name (only when the `--`/`name=` part
  /// was written unquoted); `--` makes every later word positional. A `rest` parameter takes
  /// every word left once the positional parameters before it are filled, verbatim, from the
  /// first word that is not one of the command's own `--name` options (`sort --clear`).
  ///
  /// - Throws: `FolioError.invalidArgument` naming the parameter at fault and the usage.
  public func bind(_ words: [Word]) throws(FolioError) -> Arguments { try bind(words[...]) }

  /// Binds words as `bind(_:)` does, taken from where they are: the shell passes a line's
  /// words after the command's name without copying them into an array of their own.
  ///
  /// - Throws: `FolioError.invalidArgument` naming the parameter at fault and the usage.
  public func bind(_ words: ArraySlice<Word>) throws(FolioError) -> Arguments {
    let parameters = configuration.parameters
    // One pass per word, no temporary arrays: positional parameters are found by walking
    // `parameters` (`nextPositional` is an index into it), and a name is looked up in
    // `values` only when a named argument may have filled it.
    var values: [String: ArgumentValue] = Dictionary(minimumCapacity: parameters.count)
    let rest = parameters.firstIndex { $0.style == .rest }
    var nextPositional = nextPositionalIndex(from: parameters.startIndex)
    var anyNamed = false
    var onlyPositional = false
    var index = words.startIndex
    // The indices of the last positional parameter filled and of its word, for the remedy of
    // too many words (indices: no copy of the parameter on the way).
    var lastPositional: (parameter: Int, word: Int)?

    // Whether this is the parameter's first value. It reaches no property of `self`, so it
    // inlines into its callers (it was a call of its own, 450 instructions a bound word);
    // the caller makes the error, which needs the usage.
    func set(_ parameter: Parameter, _ value: ArgumentValue) -> Bool {
      values.updateValue(value, forKey: parameter.name) == nil
    }

    while index < words.endIndex {
      if nextPositional == parameters.endIndex, let rest, !isOwnOption(words[index], onlyPositional) {
        guard set(parameters[rest], .words(Array(words[index...]))) else {
          throw givenTwice(parameters[rest])
        }
        break
      }
      let word = words[index]
      index += 1
      if !onlyPositional, word.text.hasPrefix("--"), word.isPlain(through: 2) {
        if word.text == "--" {
          onlyPositional = true
          continue
        }
        anyNamed = true
        let body = word.text.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        guard let parameter = parameters.first(where: { $0.name == name && $0.style != .rest })
        else { throw configuration.unknownOption("--\(name)") }
        if parameter.kind == .bool {
          guard
            set(
              parameter,
              try inlineValue.map { (text) throws(FolioError) in try parameter.convert(text) } ?? .bool(true))
          else {
            throw givenTwice(parameter)
          }
        } else if let inlineValue {
          guard set(parameter, try parameter.convert(inlineValue)) else { throw givenTwice(parameter) }
        } else {
          guard index < words.endIndex else {
            throw .invalidArgument("'--\(name)' needs a value: \(parameter.placeholder)")
          }
          guard set(parameter, try parameter.convert(words[index].text)) else { throw givenTwice(parameter) }
          index += 1
        }
        continue
      }
      if !onlyPositional, let (name, value) = Self.namedArgument(word) {
        guard let parameter = parameters.first(where: { $0.name == name && $0.style != .rest })
        else {
          throw .invalidArgument(
            "'\(configuration.name)' has no parameter '\(name)' (quote the word to pass it as text; "
              + "usage: \(usage))")
        }
        anyNamed = true
        guard set(parameter, try parameter.convert(value)) else { throw givenTwice(parameter) }
        continue
      }
      while anyNamed, nextPositional < parameters.endIndex, values[parameters[nextPositional].name] != nil {
        nextPositional = nextPositionalIndex(from: nextPositional + 1)
      }
      guard nextPositional < parameters.endIndex else {
        throw tooManyArguments(words, lastPositional: lastPositional, bound: values)
      }
      let parameter = parameters[nextPositional]
      guard set(parameter, try parameter.convert(word.text, byPosition: true)) else {
        throw givenTwice(parameter)
      }
      lastPositional = (nextPositional, index - 1)
      nextPositional = nextPositionalIndex(from: nextPositional + 1)
    }

    return try completing(values)
  }

  /// The arguments, with defaults for the parameters left out.
  ///
  /// - Throws: `FolioError.invalidArgument` naming a required parameter left out.
  func completing(_ given: [String: ArgumentValue]) throws(FolioError) -> Arguments {
    // Every parameter has a value when there are as many values as parameters.
    guard given.count < configuration.parameters.count else { return Arguments(given) }
    var values = given
    for parameter in configuration.parameters where values[parameter.name] == nil {
      if let defaultValue = parameter.defaultValue {
        values[parameter.name] = defaultValue
      } else if !parameter.isOptional {
        throw .invalidArgument(
          "missing argument \(parameter.placeholder) for '\(configuration.name)' (usage: \(usage))")
      }
    }
    return Arguments(values)
  }

  /// The index of the first positional parameter at or after `start`; `endIndex` when none.
  private func nextPositionalIndex(from start: Int) -> Int {
    let parameters = configuration.parameters
    return parameters[start...].firstIndex { $0.style == .positional } ?? parameters.endIndex
  }

  /// The error for words left over once every positional parameter has one. When the last
  /// positional parameter takes text and the words from its own on are all plain, the remedy
  /// passes them as that one value (`rename Quiet Places` → `rename 'Quiet Places'`).
  private func tooManyArguments(
    _ words: ArraySlice<Word>, lastPositional: (parameter: Int, word: Int)?, bound: [String: ArgumentValue]
  ) -> FolioError {
    var error = FolioError.invalidArgument("too many arguments for '\(configuration.name)' (usage: \(usage))")
    guard let (index, start) = lastPositional, case let parameter = configuration.parameters[index],
      parameter.kind == .string || parameter.kind == .path,
      words[start...].allSatisfy({
        !($0.text.hasPrefix("--") && $0.isPlain(through: 2)) && Self.namedArgument($0) == nil
      })
    else { return error }
    var arguments = bound
    arguments[parameter.name] = .string(words[start...].map(\.text).joined(separator: " "))
    error.remedies = [.run(configuration.id, arguments, effect: "takes the words as one")]
    return error
  }

  /// The error for a parameter given a second value.
  private func givenTwice(_ parameter: Parameter) -> FolioError {
    .invalidArgument("'\(parameter.name)' is given twice (usage: \(usage))")
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

extension Command {
  /// Whether `word` is an unquoted `--name` or `--name=VALUE` naming one of the command's
  /// parameters other than its rest, read as that option rather than as rest's first word.
  fileprivate func isOwnOption(_ word: Word, _ onlyPositional: Bool) -> Bool {
    guard !onlyPositional, word.text.hasPrefix("--"), word.isPlain(through: 2), word.text != "--" else {
      return false
    }
    let name = String(word.text.dropFirst(2).prefix { $0 != "=" })
    return configuration.parameters.contains { $0.name == name && $0.style != .rest }
  }
}

extension CommandConfiguration {
  /// The error for an option, `--name`, that the command does not have; it lists the
  /// options it has.
  public func unknownOption(_ option: String) -> FolioError {
    let known = parameters.filter { $0.style == .option }.map { "--\($0.name)" }
    let hint = known.isEmpty ? "it takes no options" : "options: " + known.joined(separator: ", ")
    return .invalidArgument("unknown option '\(option)' for '\(name)' (\(hint))")
  }
}
