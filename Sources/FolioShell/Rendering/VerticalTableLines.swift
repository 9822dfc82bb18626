import FolioCore

/// A table's rows as blocks for `show --vertical` (psql's `\x`): a rule naming the row, then
/// one `column │ value` line per column shown, so a table of forty columns reads at eighty.
///
/// ```
/// ─[ row 1 ]──┼────
/// name    │ Café Central
/// city    │ Vienna
/// ```
///
/// The rule carries the row's marks after its number — ● or ◯ in edit mode, ▸ selected
/// (outside it), ★ favorite, the row decorations it meets — and `id:N` when the row's id is
/// not its position. Values are whole and on one line (`displayedOnOneLine`), formatted
/// cells in their displayed form; nothing is cut at any width.
struct VerticalTableLines {
  let table: TableView
  let style: TextStyle

  /// The widest column title, in terminal columns.
  private let titleWidth: Int

  init(table: TableView, style: TextStyle) {
    self.table = table
    self.style = style
    titleWidth = table.columns.map(\.title.displayedOnOneLine.cells).max() ?? 0
  }

  /// How many lines one row's block takes: its rule and a line per column.
  var linesPerRow: Int { 1 + table.columns.count }

  /// The block of `row`, its lines joined by line feeds, without a final one.
  func block(for row: DocumentViewRow, isFirst: Bool = true) -> String {
    var lines = [style.heading(rule(for: row))]
    let cells = row.displayedCells
    for (index, column) in table.columns.enumerated() {
      let value = cells.indices.contains(index) ? cells[index].displayedOnOneLine : ""
      let title = column.title.displayedOnOneLine
      let padding = String(repeating: " ", count: max(0, titleWidth - title.cells))
      lines.append((title + padding + " │ " + value).trimmingTrailingSpaces)
    }
    return lines.joined(separator: "\n")
  }

  /// `─[ row 2 ▸★ ]──┼────`: the row's number and marks, the `┼` above the lines' `│` when
  /// the label leaves room for it.
  private func rule(for row: DocumentViewRow) -> String {
    var marks = ""
    if table.isEditing { marks += TextRenderer.TableLines.selectionMark(isSelected: row.isSelected) }
    if row.isSelected, !table.isEditing { marks += "▸" }
    if row.isFavorite { marks += "★" }
    marks += table.decorationGlyphs(of: row).trimmingTrailingSpaces
    var label = "─[ row \(row.position)"
    if row.id != row.position { label += ", id:\(row.id)" }
    if !marks.isEmpty { label += " " + marks }
    label += " ]─"
    let room = titleWidth + 1 - label.cells
    guard room >= 0 else { return label + "───" }
    return label + String(repeating: "─", count: room) + "┼────"
  }
}
