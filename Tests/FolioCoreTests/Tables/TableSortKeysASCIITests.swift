import Testing

@testable import FolioCore

/// The shorter sort keys of `standard` text in an all-ASCII column order every pair of rows
/// as the full form does: leading zeros, case, escapes and long runs of zeros included.
@Suite struct TableSortKeysASCIITests {
  /// A small deterministic generator (a linear congruential one), so failures repeat.
  private struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  /// Characters chosen to meet every case: zeros and digits, letters in both cases, bytes
  /// below `0` (space, `/`, the escaped `00` and `01`) and above it (`:`, letters).
  private static let alphabet: [UInt8] = Array("00001239aAbBzZ /:".utf8) + [0, 1]

  private static func randomText(_ random: inout Generator) -> [UInt8] {
    if random.next(40) == 0 {
      // A run of zeros past the one-byte codes.
      return Array("x".utf8) + [UInt8](repeating: UInt8(ascii: "0"), count: 245 + random.next(12))
        + (random.next(2) == 0 ? Array("1".utf8) : Array(" y".utf8))
    }
    return (0..<random.next(7)).map { _ in alphabet[random.next(alphabet.count)] }
  }

  /// The run of one row under keys of `kind`, one per text.
  private static func run(_ texts: [[UInt8]], kind: TableSortKeys.Kind, descending: [Bool]) -> [UInt8] {
    var keys = TableSortKeys(
      keys: texts.indices.map { (kind, descending[$0]) }, rowCount: 1, estimatedSize: 64)
    keys.beginRow()
    for (index, text) in texts.enumerated() {
      let fits = text.withUnsafeBufferPointer { keys.append($0, key: index) }
      precondition(fits)
    }
    return keys.runBytes
  }

  private static func compare(_ left: [UInt8], _ right: [UInt8]) -> Int {
    for (a, b) in zip(left, right) where a != b { return a < b ? -1 : 1 }
    return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
  }

  @Test("the ASCII form orders pairs of rows as the full form, one key and two, both directions")
  func sameOrder() {
    var random = Generator(state: 20)
    for round in 0..<20_000 {
      let keyCount = 1 + round % 2
      let descending = (0..<keyCount).map { _ in random.next(2) == 0 }
      var left = (0..<keyCount).map { _ in Self.randomText(&random) }
      var right = (0..<keyCount).map { _ in Self.randomText(&random) }
      // Often the same text but for case or zeros, where the lower levels decide.
      if random.next(2) == 0 {
        right[0] = left[0].map { byte in
          switch random.next(4) {
          case 0 where byte &- 0x41 < 26: byte | 0x20
          case 1 where byte &- 0x61 < 26: byte & ~0x20
          default: byte
          }
        }
        if random.next(3) == 0, let zero = right[0].firstIndex(where: { $0 &- 0x30 < 10 }) {
          right[0].insert(UInt8(ascii: "0"), at: zero)
        }
      }
      if random.next(4) == 0 { left = right }
      let full = Self.compare(
        Self.run(left, kind: .standardText, descending: descending),
        Self.run(right, kind: .standardText, descending: descending))
      let short = Self.compare(
        Self.run(left, kind: .standardASCIIText, descending: descending),
        Self.run(right, kind: .standardASCIIText, descending: descending))
      #expect(full == short, "\(left) \(right) \(descending)")
      if full != short { return }
    }
  }

  @Test("a cell that is not ASCII widens the column to the full form")
  func widens() throws {
    let texts = ["item 10", "Évora", "item 9", "evora", "Item 09"]
    let table = TableModel(
      TableContent(columns: ["t"], rows: texts.map { [TableCell.string($0)] }, dialect: .json(.compact)))
    let sorted = try table.sortOrder(by: [TableSortKey(column: "t")], collation: .standard)
    #expect(sorted.kinds == [.standardText])
    #expect(sorted.order.map { texts[$0] } == ["evora", "Évora", "Item 09", "item 9", "item 10"])
    let ascii = TableModel(
      TableContent(
        columns: ["t"], rows: texts.filter { $0 != "Évora" }.map { [TableCell.string($0)] },
        dialect: .json(.compact)))
    #expect(
      try ascii.sortOrder(by: [TableSortKey(column: "t")], collation: .standard).kinds == [.standardASCIIText]
    )
  }
}
