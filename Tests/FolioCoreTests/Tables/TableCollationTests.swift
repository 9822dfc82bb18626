import Testing

@testable import FolioCore

/// `standard` collation: base letters without case or accents first, numbers inside text
/// by value, then accents, then case; `binary` keeps the old scalar order.
@Suite struct TableCollationTests {
  private static func sorted(_ texts: [String], _ collation: TableCollation, descending: Bool = false) throws
    -> [String]
  {
    let table = TableModel(
      TableContent(columns: ["t"], rows: texts.map { [TableCell.string($0)] }, dialect: .json(.compact)))
    let order = try table.sortPermutation(
      by: [TableSortKey(column: "t", order: descending ? .descending : .ascending)], collation: collation)
    return order.map { texts[$0] }
  }

  @Test("Évora before Porto, item 9 before item 10, accents and case after the letters")
  func standard() throws {
    #expect(
      try Self.sorted(["Porto", "Évora", "Zürich", "evora", "Lisbon"], .standard)
        == ["evora", "Évora", "Lisbon", "Porto", "Zürich"])
    #expect(
      try Self.sorted(["item 10", "item 9", "item 1", "Item 2", "item 09"], .standard)
        == ["item 1", "Item 2", "item 09", "item 9", "item 10"])
    #expect(try Self.sorted(["b", "B", "a", "á", "A"], .standard) == ["A", "a", "á", "B", "b"])
    #expect(try Self.sorted(["Straße", "Strasse", "Strand"], .standard) == ["Strand", "Strasse", "Straße"])
    #expect(try Self.sorted(["x2", "x10", "x1"], .standard, descending: true) == ["x10", "x2", "x1"])
    // Decomposed accents weigh as the composed ones.
    #expect(try Self.sorted(["Porto", "E\u{301}vora"], .standard) == ["E\u{301}vora", "Porto"])
  }

  @Test("binary keeps scalar order: Porto before Évora, item 10 before item 9")
  func binary() throws {
    #expect(try Self.sorted(["Porto", "Évora"], .binary) == ["Porto", "Évora"])
    #expect(try Self.sorted(["item 9", "item 10"], .binary) == ["item 10", "item 9"])
  }
}
