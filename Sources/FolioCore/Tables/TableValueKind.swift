/// What a column's values are, read from its cells [TableColumn(value:)]: numbers, yes/no
/// values, or text.
///
/// A column is `number` when every non-empty cell reads as a finite number (as sorting
/// compares them) written without leading zeros (`007` and `01234` are codes, so a column
/// holding them is text; `0`, `0.5` and `0x1F` have none), `bool` when every non-empty cell is a yes/no word (`yes`, `no`, `true`,
/// `false`, `y`, `n`, `on`, `off`, any case), and `text` otherwise — also when it has no
/// non-empty cell.
public enum TableValueKind: String, Sendable, Equatable, CaseIterable {
  /// Text: shown left-aligned.
  case text
  /// Numbers: shown right-aligned, compared as numbers.
  case number
  /// Yes/no values.
  case bool

  /// The kind of a column whose non-empty cells are `texts`.
  public static func infer(_ texts: some Sequence<String>) -> TableValueKind {
    var inference = TableValueKindInference()
    for text in texts { inference.add(text) }
    return inference.kind
  }

  /// Whether text reads as a finite number: `12`, `-3.5`, `.5`, `1e3`, `0x1F`.
  public static func isNumber(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { isNumber($0) }
  }

  /// Whether UTF-8 text reads as a finite number, without making a string for the common
  /// decimal case.
  static func isNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    switch DecimalShape(bytes) {
    case .plain: return true
    case .needsParsing:
      return Double(String(decoding: bytes, as: UTF8.self))?.isFinite == true
    case .notDecimal:
      // Double also reads hexadecimal numbers ("0x1F"), which sorting counts as numbers.
      let digits = bytes.drop { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
      guard digits.count > 2, digits.first == UInt8(ascii: "0"),
        digits.dropFirst().first.map({ $0 | 0x20 == UInt8(ascii: "x") }) == true
      else { return false }
      return Double(String(decoding: bytes, as: UTF8.self))?.isFinite == true
    }
  }

  /// Whether UTF-8 text starts, after its sign, with a zero followed by a digit (`007`,
  /// `-01.5`), as codes and zip codes do and numbers do not.
  static func hasLeadingZero(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var digits = bytes[...]
    if let sign = digits.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      digits = digits.dropFirst()
    }
    guard digits.first == UInt8(ascii: "0"), let next = digits.dropFirst().first else { return false }
    return next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9")
  }

  /// Whether UTF-8 text is a yes/no word.
  static func isBoolWord(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count <= 5 else { return false }
    var lowered: [UInt8] = []
    lowered.reserveCapacity(bytes.count)
    for byte in bytes { lowered.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
    return boolWords.contains(lowered)
  }

  /// Whether text is a yes/no word.
  public static func isBoolWord(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { isBoolWord($0) }
  }

  private static let boolWords: Set<[UInt8]> = Set(
    ["yes", "no", "true", "false", "y", "n", "on", "off"].map { Array($0.utf8) })
}

/// How a run of bytes looks against the decimal number grammar
/// `[+-]? (digits [. digits*] | . digits) ([eE] [+-]? digits)?`.
private enum DecimalShape {
  /// A decimal number that is finite whatever its digits: no exponent, at most 300 digits.
  case plain
  /// A decimal number with an exponent or very many digits, which may not be finite.
  case needsParsing
  /// Not a decimal number.
  case notDecimal

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    var index = 0
    let count = bytes.count
    func isDigit(_ at: Int) -> Bool { at < count && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
    if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
    var digits = 0
    while isDigit(index) {
      index += 1
      digits += 1
    }
    if index < count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while isDigit(index) {
        index += 1
        digits += 1
      }
    }
    guard digits > 0 else {
      self = .notDecimal
      return
    }
    if index == count {
      self = digits <= 300 ? .plain : .needsParsing
      return
    }
    guard bytes[index] | 0x20 == UInt8(ascii: "e") else {
      self = .notDecimal
      return
    }
    index += 1
    if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard isDigit(index) else {
      self = .notDecimal
      return
    }
    while isDigit(index) { index += 1 }
    self = index == count ? .needsParsing : .notDecimal
  }
}
