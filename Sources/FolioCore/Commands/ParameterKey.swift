/// Something that declares a command parameter: a `Parameter`, or a `ParameterKey` that
/// also reads the parameter's value with its Swift type.
public protocol ParameterDeclaration: Sendable {
  /// The parameter declared.
  var parameter: Parameter { get }
}

extension Parameter: ParameterDeclaration {
  /// The parameter itself.
  public var parameter: Parameter { self }
}

/// A command parameter with the Swift type its action reads: `arguments[Self.force]` is a
/// `Bool`, `arguments[Self.path]` a `String`, never looked up by name.
///
/// Declare keys as static members of a declared command and list them in its
/// configuration's `parameters`; help, completion and binding read the `Parameter` they
/// wrap, and the key reads the bound value back with its type.
public struct ParameterKey<Value>: ParameterDeclaration {
  /// The parameter as help, completion and binding see it.
  public let parameter: Parameter
  @usableFromInline let read: @Sendable (ArgumentValue?) -> Value

  /// Creates a key for `parameter` whose value `read` makes from what was bound (nil when
  /// the parameter was not given and has no default).
  public init(_ parameter: Parameter, read: @escaping @Sendable (ArgumentValue?) -> Value) {
    self.parameter = parameter
    self.read = read
  }

  /// The typed value of the parameter in `arguments`.
  @inlinable func value(in arguments: Arguments) -> Value { read(arguments[parameter.name]) }
}

extension Arguments {
  /// The value of a declared parameter, with its type.
  @inlinable public subscript<Value>(key: ParameterKey<Value>) -> Value { key.value(in: self) }
}

extension ParameterKey where Value == Bool {
  /// A flag, `--name`: true when given (or given as on), else false.
  public static func flag(_ name: String, summary: String = "") -> Self {
    Self(Parameter(name, .bool, style: .option, summary: summary)) { value in
      if case .bool(let isOn) = value { return isOn }
      return false
    }
  }
}

extension ParameterKey where Value == String {
  /// A positional argument the command cannot run without, or one that has a default; the
  /// kind is `.string`, `.path` or `.choice`.
  public static func argument(
    _ name: String, _ kind: Parameter.Kind = .string, default defaultValue: String? = nil,
    summary: String = "",
    valueName: String? = nil
  ) -> Self {
    Self(
      Parameter(
        name, kind, defaultValue: defaultValue.map(ArgumentValue.string), summary: summary,
        valueName: valueName)
    ) { value in
      if case .string(let text) = value { return text }
      return defaultValue ?? ""
    }
  }
}

extension ParameterKey where Value == String? {
  /// A positional argument the command runs without; nil when not given.
  public static func optionalArgument(
    _ name: String, _ kind: Parameter.Kind = .string, summary: String = "", valueName: String? = nil
  ) -> Self {
    Self(Parameter(name, kind, isOptional: true, summary: summary, valueName: valueName), read: Self.text)
  }

  /// An option, `--name VALUE`; nil when not given.
  public static func option(
    _ name: String, _ kind: Parameter.Kind = .string, summary: String = "", valueName: String? = nil
  ) -> Self {
    Self(Parameter(name, kind, style: .option, summary: summary, valueName: valueName), read: Self.text)
  }

  @Sendable private static func text(_ value: ArgumentValue?) -> String? {
    if case .string(let text) = value { return text }
    return nil
  }
}

extension ParameterKey where Value == Int {
  /// A positional whole number the command cannot run without, in `range` when given.
  public static func integer(
    _ name: String, range: ClosedRange<Int>? = nil, summary: String = "", valueName: String? = nil
  ) -> Self {
    Self(Parameter(name, .int, summary: summary, valueName: valueName, range: range)) { value in
      if case .int(let number) = value { return number }
      return 0
    }
  }
}

extension ParameterKey where Value == Int? {
  /// An option, `--name N`, taking a whole number in `range` when given; nil when not given.
  public static func integerOption(
    _ name: String, range: ClosedRange<Int>? = nil, summary: String = "", valueName: String? = nil
  ) -> Self {
    Self(Parameter(name, .int, style: .option, summary: summary, valueName: valueName, range: range)) {
      value in
      if case .int(let number) = value { return number }
      return nil
    }
  }
}

extension ParameterKey where Value == [Word] {
  /// Every remaining word, verbatim (`echo TEXT…`); empty when none. Usage marks the words
  /// optional unless `isOptional` is false.
  public static func rest(
    _ name: String, isOptional: Bool = true, summary: String = "", valueName: String? = nil
  ) -> Self {
    Self(Parameter(name, style: .rest, isOptional: isOptional, summary: summary, valueName: valueName)) {
      value in
      if case .words(let words) = value { return words }
      return []
    }
  }
}

extension ParameterKey where Value == String {
  /// Every remaining word, joined by single spaces (`append TEXT…`); empty when none. Usage
  /// marks the words optional unless `isOptional` is false.
  public static func restText(
    _ name: String, isOptional: Bool = true, summary: String = "", valueName: String? = nil
  ) -> Self {
    Self(Parameter(name, style: .rest, isOptional: isOptional, summary: summary, valueName: valueName)) {
      value in
      guard case .words(let words) = value else { return "" }
      return words.joinedText(separator: " ") { $0.text }
    }
  }
}

extension ParameterKey {
  /// An option, `--name VALUE`, taking one of the cases of `Choice` by its raw value; nil
  /// when not given.
  @inlinable
  public static func option<Choice>(
    _ name: String, choosing _: Choice.Type, summary: String = "", valueName: String? = nil
  ) -> Self
  where Value == Choice?, Choice: CaseIterable & RawRepresentable & Sendable, Choice.RawValue == String {
    Self(
      Parameter(
        name, .choice(Choice.allCases.map { $0.rawValue }), style: .option, summary: summary,
        valueName: valueName
      )
    ) { value in
      if case .string(let text) = value { return Choice(rawValue: text) }
      return nil
    }
  }
}

extension ParameterKey where Value: CaseIterable & RawRepresentable & Sendable, Value.RawValue == String {
  /// A positional argument taking one of the cases of `Value` by its raw value, `fallback`
  /// when not given.
  @inlinable
  public static func choice(
    _ name: String, default fallback: Value, summary: String = "", valueName: String? = nil
  ) -> Self {
    Self(
      Parameter(
        name, .choice(Value.allCases.map { $0.rawValue }), defaultValue: .string(fallback.rawValue),
        summary: summary, valueName: valueName)
    ) { value in
      if case .string(let text) = value { return Value(rawValue: text) ?? fallback }
      return fallback
    }
  }
}
