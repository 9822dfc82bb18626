import FolioCore

/// The values of commands as JSON, one conversion for every renderer that writes them.
extension JSONValue {
  /// A command argument: a string, a number or a bool as itself, the words of a rest
  /// parameter as an array of strings.
  public init(_ argument: ArgumentValue) {
    switch argument {
    case .string(let string): self = .string(string)
    case .int(let int): self = .int(int)
    case .number(let number): self = .number(number)
    case .bool(let bool): self = .bool(bool)
    case .words(let words): self = .array(words.map { .string($0.text) })
    }
  }

  /// A command's state: a toggle as a bool, a choice as its option, a number as itself.
  public init(_ state: StateValue) {
    switch state {
    case .toggle(let isOn): self = .bool(isOn)
    case .choice(let option): self = .string(option)
    case .number(let number): self = .number(number)
    }
  }
}
