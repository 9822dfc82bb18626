/// The state a stateful command shows and sets: a toggle, a choice, or a number.
///
/// Menus show a stateful command as a toggle with ✓, a picker, or a stepper or slider; the
/// state's getters are read each time a surface renders.
public enum CommandState {
  /// An on/off state [Toggle].
  case toggle(get: () -> Bool, set: (Bool) throws -> Void)
  /// One of several options [Picker].
  case choice(options: [ChoiceOption], get: () -> String, set: (String) throws -> Void)
  /// A number within a range, moved in steps [Stepper, Slider].
  case number(
    range: ClosedRange<Double>, step: Double, style: NumberStyle = .stepper, get: () -> Double,
    set: (Double) throws -> Void)

  /// The current value as a model value.
  public var value: StateValue {
    switch self {
    case .toggle(let get, _): .toggle(get())
    case .choice(_, let get, _): .choice(get())
    case .number(_, _, _, let get, _): .number(get())
    }
  }

  /// The values a toggle or a choice takes, in order: `on` and `off`, or the options' values;
  /// none for a number, which takes any value in its range.
  public var allowedValues: [String] {
    switch self {
    case .toggle: ["on", "off"]
    case .choice(let options, _, _): options.map(\.value)
    case .number: []
    }
  }

  /// The argument a person types to set the state, for usage lines.
  public var usage: String {
    switch self {
    case .toggle: "[on|off]"
    case .choice(let options, _, _): options.map(\.value).joined(separator: "|")
    case .number: "VALUE|+|-"
    }
  }

  /// Applies an argument typed after the command: a toggle flips without one or takes
  /// on/off; a choice takes one of its options; a number takes a value, or `+`/`-` to step
  /// (clamped at the bounds).
  ///
  /// - Returns: the new value.
  /// - Throws: `FolioError.invalidArgument` naming the command and what it expects.
  @discardableResult
  public func apply(_ argument: String?, commandName: String) throws -> StateValue {
    switch self {
    case .toggle(let get, let set):
      let target: Bool
      if let argument {
        guard let value = Parameter.boolean(argument) else {
          throw FolioError.invalidArgument(
            "'\(commandName)' is a toggle: expects on or off, got '\(argument)'")
        }
        target = value
      } else {
        target = !get()
      }
      try set(target)
    case .choice(let options, _, let set):
      guard let argument else {
        throw FolioError.invalidArgument(
          "'\(commandName)' expects one of \(options.map(\.value).joined(separator: ", "))")
      }
      guard let option = options.first(where: { $0.matches(argument) }) else {
        throw FolioError.invalidArgument(
          "'\(commandName)' expects one of \(options.map(\.value).joined(separator: ", ")), "
            + "got '\(argument)'")
      }
      try set(option.value)
    case .number(let range, let step, _, let get, let set):
      guard let argument else {
        throw FolioError.invalidArgument("'\(commandName)' expects a value, '+' or '-'")
      }
      let target: Double
      switch argument {
      case "+": target = Self.held(get() + step, to: step, in: range)
      case "-": target = Self.held(get() - step, to: step, in: range)
      default:
        guard let value = Double(argument), value.isFinite else {
          throw FolioError.invalidArgument(
            "'\(commandName)' expects a number, '+' or '-', got '\(argument)'")
        }
        guard range.contains(value) else {
          throw FolioError.invalidArgument(
            "'\(commandName)' expects a value from \(StateValue.format(range.lowerBound)) "
              + "to \(StateValue.format(range.upperBound)), got '\(argument)'")
        }
        target = Self.held(value, to: step, in: range)
      }
      try set(target)
    }
    return value
  }

  /// The bound of a number without one (a stepper declared without `min` or `max`): the
  /// largest whole number a `Double` holds exactly, 2^53 − 1.
  public static let unboundedLimit = 9_007_199_254_740_991.0

  /// `value` held to the step: the nearest of the bounds' lower end plus a whole number of
  /// steps, within the bounds (a step of zero or less holds nothing); counted from 0 when
  /// there is no lower bound (`-unboundedLimit`).
  public static func held(_ value: Double, to step: Double, in range: ClosedRange<Double>) -> Double {
    let clamped = min(max(value, range.lowerBound), range.upperBound)
    guard step > 0, step.isFinite else { return clamped }
    let origin = range.lowerBound <= -unboundedLimit ? 0 : range.lowerBound
    let steps = ((clamped - origin) / step).rounded()
    let held = origin + steps * step
    // The top step may pass the upper bound when the range is not a whole number of steps.
    return held > range.upperBound ? held - step : held
  }
}

/// How a number state shows in menus when the item does not say [Stepper, Slider].
public enum NumberStyle: String, Sendable, Equatable, CaseIterable {
  /// `−` and `+` buttons around the value.
  case stepper
  /// A slider from the lower to the upper bound.
  case slider
}

/// One option of a choice: the value scripts type and the label menus show.
public struct ChoiceOption: Sendable, Equatable {
  /// The word that selects the option: `run demo.flavor vanilla`.
  public var value: String
  /// The label shown in menus.
  public var label: String
  /// An SF Symbols name shown beside the label [Label(_:systemImage:)], if any.
  public var icon: String?

  /// Creates an option; the label defaults to the value.
  public init(_ value: String, label: String? = nil, icon: String? = nil) {
    self.value = value
    self.label = label ?? value
    self.icon = icon
  }

  /// Whether a typed word selects this option (its value or label, ignoring case).
  public func matches(_ word: String) -> Bool {
    let word = word.lowercased()
    return value.lowercased() == word || label.lowercased() == word
  }
}

/// The value of a command's state, as results report it.
public enum StateValue: Sendable, Equatable, CustomStringConvertible {
  case toggle(Bool)
  case choice(String)
  case number(Double)

  public var description: String {
    switch self {
    case .toggle(let isOn): isOn ? "on" : "off"
    case .choice(let option): option
    case .number(let value): Self.format(value)
    }
  }

  /// Formats a number without a trailing `.0` when it is whole.
  public static func format(_ value: Double) -> String {
    value.wholeNumber.map { String($0) } ?? String(value)
  }
}
