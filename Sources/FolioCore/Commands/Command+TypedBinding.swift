extension Command {
  /// Checks arguments given as typed values (an embedder's, a dialog button's, a remedy's)
  /// against the command's parameters, as `bind` checks typed words: every name must be a
  /// parameter, every value of its kind and in its range or choices; defaults fill the
  /// parameters left out.
  ///
  /// - Throws: `FolioError.invalidArgument` naming the parameter at fault.
  public func bind(values given: [String: ArgumentValue]) throws(FolioError) -> Arguments {
    var values: [String: ArgumentValue] = Dictionary(minimumCapacity: configuration.parameters.count)
    for (name, value) in given {
      guard let parameter = configuration.parameters.first(where: { $0.name == name }) else {
        throw .invalidArgument("'\(configuration.name)' has no parameter '\(name)' (usage: \(usage))")
      }
      values[name] = try parameter.check(value)
    }
    return try completing(values)
  }
}

extension Parameter {
  /// The value, checked against the parameter's kind, range and choices (a choice in its
  /// declared spelling).
  ///
  /// - Throws: `FolioError.invalidArgument` naming the parameter and what it expects.
  func check(_ value: ArgumentValue) throws(FolioError) -> ArgumentValue {
    switch (style, kind, value) {
    case (.rest, _, .words): return value
    case (.rest, _, _): throw .invalidArgument("'\(name)' expects words")
    case (_, .string, .string), (_, .path, .string), (_, .choice, .string): return try convert(value.text)
    case (_, .int, .int(let number)):
      if let range, !range.contains(number) {
        throw .invalidArgument(
          "'\(name)' expects a whole number from \(range.lowerBound) to \(range.upperBound), got \(number)")
      }
      return value
    case (_, .number, .number(let number)):
      guard number.isFinite else { throw .invalidArgument("'\(name)' expects a number, got \(number)") }
      return value
    case (_, .number, .int(let number)): return .number(Double(number))
    case (_, .bool, .bool): return value
    default: throw .invalidArgument("'\(name)' expects \(placeholder), got \(value.text)")
    }
  }
}

extension ArgumentValue {
  /// The value as one word of text, for messages and string parameters.
  var text: String {
    switch self {
    case .string(let text): text
    case .int(let number): String(number)
    case .number(let number): String(number)
    case .bool(let isOn): isOn ? "on" : "off"
    case .words(let words): words.map(\.text).joined(separator: " ")
    }
  }
}
