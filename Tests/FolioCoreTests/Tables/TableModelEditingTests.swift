import Testing

@testable import FolioCore

/// Editing tables stored in their file's bytes: ids stay put, edits touch one row, and every
/// change can be taken back.
@Suite struct TableModelEditingTests {
  /// A table of `rowCount` rows and three columns read from a CSV file: cell (r, c) is "rRcC".
  private static func decoded(rows rowCount: Int) throws -> TableModel {
    var text = "a,b,c\n"
    for row in 0..<rowCount { text += "r\(row)c0,\"r\(row)c1\",r\(row)c2\n" }
    return try DelimitedFormat.decodeTable(Array(text.utf8), delimiter: .comma)
  }

  private static func expectedCells(row: Int) -> [TableCell] {
    (0..<3).map { .string("r\(row)c\($0)") }
  }

  @Test("setting a cell changes that cell only, copies one row, and keeps every id")
  func setCell() throws {
    for rowCount in 1...6 {
      for row in 0..<rowCount {
        for column in 0..<3 {
          var table = try Self.decoded(rows: rowCount)
          let original = table
          table.setCell(row: row, column: column, to: .string("new, \"value\""))
          #expect(table.storedRows.count == 1)
          for index in 0..<rowCount {
            var expected = Self.expectedCells(row: index)
            if index == row { expected[column] = .string("new, \"value\"") }
            #expect(table.cells(ofRow: index) == expected)
            #expect(table.id(ofRow: index) == index + 1)
          }
          // Undo puts the old value back; the row stays stored, the table equals the original.
          table.setCell(row: row, column: column, to: original.cell(row: row, column: column))
          #expect(table == original)
          #expect(DelimitedFormat.encode(table) == DelimitedFormat.encode(original))
        }
      }
    }
  }

  @Test("an edited table keeps the bytes of rows not edited, and is written as its content in TSV and JSON")
  func editedTablesEncode() throws {
    for rowCount in 0...6 {
      var table = try Self.decoded(rows: rowCount)
      if rowCount > 0 { table.setCell(row: rowCount / 2, column: 1, to: .string("line\nbreak")) }
      table.appendRow([.string("added")])
      let content = table.content
      // Rows not edited keep their quotes; the edited and the added one are encoded.
      var expected = "a,b,c\n"
      for row in 0..<rowCount {
        expected +=
          row == rowCount / 2
          ? "r\(row)c0,\"line\nbreak\",r\(row)c2\n" : "r\(row)c0,\"r\(row)c1\",r\(row)c2\n"
      }
      #expect(DelimitedFormat.encode(table) == Array((expected + "added,,\n").utf8))
      #expect(DelimitedFormat.encode(table, dialect: .tsv) == DelimitedFormat.encode(content, dialect: .tsv))
      for style in [JSONStyle.compact, .pretty(indent: 2), .pretty(indent: 4)] {
        #expect(JSONTableFormat.encode(table, style: style) == JSONTableFormat.encode(content, style: style))
      }
      let again = try DelimitedFormat.decodeTable(DelimitedFormat.encode(table), delimiter: .comma)
      #expect(again.content == content)
    }
  }

  @Test("appended rows take the next id, and an id is never given twice")
  func appendAndRemove() throws {
    for rowCount in 0...5 {
      var table = try Self.decoded(rows: rowCount)
      let original = table.content
      let id = table.appendRow([.string("x"), .string("y")])
      #expect(id == rowCount + 1)
      #expect(table.rowCount == rowCount + 1)
      #expect(table.cells(ofRow: rowCount) == [.string("x"), .string("y"), .string("")])
      #expect(table.rowIndex(id: id) == rowCount)

      // Undoing the add removes the last row; the table is as read.
      let removed = table.removeRow(at: rowCount)
      #expect(removed == TableRow(id: id, cells: [.string("x"), .string("y"), .string("")]))
      #expect(table.content == original)
      #expect(table.rowIndex(id: id) == nil)
      #expect(table.storedRows.isEmpty)

      // Redoing it adds a row with a new id; the earlier rows keep theirs.
      let next = table.appendRow([.string("z")])
      #expect(next == rowCount + 2)
      #expect(table.rowIndex(id: rowCount + 1) == nil)
      #expect(table.rowIndex(id: next) == rowCount)
      #expect(table.rows.map(\.id) == Array(1..<rowCount + 1) + [next])
    }
  }

