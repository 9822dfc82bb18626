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
