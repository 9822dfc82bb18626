/// What a cell reads as, typed: the value a plugin gets from `d:get` and `d:rows()` and
/// hands back to `d:set`.
///
/// A cell is read by its column's kind (`TableCell.value(as:)`), so writing back the value a
/// cell reads as is no edit (`Workspace.setCell(rowID:column:to:in:)`): its bytes stay as
/// they are, however the value would be spelled afresh.
public enum CellValue: Sendable, CustomStringConvertible {
  /// An empty cell (a JSON `null`, or no key).
  case empty
  /// Text, exactly as written.
  case text(String)
  /// A whole number read without a fraction or exponent.
  case integer(Int)
  /// Any other number.
  case number(Double)
  /// A yes/no value.
  case bool(Bool)

  /// The text a cell holds when the value is written afresh: a string as it is, a whole
  /// number within ±2^53 without a fraction (`3.0` as `3`), any other number as the
  /// shortest text that reads back as it (`0.25`, `1e+20`), `true` or `false`, and the
  /// empty string.
  public var description: String {
    switch self {
    case .empty: ""
    case .text(let text): text
    case .integer(let number): String(number)
    case .number(let number):
      number == number.rounded() && abs(number) <= 9_007_199_254_740_992
        ? String(Int(number)) : String(number)
    case .bool(let flag): flag ? "true" : "false"
    }
  }
}

extension CellValue: Equatable {
  /// Whether two values are the same: text compared by its UTF-8 bytes (a file holds bytes),
  /// numbers by their value, an integer and a number alike (`2` and `2.0`, as Lua has it).
  public static func == (lhs: CellValue, rhs: CellValue) -> Bool {
    switch (lhs, rhs) {
    case (.empty, .empty): true
    case (.text(let left), .text(let right)): left.utf8.elementsEqual(right.utf8)
    case (.integer(let left), .integer(let right)): left == right
    case (.number(let left), .number(let right)): left == right
    case (.integer(let whole), .number(let real)), (.number(let real), .integer(let whole)):
      Int(exactly: real) == whole
    case (.bool(let left), .bool(let right)): left == right
    default: false
    }
  }
}

extension TableCell {
  /// What the cell reads as in a column of `kind`.
  ///
  /// A value the file stores typed (a JSON number, boolean or null) keeps its type; text is
  /// read by its column's kind: a number in a number column (an integer when it reads as
  /// one), a boolean in a yes/no column (`yes`, `true`, `y` and `on` are true), the text as
  /// it is in a text column. An empty cell is `.empty` in every column.
  public func value(as kind: TableValueKind) -> CellValue {
    switch self {
    case .json(let text): return .text(text)
    case .number(let text):
      return Int(text).map(CellValue.integer) ?? Double(text).map(CellValue.number) ?? .text(text)
    case .bool(let flag): return .bool(flag)
    case .null, .absent: return .empty
    case .string(let text):
      guard !text.isEmpty else { return .empty }
      switch kind {
      case .text: return .text(text)
      case .number:
        if let integer = Int(text) { return .integer(integer) }
        return Double(text).map(CellValue.number) ?? .text(text)
      case .bool:
        guard TableValueKind.isBoolWord(text) else { return .text(text) }
        return .bool(Self.trueWords.contains(text.lowercased()))
      }
    }
  }

  /// The yes/no words that read as true.
  private static let trueWords: Set<String> = ["yes", "true", "y", "on"]
}