  @Test("removing any row and putting it back restores the table, ids included")
  func removeAndInsert() throws {
    for rowCount in 1...6 {
      for position in 0..<rowCount {
        var table = try Self.decoded(rows: rowCount)
        let original = table
        let removed = table.removeRow(at: position)
        #expect(removed == TableRow(id: position + 1, cells: Self.expectedCells(row: position)))
        #expect(table.rows.map(\.id) == (1..<rowCount + 1).filter { $0 != position + 1 })
        #expect(table.rowIndex(id: position + 1) == nil)
        for index in 0..<rowCount - 1 {
          let originalRow = index < position ? index : index + 1
          #expect(table.cells(ofRow: index) == Self.expectedCells(row: originalRow))
          #expect(table.rowIndex(id: originalRow + 1) == index)
        }
        table.insert(removed, at: position)
        #expect(table == original)
        #expect(DelimitedFormat.encode(table) == DelimitedFormat.encode(original))
      }
    }
  }

  @Test("a row put back somewhere else keeps its id, and every other row keeps its own")
  func insertElsewhere() throws {
    for rowCount in 1...5 {
      for position in 0..<rowCount {
        var table = try Self.decoded(rows: rowCount)
        let last = table.removeRow(at: rowCount - 1)
        table.insert(last, at: position)
        var ids = Array(1..<rowCount)
        ids.insert(rowCount, at: position)
        #expect(table.rows.map(\.id) == ids)
        #expect(table.rowIndex(id: rowCount) == position)
        #expect(table.cells(ofRow: position) == Self.expectedCells(row: rowCount - 1))
      }
    }
  }

  @Test("random edits leave the same rows and ids as a plain array of rows, and read back as them")
  func randomEdits() throws {
    var random = FormatTestRandom(state: 0x7AB1E)
    for round in 0..<40 {
      let rowCount = Int(random.next() % 12)
      var table = try Self.decoded(rows: rowCount)
      var reference = (0..<rowCount).map { TableRow(id: $0 + 1, cells: Self.expectedCells(row: $0)) }
      var nextID = rowCount + 1
      var removed: [(row: TableRow, index: Int)] = []
      for step in 0..<30 {
        switch random.next() % 4 {
        case 0:
          let cells = [TableCell.string("n\(round).\(step)")]
          #expect(table.appendRow(cells) == nextID)
          reference.append(TableRow(id: nextID, cells: cells + [.string(""), .string("")]))
          nextID += 1
        case 1 where !reference.isEmpty:
          let index = Int(random.next() % UInt64(reference.count))
          let column = Int(random.next() % 3)
          table.setCell(row: index, column: column, to: .string("e\(step)"))
          reference[index].cells[column] = .string("e\(step)")
        case 2 where !reference.isEmpty:
          let index = Int(random.next() % UInt64(reference.count))
          let row = table.removeRow(at: index)
          #expect(row == reference.remove(at: index))
          removed.append((row, index))
        case 3 where !removed.isEmpty:
          // Undo puts back the last removed row where it was; any row anywhere must work too.
          let pick = random.next() % 2 == 0 ? removed.count - 1 : Int(random.next() % UInt64(removed.count))
          let (row, oldIndex) = removed.remove(at: pick)
          let index = random.next() % 2 == 0 ? oldIndex : Int(random.next() % UInt64(reference.count + 2))
          table.insert(row, at: index)
          reference.insert(row, at: min(index, reference.count))
        default:
          continue
        }
        #expect(Array(table.rows) == reference, "round \(round) step \(step)")
        for (index, row) in reference.enumerated() { #expect(table.rowIndex(id: row.id) == index) }
      }
      let reread = try DelimitedFormat.decode(DelimitedFormat.encode(table), delimiter: .comma)
      #expect(reread.rows == reference.map(\.cells))
    }
  }
}
