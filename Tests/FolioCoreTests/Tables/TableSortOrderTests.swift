import Testing

@testable import FolioCore

/// Sorting by byte keys (`TableSortKeys`, `ByteRunSorter`) gives exactly the order of the
/// plain comparison sort it replaced: numbers by value, text case folded then exactly by
/// Swift's `String` order, empty cells last, stable, for every key and direction.
@Suite struct TableSortOrderTests {
  /// A cell as the reference sort compares it: the rules of `docs/tables.md`, with `String`s.
  private enum Value {
    case empty
    case number(Double)
    case text(folded: String, String)

    /// Whether `left` goes first (true), last (false), or they are equal (nil).
    static func compare(_ left: Value, _ right: Value, isDescending: Bool) -> Bool? {
      switch (left, right) {
      case (.empty, .empty): return nil
      case (.empty, _): return false
      case (_, .empty): return true
      case (.number(let a), .number(let b)): return a == b ? nil : (a < b) != isDescending
      case (.text(let a, let rawA), .text(let b, let rawB)):
        if a != b { return (a < b) != isDescending }
        return rawA == rawB ? nil : (rawA < rawB) != isDescending
      case (.number, .text): return !isDescending
      case (.text, .number): return isDescending
      }
    }
  }

  /// The order a plain comparison sort of `String`s and `Double`s gives.
  private static func referenceOrder(_ table: TableModel, by keys: [TableSortKey]) -> [Int] {
    let columns = keys.map { key in
      let column = table.columnIndex(key.column)!
      let texts = (0..<table.rowCount).map { table.cell(row: $0, column: column).description }
      let isNumeric = texts.allSatisfy { $0.isEmpty || Double($0)?.isFinite == true }
      let values = texts.map { text -> Value in
        if text.isEmpty { return .empty }
        if isNumeric, let number = Double(text) { return .number(number) }
        return .text(folded: text.lowercased(), text)
      }
      return (values, key.order == .descending)
    }
    return Array(0..<table.rowCount).sorted { left, right in
      for (values, isDescending) in columns {
        if let goesFirst = Value.compare(values[left], values[right], isDescending: isDescending) {
          return goesFirst
        }
      }
      return left < right
    }
  }

  /// Texts that test case folding, normalization (composed and decomposed forms, singletons
  /// such as the Kelvin and Ohm signs), scripts, control bytes and prefixes.
  private static let texts = [
    "apple", "Apple", "APPLE", "apples", "app", "banana", "Banana", "é", "e\u{301}", "É", "E\u{301}", "e",
    "f", "ß", "SS", "ss", "ǅ", "ǆ", "Ǆ", "\u{212A}", "K", "k", "\u{212A}a", "Ka", "ka", "İ", "i", "ı", "I",
    "\u{2126}", "Ω", "ω", "한", "\u{1112}\u{1161}\u{11AB}", "日本", "日", "Ä", "A\u{308}", "a\u{308}\u{301}",
    "a\u{301}\u{308}", "a", "a b", "a\u{1}", "a\u{1}b", "\u{1}", "a\u{7F}", "~", " 5", "5 ", "x\"y", "zz",
    "Zz", "ZZ", "💡", "🇫🇷", "ﬁ", "fi",
  ]

  /// Texts that read as numbers, and spellings around them.
  private static let numbers = [
    "10", "7", "-3", "0", "-0", "+0", "1e3", "1E-3", "0x1F", "-0x10", "+5", "5.", ".5", "-.5", "1.50", "1.5",
    "007", "12345678901234567890", "0.1", "0.30000000000000004", "99999999999999.9", "123456789012345",
    "1234567890123456", "0.0000000000000000000001", "-2.5e-3", "3.14159",
  ]

