/// Works out a column's `TableValueKind` from its cells, one at a time; cells added later
/// refine it without reading the earlier ones again.
struct TableValueKindInference: Sendable, Equatable {
  /// Whether every non-empty cell so far reads as a number without leading zeros.
  private(set) var allNumbers = true
  /// Whether every non-empty cell so far is a yes/no word.
  private(set) var allBoolWords = true
  /// Whether any cell so far was non-empty.
  private(set) var hasValues = false

  /// The kind the cells so far make.
  var kind: TableValueKind {
    guard hasValues else { return .text }
    return allNumbers ? .number : allBoolWords ? .bool : .text
  }

  /// Whether no cell can change the kind any more: it is text.
  var isSettled: Bool { hasValues && !allNumbers && !allBoolWords }

  /// The inference of the same cells with `old` replaced by `new`, when the two cells alone
  /// tell it: `new` settles each flag it breaks, and `old` broke none of the others, so no
  /// other cell needs reading; nil otherwise (the column must be read again).
  func replacing(_ old: TableCell, with new: TableCell) -> TableValueKindInference? {
    var was = TableValueKindInference()
    was.add(old)
    var now = TableValueKindInference()
    now.add(new)
    /// A flag that holds while every cell keeps it.
    func every(_ current: Bool, old: Bool, new: Bool) -> Bool? { !new ? false : old ? current : nil }
    /// A flag that holds while some cell makes it.
    func some(_ current: Bool, old: Bool, new: Bool) -> Bool? { new ? true : !old ? current : nil }
    guard let numbers = every(allNumbers, old: was.allNumbers, new: now.allNumbers),
      let boolWords = every(allBoolWords, old: was.allBoolWords, new: now.allBoolWords),
      let values = some(hasValues, old: was.hasValues, new: now.hasValues)
    else { return nil }
    var replaced = TableValueKindInference()
    replaced.allNumbers = numbers
    replaced.allBoolWords = boolWords
    replaced.hasValues = values
    return replaced
  }

  /// Adds a cell.
  mutating func add(_ cell: TableCell) {
    switch cell {
    case .null, .absent: return
    case .number:
      hasValues = true
      allBoolWords = false
    case .bool:
      hasValues = true
      allNumbers = false
    case .string(let text), .json(let text): add(text)
    }
  }

  /// Adds a cell's text.
  mutating func add(_ text: String) {
    var text = text
    text.withUTF8 { add(utf8: $0) }
  }

  /// Adds a cell's UTF-8 text.
  mutating func add(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    guard !bytes.isEmpty, !isSettled else { return }
    hasValues = true
    if allNumbers, !TableValueKind.isNumber(bytes) || TableValueKind.hasLeadingZero(bytes) {
      allNumbers = false
    }
    if allBoolWords, !TableValueKind.isBoolWord(bytes) { allBoolWords = false }
  }
}
