import FolioCore

/// Rows or lines as a command names them: 1-based positions `3`, ranges `2-5`, row ids
/// `id:7`, ranges to the end `11-`, or a comma-separated list of them `1,4-6,id:9`.
///
/// The words are read once, strictly: every part is plain digits (no sign), a range has a
/// start and does not end before it starts, no part is empty. So `-1`, `,` or `1,,2` are
/// errors rather than other rows, and no number can trap; the positions are then checked
/// against the document they select from.
public struct RowSelector: Sendable, Equatable {
  /// One part of a selector.
  public enum Part: Sendable, Equatable {
    /// Positions, from 1; one position is a range of one.
    case positions(ClosedRange<Int>)
    /// Positions from one to the last (`11-`).
    case from(Int)
    /// A table row's id.
    case id(Int)
    /// Positions written with more digits than an integer holds, as written: outside any
    /// document, which the error says with the document's range.
    case tooLarge(String)
  }

  /// The parts, in the order written.
  public var parts: [Part]

  /// Reads a selector; `kind` ("row" or "line") words the errors.
  ///
  /// - Throws: `FolioError.invalidArgument` naming the part that is malformed.
  public init(parsing text: String, kind: String) throws(FolioError) {
    parts = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      parts.append(try Self.part(part, of: text, kind: kind))
    }
  }

  private static func part(_ part: Substring, of text: String, kind: String) throws(FolioError) -> Part {
    if part.hasPrefix("id:") {
      if Parameter.isTooLargeInteger(part.dropFirst(3)) {
        throw .invalidArgument("no row has \(part): row ids are at most \(Int.max)")
      }
      guard let id = number(part.dropFirst(3)) else {
        throw .invalidArgument("'\(part)' is not a row id such as id:7")
      }
      return .id(id)
    }
    guard !part.isEmpty else {
      throw .invalidArgument("'\(text)' has an empty part; \(kind)s are numbers or ranges such as 1,4-6")
    }
    let words = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    if words.allSatisfy({ number($0) != nil || Parameter.isTooLargeInteger($0) }),
      words.contains(where: { Parameter.isTooLargeInteger($0) })
    {
      return .tooLarge(String(part))
    }
    if words.count == 2, words[1].isEmpty, let first = number(words[0]) { return .from(first) }
    let bounds = words.map(number)
    guard let first = bounds[0], let last = bounds.count == 2 ? bounds[1] : first else {
      throw .invalidArgument("'\(part)' is not a \(kind) number or range such as 2-5")
    }
    guard first <= last else { throw .invalidArgument("\(kind)s \(part) end before they start") }
    return .positions(first...last)
  }

  /// Plain digits: a position or an id is never signed.
  private static func number(_ text: Substring) -> Int? {
    text.first == "-" ? nil : Parameter.integer(text)
  }

  /// The 1-based positions selected among `count` lines or rows, in the order named; `id:`
  /// parts are resolved by `rowPosition`, and are refused when it is nil (lines have no ids).
  ///
  /// Each position may be named once, so the list is never longer than `count`, however many
  /// parts the selector has.
  ///
  /// - Throws: `FolioError.invalidArgument` for positions outside 1…`count`, an id no row has
  ///   or a position named twice, naming them and the range.
  public func positions(
    count: Int, kind: String, rowPosition: ((Int) -> Int?)? = nil
  ) throws(FolioError) -> [Int] {
    var result: [Int] = []
    // One part cannot name a position twice; several are checked as they are read.
    var named = parts.count > 1 ? [Bool](repeating: false, count: count + 1) : []
    func add(_ position: Int) throws(FolioError) {
      if !named.isEmpty {
        guard !named[position] else { throw .invalidArgument("\(kind) \(position) is named twice") }
        named[position] = true
      }
      result.append(position)
    }
    for part in parts {
      switch part {
      case .positions(let range):
        guard range.lowerBound >= 1, range.upperBound <= count else {
          let text =
            range.lowerBound == range.upperBound
            ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
          throw Position.outside(text, count: count, kind: kind)
        }
        for position in range { try add(position) }
      case .from(let first):
        guard first >= 1, first <= count else { throw Position.outside("\(first)", count: count, kind: kind) }
        for position in first...count { try add(position) }
      case .id(let id):
        guard let rowPosition else { throw .invalidArgument("\(kind)s have no ids; use numbers such as 2-5") }
        guard let position = rowPosition(id) else { throw .invalidArgument("no row with id:\(id)") }
        try add(position)
      case .tooLarge(let text):
        throw Position.outside(text, count: count, kind: kind)
      }
    }
    return result
  }

  /// The positions `text` selects among `count` lines or rows without ids.
  static func positions(_ text: String, count: Int, kind: String) throws(FolioError) -> [Int] {
    try RowSelector(parsing: text, kind: kind).positions(count: count, kind: kind)
  }
}

extension TableModel {
  /// The 1-based positions of the rows a selector names (see `RowSelector`), in its order.
  ///
  /// - Throws: `FolioError.invalidArgument` for a malformed part, or one that names no row.
  func rowPositions(_ selector: String) throws(FolioError) -> [Int] {
    let parsed = try RowSelector(parsing: selector, kind: "row")
    // A few ids are found by a scan each; many (a dialog's target, `id:1,id:2,…`) through one
    // index of every row's id, so the lookup stays linear in the table.
    let idCount = parsed.parts.lazy.filter { if case .id = $0 { true } else { false } }.count
    guard idCount > 8 else {
      return try parsed.positions(count: rowCount, kind: "row") { rowIndex(id: $0).map { $0 + 1 } }
    }
    var positions: [Int: Int] = [:]
    positions.reserveCapacity(rowCount)
    for index in 0..<rowCount { positions[id(ofRow: index)] = index + 1 }
    return try parsed.positions(count: rowCount, kind: "row") { positions[$0] }
  }

  /// The ids of the rows a selector names, in the order it names them.
  ///
  /// - Throws: `FolioError.invalidArgument` for a malformed part, or one that names no row.
  func rowIDs(_ selector: String) throws(FolioError) -> [Int] {
    try rowPositions(selector).map { id(ofRow: $0 - 1) }
  }
}
