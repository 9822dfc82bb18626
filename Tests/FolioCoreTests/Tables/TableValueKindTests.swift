import Testing

@testable import FolioCore

/// Value kinds per column: inferred from every non-empty cell, worked out lazily, kept until
/// the table changes and refined or forgotten by each kind of edit.
@Suite struct TableValueKindTests {
  private static func table(_ csv: String) throws -> TableModel {
    try DelimitedFormat.decodeTable(Array(csv.utf8), delimiter: .comma)
  }

  @Test("a column is a number when every non-empty cell reads as a finite number")
  func numbers() {
    for text in [
      "0", "12", "-3.5", "+7", ".5", "5.", "1e3", "2E-4", "0x1F", "-0X10",
      "1" + String(repeating: "0", count: 304),
    ] {
      #expect(TableValueKind.isNumber(text), "\(text)")
    }
    for text in [
      "", "-", ".", "e5", "1e", "1e+", "1.2.3", "12a", " 12", "12 ", "inf", "nan", "1e999", "0x", "1_000",
    ] {
      #expect(!TableValueKind.isNumber(text), "\(text)")
    }
    #expect(!TableValueKind.isNumber("1" + String(repeating: "0", count: 400)))
  }

  @Test("numbers with leading zeros are codes: a column holding one is text")
  func leadingZeros() {
    for codes in [
      ["007", "10"], ["0042", "0043"], ["01234", "02134"], ["-01", "2"], ["00.5"], ["1", "010"],
    ] {
      #expect(TableValueKind.infer(codes) == .text, "\(codes)")
    }
    for numbers in [["0", "10"], ["0.5", "-0.25"], ["0x1F", "0e3"], ["+0", "100"], ["1e3", ".5"]] {
      #expect(TableValueKind.infer(numbers) == .number, "\(numbers)")
    }
  }

  @Test("kinds: numbers, yes/no words, text; empty cells do not count; an empty column is text")
  func inference() {
    #expect(TableValueKind.infer(["4", "", "10", "-2.5"]) == .number)
    #expect(TableValueKind.infer(["yes", "No", "", "TRUE", "off"]) == .bool)
    #expect(TableValueKind.infer(["yes", "maybe"]) == .text)
    #expect(TableValueKind.infer(["1", "yes"]) == .text)
    #expect(TableValueKind.infer(["", ""]) == .text)
    #expect(TableValueKind.infer([String]()) == .text)
  }

  @Test("JSON cells count by their type: numbers, booleans, null as empty, nested values as text")
  func jsonCells() throws {
    var table = try JSONTableFormat.decodeTable(
      Array(#"[{"n": 4.5, "b": true, "j": {"a": 1}}, {"n": null, "b": null, "j": null}, {"n": 4}]"#.utf8))
    #expect(table.valueKinds(ofColumns: [0, 1, 2]) == [.number, .bool, .text])
  }

  @Test("opening computes no kind; asking reads only the columns asked and keeps them")
  func lazy() throws {
    var table = try Self.table("name,comfort,noise,ok\nA,4,6,yes\nB,5,,no\nC,3,8,\n")
    #expect(table.valueKindCache.isEmpty)
    #expect(table.valueKinds(ofColumns: [2]) == [.number])
    #expect(table.valueKindCache.map { $0 != nil } == [false, false, true, false])
    #expect(table.valueKinds(ofColumns: [3, 0, 1]) == [.bool, .text, .number])
    #expect(table.valueKindCache.allSatisfy { $0 != nil })
  }

  @Test(
    "edits keep kinds true: added rows refine them, changed cells and removed rows make them worked out again"
  )
  func invalidation() throws {
    var table = try Self.table("name,noise\nA,6\nB,8\nC,\n")
    #expect(table.valueKinds(ofColumns: [0, 1]) == [.text, .number])

    table.appendRow([.string("D"), .string("loud")])
    #expect(table.valueKinds(ofColumns: [1]) == [.text])
    let removed = table.removeRow(at: 3)
    #expect(table.valueKinds(ofColumns: [1]) == [.number])
    table.insert(removed, at: 3)
    #expect(table.valueKinds(ofColumns: [1]) == [.text])
    _ = table.removeRows(at: [3])
    #expect(table.valueKinds(ofColumns: [1]) == [.number])

    table.setCell(row: 0, column: 1, to: .string("quiet"))
    #expect(table.valueKinds(ofColumns: [1]) == [.text])
    table.setCell(row: 0, column: 1, to: .string("6"))
    #expect(table.valueKinds(ofColumns: [1]) == [.number])

    table.appendColumn("favorite")
    #expect(table.valueKinds(ofColumns: [2]) == [.text])
    table.setCell(row: 1, column: 2, to: .string("yes"))
    #expect(table.valueKinds(ofColumns: [2, 1]) == [.bool, .number])
    table.removeLastColumn()
    #expect(table.valueKinds(ofColumns: [0, 1]) == [.text, .number])
    table.reorder(by: [2, 1, 0])
    #expect(table.valueKinds(ofColumns: [1]) == [.number])
  }

  @Test("a column of empty cells turns into the kind of the first value added")
  func emptyColumnRefined() throws {
    var table = try Self.table("name,noise\nA,\nB,\n")
    #expect(table.valueKinds(ofColumns: [1]) == [.text])
    table.appendRow([.string("C"), .string("7")])
    #expect(table.valueKinds(ofColumns: [1]) == [.number])
  }

  @Test("every table agrees with inferring from its cells, for every mix of rows")
  func agreesWithCells() throws {
    let values = ["1", "2.5", "", "yes", "no", "x"]
    for first in values {
      for second in values {
        for third in values {
          var table = try Self.table("c\n\"\(first)\"\n\"\(second)\"\n\"\(third)\"\n")
          #expect(table.valueKinds(ofColumns: [0]) == [TableValueKind.infer([first, second, third])])
        }
      }
    }
  }
}
