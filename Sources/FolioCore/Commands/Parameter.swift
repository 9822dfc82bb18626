/// A typed parameter of a command.
///
/// Parameters are declared as data so that help, completion, validation and the plugin API
/// all read the same description.
public struct Parameter: Sendable, Equatable {
  /// The type of value a parameter accepts.
  public enum Kind: Sendable, Equatable {
    case string
    case int
    case number
    case bool
    /// A file path; completion offers paths.
    case path
    /// One of a fixed list of words.
    case choice([String])
  }

  /// How a parameter is written on the command line.
  public enum Style: Sendable, Equatable {
    /// By position, in declaration order (or as `name=value`).
    case positional
    /// As `--name VALUE`, `--name=VALUE` or `name=VALUE`; a bool option is a flag: `--name`.
    case option
    /// Every remaining word, verbatim: `echo TEXT…`.
    case rest
  }

  /// The name used in `name=value`, `--name` and messages.
  public var name: String
  /// The type of value accepted.
  public var kind: Kind
  /// How the parameter is written.
  public var style: Style
  /// Whether the command runs without it.
  public var isOptional: Bool
  /// The value used when the parameter is not given.
  public var defaultValue: ArgumentValue?
  /// One line for help.
  public var summary: String
  /// The placeholder for the value in usage lines (`PATH`); derived from the name and kind
  /// when nil.
  public var valueName: String?
  /// The values an `int` parameter accepts; any whole number that fits an `Int` when nil.
  public var range: ClosedRange<Int>?

  /// Creates a parameter; options and defaulted parameters are optional by default.
  public init(
    _ name: String, _ kind: Kind = .string, style: Style = .positional,
    isOptional: Bool? = nil, defaultValue: ArgumentValue? = nil, summary: String = "",
    valueName: String? = nil, range: ClosedRange<Int>? = nil
  ) {
    self.name = name
    self.kind = kind
    self.style = style
    self.isOptional = isOptional ?? (style == .option || defaultValue != nil)
    self.defaultValue = defaultValue
    self.summary = summary
    self.valueName = valueName
    self.range = range
  }

  /// The placeholder shown in usage lines: `PATH`, `N`, `text|json`.
  public var placeholder: String {
    if let valueName { return valueName }
    return switch kind {
    case .choice(let options): options.joined(separator: "|")
    default: name.uppercased()
    }
  }

  /// The parameter as it appears in a usage line, e.g. `[--as PATH]` or `TEXT…`.
  public var usage: String {
    let core: String
    switch style {
    case .positional: core = placeholder
    case .rest: core = placeholder + "…"
    case .option: core = kind == .bool ? "--\(name)" : "--\(name) \(placeholder)"
    }
    return isOptional ? "[\(core)]" : core
  }

  /// Converts a word to this parameter's type.
  ///
  /// - Parameters:
  ///   - text: the word.
  ///   - byPosition: whether the word was typed in the parameter's place rather than named
  ///     (`name=value`, `--name`, or a typed argument's key): its errors then name the
  ///     parameter as usage lines show it (`VALUE`), since the word never named it, and a
  ///     word outside a list of choices is called that.
  /// - Throws: `FolioError.invalidArgument` naming the parameter and what it expects.
  public func convert(_ text: String, byPosition: Bool = false) throws(FolioError) -> ArgumentValue {
    let subject = byPosition && style != .option ? placeholder : name
    switch kind {
    case .string: return .string(text)
    case .path:
      guard !text.isEmpty else { throw .invalidArgument("'\(subject)' expects a path, got ''") }
      return .string(text)
    case .int: return .int(try Self.integer(text, in: range, name: subject))
    case .number:
      guard let value = Double(text), value.isFinite else {
        throw .invalidArgument("'\(subject)' expects a number, got '\(text)'")
      }
      return .number(value)
    case .bool:
      guard let value = Self.boolean(text) else {
        throw .invalidArgument("'\(subject)' expects on or off, got '\(text)'")
      }
      return .bool(value)
    case .choice(let options):
      guard let match = options.first(where: { $0.lowercased() == text.lowercased() }) else {
        if byPosition, style != .option {
          // Usage shows the choices (or a placeholder for them) in the parameter's place.
          throw .invalidArgument("'\(text)' is not one of \(options.joined(separator: ", "))")
        }
        throw .invalidArgument(
          "'\(subject)' expects one of \(options.joined(separator: ", ")), got '\(text)'")
      }
      return .string(match)
    }
  }

  /// Reads an integer written in plain decimal digits, with an optional leading `-`: no
  /// `+`, spaces, underscores or other characters; nil too when it does not fit an `Int`.
  public static func integer(_ text: some StringProtocol) -> Int? {
    let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
    guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
      return nil
    }
    return Int(text)
  }

  /// Whether `text` is written as an integer (see `integer(_:)`) but has more digits than an
  /// `Int` holds.
  public static func isTooLargeInteger(_ text: some StringProtocol) -> Bool {
    let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
    return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
      && Int(text) == nil
  }

  /// Reads an integer (see `integer(_:)`) in `range`, or any when it is nil, for `name`.
  ///
  /// - Throws: `FolioError.invalidArgument` naming `name`, the range and the word.
  public static func integer(_ text: String, in range: ClosedRange<Int>?, name: String) throws(FolioError)
    -> Int
  {
    guard let value = integer(text), range?.contains(value) ?? true else {
      let allowed = range.map { " in \($0.lowerBound)–\($0.upperBound)" } ?? ""
      let bound = text.hasPrefix("-") ? "smaller than \(Int.min)" : "larger than \(Int.max)"
      let beyond = range == nil && isTooLargeInteger(text) ? ", which is \(bound)" : ""
      throw .invalidArgument("'\(name)' expects an integer\(allowed), got '\(text)'\(beyond)")
    }
    return value
  }

  /// Reads the usual spellings of a boolean: on/off, true/false, yes/no, 1/0.
  public static func boolean(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "on", "true", "yes", "1": true
    case "off", "false", "no", "0": false
    default: nil
    }
  }
}