  private struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state ^ (state >> 29)
    }
  }

  /// A CSV field for `text`, quoted (and its quotes doubled) when it must be or when asked.
  private static func field(_ text: String, quoted: Bool) -> String {
    let mustQuote = text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
    guard quoted || mustQuote else { return text }
    return "\"" + String(text.flatMap { $0 == "\"" ? ["\"", "\""] : [$0] }) + "\""
  }

  @Test("random tables of numbers, texts and empty cells sort as the comparison sort does")
  func matchesReference() throws {
    var random = Generator(state: 8)
    for round in 0..<60 {
      let count = [0, 1, 2, 5, 13, 40, 200][round % 7]
      var csv = "num,text,mixed,few\n"
      for _ in 0..<count {
        let number =
          Int.random(in: 0..<6, using: &random) == 0 ? "" : Self.numbers.randomElement(using: &random)!
        let text = Int.random(in: 0..<8, using: &random) == 0 ? "" : Self.texts.randomElement(using: &random)!
        let mixed = Bool.random(using: &random) ? Self.texts.randomElement(using: &random)! : number
        let few = ["", "x", "X", "y"].randomElement(using: &random)!
        let quoted = Bool.random(using: &random)
        csv +=
          [number, text, mixed, few].map { Self.field($0, quoted: quoted) }.joined(separator: ",") + "\n"
      }
      let table = try DelimitedFormat.decodeTable(Array(csv.utf8), delimiter: .comma)
      for _ in 0..<6 {
        var keys: [TableSortKey] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          let key = TableSortKey(
            column: ["num", "text", "mixed", "few"].randomElement(using: &random)!,
            order: Bool.random(using: &random) ? .ascending : .descending)
          // Each column is one key at most; a column drawn again is left out.
          if !keys.contains(where: { $0.column == key.column }) { keys.append(key) }
        }
        #expect(
          try table.sortPermutation(by: keys, collation: .binary) == Self.referenceOrder(table, by: keys),
          "\(keys) of \(csv)")
      }
    }
  }

  @Test("every pair of tricky texts orders as String comparison does, in both directions")
  func textPairs() throws {
    let cells = Self.texts.map { [TableCell.string($0)] }
    let table = TableModel(
      TableContent(columns: ["t"], rows: cells + cells.reversed(), dialect: .json(.compact)))
    for order in TableSortKey.Order.allCases {
      let keys = [TableSortKey(column: "t", order: order)]
      #expect(try table.sortPermutation(by: keys, collation: .binary) == Self.referenceOrder(table, by: keys))
    }
  }

  @Test("cells kept as values sort with those read from the file: edited rows, JSON values, NUL bytes")
  func storedCells() throws {
    var table = try DelimitedFormat.decodeTable(Array("k\nb\nB\na\n10\n".utf8), delimiter: .comma)
    table.setCell(row: 0, column: 0, to: .string("a\u{0}"))
    table.appendRow([.string("a")])
    table.appendRow([.string("a\u{0}\u{0}")])
    table.appendRow([.string("")])
    for order in TableSortKey.Order.allCases {
      let keys = [TableSortKey(column: "k", order: order)]
      #expect(try table.sortPermutation(by: keys, collation: .binary) == Self.referenceOrder(table, by: keys))
    }
    let json = TableModel(
      TableContent(
        columns: ["v"],
        rows: [[.number("2")], [.null], [.number("1.5")], [.absent], [.number("-1e2")], [.bool(true)]],
        dialect: .json(.compact)))
    let keys = [TableSortKey(column: "v")]
    #expect(try json.sortPermutation(by: keys, collation: .binary) == Self.referenceOrder(json, by: keys))
    // As text: "true" is not a number.
    #expect(try json.sortPermutation(by: keys, collation: .binary) == [4, 2, 0, 5, 1, 3])
  }

  @Test("a column of numbers with text in its last row sorts as text")
  func numbersUntilTheLastRow() throws {
    var csv = "n\n"
    for row in 0..<50 { csv += "\(50 - row)\n" }
    csv += "x\n"
    let table = try DelimitedFormat.decodeTable(Array(csv.utf8), delimiter: .comma)
    let keys = [TableSortKey(column: "n")]
    let order = try table.sortPermutation(by: keys, collation: .binary)
    #expect(order == Self.referenceOrder(table, by: keys))
    #expect(order.prefix(3) == [49, 40, 39])  // "1", "10", "11": as text
  }

  @Test("long equal beginnings and many equal rows keep their order")
  func longKeysAndTies() throws {
    var csv = "a,b\n"
    let prefix = String(repeating: "common prefix longer than a word ", count: 3)
    for row in 0..<300 { csv += "\(prefix)\(row % 7),\(prefix)\(row % 2 == 0 ? "X" : "x")\n" }
    let table = try DelimitedFormat.decodeTable(Array(csv.utf8), delimiter: .comma)
    for keys in [
      [TableSortKey(column: "a")],
      [TableSortKey(column: "a", order: .descending), TableSortKey(column: "b")],
      [TableSortKey(column: "b", order: .descending)],
    ] {
      #expect(try table.sortPermutation(by: keys, collation: .binary) == Self.referenceOrder(table, by: keys))
    }
  }

  @Test("a group larger than a block is sorted in place, in the order of its runs and rows")
  func blocks() {
    var random = Generator(state: 5)
    let count = 100_000
    // Runs of 10 bytes from a small alphabet: many equal words, groups sorted again deeper.
    let rows = (0..<count).map { _ in (0..<10).map { _ in UInt8.random(in: 0...2, using: &random) } }
    let runs = rows.flatMap { $0 }
    let starts = Array(stride(from: 0, through: runs.count, by: 10))
    let expected = rows.indices.sorted {
      rows[$0] != rows[$1] ? rows[$0].lexicographicallyPrecedes(rows[$1]) : $0 < $1
    }
    let order = runs.withUnsafeBufferPointer { runs in
      starts.withUnsafeBufferPointer { ByteRunSorter.order(runs: runs, starts: $0) }
    }
    #expect(order == expected)
  }

  @Test("sorting a large group stops between its passes once cancelled")
  func cancelledWithinGroup() {
    let count = 100_000
    let runs = (0..<count).flatMap { row in withUnsafeBytes(of: UInt64(count - row).bigEndian) { Array($0) } }
    let starts = Array(stride(from: 0, through: runs.count, by: 8))
    var asked = 0
    let order = runs.withUnsafeBufferPointer { runs in
      starts.withUnsafeBufferPointer { starts in
        ByteRunSorter.order(runs: runs, starts: starts) {
          asked += 1
          return asked > 2
        }
      }
    }
    #expect(order == nil)
    #expect(asked == 3)
  }

  @Test("numbers are read exactly as Double(String) reads them")
  func numberReading() {
    var random = Generator(state: 3)
    var samples = Self.numbers + ["", "-", "+", ".", "1.2.3", "1-", "--1", "inf", "nan", "1e999", "1_000"]
    for _ in 0..<2000 {
      let digits = (0..<Int.random(in: 1...17, using: &random)).map { _ in
        String(Int.random(in: 0...9, using: &random))
      }
      var text = digits.joined()
      if Bool.random(using: &random) {
        let point = Int.random(in: 0...text.count, using: &random)
        text.insert(".", at: text.index(text.startIndex, offsetBy: point))
      }
      samples.append(Bool.random(using: &random) ? "-" + text : text)
    }
    for text in samples {
      var text = text
      let read = text.withUTF8 { TableSortKeys.number($0) }
      #expect(read?.bitPattern == Double(text)?.bitPattern, "\(text)")
    }
  }
}
