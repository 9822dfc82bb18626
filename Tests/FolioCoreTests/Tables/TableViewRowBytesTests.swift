import FolioTestSupport
import Foundation
import Testing

@testable import FolioCore

/// `TableViewRows.read(_:into:)` reads a row as bytes: the same marks and cell text as the
/// row it makes as `String`s, for rows read from the file, edited, added and made.
@Suite struct TableViewRowBytesTests {
  private static let file =
    "id,name,note\r\n1,\"Smith, J\",plain\r\n2,\"O\"\"Brien\",\"two\nlines\"\r\n3,Zoë,\"\"\r\n"
    + "4,名前,\"tab\there\"\r\n5,,last\r\n"

  /// Every row of `rows` read as bytes, compared with the row made as text.
  private static func expectSameRows(_ rows: TableViewRows) {
    var row = TableViewRowBytes()
    for index in rows.indices {
      rows.read(index, into: &row)
      let made = rows[index]
      #expect(row.position == made.position)
      #expect(row.id == made.id)
      #expect(row.isSelected == made.isSelected)
      #expect(row.isFavorite == made.isFavorite)
      let cells = (0..<row.cellCount).map {
        String(decoding: row.bytes[row.range(ofCell: $0)], as: UTF8.self)
      }
      #expect(cells == made.cells)
    }
  }

  @Test("rows read from the file, edited, added, sorted and selected read as the same text")
  func sameAsText() throws {
    let folder = try TemporaryFolder("folio-row-bytes")
    try folder.write("people.csv", Self.file)
    let workspace = Workspace(store: nil, currentDirectory: folder.url.path, home: nil)
    let document = try workspace.open("people.csv").document
    let metrics = TableMetrics(separatorWidth: 3, edgeWidth: 2, gutterWidth: 2, minimumColumnWidth: 4)
    func view(_ positions: [Int]?, _ columns: [TableViewColumn]? = nil) throws -> TableViewRows {
      try workspace.tableView(
        of: document, positions: positions, columns: columns, compact: false, width: nil, metrics: metrics
      ).rows
    }
    Self.expectSameRows(try view(nil))
    try workspace.setCell(rowID: 2, column: 1, to: "O'Neil", in: document)
    _ = try workspace.addRow([(column: "name", value: "new")], to: document)
    document.selection = [1, 3]
    Self.expectSameRows(try view(nil))
    Self.expectSameRows(try view([6, 2, 4]))
    Self.expectSameRows(
      try view([1, 2, 3], [TableViewColumn(index: 2), TableViewColumn(index: 0), TableViewColumn(index: 2)]))
    Self.expectSameRows(
      TableViewRows([
        DocumentViewRow(position: 7, id: 9, cells: ["a", "", "ü"], isSelected: true, isFavorite: true)
      ]))

    try folder.write("stars.tsv", "name\tfavorite\nA\tyes\nB\t\nC\t★\n")
    let stars = try workspace.open("stars.tsv").document
    let starred = try workspace.tableView(
      of: stars, positions: nil, columns: nil, compact: false, width: nil, metrics: metrics
    ).rows
    #expect(starred.map(\.isFavorite) == [true, false, true])
    Self.expectSameRows(starred)
  }
}
